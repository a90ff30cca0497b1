#pragma once
// numpy's ufuncs heaviside, float_power, spacing, gcd, lcm and conjugate (of reals), and the elementwise Python
// functions sinc, fix, isposinf, isneginf, isreal and iscomplex of numpy, on one value of the
// dtype numpy computes them in (hatch_pyaot/typing/ufuncs.py, typing/elementwise_functions.py).

#include <cmath>
#include <limits>
#include <numbers>
#include <type_traits>

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

/// 0 below zero, h at zero, 1 above, nan for nan.
template <floating T>
inline T heaviside(T x, T h) noexcept {
  if (std::isnan(x)) return x;
  if (x == 0) return h;
  return x < 0 ? T(0) : T(1);
}

template <floating T>
inline T float_power(T x, T y) noexcept {
  return std::pow(x, y);
}

/// The distance to the next value away from zero (negative for negative x; the smallest
/// subnormal for either zero): nan for inf.
template <floating T>
inline T spacing(T x) noexcept {
  if (x == 0) return std::numeric_limits<T>::denorm_min();
  if (std::isinf(x)) return std::numeric_limits<T>::quiet_NaN();
  return std::nextafter(x, std::copysign(std::numeric_limits<T>::infinity(), x)) - x;
}

namespace detail {
template <integer T>
constexpr std::make_unsigned_t<T> magnitude(T x) noexcept {
  using U = std::make_unsigned_t<T>;
  if constexpr (std::is_signed_v<T>) return x < 0 ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x);
  return static_cast<U>(x);
}

template <class U>
constexpr U euclid(U a, U b) noexcept {
  while (b != 0) {
    const U r = a % b;
    a = b;
    b = r;
  }
  return a;
}
}  // namespace detail

/// The greatest common divisor, non-negative (wrapping for the most negative value alone).
template <integer T>
constexpr T gcd(T a, T b) noexcept {
  return static_cast<T>(detail::euclid(detail::magnitude(a), detail::magnitude(b)));
}

/// The least common multiple, non-negative; 0 when either is 0; wraps as numpy's does.
template <integer T>
constexpr T lcm(T a, T b) noexcept {
  const auto x = detail::magnitude(a), y = detail::magnitude(b);
  const auto g = detail::euclid(x, y);
  return g == 0 ? T(0) : static_cast<T>(static_cast<decltype(x)>(x / g * y));
}

/// numpy.conjugate of a real number: the number.
template <number T>
constexpr T conjugate(T x) noexcept {
  return x;
}

/// numpy.sinc: sin(pi x) / (pi x), 1 at 0 (x there taken as 1e-20, as numpy does).
template <floating T>
inline T sinc(T x) noexcept {
  const T y = std::numbers::pi_v<T> * (x == 0 ? T(1.0e-20) : x);
  return std::sin(y) / y;
}

/// numpy.fix: rounds towards zero, keeping the dtype.
template <dtype T>
inline T fix(T x) noexcept {
  if constexpr (floating<T>) return std::trunc(x);
  return x;
}

template <dtype T>
constexpr bool isposinf(T x) noexcept {
  if constexpr (floating<T>) return x == std::numeric_limits<T>::infinity();
  return false;
}

template <dtype T>
constexpr bool isneginf(T x) noexcept {
  if constexpr (floating<T>) return x == -std::numeric_limits<T>::infinity();
  return false;
}

/// numpy.isreal of a real dtype: every element is real.
template <dtype T>
constexpr bool isreal(T) noexcept {
  return true;
}

template <dtype T>
constexpr bool iscomplex(T) noexcept {
  return false;
}

}  // namespace pyaot::numpy::scalar
