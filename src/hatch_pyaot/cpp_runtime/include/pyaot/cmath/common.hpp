#pragma once
// Shared by the cmath headers: CPython's errors of Modules/cmathmodule.c ("math domain error"
// for EDOM, "math range error" for ERANGE), and sinh/cosh, of which sin and cos are made.

#include <cmath>

#include "pyaot/builtins/complex.hpp"
#include "pyaot/cmath/special_values.hpp"
#include "pyaot/error.hpp"

namespace pyaot::cmath_detail {

inline constexpr double large_double = 1.7976931348623157e308 / 4.0;
inline constexpr double log_large_double = 708.3964185322641;  // log(large_double)
inline constexpr double e = 2.718281828459045;

inline bool finite(complex z) noexcept { return std::isfinite(z.real) && std::isfinite(z.imag); }

[[gnu::cold]] inline bool domain_error() noexcept {
  return raise(Exc::ValueError, "math domain error");
}
[[gnu::cold]] inline bool range_error() noexcept {
  return raise(Exc::OverflowError, "math range error");
}

/// CPython's c_sinh/c_cosh on finite z (``sinh``: which one), e folded out of the exponent
/// when it is so large that the result would overflow too early.
inline complex hyperbolic(complex z, bool sinh) noexcept {
  const double c = std::cos(z.imag);
  const double s = std::sin(z.imag);
  if (std::fabs(z.real) > log_large_double) {
    const double x_minus_one = z.real - std::copysign(1.0, z.real);
    const double ch = std::cosh(x_minus_one);
    const double sh = std::sinh(x_minus_one);
    return sinh ? complex{c * sh * e, s * ch * e} : complex{c * ch * e, s * sh * e};
  }
  const double ch = std::cosh(z.real);
  const double sh = std::sinh(z.real);
  return sinh ? complex{c * sh, s * ch} : complex{c * ch, s * sh};
}

/// sinh or cosh with CPython's errors: EDOM for an infinite imaginary part beside a real
/// part that is not NaN, ERANGE for an overflow from finite z.
inline bool hyperbolic_checked(complex& out, complex z, bool sinh) noexcept {
  if (!finite(z)) {
    if (std::isinf(z.real) && std::isfinite(z.imag) && z.imag != 0.0) {
      // the sign of each infinity from cos/sin of the imaginary part and the real part's
      const double c = std::copysign(INFINITY, std::cos(z.imag));
      const double s = std::copysign(INFINITY, std::sin(z.imag));
      const bool negative = z.real < 0;
      out = sinh ? complex{negative ? -c : c, s} : complex{c, negative ? -s : s};
    } else {
      out = special(sinh ? values::sinh_values : values::cosh_values, z);
    }
    if (std::isinf(z.imag) && !std::isnan(z.real)) return domain_error();
    return true;
  }
  out = hyperbolic(z, sinh);
  if (std::isinf(out.real) || std::isinf(out.imag)) return range_error();
  return true;
}

}  // namespace pyaot::cmath_detail
