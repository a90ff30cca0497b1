#pragma once
// numpy.true_divide, numpy.floor_divide, numpy.remainder and numpy.divmod on one dtype.
//
// These are numpy's semantics, not Python's (pyaot/operator/floordiv.hpp, mod.hpp): nothing
// raises. numpy only sets a floating-point warning, which compiled code does not report.
// - Integers: x // 0 and x % 0 are 0; INT_MIN // -1 wraps to INT_MIN (and INT_MIN % -1 is 0);
//   otherwise the quotient rounds toward -inf and the remainder takes the divisor's sign.
// - Floats: npy_divmod (numpy/_core/src/npymath/npy_math_internal.h.src) step by step, in T
//   (float32 stays float32): the remainder is fmod(a, b) moved to the divisor's sign, the
//   quotient (a - mod) / b snapped to an integral value. Division by zero gives a / b for the
//   quotient (inf, -inf or nan) and fmod(a, 0) = nan for the remainder; remainder(1, -inf)
//   is -inf and floor_divide(1, -inf) is -1, as in numpy.
// true_divide is defined for floats only: the compiler converts integer operands to float64
// first, as numpy's type resolution does.

#include <cmath>
#include <tuple>

#include "pyaot/numpy/scalar/dtype.hpp"
#include "pyaot/numpy/scalar/unary.hpp"

namespace pyaot::numpy::scalar {

namespace detail {

/// The divisor the integer kernels really divide by: 1 instead of 0 (numpy's result is 0)
/// and instead of -1 (INT_MIN / -1 overflows in C++; numpy wraps it to INT_MIN).
template <integer T>
constexpr T safe_divisor(T b) noexcept {
  if constexpr (signed_integer<T>) {
    return (b == 0 || b == T(-1)) ? T(1) : b;
  } else {
    return b == 0 ? T(1) : b;
  }
}

/// npy_divmod: returns the floored quotient, stores the remainder. Its branches are
/// written as selects; for b == 0 the remainder fmod(a, 0) is nan either way.
template <floating T>
inline T npy_divmod(T a, T b, T& modulus) noexcept {
  const T mod = std::fmod(a, b);
  // a - mod is very nearly an integral multiple of b
  const T div = (a - mod) / b;
  // `mod != 0` is also true for nan, like npy_divmod's `if (mod)`
  const bool fix_sign = mod != 0 && ((b < 0) != (mod < 0));
  const T signed_mod = fix_sign ? mod + b : mod;
  const T fixed_div = fix_sign ? div - T(1) : div;
  // snap the quotient to the nearest integral value; a zero one takes the sign of a / b
  const T floored = std::floor(fixed_div);
  const T snapped = fixed_div - floored > T(0.5) ? floored + T(1) : floored;
  const T quotient = fixed_div != 0 ? snapped : std::copysign(T(0), a / b);
  modulus = mod != 0 ? signed_mod : std::copysign(T(0), b);
  return b == 0 ? a / b : quotient;
}

}  // namespace detail

template <floating T>
constexpr T true_divide(T a, T b) noexcept {
  return a / b;
}

/// (floor_divide(a, b), remainder(a, b)) from one division.
template <integer T>
constexpr std::tuple<T, T> divmod(T a, T b) noexcept {
  const T d = detail::safe_divisor(b);
  T q = static_cast<T>(a / d);
  T r = static_cast<T>(a % d);  // 0 when d is 1: numpy's remainder for b == 0 and b == -1
  if constexpr (signed_integer<T>) {
    const bool adjust = r != 0 && ((r < 0) != (d < 0));
    q = adjust ? static_cast<T>(q - 1) : q;
    r = adjust ? static_cast<T>(r + d) : r;
    q = b == T(-1) ? negative(q) : q;  // q == a here
  }
  return {b == 0 ? T(0) : q, r};
}

template <floating T>
inline std::tuple<T, T> divmod(T a, T b) noexcept {
  T mod;
  const T div = detail::npy_divmod(a, b, mod);
  return {div, mod};
}

template <integer T>
constexpr T floor_divide(T a, T b) noexcept {
  return std::get<0>(divmod(a, b));
}

template <floating T>
inline T floor_divide(T a, T b) noexcept {
  T mod;
  return detail::npy_divmod(a, b, mod);
}

template <integer T>
constexpr T remainder(T a, T b) noexcept {
  return std::get<1>(divmod(a, b));
}

template <floating T>
inline T remainder(T a, T b) noexcept {
  T mod;
  detail::npy_divmod(a, b, mod);
  return mod;
}

}  // namespace pyaot::numpy::scalar
