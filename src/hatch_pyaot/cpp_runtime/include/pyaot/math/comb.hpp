#pragma once
// math.comb(n, k): n! / (k! * (n - k)!) (0 when k > n), exact; OverflowError when the
// result does not fit the compiled int.

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/math/common.hpp"
#include "pyaot/int_overflow.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::math {

inline bool comb(std::int64_t& out, std::int64_t n, std::int64_t k) noexcept {
  using pyaot::detail::uint128;
  if (!pyaot::detail::perm_comb_arguments(n, k)) return false;
  if (k > n) {
    out = 0;
    return true;
  }
  if (k > n - k) k = n - k;
  // C(n-k+i, i) for i = 1..k grows with i, so an intermediate value above int64 means the
  // result is too; each product stays below 2**126.
  uint128 result = 1;
  for (std::int64_t i = 1; i <= k; ++i) {
    result = result * static_cast<uint128>(n - k + i) / static_cast<uint128>(i);
    if (result > static_cast<uint128>(pyaot::detail::int64_max)) [[unlikely]] {
      return raise_int_overflow();
    }
  }
  out = static_cast<std::int64_t>(result);
  return true;
}

}  // namespace pyaot::math
