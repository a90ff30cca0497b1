#pragma once
// cmath.rect (r, phi): r*cos(phi) + r*sin(phi)j; ValueError for an infinite phi beside an r
// that is neither 0 nor NaN, as CPython's.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool rect(complex& out, double r, double phi) noexcept {
  using namespace cmath_detail;
  if (std::isfinite(r) && std::isfinite(phi)) {
    out = phi == 0.0 ? complex{r, r * phi} : complex{r * std::cos(phi), r * std::sin(phi)};
    return true;
  }
  if (std::isinf(r) && std::isfinite(phi) && phi != 0.0) {
    out = r > 0 ? complex{std::copysign(INFINITY, std::cos(phi)),
                          std::copysign(INFINITY, std::sin(phi))}
                : complex{-std::copysign(INFINITY, std::cos(phi)),
                          -std::copysign(INFINITY, std::sin(phi))};
    return true;
  }
  out = special(values::rect_values, complex{r, phi});
  if (std::isinf(phi) && r != 0.0 && !std::isnan(r)) return domain_error();
  return true;
}

}  // namespace pyaot::cmath
