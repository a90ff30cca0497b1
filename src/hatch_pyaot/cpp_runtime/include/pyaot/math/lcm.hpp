#pragma once
// math.lcm(*integers): the least common multiple (1 for no arguments, 0 if any is 0),
// always >= 0; OverflowError when it does not fit the compiled int.

#include <cstdint>
#include <numeric>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::detail {

/// lcm of the magnitudes so far and the next value; false on overflow past 2**64.
inline bool lcm_step(std::uint64_t& acc, std::int64_t value) noexcept {
  const std::uint64_t v = uabs(value);
  const std::uint64_t g = std::gcd(acc, v);
  return !__builtin_mul_overflow(acc / g, v, &acc);
}

}  // namespace pyaot::detail

namespace pyaot::math {

template <class... Ts>
inline bool lcm(std::int64_t& out, Ts... integers) noexcept {
  if constexpr (sizeof...(Ts) == 0) {
    out = 1;
    return true;
  } else {
    // A zero anywhere makes the result 0, however large the others' lcm would be.
    if (((static_cast<std::int64_t>(integers) == 0) || ...)) {
      out = 0;
      return true;
    }
    std::uint64_t acc = 1;
    const bool fits = (pyaot::detail::lcm_step(acc, static_cast<std::int64_t>(integers)) && ...);
    if (!fits || acc > static_cast<std::uint64_t>(pyaot::detail::int64_max)) [[unlikely]] {
      return raise_int_overflow();
    }
    out = static_cast<std::int64_t>(acc);
    return true;
  }
}

}  // namespace pyaot::math
