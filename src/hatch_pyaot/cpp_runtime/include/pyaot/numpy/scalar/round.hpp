#pragma once
// numpy.round(x, decimals) (numpy.around) on one element, as numpy computes it:
//
//   floats, decimals >= 0:  rint(x * 10**decimals) / 10**decimals, in T
//   floats, decimals < 0:   rint(x / 10**-decimals) * 10**-decimals, in T
//   integers, decimals >= 0: x itself
//   integers, decimals < 0: rint(float64(x) / 10**-decimals) * 10**-decimals, cast back to T
//   bool: x itself
//
// so halves round to even (numpy.round(2.5) is 2.0, numpy.round(25, -1) is 20) and, as with
// numpy, the scaling can round: numpy.round(2.675, 2) is 2.67 in float64, 2.68 in float32.

#include <cmath>
#include <cstdint>

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

/// 10**n for n >= 0 as numpy's power_of_ten (multiarray/calculation.c) computes it: in
/// double, by repeated multiplication (exact up to 10**22), inf past the range. numpy then
/// uses it as a Python float, so float32 arrays get it rounded to float32.
constexpr double power_of_ten(std::int64_t n) noexcept {
  double result = 1.0;
  for (std::int64_t i = 0; i < n && result <= 1e308; ++i) result *= 10.0;
  return result;
}

template <dtype T>
inline T round(T x, std::int64_t decimals) noexcept {
  if constexpr (floating<T>) {
    if (decimals >= 0) {
      const T scale = static_cast<T>(power_of_ten(decimals));
      return std::nearbyint(x * scale) / scale;
    }
    const T scale = static_cast<T>(power_of_ten(-decimals));
    return std::nearbyint(x / scale) * scale;
  } else if constexpr (boolean<T>) {
    return x;
  } else {
    if (decimals >= 0) return x;
    const double scale = power_of_ten(-decimals);
    return static_cast<T>(std::nearbyint(static_cast<double>(x) / scale) * scale);
  }
}

/// numpy.round(x): decimals = 0.
template <dtype T>
inline T round(T x) noexcept {
  return round(x, 0);
}

}  // namespace pyaot::numpy::scalar
