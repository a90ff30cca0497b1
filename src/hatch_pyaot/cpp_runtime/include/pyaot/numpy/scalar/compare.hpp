#pragma once
// numpy.equal, not_equal, less, less_equal, greater, greater_equal on one dtype, giving bool.
// IEEE rules: a nan compares unequal to everything, itself included, so only not_equal is
// true for it; -0.0 == 0.0. bool orders False < True.

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

template <dtype T>
constexpr bool equal(T a, T b) noexcept {
  return a == b;
}

template <dtype T>
constexpr bool not_equal(T a, T b) noexcept {
  return a != b;
}

template <dtype T>
constexpr bool less(T a, T b) noexcept {
  return a < b;
}

template <dtype T>
constexpr bool less_equal(T a, T b) noexcept {
  return a <= b;
}

template <dtype T>
constexpr bool greater(T a, T b) noexcept {
  return a > b;
}

template <dtype T>
constexpr bool greater_equal(T a, T b) noexcept {
  return a >= b;
}

}  // namespace pyaot::numpy::scalar
