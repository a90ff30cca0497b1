#pragma once
// cmath.sinh (c_sinh).

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool sinh(complex& out, complex z) noexcept {
  return cmath_detail::hyperbolic_checked(out, z, true);
}

}  // namespace pyaot::cmath
