#pragma once
// operator.add: a + b.

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot::op {

inline bool add(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  std::int64_t r;
  if (__builtin_add_overflow(a, b, &r)) [[unlikely]] {
    return raise_int_overflow();
  }
  out = r;
  return true;
}

inline double add(double a, double b) noexcept { return a + b; }

}  // namespace pyaot::op
