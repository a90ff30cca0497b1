#pragma once
// cmath.phase: atan2(imag, real). CPython passes on the C library's ERANGE of an atan2 that
// underflows to zero (glibc's): OverflowError "math range error" there, as it does.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool phase(double& out, complex z) noexcept {
  out = std::atan2(z.imag, z.real);
  if (out == 0.0 && z.imag != 0.0 && cmath_detail::finite(z)) [[unlikely]] {
    return cmath_detail::range_error();
  }
  return true;
}

}  // namespace pyaot::cmath
