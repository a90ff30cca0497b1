#pragma once
// print() of compiled code under CPython: through sys.stdout.write, as Python's print.

#include "pyaot/python/common.hpp"

#include <string_view>

#include "pyaot/builtins/print.hpp"

namespace pyaot::python {

/// sys.stdout.write(text) (sys.stderr for stream 2); nothing when it is None (as print()
/// does then).
inline bool write_stdout(std::string_view text, int stream) noexcept {
  PyObject* out = PySys_GetObject(stream == 2 ? "stderr" : "stdout");  // borrowed
  if (out == nullptr || out == Py_None) return true;
  PyObject* s = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                     "surrogatepass");
  if (s == nullptr) return false;
  PyObject* result = PyObject_CallMethod(out, "write", "O", s);
  Py_DECREF(s);
  if (result == nullptr) return false;
  Py_DECREF(result);
  return true;
}

/// Called by the init function of a native module.
inline void install_print_hook() noexcept { pyaot::print_hook = write_stdout; }

}  // namespace pyaot::python
