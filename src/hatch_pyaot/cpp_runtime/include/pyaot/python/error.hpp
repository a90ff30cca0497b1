#pragma once
// The pending pyaot error (pyaot/error.hpp) raised as the Python exception of the same type.

#include "pyaot/python/common.hpp"

#include <memory>
#include <string>

#include <chrono>
#include <thread>

#include "pyaot/error.hpp"
#include "pyaot/unicode_error.hpp"
#include "pyaot/interrupt.hpp"

namespace pyaot::python {

/// The builtin exception type for a pyaot::Exc (a borrowed reference).
inline PyObject* exception_type(Exc type) noexcept {
  switch (type) {
    case Exc::Exception: return PyExc_Exception;
    case Exc::ArithmeticError: return PyExc_ArithmeticError;
    case Exc::AssertionError: return PyExc_AssertionError;
    case Exc::IndexError: return PyExc_IndexError;
    case Exc::KeyError: return PyExc_KeyError;
    case Exc::LookupError: return PyExc_LookupError;
    case Exc::AttributeError: return PyExc_AttributeError;
    case Exc::MemoryError: return PyExc_MemoryError;
    case Exc::NotImplementedError: return PyExc_NotImplementedError;
    case Exc::OverflowError: return PyExc_OverflowError;
    case Exc::RecursionError: return PyExc_RecursionError;
    case Exc::RuntimeError: return PyExc_RuntimeError;
    case Exc::StopIteration: return PyExc_StopIteration;
    case Exc::TypeError: return PyExc_TypeError;
    case Exc::UnboundLocalError: return PyExc_UnboundLocalError;
    case Exc::ValueError: return PyExc_ValueError;
    case Exc::ZeroDivisionError: return PyExc_ZeroDivisionError;
    case Exc::UnicodeDecodeError: return PyExc_UnicodeDecodeError;
    case Exc::UnicodeEncodeError: return PyExc_UnicodeEncodeError;
    case Exc::OSError: return PyExc_OSError;
    case Exc::FileNotFoundError: return PyExc_FileNotFoundError;
    case Exc::FileExistsError: return PyExc_FileExistsError;
    case Exc::PermissionError: return PyExc_PermissionError;
    case Exc::TimeoutError: return PyExc_TimeoutError;
    case Exc::ConnectionError: return PyExc_ConnectionError;
    case Exc::SyntaxError: return PyExc_SyntaxError;
    case Exc::UnicodeError: return PyExc_UnicodeError;
    case Exc::EOFError: return PyExc_EOFError;
    case Exc::BufferError: return PyExc_BufferError;
    case Exc::Interrupted: return PyExc_KeyboardInterrupt;
    case Exc::GeneratorExit: return PyExc_GeneratorExit;
  }
  return PyExc_Exception;
}

namespace detail {

/// KeyError's argument is the missing key itself (str(KeyError(3)) is "3"): the runtime
/// words the message as repr(key) (pyaot/builtins/hash.hpp), read back here as a literal;
/// the location goes in a note (3.11+), so that str() of the exception is CPython's.
[[gnu::cold]] inline bool raise_key_error(const ErrorState& state) noexcept {
  // A frozenset's repr is no literal: its set literal inside is, made frozen again.
  const std::string& text = state.message;
  const bool frozen = text.rfind("frozenset(", 0) == 0 && text.back() == ')';
  const std::string literal =
      frozen ? (text.size() == 11 ? "set()" : text.substr(10, text.size() - 11)) : text;
  PyObject* ast = PyImport_ImportModule("ast");
  PyObject* key = nullptr;
  if (ast != nullptr && literal != "set()") {
    key = PyObject_CallMethod(ast, "literal_eval", "s", literal.c_str());
  } else if (ast != nullptr) {
    key = PySet_New(nullptr);
  }
  Py_XDECREF(ast);
  if (frozen && key != nullptr) {
    PyObject* made = PyAnySet_Check(key) ? PyFrozenSet_New(key) : nullptr;
    Py_DECREF(key);
    key = made;
  }
  if (key == nullptr) {
    PyErr_Clear();
    return false;
  }
  PyObject* exc = PyObject_CallFunctionObjArgs(PyExc_KeyError, key, nullptr);
  Py_DECREF(key);
  if (exc == nullptr) {
    PyErr_Clear();
    return false;
  }
#if PY_VERSION_HEX >= 0x030B0000
  if (state.file != nullptr) {
    PyObject* noted = PyObject_CallMethod(exc, "add_note", "s",
                                          (std::string("at ") + state.file + ":" +
                                           std::to_string(state.line)).c_str());
    Py_XDECREF(noted);
    PyErr_Clear();
  }
#endif
  PyErr_SetObject(PyExc_KeyError, exc);
  Py_DECREF(exc);
  return true;
}

/// UnicodeDecodeError(encoding, object, start, end, reason) from what the codec recorded
/// (pyaot/unicode_error.hpp); its str() is the message compiled code saw.
[[gnu::cold]] inline bool raise_unicode_error(const ErrorState& state) noexcept {
  const UnicodeErrorDetail& d = unicode_error_detail();
  const bool decode = state.type == Exc::UnicodeDecodeError;
  const auto n = static_cast<Py_ssize_t>(d.object.size());
  PyObject* object = decode ? PyBytes_FromStringAndSize(d.object.data(), n)
                            : PyUnicode_DecodeUTF8(d.object.data(), n, "surrogatepass");
  PyObject* exc = object == nullptr ? nullptr
                  : PyObject_CallFunction(exception_type(state.type), "sOnns", d.encoding, object,
                                          static_cast<Py_ssize_t>(d.start),
                                          static_cast<Py_ssize_t>(d.end), d.reason);
  Py_XDECREF(object);
  if (exc == nullptr) {
    PyErr_Clear();
    return false;
  }
  PyErr_SetObject(exception_type(state.type), exc);
  Py_DECREF(exc);
  return true;
}

}  // namespace detail

/// The Python instance of a raised object of an exception class of the program, a new
/// reference (set by the generated module when it has such classes: codegen/exceptions.py).
inline PyObject* (*user_exception_to_python)(object*) = nullptr;

namespace detail {

/// Raises the exception instance `exc` (a reference it takes).
inline void raise_instance(PyObject* exc) noexcept {
  PyObject* type = PyObject_Type(exc);
  PyErr_SetObject(type, exc);
  Py_DECREF(type);
  Py_DECREF(exc);
}

/// `raise ParseError(...)` of compiled code: an instance of the user's own class.
[[gnu::cold]] inline bool raise_user_exception(const ErrorState& state) noexcept {
  if (user_exception_to_python == nullptr) return false;
  PyObject* exc = user_exception_to_python(state.payload.raw());
  if (exc == nullptr) {
    PyErr_Clear();
    return false;
  }
  raise_instance(exc);
  return true;
}

}  // namespace detail

[[gnu::cold]] inline PyObject* to_python_error() noexcept;

namespace detail {

/// `raise ValueError` of compiled code: an instance with no arguments (args == (), as in
/// CPython), the place of the raise a note on it.
[[gnu::cold]] inline bool raise_bare(PyObject* type, const ErrorState& state) noexcept {
  PyObject* exc = PyObject_CallNoArgs(type);
  if (exc == nullptr) {
    PyErr_Clear();
    return false;
  }
  if (state.file != nullptr) {
    const std::string note = "(at " + std::string(state.file) + ':' +
                             std::to_string(state.line) + ')';
    PyObject* added = PyObject_CallMethod(exc, "add_note", "s", note.c_str());
    if (added == nullptr) PyErr_Clear();
    Py_XDECREF(added);
  }
  raise_instance(exc);
  return true;
}

}  // namespace detail

namespace detail {

/// The exception CPython has pending, normalized, taken out (a new reference).
inline PyObject* take_raised() noexcept {
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  PyErr_NormalizeException(&type, &value, &traceback);
  if (value != nullptr && traceback != nullptr) PyException_SetTraceback(value, traceback);
  Py_XDECREF(type);
  Py_XDECREF(traceback);
  return value;
}

/// The pending error, raised in Python with its `raise ... from` cause as __cause__ (or
/// `from None`: __suppress_context__ alone).
[[gnu::cold]] inline PyObject* raise_with_cause() noexcept {
  ErrorState& state = error_state();
  std::shared_ptr<const ErrorState> cause = std::move(state.cause);
  state.cause.reset();
  state.suppress_context = false;
  PyObject* cause_exc = nullptr;
  if (cause != nullptr) {
    ErrorState raised = std::move(state);
    state = *cause;
    to_python_error();
    cause_exc = take_raised();
    state = std::move(raised);
  }
  to_python_error();
  PyObject* exc = take_raised();
  if (exc == nullptr) {
    Py_XDECREF(cause_exc);
    return nullptr;
  }
  PyException_SetCause(exc, cause_exc);  // steals it; sets __suppress_context__
  raise_instance(exc);
  return nullptr;
}

}  // namespace detail

/// Raises the thread's pending pyaot error in Python, message "<message> (at <file>:<line>)"
/// when a location was recorded, clears it, and returns nullptr.
[[gnu::cold]] inline PyObject* to_python_error() noexcept {
  ErrorState& state = error_state();
  if (!state.set) {
    PyErr_SetString(PyExc_SystemError, "pyaot: a compiled function failed without an error set");
    return nullptr;
  }
  if (state.type == Exc::Interrupted) {
    // The signal handler's own exception is pending: it goes to the caller as it is.
    clear_error();
    if (PyErr_Occurred() == nullptr) PyErr_SetNone(PyExc_KeyboardInterrupt);
    return nullptr;
  }
  if (state.cause != nullptr || state.suppress_context) return detail::raise_with_cause();
  PyObject* type = exception_type(state.type);
  if ((state.payload.raw() != nullptr && detail::raise_user_exception(state)) ||
      (state.no_args && detail::raise_bare(type, state)) ||
      (state.type == Exc::KeyError && detail::raise_key_error(state)) ||
      ((state.type == Exc::UnicodeDecodeError || state.type == Exc::UnicodeEncodeError) &&
       detail::raise_unicode_error(state))) {
    clear_error();
    return nullptr;
  }
  std::string text = state.message;
  if (state.file != nullptr) {  // MemoryError() has no message: only the place
    text += text.empty() ? "(at " : " (at ";
    text += state.file;
    text += ':' + std::to_string(state.line) + ')';
  }
  // The whole UTF-8 text, NULs included (a C string would stop at the first: "a\0b").
  PyObject* message = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()),
                                           "replace");
  if (message != nullptr) {
    PyErr_SetObject(type, message);
    Py_DECREF(message);
  }
  clear_error();
  return nullptr;
}

