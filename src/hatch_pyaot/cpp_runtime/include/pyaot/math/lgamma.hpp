#pragma once
// math.lgamma(x): log|gamma(x)|, CPython's own m_lgamma replicated operation by operation.
// ValueError at the poles (integers <= 0), OverflowError when the result overflows.

#include <cmath>
#include <limits>

#include "pyaot/math/common.hpp"
#include "pyaot/math/lanczos.hpp"

namespace pyaot::math {

inline bool lgamma(double& out, double x) noexcept {
  using namespace pyaot::detail;
  if (!std::isfinite(x)) {
    out = std::isnan(x) ? x : std::numeric_limits<double>::infinity();  // lgamma(+-inf) = inf
    return true;
  }
  if (x == std::floor(x) && x <= 2.0) {
    if (x <= 0.0) [[unlikely]] {
      return math_domain_error();
    }
    out = 0.0;  // lgamma(1) = lgamma(2) = 0.0
    return true;
  }
  const double absx = std::fabs(x);
  if (absx < 1e-20) {  // tiny arguments: lgamma(x) ~ -log(|x|)
    out = -std::log(absx);
    return true;
  }
  double r = std::log(lanczos_sum(absx)) - lanczos_g;
  r += (absx - 0.5) * (std::log(absx + lanczos_g - 0.5) - 1);
  if (x < 0.0) {
    r = math_logpi - std::log(std::fabs(sinpi(absx))) - std::log(absx) - r;  // reflection
  }
  if (std::isinf(r)) [[unlikely]] {
    return math_range_error();
  }
  out = r;
  return true;
}

}  // namespace pyaot::math
