#pragma once
// What the vectorizable math functions (pyaot/numpy/vmath/*.hpp) share: a float's or double's
// bits, masks and selects made from them, ln 2 in two parts, powers of two made from the
// exponent field, and polynomials by Horner's rule.
//
// These functions are written for the auto-vectorizer, not for one ISA: straight-line
// arithmetic on the value and on its bits as an unsigned integer of the same width, no
// branches, no table lookups and no integer <-> floating conversions of 64-bit lanes (SSE2 has
// none for vectors). Inside the elementwise loop (pyaot/numpy/elementwise.hpp) GCC and Clang
// then turn one call per element into vector code for whatever ISA they target (SSE2, AVX2,
// AVX-512, NEON, wasm SIMD128), and a call outside a loop is ordinary scalar code with the
// same result, bit for bit.
//
// Selects. A `?:` between computed floating-point values, or a mask made from a floating-point
// comparison, becomes a branch that GCC will not if-convert under -ftrapping-math once it has
// sunk the arithmetic of one side into it: the loop then stays scalar. Masks computed from the
// bits with integer arithmetic alone stay branch-free.

#include <bit>
#include <cstdint>
#include <limits>

namespace pyaot::numpy::vmath {

template <class T>
struct layout;

template <>
struct layout<double> {
  using uint = std::uint64_t;
  static constexpr int mantissa = 52;
  static constexpr uint bias = 1023;
  static constexpr double ln2_hi = 0x1.62e42feep-1;  ///< ln 2 to 32 bits: k * ln2_hi is exact
  static constexpr double ln2_lo = 0x1.a39ef35793c76p-33;
  static constexpr double inv_ln2 = 0x1.71547652b82fep+0;
};

template <>
struct layout<float> {
  using uint = std::uint32_t;
  static constexpr int mantissa = 23;
  static constexpr uint bias = 127;
  static constexpr float ln2_hi = 0x1.62e4p-1f;  ///< ln 2 to 16 bits: k * ln2_hi is exact
  static constexpr float ln2_lo = 0x1.7f7d1cp-20f;
  static constexpr float inv_ln2 = 0x1.715476p+0f;
};

template <class T>
using uint_t = typename layout<T>::uint;

template <class T>
inline constexpr int sign_shift = static_cast<int>(sizeof(T) * 8 - 1);

template <class T>
inline uint_t<T> bits(T x) noexcept {
  return std::bit_cast<uint_t<T>>(x);
}

template <class T>
inline T from_bits(uint_t<T> b) noexcept {
  return std::bit_cast<T>(b);
}

/// All ones where a > b, else 0, for a and b below the sign bit (a value's bits without it).
template <class U>
inline U greater_mask(U a, U b) noexcept {
  return U{0} - static_cast<U>((b - a) >> (sizeof(U) * 8 - 1));
}

/// a's bits where mask is all ones, b's where it is 0.
template <class T>
inline T blend(uint_t<T> mask, T a, T b) noexcept {
  return from_bits<T>((bits(a) & mask) | (bits(b) & ~mask));
}

/// a where mask is all ones, b where it is 0, for integers.
template <class U>
inline U blend_bits(U mask, U a, U b) noexcept {
  return (a & mask) | (b & ~mask);
}

/// |x|'s bits.
template <class T>
inline uint_t<T> magnitude_bits(T x) noexcept {
  return bits(x) & (std::numeric_limits<uint_t<T>>::max() >> 1);
}

/// All ones where x is negative (its sign bit set: -0.0 too), else 0.
template <class T>
inline uint_t<T> negative_mask(T x) noexcept {
  return uint_t<T>{0} - (bits(x) >> sign_shift<T>);
}

/// All ones where x is a NaN.
template <class T>
inline uint_t<T> nan_mask(T x) noexcept {
  return greater_mask(magnitude_bits(x), bits(std::numeric_limits<T>::infinity()));
}

/// 2**k for an integer k in the normal range, given as its two's complement bits.
template <class T>
inline T pow2(uint_t<T> k) noexcept {
  return from_bits<T>((k + layout<T>::bias) << layout<T>::mantissa);
}

/// A value that holds a non-negative integer n < 2**mantissa exactly, without an integer ->
/// floating conversion: 2**mantissa + n has n as its low mantissa bits.
template <class T>
inline T small_uint_to_float(uint_t<T> n) noexcept {
  constexpr T big = T(uint_t<T>{1} << layout<T>::mantissa);
  return from_bits<T>(bits(big) | n) - big;
}

/// round(x) for |x| < 2**(mantissa - 1), as a value and as its integer (two's complement, in
/// the low bits): adding 1.5 * 2**mantissa rounds to an integer (to nearest even).
template <class T>
struct Rounded {
  T value;
  uint_t<T> integer;
};

template <class T>
inline Rounded<T> round_to_integer(T x) noexcept {
  constexpr T shift = T(uint_t<T>{3} << (layout<T>::mantissa - 1));
  const T shifted = x + shift;
  return {shifted - shift, bits(shifted) - bits(shift)};
}

/// a + b as high + low, high the rounded sum and low its rounding error, exactly (Knuth's
/// two-sum: no condition on the operands' magnitudes).
template <class T>
struct Sum {
  T high;
  T low;
};

template <class T>
[[gnu::always_inline]] inline Sum<T> two_sum(T a, T b) noexcept {
  const T high = a + b;
  const T b_part = high - a;
  const T a_part = high - b_part;
  return {high, (a - a_part) + (b - b_part)};
}

/// a + b as high + low exactly, for |a| >= |b| (or a = 0): Dekker's fast two-sum.
template <class T>
[[gnu::always_inline]] inline Sum<T> fast_two_sum(T a, T b) noexcept {
  const T high = a + b;
  return {high, b - (high - a)};
}

/// a * b as high + low exactly (Dekker's product, without FMA: each factor split in two
/// halves of 26 bits).
template <class T>
[[gnu::always_inline]] inline Sum<T> two_product(T a, T b) noexcept {
  constexpr T split = T((uint_t<T>{1} << ((layout<T>::mantissa + 2) / 2)) + 1);
  const T ac = a * split;
  const T ah = ac - (ac - a);
  const T al = a - ah;
  const T bc = b * split;
  const T bh = bc - (bc - b);
  const T bl = b - bh;
  const T high = a * b;
  return {high, ((ah * bh - high) + ah * bl + al * bh) + al * bl};
}

/// c[0] + x * (c[1] + x * (... + x * c[N-1])), unrolled as it is written (a loop here would
/// be unrolled only late when many of these are inlined into one loop body: too late to
/// vectorize it).
template <class T, int N, int I = 0>
[[gnu::always_inline]] inline T horner(T x, const T (&c)[N]) noexcept {
  if constexpr (I == N - 1) {
    return c[I];
  } else {
    return c[I] + x * horner<T, N, I + 1>(x, c);
  }
}

}  // namespace pyaot::numpy::vmath
