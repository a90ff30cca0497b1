#pragma once
// The element types of numpy's complex dtypes: complex128 is Python's complex (two doubles,
// pyaot/builtins/complex.hpp), complex64 two floats; both have numpy's layout (real part
// first), so an array's buffer is read and written in place.

#include <type_traits>

#include "pyaot/builtins/complex.hpp"

namespace pyaot::numpy {

/// numpy.complex64: two float32 parts.
struct complex64 {
  float real = 0.0F;
  float imag = 0.0F;

  constexpr complex64() noexcept = default;
  constexpr complex64(float r, float i) noexcept : real(r), imag(i) {}
  /// A real number: the real part, +0.0 the imaginary (T(0), T(1) in the array kernels).
  template <class R>
    requires std::is_arithmetic_v<R>
  constexpr explicit complex64(R r) noexcept : real(static_cast<float>(r)) {}
  /// complex128 -> complex64: each part rounded to float32, as numpy's cast.
  constexpr explicit complex64(pyaot::complex z) noexcept
      : real(static_cast<float>(z.real)), imag(static_cast<float>(z.imag)) {}
  constexpr explicit operator pyaot::complex() const noexcept { return {real, imag}; }

  friend constexpr bool operator==(const complex64& a, const complex64& b) noexcept {
    return a.real == b.real && a.imag == b.imag;
  }
};

static_assert(sizeof(complex64) == 8 && sizeof(pyaot::complex) == 16 &&
                  alignof(complex64) == 4 && alignof(pyaot::complex) == 8,
              "numpy's complex64 and complex128 layouts");

/// The type of one part of a complex element: float for complex64, double for complex128.
template <class T>
struct complex_part;
template <>
struct complex_part<complex64> {
  using type = float;
};
template <>
struct complex_part<pyaot::complex> {
  using type = double;
};
template <class T>
using complex_part_t = typename complex_part<T>::type;

}  // namespace pyaot::numpy
