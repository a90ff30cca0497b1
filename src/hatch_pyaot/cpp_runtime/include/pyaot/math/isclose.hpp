#pragma once
// math.isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): CPython's "weak" Boost test.

#include <cmath>

#include "pyaot/error.hpp"

namespace pyaot::math {

inline bool isclose(bool& out, double a, double b, double rel_tol, double abs_tol) noexcept {
  if (rel_tol < 0.0 || abs_tol < 0.0) [[unlikely]] {
    return raise(Exc::ValueError, "tolerances must be non-negative");
  }
  if (a == b) {  // catches two infinities of the same sign
    out = true;
    return true;
  }
  if (std::isinf(a) || std::isinf(b)) {
    out = false;
    return true;
  }
  const double diff = std::fabs(b - a);
  out = diff <= std::fabs(rel_tol * b) || diff <= std::fabs(rel_tol * a) || diff <= abs_tol;
  return true;
}

}  // namespace pyaot::math
