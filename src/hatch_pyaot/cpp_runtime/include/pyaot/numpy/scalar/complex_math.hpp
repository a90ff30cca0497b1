#pragma once
// numpy's other math ufuncs on complex64 and complex128 elements, as numpy 2 computes them
// (its funcs.inc.src and loops; no SIMD loops for these):
// - sin cos tan sinh cosh tanh arcsin arccos arctan arcsinh arccosh arctanh: the C library's
//   csin ... catanh (numpy's npy_csin ... call them; glibc on Linux).
// - log10, log2: the complex log with both parts scaled by log10(e) or log2(e).
// - log1p: (log(hypot(re + 1, im)), atan2(im, re + 1)).
// - expm1: (expm1(re) * cos(im) - 2 * sin(im / 2)**2, exp(re) * sin(im)).
// - sign: z / hypot(re, im) (numpy 2), nan for a nan part, 0 for 0, and for an infinite
//   part the unit along it (nan for both infinite).
// The C++ standard library's complex functions are libstdc++'s calls of the C library's, so
// results are numpy's bits where numpy calls the same C library.

#include <cmath>
#include <complex>
#include <numbers>

#include "pyaot/numpy/scalar/complex.hpp"

namespace pyaot::numpy::scalar {

namespace complex_detail {

template <complex_number T, class F>
inline T through_std(T z, F f) noexcept {
  return from_std<T>(f(to_std(z)));
}

template <complex_number T>
inline T scaled(T z, part<T> by) noexcept {
  return T{z.real * by, z.imag * by};
}

}  // namespace complex_detail

#define PYAOT_COMPLEX_STD(name, stdname)                                              \
  template <complex_number T>                                                         \
  inline T name(T z) noexcept {                                                       \
    return complex_detail::through_std(z, [](auto w) { return std::stdname(w); });    \
  }

PYAOT_COMPLEX_STD(sin, sin)
PYAOT_COMPLEX_STD(cos, cos)
PYAOT_COMPLEX_STD(tan, tan)
PYAOT_COMPLEX_STD(sinh, sinh)
PYAOT_COMPLEX_STD(cosh, cosh)
PYAOT_COMPLEX_STD(tanh, tanh)
PYAOT_COMPLEX_STD(arcsin, asin)
PYAOT_COMPLEX_STD(arccos, acos)
PYAOT_COMPLEX_STD(arctan, atan)
PYAOT_COMPLEX_STD(arcsinh, asinh)
PYAOT_COMPLEX_STD(arccosh, acosh)
PYAOT_COMPLEX_STD(arctanh, atanh)

#undef PYAOT_COMPLEX_STD

template <complex_number T>
inline T log10(T z) noexcept {
  return complex_detail::scaled(log(z), std::numbers::log10e_v<complex_detail::part<T>>);
}

template <complex_number T>
inline T log2(T z) noexcept {
  return complex_detail::scaled(log(z), std::numbers::log2e_v<complex_detail::part<T>>);
}

template <complex_number T>
inline T log1p(T z) noexcept {
  using P = complex_detail::part<T>;
  const P re = z.real + P(1);
  return T{std::log(std::hypot(re, z.imag)), std::atan2(z.imag, re)};
}

template <complex_number T>
inline T expm1(T z) noexcept {
  using P = complex_detail::part<T>;
  const P half = std::sin(z.imag / P(2));
  return T{std::expm1(z.real) * std::cos(z.imag) - P(2) * half * half,
           std::exp(z.real) * std::sin(z.imag)};
}

template <complex_number T>
inline T sign(T z) noexcept {
  using P = complex_detail::part<T>;
  const P size = std::hypot(z.real, z.imag);
  if (std::isnan(size)) return T{P(NAN), P(NAN)};
  if (std::isinf(size)) {
    if (std::isinf(z.real)) {
      if (std::isinf(z.imag)) return T{P(NAN), P(NAN)};
      return T{z.real > 0 ? P(1) : P(-1), P(0)};
    }
    return T{P(0), z.imag > 0 ? P(1) : P(-1)};
  }
  if (size == 0) return T{P(0), P(0)};
  return T{z.real / size, z.imag / size};
}

}  // namespace pyaot::numpy::scalar
