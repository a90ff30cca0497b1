#pragma once
// numpy.floor_divide and numpy.remainder of integers by a divisor that is the same for every
// element (`img // k`, `(x - lo) * 255 // span`): the divisor is prepared once, before the
// loop, and each element costs a multiplication, shifts and adds instead of a division, which
// the compiler also vectorizes (the hardware has no vector integer division).
//
// The results are numpy's, exactly (pyaot/numpy/scalar/divide.hpp): floored quotient, the
// remainder with the divisor's sign, x // 0 == x % 0 == 0, INT_MIN // -1 == INT_MIN.
//
// Unsigned division of an N-bit t by d (N = 32 for the dtypes up to 32 bits, 64 for the
// others) follows Granlund and Montgomery's method for invariant divisors: with
// l = ceil(log2 d) and m = floor(2**N (2**l - d) / d) + 1 (below 2**N), t1 = (m t) >> N and
// t // d = (t1 + ((t - t1) >> min(l, 1))) >> max(l - 1, 0) for every t < 2**N. A signed
// quotient is the unsigned one of a magnitude: for d > 0, floor(a / d) is t // |d| with
// t = a for a >= 0, and ~(t // |d|) with t = ~a (= -a - 1) for a < 0; for d < 0 the same with
// -a for a. The 64-bit dtypes take a 128-bit product (pyaot/operator/int_common.hpp's
// uint128), which is not vectorized but still much cheaper than a 64-bit division.

#include <bit>
#include <cstdint>
#include <type_traits>

#include "pyaot/numpy/scalar/divide.hpp"
#include "pyaot/numpy/scalar/dtype.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::numpy::scalar {

namespace detail {

/// The unsigned type the quotient is computed in: 32 bits for the dtypes up to 32 bits.
template <class T>
using divide_uint = std::conditional_t<(sizeof(T) <= 4), std::uint32_t, std::uint64_t>;


/// (m * t) >> N for N-bit m and t.
template <class U>
constexpr U multiply_high(U m, U t) noexcept {
  if constexpr (sizeof(U) == 4) {
    return static_cast<U>((std::uint64_t{m} * t) >> 32);
  } else {
    return static_cast<U>((static_cast<pyaot::detail::uint128>(m) * t) >> 64);
  }
}

/// m = floor(2**N (2**l - d) / d) + 1 for 1 <= d, l = ceil(log2 d) <= N.
template <class U>
constexpr U magic_multiplier(U d, int l) noexcept {
  if constexpr (sizeof(U) == 4) {
    const std::uint64_t excess = (std::uint64_t{1} << l) - d;  // l <= 32
    return static_cast<U>((excess << 32) / d + 1);
  } else {
    using W = pyaot::detail::uint128;
    const W excess = (W{1} << l) - d;
    return static_cast<U>((excess << 64) / d + 1);
  }
}

}  // namespace detail

/// A divisor prepared for numpy's integer floor_divide and remainder (see the top).
template <integer T>
struct Divisor {
  using U = detail::divide_uint<T>;
  T value;         ///< d itself
  U magnitude;     ///< |d| (1 for d == 0)
  U multiplier;    ///< m
  int shift1;      ///< min(l, 1)
  int shift2;      ///< max(l - 1, 0)
  U negative;      ///< all ones where d < 0
  U zero;          ///< all ones where d == 0: every quotient and remainder is 0
};

template <integer T>
constexpr Divisor<T> invariant_divisor(T d) noexcept {
  using U = detail::divide_uint<T>;
  Divisor<T> out{};
  out.value = d;
  const bool negative = signed_integer<T> && d < 0;
  const U wide = static_cast<U>(static_cast<std::conditional_t<signed_integer<T>,
                                                               std::make_signed_t<U>, U>>(d));
  const U magnitude = d == 0 ? U{1} : (negative ? U{0} - wide : wide);
  const int l = magnitude == 1 ? 0 : static_cast<int>(std::bit_width(U(magnitude - 1)));
  out.magnitude = magnitude;
  out.multiplier = detail::magic_multiplier(magnitude, l);
  out.shift1 = l < 1 ? l : 1;
  out.shift2 = l > 1 ? l - 1 : 0;
  out.negative = negative ? ~U{0} : U{0};
  out.zero = d == 0 ? ~U{0} : U{0};
  return out;
}

namespace detail {

template <integer T>
constexpr divide_uint<T> unsigned_quotient(divide_uint<T> t, const Divisor<T>& d) noexcept {
  const divide_uint<T> t1 = multiply_high(d.multiplier, t);
  return (t1 + ((t - t1) >> d.shift1)) >> d.shift2;
}

/// The floored quotient as the unsigned type's bits (truncated to T by the caller).
template <integer T>
constexpr divide_uint<T> floored(T a, const Divisor<T>& d) noexcept {
  using U = divide_uint<T>;
  using S = std::make_signed_t<U>;
  if constexpr (signed_integer<T>) {
    const U ua = static_cast<U>(static_cast<S>(a));
    const U n = (ua ^ d.negative) - d.negative;  // -a for d < 0 (wrapping)
    // all ones where the quotient is negative: a < 0 for d > 0, a > 0 for d < 0
    const U s = static_cast<U>(static_cast<S>(n & ~(ua & d.negative)) >> (sizeof(U) * 8 - 1));
    return (unsigned_quotient(n ^ s, d) ^ s) & ~d.zero;
  } else {
    return unsigned_quotient(static_cast<U>(a), d) & ~d.zero;
  }
}

}  // namespace detail

template <integer T>
constexpr T floor_divide(T a, const Divisor<T>& d) noexcept {
  return static_cast<T>(detail::floored(a, d));
}

template <integer T>
constexpr T remainder(T a, const Divisor<T>& d) noexcept {
  using U = detail::divide_uint<T>;
  const U q = detail::floored(a, d);
  const U r = static_cast<U>(a) - q * static_cast<U>(d.value);
  return static_cast<T>(r & ~d.zero);
}

}  // namespace pyaot::numpy::scalar
