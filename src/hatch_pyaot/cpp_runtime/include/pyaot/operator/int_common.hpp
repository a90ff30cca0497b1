#pragma once
// int64 helpers shared by the operator, builtins and math headers: CPython's floor division
// and modulo signs, true division correctly rounded, overflow-checked power and shifts,
// exact int/float comparison and float -> int conversion (PyLong_FromDouble).

#include <cmath>
#include <cstdint>
#include <limits>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot::detail {

inline constexpr std::int64_t int64_min = std::numeric_limits<std::int64_t>::min();
inline constexpr std::int64_t int64_max = std::numeric_limits<std::int64_t>::max();
inline constexpr double two_pow_63 = 9223372036854775808.0;

__extension__ typedef __int128 int128;
__extension__ typedef unsigned __int128 uint128;

/// |x| as an unsigned 64-bit value (exact for INT64_MIN).
constexpr std::uint64_t uabs(std::int64_t x) noexcept {
  return x < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(x) : static_cast<std::uint64_t>(x);
}

[[gnu::cold]] inline bool raise_int_divmod_by_zero() noexcept {
  return raise(Exc::ZeroDivisionError, "integer division or modulo by zero");
}

/// a // b with Python's rounding toward -inf.
inline bool int_floordiv(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  if (b == 0) [[unlikely]] {
    return raise_int_divmod_by_zero();
  }
  if (b == -1) [[unlikely]] {
    if (a == int64_min) return raise_int_overflow();
    out = -a;
    return true;
  }
  std::int64_t q = a / b;
  const std::int64_t r = a % b;
  if (r != 0 && ((r ^ b) < 0)) --q;
  out = q;
  return true;
}

/// a % b with the sign of b.
inline bool int_mod(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  if (b == 0) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "integer modulo by zero");
  }
  if (b == -1) [[unlikely]] {
    out = 0;  // a % -1 is UB in C++ for INT64_MIN
    return true;
  }
  std::int64_t r = a % b;
  if (r != 0 && ((r ^ b) < 0)) r += b;
  out = r;
  return true;
}

/// divmod(a, b) on ints.
inline bool int_divmod(std::int64_t& q_out, std::int64_t& r_out, std::int64_t a,
                       std::int64_t b) noexcept {
  if (b == 0) [[unlikely]] {
    return raise_int_divmod_by_zero();
  }
  if (b == -1) [[unlikely]] {
    if (a == int64_min) return raise_int_overflow();
    q_out = -a;
    r_out = 0;
    return true;
  }
  std::int64_t q = a / b;
  std::int64_t r = a % b;
  if (r != 0 && ((r ^ b) < 0)) {
    --q;
    r += b;
  }
  q_out = q;
  r_out = r;
  return true;
}

/// a / b correctly rounded, for |a| or |b| above 2**53 (CPython's long_true_divide).
[[gnu::noinline]] inline double int_truediv_wide(std::int64_t a, std::int64_t b) noexcept {
  const bool negative = (a < 0) != (b < 0);
  const std::uint64_t ua = uabs(a);
  const std::uint64_t ub = uabs(b);
  if (ua == 0) return negative ? -0.0 : 0.0;
  const int bits_a = 64 - __builtin_clzll(ua);
  const int bits_b = 64 - __builtin_clzll(ub);
  // Scale so that the integer quotient has 56 or 57 bits: the bits below the 53 kept plus
  // a sticky bit for the remainder round exactly like the exact quotient would.
  const int shift = 56 - (bits_a - bits_b);
  uint128 num = ua;
  uint128 den = ub;
  if (shift >= 0) {
    num <<= shift;
  } else {
    den <<= -shift;
  }
  const uint128 q = num / den;
  const bool inexact = (num % den) != 0;
  const std::uint64_t q64 = static_cast<std::uint64_t>(q) | (inexact ? 1u : 0u);
  const double magnitude = std::ldexp(static_cast<double>(static_cast<std::int64_t>(q64)), -shift);
  return negative ? -magnitude : magnitude;
}

