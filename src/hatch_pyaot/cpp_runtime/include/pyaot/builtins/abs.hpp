#pragma once
// builtins.abs: |x| (abs(-2**63) does not fit the compiled int: OverflowError).

#include <cmath>
#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot::builtins {

inline bool abs(std::int64_t& out, std::int64_t x) noexcept {
  if (x < 0) {
    std::int64_t r;
    if (__builtin_sub_overflow(std::int64_t{0}, x, &r)) [[unlikely]] {
      return raise_int_overflow();
    }
    out = r;
    return true;
  }
  out = x;
  return true;
}

inline double abs(double x) noexcept { return std::fabs(x); }

}  // namespace pyaot::builtins
