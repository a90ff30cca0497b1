#pragma once
// builtins.round(number[, ndigits]), as CPython's float.__round__ and int.__round__:
// round-half-even on the exact binary value of the float.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::detail {

[[gnu::cold]] inline bool raise_rounded_too_large() noexcept {
  return raise(Exc::OverflowError, "rounded value too large to represent");
}

/// CPython's double_round for a finite x and -308 <= ndigits <= 323: the decimal string of
/// x rounded half-even at 10**-ndigits (exact, like _Py_dg_dtoa mode 3), read back.
inline bool double_round(double& out, double x, int ndigits) noexcept {
  if (ndigits >= 0) {
    // glibc's printf rounds the exact binary value half-even, as dtoa does.
    char text[720];  // sign + 309 integer digits + point + 323 decimals
    std::snprintf(text, sizeof text, "%.*f", ndigits, x);
    out = std::strtod(text, nullptr);
    return true;
  }
  const int k = -ndigits;  // round to a multiple of 10**k, 1 <= k <= 308
  const double magnitude = std::fabs(x);
  const double whole = std::trunc(magnitude);
  const bool has_fraction = magnitude != whole;
  char digits[330];  // the exact integer part: at most 309 digits
  const int n = std::snprintf(digits, sizeof digits, "%.0f", whole);
  double rounded = 0.0;
  if (n >= k && n < static_cast<int>(sizeof digits)) {  // else |x| < 10**(k-1): rounds to 0
    const auto head = static_cast<unsigned>(n - k);    // digits kept
    // compare the k dropped digits with 5000...0 (and the fraction below them)
    int cmp = digits[head] - '5';
    for (auto i = head + 1; cmp == 0 && i < static_cast<unsigned>(n); ++i) {
      if (digits[i] != '0') cmp = 1;
    }
    if (cmp == 0 && has_fraction) cmp = 1;
    const bool odd = head > 0 && ((digits[head - 1] - '0') & 1) != 0;
    const bool up = cmp > 0 || (cmp == 0 && odd);
    char text[sizeof digits + 16];
    text[0] = '0';  // room for a carry
    std::memcpy(text + 1, digits, head);
    if (up) {
      auto i = head;  // the last kept digit
      while (text[i] == '9') text[i--] = '0';
      ++text[i];
    }
    std::snprintf(text + head + 1, sizeof text - head - 1, "e%d", k);
    rounded = std::strtod(text, nullptr);
    if (std::isinf(rounded)) [[unlikely]] {
      return raise_rounded_too_large();
    }
  }
  out = std::signbit(x) ? -rounded : rounded;
  return true;
}

}  // namespace pyaot::detail

namespace pyaot::builtins {

/// round(x) for a float: the nearest int, ties to even.
inline bool round(std::int64_t& out, double x) noexcept {
  double rounded = std::round(x);
  if (std::fabs(x - rounded) == 0.5) rounded = 2.0 * std::round(x / 2.0);
  return pyaot::detail::float_to_int(out, rounded);
}

/// round(x, ndigits) for a float.
inline bool round(double& out, double x, std::int64_t ndigits) noexcept {
  if (!std::isfinite(x)) {
    out = x;  // nans and infinities round to themselves
    return true;
  }
  // (53 - -1021) * 0.30103 and (1024 + 1) * 0.30103, as in CPython
  constexpr std::int64_t ndigits_max = 323;
  constexpr std::int64_t ndigits_min = -308;
  if (ndigits > ndigits_max) {
    out = x;
    return true;
  }
  if (ndigits < ndigits_min) {
    out = 0.0 * x;
    return true;
  }
  return pyaot::detail::double_round(out, x, static_cast<int>(ndigits));
}

inline std::int64_t round(std::int64_t x) noexcept { return x; }

/// round(x, ndigits) for an int: half-even to a multiple of 10**-ndigits.
inline bool round(std::int64_t& out, std::int64_t x, std::int64_t ndigits) noexcept {
  using pyaot::detail::int128;
  if (ndigits >= 0) {
    out = x;
    return true;
  }
  if (ndigits < -19) {  // 10**20 > 2 * |x|: everything rounds to 0
    out = 0;
    return true;
  }
  int128 p = 1;
  for (std::int64_t i = 0; i < -ndigits; ++i) p *= 10;
  int128 q = x / p;
  int128 r = x % p;
  if (r < 0) {
    r += p;
    q -= 1;
  }
  const int128 twice = 2 * r;
  if (twice > p || (twice == p && (q & 1) != 0)) q += 1;
  const int128 result = q * p;
  if (result > pyaot::detail::int64_max || result < pyaot::detail::int64_min) [[unlikely]] {
    return raise_int_overflow();
  }
  out = static_cast<std::int64_t>(result);
  return true;
}

}  // namespace pyaot::builtins
