#pragma once
// The thread's pending Python exception. Generated code and the runtime are built with
// -fno-exceptions: an operation that fails records the exception type and message here and
// returns false (docs/internals.md, "Errors: no C++ exceptions").

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "pyaot/builtins/object.hpp"

namespace pyaot {

enum class Exc : int {
  Exception,
  ArithmeticError,
  AssertionError,
  IndexError,
  KeyError,
  LookupError,
  MemoryError,
  NotImplementedError,
  OverflowError,
  RecursionError,
  RuntimeError,
  StopIteration,
  TypeError,
  UnboundLocalError,
  ValueError,
  ZeroDivisionError,
  AttributeError,  ///< after the others: the C ABI numbers statuses by this order
  UnicodeDecodeError,
  UnicodeEncodeError,
  OSError,
  FileNotFoundError,
  FileExistsError,
  PermissionError,
  TimeoutError,
  ConnectionError,
  SyntaxError,
  UnicodeError,
  EOFError,
  BufferError,
  /// A signal handler of the host raised (pyaot/interrupt.hpp): its exception, usually
  /// KeyboardInterrupt, is pending in the host. Not a kind `raise`/`except` can name.
  Interrupted,
  /// A generator being closed (pyaot/builtins/generator.hpp): raised at its paused yield, so
  /// its ``finally`` blocks run; only ``except BaseException`` or a bare ``except`` catch it.
  GeneratorExit,
};

/// The builtin exception's name: exc_name(Exc::ValueError) == "ValueError".
inline const char* exc_name(Exc type) noexcept {
  switch (type) {
    case Exc::Exception: return "Exception";
    case Exc::ArithmeticError: return "ArithmeticError";
    case Exc::AssertionError: return "AssertionError";
    case Exc::AttributeError: return "AttributeError";
    case Exc::IndexError: return "IndexError";
    case Exc::KeyError: return "KeyError";
    case Exc::LookupError: return "LookupError";
    case Exc::MemoryError: return "MemoryError";
    case Exc::NotImplementedError: return "NotImplementedError";
    case Exc::OverflowError: return "OverflowError";
    case Exc::RecursionError: return "RecursionError";
    case Exc::RuntimeError: return "RuntimeError";
    case Exc::StopIteration: return "StopIteration";
    case Exc::TypeError: return "TypeError";
    case Exc::UnboundLocalError: return "UnboundLocalError";
    case Exc::ValueError: return "ValueError";
    case Exc::ZeroDivisionError: return "ZeroDivisionError";
    case Exc::UnicodeDecodeError: return "UnicodeDecodeError";
    case Exc::UnicodeEncodeError: return "UnicodeEncodeError";
    case Exc::OSError: return "OSError";
    case Exc::FileNotFoundError: return "FileNotFoundError";
    case Exc::FileExistsError: return "FileExistsError";
    case Exc::PermissionError: return "PermissionError";
    case Exc::TimeoutError: return "TimeoutError";
    case Exc::ConnectionError: return "ConnectionError";
    case Exc::SyntaxError: return "SyntaxError";
    case Exc::UnicodeError: return "UnicodeError";
    case Exc::EOFError: return "EOFError";
    case Exc::BufferError: return "BufferError";
    case Exc::Interrupted: return "KeyboardInterrupt";
    case Exc::GeneratorExit: return "GeneratorExit";
  }
  return "Exception";
}

struct ErrorState {
  bool set = false;
  Exc type = Exc::Exception;
  std::string message;
  const char* file = nullptr;  ///< Python source of the innermost failing statement
  int line = 0;
  /// An instance of an exception class of the program (`raise ParseError(...)`), raised as
  /// its built-in base's kind; none for a built-in exception.
  ref<object> payload;
  /// `raise ... from cause`: the cause (its own cause dropped), shown as __cause__ in CPython;
  /// `from None` and `from cause` both suppress the context, as in Python.
  std::shared_ptr<const ErrorState> cause;
  bool suppress_context = false;
  /// `raise ValueError` (no arguments): its args are (), not ('',).
  bool no_args = false;
};

/// The calling thread's error state. WebAssembly built without threads has one thread, and
/// its C++ ABI library no __cxa_thread_atexit (which a thread_local with a destructor needs):
/// a plain static there.
#ifdef PYAOT_VARIANT_UNIT
// An ISA variant's unit (codegen/isa_variants.py) keeps no state: the main unit's.
ErrorState& shared_error_state() noexcept;
inline ErrorState& error_state() noexcept { return shared_error_state(); }
#else
inline ErrorState& error_state() noexcept {
#if defined(__wasm__) && !defined(__wasm_atomics__)
  static ErrorState state;
#else
  thread_local ErrorState state;
#endif
  return state;
}
#endif

/// A class's name without its module (an object's type_name() is `module.Name`).
inline const char* short_name(const char* qualname) noexcept {
  const char* dot = std::strrchr(qualname, '.');
  return dot != nullptr ? dot + 1 : qualname;
}

/// The class name of a pending exception: the program's class of its payload, else its kind.
inline const char* error_name(const ErrorState& state) noexcept {
  return state.payload.raw() != nullptr ? short_name(state.payload->type_name())
                                        : exc_name(state.type);
}

/// Sets the pending exception (replacing any earlier one and its location); returns false so
/// that a failing operation can `return pyaot::raise(...)`.
[[gnu::cold]] inline bool raise(Exc type, std::string_view message) noexcept {
  ErrorState& state = error_state();
  state.set = true;
  state.type = type;
  state.message.assign(message.data(), message.size());
  state.file = nullptr;
  state.line = 0;
  state.payload = ref<object>();
  state.cause.reset();
  state.suppress_context = false;
  state.no_args = false;
  return false;
}

/// `raise ValueError` or `raise ValueError()`: no message, and no arguments.
[[gnu::cold]] inline bool raise_bare(Exc type) noexcept {
  raise(type, {});
  error_state().no_args = true;
  return false;
}

/// `raise obj` of an exception class of the program: its kind, str() and the object.
[[gnu::cold]] inline bool raise_object(Exc type, std::string_view message,
                                       ref<object> payload) noexcept {
  raise(type, message);
  error_state().payload = std::move(payload);
  return false;
}

/// raise() with a printf-style message.
[[gnu::cold]] [[gnu::format(printf, 2, 3)]] inline bool raise_format(Exc type, const char* fmt,
                                                                     ...) noexcept {
  char small[256];
  std::va_list args;
  va_start(args, fmt);
  std::va_list again;
  va_copy(again, args);
  const int length = std::vsnprintf(small, sizeof small, fmt, args);
  va_end(args);
  if (length < 0) {
    va_end(again);
    return raise(type, fmt);
  }
  if (static_cast<std::size_t>(length) < sizeof small) {
    va_end(again);
    return raise(type, std::string_view(small, static_cast<std::size_t>(length)));
  }
  std::string large(static_cast<std::size_t>(length) + 1, '\0');
  std::vsnprintf(large.data(), large.size(), fmt, again);
  va_end(again);
  large.resize(static_cast<std::size_t>(length));
  return raise(type, large);
}

/// Records the Python location of the failing statement; the first (innermost) one wins.
[[gnu::cold]] inline bool fail_at(const char* file, int line) noexcept {
  ErrorState& state = error_state();
  if (state.file == nullptr) {
    state.file = file;
    state.line = line;
  }
  return false;
}

inline void clear_error() noexcept {
  ErrorState& state = error_state();
  state.set = false;
  state.type = Exc::Exception;
  state.message.clear();
  state.file = nullptr;
  state.line = 0;
  state.payload = ref<object>();
  state.cause.reset();
  state.suppress_context = false;
  state.no_args = false;
}

}  // namespace pyaot
