#pragma once
// math.gcd(*integers): the greatest common divisor (0 for no arguments), always >= 0.
// gcd(-2**63) is 2**63, which does not fit the compiled int: OverflowError.

#include <cstdint>
#include <numeric>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::math {

template <class... Ts>
inline bool gcd(std::int64_t& out, Ts... integers) noexcept {
  std::uint64_t g = 0;
  ((g = std::gcd(g, pyaot::detail::uabs(static_cast<std::int64_t>(integers)))), ...);
  if (g > static_cast<std::uint64_t>(pyaot::detail::int64_max)) [[unlikely]] {
    return raise_int_overflow();
  }
  out = static_cast<std::int64_t>(g);
  return true;
}

}  // namespace pyaot::math
