#pragma once
// operator.sub: a - b.

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot::op {

inline bool sub(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  std::int64_t r;
  if (__builtin_sub_overflow(a, b, &r)) [[unlikely]] {
    return raise_int_overflow();
  }
  out = r;
  return true;
}

inline double sub(double a, double b) noexcept { return a - b; }

}  // namespace pyaot::op
