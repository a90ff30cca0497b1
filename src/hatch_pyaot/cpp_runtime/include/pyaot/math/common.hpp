#pragma once
// Error rules of CPython's mathmodule.c (math_1, math_2, is_error) shared by the math headers:
// - a NaN result from non-NaN inputs raises ValueError("math domain error");
// - an infinite result from finite inputs raises OverflowError("math range error") when the
//   function can overflow, ValueError("math domain error") otherwise (a singularity).

#include <cmath>
#include <cstdint>

#include "pyaot/error.hpp"

namespace pyaot::detail {

[[gnu::cold]] inline bool math_domain_error() noexcept {
  return raise(Exc::ValueError, "math domain error");
}

[[gnu::cold]] inline bool math_range_error() noexcept {
  return raise(Exc::OverflowError, "math range error");
}

/// math_1: r = f(x).
inline bool math_1(double& out, double x, double r, bool can_overflow) noexcept {
  if (std::isnan(r) && !std::isnan(x)) [[unlikely]] {
    return math_domain_error();
  }
  if (std::isinf(r) && std::isfinite(x)) [[unlikely]] {
    return can_overflow ? math_range_error() : math_domain_error();
  }
  out = r;
  return true;
}

/// math_2: r = f(x, y).
inline bool math_2(double& out, double x, double y, double r) noexcept {
  if (std::isnan(r) && !std::isnan(x) && !std::isnan(y)) [[unlikely]] {
    return math_domain_error();
  }
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y)) [[unlikely]] {
    return math_range_error();
  }
  out = r;
  return true;
}

/// The logarithms' rule (CPython's m_log, m_log2, m_log10 under math_1): defined for x > 0
/// (log(inf) == inf), NaN passes through, anything else is a domain error.
template <class Log>
inline bool positive_log(double& out, double x, Log log) noexcept {
  if (x > 0.0) [[likely]] {
    out = log(x);
    return true;
  }
  if (std::isnan(x)) {
    out = x;
    return true;
  }
  return math_domain_error();
}

/// The argument rule math.comb and math.perm share (CPython's perm_comb).
inline bool perm_comb_arguments(std::int64_t n, std::int64_t k) noexcept {
  if (n < 0) [[unlikely]] {
    return raise(Exc::ValueError, "n must be a non-negative integer");
  }
  if (k < 0) [[unlikely]] {
    return raise(Exc::ValueError, "k must be a non-negative integer");
  }
  return true;
}

}  // namespace pyaot::detail
