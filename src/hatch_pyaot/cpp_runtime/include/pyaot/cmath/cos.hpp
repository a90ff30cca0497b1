#pragma once
// cmath.cos: cosh(iz), CPython's c_cos.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool cos(complex& out, complex z) noexcept {
  return cmath_detail::hyperbolic_checked(out, complex{-z.imag, z.real}, false);
}

}  // namespace pyaot::cmath
