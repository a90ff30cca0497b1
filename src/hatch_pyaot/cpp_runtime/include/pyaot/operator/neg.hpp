#pragma once
// operator.neg: -a.

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot::op {

inline bool neg(std::int64_t& out, std::int64_t a) noexcept {
  std::int64_t r;
  if (__builtin_sub_overflow(std::int64_t{0}, a, &r)) [[unlikely]] {
    return raise_int_overflow();
  }
  out = r;
  return true;
}

inline double neg(double a) noexcept { return -a; }

}  // namespace pyaot::op
