#pragma once
// math.isqrt(n): the largest a with a * a <= n.

#include <cmath>
#include <cstdint>

#include "pyaot/error.hpp"

namespace pyaot::math {

inline bool isqrt(std::int64_t& out, std::int64_t n) noexcept {
  if (n < 0) [[unlikely]] {
    return raise(Exc::ValueError, "isqrt() argument must be nonnegative");
  }
  const auto u = static_cast<std::uint64_t>(n);
  auto a = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(u)));  // within 1
  while (a * a > u) --a;
  while ((a + 1) * (a + 1) <= u) ++a;
  out = static_cast<std::int64_t>(a);
  return true;
}

}  // namespace pyaot::math
