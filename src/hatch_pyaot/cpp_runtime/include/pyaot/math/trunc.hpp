#pragma once
// math.trunc(x): x rounded toward 0, as an int (ValueError for NaN, OverflowError for
// infinities and outside int64).

#include <cstdint>

#include "pyaot/operator/int_common.hpp"

namespace pyaot::math {

inline bool trunc(std::int64_t& out, double x) noexcept {
  return pyaot::detail::float_to_int(out, x);
}

inline std::int64_t trunc(std::int64_t x) noexcept { return x; }

}  // namespace pyaot::math
