#pragma once
// cmath.log (c_log): log|z| computed without overflow or underflow (log1p near |z| = 1),
// and the phase; ValueError for 0. log(z, base) divides by log(base) as CPython does.

#include "pyaot/cmath/common.hpp"

namespace pyaot::cmath {

namespace log_detail {
/// false for log(0) (EDOM).
inline bool c_log(complex& r, complex z) noexcept {
  using namespace cmath_detail;
  if (!finite(z)) {
    r = special(values::log_values, z);
    return true;
  }
  const double ax = std::fabs(z.real);
  const double ay = std::fabs(z.imag);
  constexpr double ln2 = 0.6931471805599453;
  if (ax > large_double || ay > large_double) {
    r.real = std::log(std::hypot(ax / 2.0, ay / 2.0)) + ln2;
  } else if (ax < 2.2250738585072014e-308 && ay < 2.2250738585072014e-308) {
    if (!(ax > 0.0 || ay > 0.0)) {
      r = {-INFINITY, std::atan2(z.imag, z.real)};
      return false;
    }
    r.real = std::log(std::hypot(std::ldexp(ax, 53), std::ldexp(ay, 53))) - 53 * ln2;
  } else {
    const double h = std::hypot(ax, ay);
    if (0.71 <= h && h <= 1.73) {
      const double am = ax > ay ? ax : ay;
      const double an = ax > ay ? ay : ax;
      r.real = std::log1p((am - 1) * (am + 1) + an * an) / 2.0;
    } else {
      r.real = std::log(h);
    }
  }
  r.imag = std::atan2(z.imag, z.real);
  return true;
}
}  // namespace log_detail

inline bool log(complex& out, complex z) noexcept {
  if (!log_detail::c_log(out, z)) return cmath_detail::domain_error();
  return true;
}

/// Only the base's log and the division can fail: CPython's errno of log(z) is overwritten by
/// that of log(base) (log(0j, 2) is -inf+nanj).
inline bool log(complex& out, complex z, complex base) noexcept {
  complex lz, lb;
  log_detail::c_log(lz, z);
  if (!log_detail::c_log(lb, base) || !complex_detail::quot(out, lz, lb)) {
    return cmath_detail::domain_error();
  }
  return true;
}

}  // namespace pyaot::cmath
