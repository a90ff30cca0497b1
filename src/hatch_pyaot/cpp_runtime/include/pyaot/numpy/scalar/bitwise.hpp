#pragma once
// numpy.bitwise_and, bitwise_or, bitwise_xor, invert, left_shift, right_shift.
//
// The bitwise operations take integers and bool (invert of a bool is logical not). Shifts
// take integers only (numpy shifts bools as int8) and follow npy_lshift/npy_rshift: the
// count is compared as an unsigned number, so a negative count counts as too large; shifting
// by the bit width or more gives 0 to the left, and to the right 0, or -1 for a negative
// signed value (the sign fills in). Left shifts of negative values wrap like numpy's.

#include <type_traits>

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

template <class T>
concept bitwise_operand = boolean<T> || integer<T>;

template <bitwise_operand T>
constexpr T bitwise_and(T a, T b) noexcept {
  return static_cast<T>(a & b);
}

template <bitwise_operand T>
constexpr T bitwise_or(T a, T b) noexcept {
  return static_cast<T>(a | b);
}

template <bitwise_operand T>
constexpr T bitwise_xor(T a, T b) noexcept {
  return static_cast<T>(a ^ b);
}

template <boolean T>
constexpr T invert(T x) noexcept {
  return !x;
}

template <integer T>
constexpr T invert(T x) noexcept {
  return static_cast<T>(~static_cast<wide_unsigned_t<T>>(x));
}

template <integer T>
constexpr T left_shift(T a, T b) noexcept {
  using U = wide_unsigned_t<T>;
  const auto count = static_cast<std::make_unsigned_t<T>>(b);
  const bool in_range = count < value_bits<T>;
  const U shifted = static_cast<U>(static_cast<U>(a) << (in_range ? count : 0U));
  return in_range ? static_cast<T>(shifted) : T(0);
}

template <integer T>
constexpr T right_shift(T a, T b) noexcept {
  const auto count = static_cast<std::make_unsigned_t<T>>(b);
  const bool in_range = count < value_bits<T>;
  if constexpr (signed_integer<T>) {
    // C++20 defines >> of a negative value as arithmetic; by bits - 1 it gives 0 or -1
    return static_cast<T>(a >> (in_range ? count : value_bits<T> - 1U));
  } else {
    const auto shifted = static_cast<T>(a >> (in_range ? count : 0U));
    return in_range ? shifted : T(0);
  }
}

}  // namespace pyaot::numpy::scalar
