#pragma once
// math.perm(n, k): n! / (n - k)! (0 when k > n); math.perm(n) is n!.

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/math/common.hpp"
#include "pyaot/int_overflow.hpp"
#include "pyaot/math/factorial.hpp"

namespace pyaot::math {

inline bool perm(std::int64_t& out, std::int64_t n, std::int64_t k) noexcept {
  if (!pyaot::detail::perm_comb_arguments(n, k)) return false;
  if (k > n) {
    out = 0;
    return true;
  }
  std::int64_t result = 1;
  for (std::int64_t i = 0; i < k; ++i) {
    if (__builtin_mul_overflow(result, n - i, &result)) [[unlikely]] {
      return raise_int_overflow();
    }
  }
  out = result;
  return true;
}

inline bool perm(std::int64_t& out, std::int64_t n) noexcept {
  return pyaot::detail::factorial(out, n);
}

}  // namespace pyaot::math
