#pragma once
// math.hypot(*coordinates): the Euclidean norm, with CPython 3.11's vector_norm (lossless
// scaling, Veltkamp-Dekker squaring, compensated sums, one differential correction) so that
// results match bit for bit. Never raises (it may return inf).

#include <cmath>
#include <cstddef>
#include <limits>

namespace pyaot::detail {

inline double vector_norm(std::size_t n, double* vec, double max, bool found_nan) noexcept {
  constexpr double t27 = 134217729.0;  // ldexp(1.0, 27) + 1.0
  double x, scale, oldcsum, csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0;
  double t, hi, lo, h;
  int max_e;
  if (std::isinf(max)) return max;
  if (found_nan) return std::numeric_limits<double>::quiet_NaN();
  if (max == 0.0 || n <= 1) return max;
  std::frexp(max, &max_e);
  if (max_e >= -1023) {
    scale = std::ldexp(1.0, -max_e);
    for (std::size_t i = 0; i < n; i++) {
      x = vec[i];
      x *= scale;
      t = x * t27;
      hi = t - (t - x);
      lo = x - hi;
      x = hi * hi;
      oldcsum = csum;
      csum += x;
      frac1 += (oldcsum - csum) + x;
      x = 2.0 * hi * lo;
      oldcsum = csum;
      csum += x;
      frac2 += (oldcsum - csum) + x;
      frac3 += lo * lo;
    }
    h = std::sqrt(csum - 1.0 + (frac1 + frac2 + frac3));
    x = h;
    t = x * t27;
    hi = t - (t - x);
    lo = x - hi;
    x = -hi * hi;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
    x = -2.0 * hi * lo;
    oldcsum = csum;
    csum += x;
    frac2 += (oldcsum - csum) + x;
    x = -lo * lo;
    oldcsum = csum;
    csum += x;
    frac3 += (oldcsum - csum) + x;
    x = csum - 1.0 + (frac1 + frac2 + frac3);
    return (h + x / (2.0 * h)) / scale;
  }
  // max_e < -1023: ldexp(1.0, -max_e) would overflow; divide by max instead.
  for (std::size_t i = 0; i < n; i++) {
    x = vec[i];
    x /= max;
    x = x * x;
    oldcsum = csum;
    csum += x;
    frac1 += (oldcsum - csum) + x;
  }
  return max * std::sqrt(csum - 1.0 + frac1);
}

}  // namespace pyaot::detail

namespace pyaot::math {

template <class... Ts>
inline double hypot(Ts... coordinates) noexcept {
  if constexpr (sizeof...(Ts) == 0) {
    return 0.0;
  } else {
    double vec[sizeof...(Ts)] = {std::fabs(static_cast<double>(coordinates))...};
    double max = 0.0;
    bool found_nan = false;
    for (double x : vec) {
      found_nan |= std::isnan(x);
      if (x > max) max = x;
    }
    return pyaot::detail::vector_norm(sizeof...(Ts), vec, max, found_nan);
  }
}

}  // namespace pyaot::math
