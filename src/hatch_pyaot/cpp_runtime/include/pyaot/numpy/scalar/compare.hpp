#pragma once
// numpy.equal, not_equal, less, less_equal, greater, greater_equal on one dtype, giving bool.
// IEEE rules: a nan compares unequal to everything, itself included, so only not_equal is
// true for it; -0.0 == 0.0. bool orders False < True.

#include <utility>

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

// A uint64 with a Python int (int64): numpy compares the values exactly, so that
// uint64 > -1 is true; no common integer dtype holds both.
#define PYAOT_NUMPY_BY_VALUE(name, cmp)                            \
  template <integer A, integer B>                                  \
  constexpr bool name##_by_value(A a, B b) noexcept {              \
    return cmp(a, b);                                              \
  }
PYAOT_NUMPY_BY_VALUE(equal, std::cmp_equal)
PYAOT_NUMPY_BY_VALUE(not_equal, std::cmp_not_equal)
PYAOT_NUMPY_BY_VALUE(less, std::cmp_less)
PYAOT_NUMPY_BY_VALUE(less_equal, std::cmp_less_equal)
PYAOT_NUMPY_BY_VALUE(greater, std::cmp_greater)
PYAOT_NUMPY_BY_VALUE(greater_equal, std::cmp_greater_equal)
#undef PYAOT_NUMPY_BY_VALUE

}  // namespace pyaot::numpy::scalar
