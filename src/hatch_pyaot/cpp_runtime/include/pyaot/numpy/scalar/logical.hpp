#pragma once
// numpy.logical_and, logical_or, logical_xor and logical_not (the truth of each operand, as
// `x != 0`: NaN is true; the result is bool), and numpy.where(condition, x, y) on one
// element (the condition already converted to bool).

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

template <dtype T>
constexpr bool logical_and(T a, T b) noexcept {
  return a != T(0) && b != T(0);
}

template <dtype T>
constexpr bool logical_or(T a, T b) noexcept {
  return a != T(0) || b != T(0);
}

template <dtype T>
constexpr bool logical_xor(T a, T b) noexcept {
  return (a != T(0)) != (b != T(0));
}

template <dtype T>
constexpr bool logical_not(T a) noexcept {
  return a == T(0);
}

template <dtype T>
constexpr T where(bool condition, T x, T y) noexcept {
  return condition ? x : y;
}

}  // namespace pyaot::numpy::scalar
