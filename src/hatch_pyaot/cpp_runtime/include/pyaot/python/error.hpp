#pragma once
// The pending pyaot error (pyaot/error.hpp) raised as the Python exception of the same type.

#include "pyaot/python/common.hpp"

#include "pyaot/error.hpp"
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
    case Exc::Interrupted: return PyExc_KeyboardInterrupt;
  }
  return PyExc_Exception;
}

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
  PyObject* type = exception_type(state.type);
  if (state.file != nullptr) {
    PyErr_Format(type, "%s (at %s:%d)", state.message.c_str(), state.file, state.line);
  } else {
    PyErr_SetString(type, state.message.c_str());
  }
  clear_error();
  return nullptr;
}

/// The interrupt hook of CPython (pyaot/interrupt.hpp): runs the pending signal handlers
/// (only in the main thread, with the GIL held, which a compiled call holds).
inline bool check_signals() noexcept { return PyErr_CheckSignals() == 0; }

/// Called by the init function of a native module.
inline void install_interrupt_hook() noexcept { pyaot::interrupt_hook = check_signals; }

}  // namespace pyaot::python
