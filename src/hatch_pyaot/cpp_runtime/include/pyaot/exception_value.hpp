#pragma once
// A caught exception as a value (`except ValueError as e`): its kind and message, taken
// from the thread's error state (pyaot/error.hpp) when the handler starts. str(e) is the
// message (for a KeyError, the runtime words it as repr(key), as CPython's str does),
// repr(e) is `ValueError('msg')`, e.args the 1-tuple of the message, and `raise e` puts it
// back in the error state.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/str_convert.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

struct exception_value {
  Exc type = Exc::Exception;
  std::string message;
  ref<object> payload;  ///< an instance of an exception class of the program, if it is one
  bool no_args = false;  ///< raised without arguments (`raise ValueError`)
  std::shared_ptr<const ErrorState> cause;  ///< `raise ... from cause`: e.__cause__
  bool suppress_context = false;

  /// The pending exception of this thread (the handler clears it afterwards).
  static exception_value caught() {
    const ErrorState& state = error_state();
    return exception_value{state.type,  state.message, state.payload,
                           state.no_args, state.cause, state.suppress_context};
  }

  /// An object of an exception class of the program, with its message.
  static exception_value of(ref<object> raised, const str& message) {
    exception_value out{Exc::Exception, {}, std::move(raised), false, {}, false};
    format::append_str(out.message, message);
    return out;
  }

  /// str(e) (``repr`` false) or repr(e).
  void text_into(std::string& out, bool repr) const {
    if (!repr) {
      out += message;
      return;
    }
    out += payload.raw() != nullptr ? short_name(payload->type_name()) : exc_name(type);
    out += '(';
    if (type == Exc::KeyError) {
      out += message;  // already the key's repr
    } else if (!message.empty()) {
      format::append_str(out, str_repr(str::from_utf8(message)));
    }
    out += ')';
  }

  str text(bool repr) const {
    std::string out;
    text_into(out, repr);
    return str::from_utf8(out);
  }

  std::tuple<str> args() const { return {str::from_utf8(message)}; }

  str type_name() const {
    return str::from_utf8(payload.raw() != nullptr ? short_name(payload->type_name())
                                                   : exc_name(type));
  }

  /// str(type(e)): `<class 'ValueError'>`, `<class 'module.ParseError'>`.
  str class_text() const {
    std::string out = "<class '";
    out += payload.raw() != nullptr ? payload->type_name() : exc_name(type);
    out += "'>";
    return str::from_utf8(out);
  }

  /// `raise e`: pending again; returns false.
  bool raise_again() const {
    raise_object(type, message, payload);
    ErrorState& state = error_state();
    state.no_args = no_args;
    state.cause = cause;
    state.suppress_context = suppress_context;
    return false;
  }

  /// e.__cause__: what it was raised from, or None.
  std::optional<exception_value> cause_value() const {
    if (cause == nullptr) return std::nullopt;
    return exception_value{cause->type,    cause->message, cause->payload,
                           cause->no_args, cause->cause,   cause->suppress_context};
  }

};

/// `raise ... from cause` (after the raise): the pending exception's cause.
inline bool set_cause(const exception_value& cause) {
  auto held = std::make_shared<ErrorState>();
  held->set = true;
  held->type = cause.type;
  held->message = cause.message;
  held->payload = cause.payload;
  held->no_args = cause.no_args;
  ErrorState& state = error_state();
  state.cause = std::move(held);
  state.suppress_context = true;
  return false;
}

/// `raise ... from None` (after the raise).
inline bool suppress_context() {
  error_state().suppress_context = true;
  return false;
}

/// KeyError("k")'s message: the key's repr, as the runtime words every KeyError.
inline std::string key_message(std::string_view key) {
  std::string out;
  format::append_str(out, str_repr(str::from_utf8(key)));
  return out;
}

}  // namespace pyaot
