#pragma once
// bytes at the CPython boundary: an argument's bytes are copied in (bytes only, as the
// annotation says: a bytearray or memoryview is a TypeError), a result is a new bytes object.
// Included by convert.hpp.

#include "pyaot/python/common.hpp"

#include <cstring>

#include "pyaot/builtins/bytes.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

inline bool from_python(PyObject* obj, bytes& out, const char* func, const char* param) {
  if (!PyBytes_Check(obj)) [[unlikely]] return detail::wrong_type(obj, func, param, "bytes");
  char* data = nullptr;
  Py_ssize_t n = 0;
  if (PyBytes_AsStringAndSize(obj, &data, &n) != 0) return false;
  out = bytes::of(std::string_view(data, static_cast<std::size_t>(n)));
  return true;
}

inline PyObject* to_python(const bytes& value) {
  const std::string_view v = value.view();
  return PyBytes_FromStringAndSize(v.empty() ? "" : v.data(), static_cast<Py_ssize_t>(v.size()));
}

}  // namespace pyaot::python
