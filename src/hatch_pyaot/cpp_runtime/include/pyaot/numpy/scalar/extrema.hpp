#pragma once
// numpy.minimum and numpy.maximum (a nan operand wins: nan propagates) and numpy.fmin and
// numpy.fmax (a nan operand loses: the other one is the result; nan only when both are).
//
// When the operands compare equal the second one is returned, which is what numpy's SIMD
// loops (x86 minps/maxps) give and tells -0.0 from 0.0: maximum(0.0, -0.0) is -0.0. numpy's
// scalar fmin/fmax path (libm fmin/fmax, used for short arrays and loop tails) may return the
// first instead; only the sign of a zero result can differ. For bool, minimum is logical and,
// maximum logical or.

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

template <dtype T>
constexpr T minimum(T a, T b) noexcept {
  if constexpr (floating<T>) {
    return (a < b || a != a) ? a : b;
  } else {
    return a < b ? a : b;
  }
}

template <dtype T>
constexpr T maximum(T a, T b) noexcept {
  if constexpr (floating<T>) {
    return (a > b || a != a) ? a : b;
  } else {
    return a > b ? a : b;
  }
}

template <dtype T>
constexpr T fmin(T a, T b) noexcept {
  if constexpr (floating<T>) {
    return (a < b || b != b) ? a : b;
  } else {
    return a < b ? a : b;
  }
}

template <dtype T>
constexpr T fmax(T a, T b) noexcept {
  if constexpr (floating<T>) {
    return (a > b || b != b) ? a : b;
  } else {
    return a > b ? a : b;
  }
}

}  // namespace pyaot::numpy::scalar
