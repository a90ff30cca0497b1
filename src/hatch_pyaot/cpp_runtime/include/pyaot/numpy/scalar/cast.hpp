#pragma once
// cast<To>(x): numpy's astype(To) (casting="unsafe") of one value.
//
// - to bool: x != 0 (nan is True, -0.0 False); from bool: 0 or 1.
// - integer -> integer: modulo 2**bits (C++20 conversions wrap), like numpy.
// - integer -> float, float -> float: the C++ conversion, rounding to nearest as numpy's C
//   casts do (float64 -> float32 overflows to inf).
// - float -> integer truncates toward zero. Where the truncated value does not fit (nan,
//   +-inf, out of range), C and C++ leave the result undefined and numpy gives whatever its
//   build's machine code gives, with a RuntimeWarning; this reproduces numpy on x86-64
//   (GCC/Clang codegen of the C casts, cvttsd2si/cvttss2si), without the undefined
//   behaviour:
//     int64: INT64_MIN                 int32: INT32_MIN
//     int8, int16, uint8, uint16: the int32 conversion above, wrapped (nan -> 0)
//     uint32: the int64 conversion, wrapped (nan -> 0; -1.0 -> 4294967295)
//     uint64: below 2**63 (or nan) the int64 conversion, wrapped (nan -> 2**63); from 2**63
//             on, the int64 conversion of x - 2**63 plus 2**63 (inf -> 0)
//   numpy on other machines (aarch64 saturates) and numpy's AVX-512 array loops for uint32
//   can give other values in these cases; the in-range results are the same everywhere.
// - complex -> real: the real part, cast as above (numpy drops the imaginary part, with a
//   ComplexWarning from astype); complex -> bool: either part nonzero; real -> complex: the
//   value as the real part, +0.0 the imaginary; complex -> complex: each part rounded.

#include <cstdint>

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

namespace detail {

/// cvttsd2si with a 32-bit result: x truncated, or INT32_MIN when that does not fit.
constexpr std::int32_t truncate_to_int32(double x) noexcept {
  const bool fits = x > -2147483649.0 && x < 2147483648.0;  // false for nan
  const auto value = static_cast<std::int32_t>(fits ? x : 0.0);
  return fits ? value : INT32_MIN;
}

/// cvttsd2si with a 64-bit result: x truncated, or INT64_MIN when that does not fit.
constexpr std::int64_t truncate_to_int64(double x) noexcept {
  const bool fits = x >= -9223372036854775808.0 && x < 9223372036854775808.0;
  const auto value = static_cast<std::int64_t>(fits ? x : 0.0);
  return fits ? value : INT64_MIN;
}

/// The x86-64 double -> uint64 sequence: a signed conversion, shifted by 2**63 above it.
constexpr std::uint64_t truncate_to_uint64(double x) noexcept {
  constexpr double two_63 = 9223372036854775808.0;
  const bool low = !(x >= two_63);  // nan takes this branch too
  const auto shifted = static_cast<std::uint64_t>(truncate_to_int64(x - two_63));
  const auto direct = static_cast<std::uint64_t>(truncate_to_int64(x));
  return low ? direct : shifted ^ (std::uint64_t{1} << 63);
}

}  // namespace detail

template <dtype To, dtype From>
constexpr To cast(From x) noexcept {
  if constexpr (complex_number<From> && complex_number<To>) {
    using P = complex_part_t<To>;
    return To{static_cast<P>(x.real), static_cast<P>(x.imag)};
  } else if constexpr (complex_number<From> && boolean<To>) {
    return x.real != 0 || x.imag != 0;
  } else if constexpr (complex_number<From>) {
    return cast<To>(x.real);
  } else if constexpr (complex_number<To>) {
    using P = complex_part_t<To>;
    return To{cast<P>(x), P(0)};
  } else if constexpr (boolean<To>) {
    return x != 0;
  } else if constexpr (!floating<From> || floating<To>) {
    return static_cast<To>(x);
  } else {
    // floating -> integer; float32 widens to double exactly, so one set of bounds serves
    const double wide = x;
    if constexpr (unsigned_integer<To> && sizeof(To) == 8) {
      return static_cast<To>(detail::truncate_to_uint64(wide));
    } else if constexpr (sizeof(To) == 8 || (unsigned_integer<To> && sizeof(To) == 4)) {
      return static_cast<To>(detail::truncate_to_int64(wide));
    } else {
      return static_cast<To>(detail::truncate_to_int32(wide));
    }
  }
}

}  // namespace pyaot::numpy::scalar
