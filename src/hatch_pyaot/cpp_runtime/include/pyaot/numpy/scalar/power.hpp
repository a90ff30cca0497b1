#pragma once
// numpy.power on one dtype.
//
// Integers: numpy raises ValueError("Integers to negative integer powers are not allowed.")
// for a negative exponent, so power on a signed integer dtype is fallible (pyaot/error.hpp:
// returns false with the error set, else writes `out`); the result wraps around modulo
// 2**bits. power_nonnegative is the kernel itself, for loops that check the exponents first.
// Unsigned integers cannot fail. Floats: std::pow in T (powf for float32), what numpy's
// scalar loops call; numpy's AVX-512 array loops use SVML instead, which can differ from
// libm in the last bit.

#include <cmath>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

inline constexpr char negative_integer_power_message[] =
    "Integers to negative integer powers are not allowed.";

/// base ** exponent for exponent >= 0, by squaring, wrapping around modulo 2**bits.
template <integer T>
constexpr T power_nonnegative(T base, T exponent) noexcept {
  using U = wide_unsigned_t<T>;
  U result = 1;
  U square = static_cast<U>(base);
  auto bits = static_cast<std::make_unsigned_t<T>>(exponent);
  while (bits != 0) {
    if ((bits & 1U) != 0) result *= square;
    square *= square;
    bits = static_cast<std::make_unsigned_t<T>>(bits >> 1U);
  }
  return static_cast<T>(result);
}

template <signed_integer T>
inline bool power(T& out, T base, T exponent) noexcept {
  if (exponent < 0) [[unlikely]] {
    return raise(Exc::ValueError, negative_integer_power_message);
  }
  out = power_nonnegative(base, exponent);
  return true;
}

template <unsigned_integer T>
constexpr T power(T base, T exponent) noexcept {
  return power_nonnegative(base, exponent);
}

template <floating T>
inline T power(T base, T exponent) noexcept {
  return std::pow(base, exponent);
}

}  // namespace pyaot::numpy::scalar
