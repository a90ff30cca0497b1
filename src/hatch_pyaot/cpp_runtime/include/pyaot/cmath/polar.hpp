#pragma once
// cmath.polar: (abs(z), phase(z)); OverflowError "math range error" when finite parts give an
// infinite modulus.

#include <tuple>

#include "pyaot/builtins/complex.hpp"
#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

inline bool polar(std::tuple<double, double>& out, complex z) noexcept {
  double r;
  if (!builtins::abs(r, z)) {
    clear_error();
    return cmath_detail::range_error();
  }
  out = {r, std::atan2(z.imag, z.real)};
  return true;
}

}  // namespace pyaot::cmath
