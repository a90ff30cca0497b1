#pragma once
// try/except in compiled code: ask which exception is pending. Generated code computes,
// from Python's class hierarchy, the set of kinds an `except` clause catches, and tests each.

#include "pyaot/error.hpp"

namespace pyaot {

inline bool error_is(Exc type) noexcept {
  const ErrorState& state = error_state();
  return state.set && state.type == type;
}

}  // namespace pyaot
