#pragma once
// math.gamma(x): CPython's own m_tgamma (Lanczos approximation, reflection for x < 0),
// replicated operation by operation. ValueError at poles and -inf, OverflowError on overflow.

#include <cmath>

#include "pyaot/math/common.hpp"
#include "pyaot/math/lanczos.hpp"

namespace pyaot::math {

inline bool gamma(double& out, double x) noexcept {
  using namespace pyaot::detail;
  if (!std::isfinite(x)) {
    if (std::isnan(x) || x > 0.0) {
      out = x;  // gamma(nan) = nan, gamma(inf) = inf
      return true;
    }
    return math_domain_error();  // gamma(-inf)
  }
  if (x == 0.0) [[unlikely]] {
    return math_domain_error();  // a pole
  }
  if (x == std::floor(x)) {
    if (x < 0.0) [[unlikely]] {
      return math_domain_error();  // negative integers
    }
    if (x <= ngamma_integral) {
      out = gamma_integral[static_cast<int>(x) - 1];
      return true;
    }
  }
  const double absx = std::fabs(x);
  if (absx < 1e-20) {  // tiny arguments: gamma(x) ~ 1/x
    const double r = 1.0 / x;
    if (std::isinf(r)) [[unlikely]] {
      return math_range_error();
    }
    out = r;
    return true;
  }
  if (absx > 200.0) {  // overflows for x > 200, underflows to +-0 for x < -200
    if (x < 0.0) {
      out = 0.0 / sinpi(x);
      return true;
    }
    return math_range_error();
  }
  const double y = absx + lanczos_g_minus_half;
  double z;
  if (absx > lanczos_g_minus_half) {
    const double q = y - absx;
    z = q - lanczos_g_minus_half;
  } else {
    const double q = y - lanczos_g_minus_half;
    z = q - absx;
  }
  z = z * lanczos_g / y;
  double r;
  if (x < 0.0) {
    r = -math_pi / sinpi(absx) / absx * std::exp(y) / lanczos_sum(absx);
    r -= z * r;
    if (absx < 140.0) {
      r /= std::pow(y, absx - 0.5);
    } else {
      const double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r /= sqrtpow;
      r /= sqrtpow;
    }
  } else {
    r = lanczos_sum(absx) / std::exp(y);
    r += z * r;
    if (absx < 140.0) {
      r *= std::pow(y, absx - 0.5);
    } else {
      const double sqrtpow = std::pow(y, absx / 2.0 - 0.25);
      r *= sqrtpow;
      r *= sqrtpow;
    }
  }
  if (std::isinf(r)) [[unlikely]] {
    return math_range_error();
  }
  out = r;
  return true;
}

}  // namespace pyaot::math