/// The thread that imported the module: the main thread, normally.
inline std::thread::id& main_thread() noexcept {
  static std::thread::id id = std::this_thread::get_id();
  return id;
}

/// This thread's state while one of its compiled calls runs without the GIL, else null
/// (pyaot/python/nogil.hpp).
inline PyThreadState*& released_state() noexcept {
  thread_local PyThreadState* state = nullptr;
  return state;
}

/// The interrupt hook of CPython (pyaot/interrupt.hpp): runs the pending signal handlers
/// (only in the main thread, with the GIL held: taken back for the moment when the call
/// runs without it).
inline bool check_signals() noexcept {
  PyThreadState*& released = released_state();
  if (released == nullptr) return PyErr_CheckSignals() == 0;
  // Without the GIL: only the main thread runs signal handlers, and taking the GIL back can
  // wait for another thread's switch interval, so at most every 50 ms.
  if (std::this_thread::get_id() != main_thread()) return true;
  thread_local std::chrono::steady_clock::time_point last{};
  const auto now = std::chrono::steady_clock::now();
  if (now - last < std::chrono::milliseconds(50)) return true;
  last = now;
  PyEval_RestoreThread(released);
  const bool ok = PyErr_CheckSignals() == 0;
  released = PyEval_SaveThread();
  return ok;
}

/// Called by the init function of a native module.
inline void install_interrupt_hook() noexcept {
  main_thread() = std::this_thread::get_id();
  pyaot::interrupt_hook = check_signals;
}

}  // namespace pyaot::python
