#pragma once
// try/except in compiled code: ask which exception is pending. Generated code computes,
// from Python's class hierarchy, the set of kinds an `except` clause catches, and tests it.

#include <initializer_list>

#include "pyaot/error.hpp"

namespace pyaot {

inline bool error_is(Exc type) noexcept {
  const ErrorState& state = error_state();
  return state.set && state.type == type;
}

/// Whether the pending exception's kind is one of the set `mask`, bit `k` for `Exc(k)`: the
/// kinds an `except` clause catches, computed from Python's hierarchy by the code generator.
static_assert(static_cast<int>(Exc::GeneratorExit) < 64, "error_in's mask has a bit per kind");

inline bool error_in(unsigned long long mask) noexcept {
  const ErrorState& state = error_state();
  return state.set && ((mask >> static_cast<int>(state.type)) & 1ULL) != 0;
}

/// Whether the pending exception is an object of one of the program's classes `ids`.
inline bool error_is_object(std::initializer_list<int> ids) noexcept {
  const ErrorState& state = error_state();
  if (!state.set || state.payload.raw() == nullptr) return false;
  for (int id : ids) {
    if (state.payload.raw()->class_id == id) return true;
  }
  return false;
}

}  // namespace pyaot
