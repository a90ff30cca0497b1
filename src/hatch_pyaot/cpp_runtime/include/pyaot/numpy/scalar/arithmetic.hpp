#pragma once
// numpy.add, numpy.subtract, numpy.multiply on two operands of one dtype (the compiler has
// promoted them, NEP 50). Integers wrap around modulo 2**bits as numpy's do (numpy only warns
// for scalars; arrays wrap silently); bool add is logical or, bool multiply logical and;
// numpy has no bool subtract (TypeError), so there is none here.

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

template <boolean T>
constexpr T add(T a, T b) noexcept {
  return a | b;
}

template <integer T>
constexpr T add(T a, T b) noexcept {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
}

template <floating T>
constexpr T add(T a, T b) noexcept {
  return a + b;
}

template <integer T>
constexpr T subtract(T a, T b) noexcept {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
}

template <floating T>
constexpr T subtract(T a, T b) noexcept {
  return a - b;
}

template <boolean T>
constexpr T multiply(T a, T b) noexcept {
  return a & b;
}

template <integer T>
constexpr T multiply(T a, T b) noexcept {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) * static_cast<U>(b));
}

template <floating T>
constexpr T multiply(T a, T b) noexcept {
  return a * b;
}

}  // namespace pyaot::numpy::scalar
