#pragma once
// numpy.negative, numpy.positive, numpy.absolute, numpy.sign on one dtype.
//
// Integers wrap: negative(INT_MIN) and absolute(INT_MIN) are INT_MIN, negative of an unsigned
// value is 2**bits - x. sign(nan) is nan and sign(-0.0) is +0.0 (numpy's
// `x > 0 ? 1 : x < 0 ? -1 : x == 0 ? 0 : x`). absolute of a float clears the sign bit, NaNs
// included. numpy has bool loops only for absolute (identity); negative, positive and sign
// of a bool raise TypeError there, so they are not defined for bool.

#include <bit>
#include <cstdint>
#include <type_traits>

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

template <integer T>
constexpr T negative(T x) noexcept {
  using U = wide_unsigned_t<T>;
  return static_cast<T>(U{0} - static_cast<U>(x));
}

template <floating T>
constexpr T negative(T x) noexcept {
  return -x;
}

template <number T>
constexpr T positive(T x) noexcept {
  return x;
}

template <boolean T>
constexpr T absolute(T x) noexcept {
  return x;
}

template <signed_integer T>
constexpr T absolute(T x) noexcept {
  return x < 0 ? negative(x) : x;
}

template <unsigned_integer T>
constexpr T absolute(T x) noexcept {
  return x;
}

template <floating T>
constexpr T absolute(T x) noexcept {
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  constexpr Bits magnitude = ~(Bits{1} << (sizeof(T) * 8 - 1));
  return std::bit_cast<T>(static_cast<Bits>(std::bit_cast<Bits>(x) & magnitude));
}

template <signed_integer T>
constexpr T sign(T x) noexcept {
  return static_cast<T>((x > 0) - (x < 0));
}

template <unsigned_integer T>
constexpr T sign(T x) noexcept {
  return static_cast<T>(x > 0);
}

template <floating T>
constexpr T sign(T x) noexcept {
  // a nan fails every comparison and comes back unchanged
  const T nonzero = x < 0 ? T(-1) : (x == 0 ? T(0) : x);
  return x > 0 ? T(1) : nonzero;
}

}  // namespace pyaot::numpy::scalar
