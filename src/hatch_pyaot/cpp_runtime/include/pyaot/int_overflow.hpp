#pragma once
// The compiled int is int64: a result outside its range raises OverflowError (with one
// message everywhere) instead of wrapping or growing like Python's arbitrary-size int.

#include "pyaot/error.hpp"

namespace pyaot {

inline constexpr const char int_overflow_message[] =
    "integer overflow: the compiled int is 64-bit";

[[gnu::cold]] inline bool raise_int_overflow() noexcept {
  return raise(Exc::OverflowError, int_overflow_message);
}

}  // namespace pyaot
