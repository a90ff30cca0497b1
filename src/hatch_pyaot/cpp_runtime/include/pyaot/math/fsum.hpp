#pragma once
// math.fsum of a tuple: the correctly rounded sum (Shewchuk's exact partials, as CPython's
// math_fsum does it, including its half-even correction across partials and its handling
// of infinities and NaNs: "-inf + inf in fsum" is ValueError, a finite overflow is
// OverflowError("intermediate overflow in fsum")).

#include <array>
#include <cmath>
#include <cstddef>

#include "pyaot/error.hpp"

namespace pyaot::math {

template <std::size_t N>
inline bool fsum(double& out, const std::array<double, N>& items) noexcept {
  double partials[N + 1];
  std::size_t count = 0;
  double special_sum = 0.0;
  double inf_sum = 0.0;
  for (const double item : items) {
    double x = item;
    std::size_t kept = 0;
    for (std::size_t j = 0; j < count; ++j) {
      double y = partials[j];
      if (std::fabs(x) < std::fabs(y)) {
        const double swap = x;
        x = y;
        y = swap;
      }
      const double hi = x + y;
      const double lo = y - (hi - x);
      if (lo != 0.0) partials[kept++] = lo;
      x = hi;
    }
    count = kept;
    if (x == 0.0) continue;
    if (!std::isfinite(x)) {
      // From a NaN or an infinity among the items, or from overflow of finite ones.
      if (std::isfinite(item)) [[unlikely]] {
        return raise(Exc::OverflowError, "intermediate overflow in fsum");
      }
      if (std::isinf(item)) inf_sum += item;
      special_sum += item;
      count = 0;
    } else {
      partials[count++] = x;
    }
  }
  if (special_sum != 0.0) {
    if (std::isnan(inf_sum)) [[unlikely]] {
      return raise(Exc::ValueError, "-inf + inf in fsum");
    }
    out = special_sum;
    return true;
  }
  double hi = 0.0;
  double lo = 0.0;
  if (count > 0) {
    hi = partials[--count];
    // Add the partials from the largest down while the sum stays exact.
    while (count > 0) {
      const double x = hi;
      const double y = partials[--count];
      hi = x + y;
      lo = y - (hi - x);
      if (lo != 0.0) break;
    }
    // Round half-even across the partials that were not added.
    if (count > 0 && ((lo < 0.0 && partials[count - 1] < 0.0) ||
                      (lo > 0.0 && partials[count - 1] > 0.0))) {
      const double y = lo * 2.0;
      const double x = hi + y;
      if (y == x - hi) hi = x;
    }
  }
  out = hi;
  return true;
}

}  // namespace pyaot::math
