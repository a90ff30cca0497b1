#pragma once
// cmath.sin: -i sinh(iz), CPython's c_sin.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool sin(complex& out, complex z) noexcept {
  complex s;
  if (!cmath_detail::hyperbolic_checked(s, complex{-z.imag, z.real}, true)) return false;
  out = {s.imag, -s.real};
  return true;
}

}  // namespace pyaot::cmath