/// a / b on ints: the correctly rounded float, like CPython.
inline bool int_truediv(double& out, std::int64_t a, std::int64_t b) noexcept {
  if (b == 0) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "division by zero");
  }
  constexpr std::int64_t exact = std::int64_t{1} << 53;
  if (a >= -exact && a <= exact && b >= -exact && b <= exact) [[likely]] {
    out = static_cast<double>(a) / static_cast<double>(b);
  } else {
    out = int_truediv_wide(a, b);
  }
  return true;
}

inline constexpr char negative_int_power_message[] =
    "negative exponent: compiled int ** int must stay int; use a float base";

/// base ** exp on ints. A negative exponent would make a float in Python; the compiled int
/// power keeps its int type and raises instead (ZeroDivisionError for 0 like CPython).
inline bool int_pow(std::int64_t& out, std::int64_t base, std::int64_t exp) noexcept {
  if (exp < 0) [[unlikely]] {
    if (base == 0) {
      return raise(Exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
    }
    return raise(Exc::ValueError, negative_int_power_message);
  }
  std::int64_t result = 1;
  auto e = static_cast<std::uint64_t>(exp);
  for (;;) {
    if (e & 1u) {
      if (__builtin_mul_overflow(result, base, &result)) [[unlikely]] {
        return raise_int_overflow();
      }
    }
    e >>= 1;
    if (e == 0) break;
    // A square that overflows means the final power does too (|base| >= 2 here).
    if (__builtin_mul_overflow(base, base, &base)) [[unlikely]] {
      return raise_int_overflow();
    }
  }
  out = result;
  return true;
}

[[gnu::cold]] inline bool raise_negative_shift() noexcept {
  return raise(Exc::ValueError, "negative shift count");
}

inline bool int_lshift(std::int64_t& out, std::int64_t a, std::int64_t n) noexcept {
  if (n < 0) [[unlikely]] {
    return raise_negative_shift();
  }
  if (a == 0) {
    out = 0;
    return true;
  }
  if (n >= 64) [[unlikely]] {
    return raise_int_overflow();
  }
  const auto r = static_cast<std::int64_t>(static_cast<std::uint64_t>(a) << n);
  if ((r >> n) != a) [[unlikely]] {
    return raise_int_overflow();
  }
  out = r;
  return true;
}

inline bool int_rshift(std::int64_t& out, std::int64_t a, std::int64_t n) noexcept {
  if (n < 0) [[unlikely]] {
    return raise_negative_shift();
  }
  out = n >= 64 ? (a < 0 ? -1 : 0) : (a >> n);
  return true;
}

/// Exact comparison of an int with a float, as CPython's float_richcompare does it:
/// -1 (i < d), 0 (equal), 1 (i > d) or 2 (d is NaN: unordered).
inline int compare_int_float(std::int64_t i, double d) noexcept {
  constexpr std::int64_t exact = std::int64_t{1} << 53;
  if (i >= -exact && i <= exact) [[likely]] {
    const auto x = static_cast<double>(i);
    return x < d ? -1 : x > d ? 1 : x == d ? 0 : 2;
  }
  if (d != d) return 2;
  if (d >= two_pow_63) return -1;
  if (d < -two_pow_63) return 1;
  const double whole = std::trunc(d);
  const auto t = static_cast<std::int64_t>(whole);  // exact: |whole| <= 2**63, in range
  if (i != t) return i < t ? -1 : 1;
  const double fraction = d - whole;  // exact
  return fraction > 0.0 ? -1 : fraction < 0.0 ? 1 : 0;
}

/// int(x) for a float x: truncation, with CPython's errors for NaN and infinities and the
/// int64 OverflowError outside [-2**63, 2**63).
inline bool float_to_int(std::int64_t& out, double x) noexcept {
  if (x >= -two_pow_63 && x < two_pow_63) [[likely]] {
    out = static_cast<std::int64_t>(x);
    return true;
  }
  if (x != x) return raise(Exc::ValueError, "cannot convert float NaN to integer");
  if (std::isinf(x)) return raise(Exc::OverflowError, "cannot convert float infinity to integer");
  return raise_int_overflow();
}

}  // namespace pyaot::detail
