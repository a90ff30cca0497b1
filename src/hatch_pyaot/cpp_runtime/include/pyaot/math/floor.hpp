#pragma once
// math.floor(x): the largest int <= x (an int; ValueError for NaN, OverflowError for
// infinities and outside int64).

#include <cmath>
#include <cstdint>

#include "pyaot/operator/int_common.hpp"

namespace pyaot::math {

inline bool floor(std::int64_t& out, double x) noexcept {
  return pyaot::detail::float_to_int(out, std::floor(x));
}

inline std::int64_t floor(std::int64_t x) noexcept { return x; }

}  // namespace pyaot::math
