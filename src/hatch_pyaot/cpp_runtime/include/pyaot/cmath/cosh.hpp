#pragma once
// cmath.cosh (c_cosh).

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool cosh(complex& out, complex z) noexcept {
  return cmath_detail::hyperbolic_checked(out, z, false);
}

}  // namespace pyaot::cmath
