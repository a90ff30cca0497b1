#pragma once
// numpy's ufuncs on complex64 and complex128 elements, as numpy 2 computes them on x86-64
// with AVX2/FMA or AVX-512 (its SIMD loops):
// - add, subtract, negative, conjugate, equal, not_equal: exact, part by part.
// - multiply: (ar*br - ai*bi, ar*bi + ai*br) with each sum fused (numpy's SIMD loop uses
//   FMA), so the result is bit for bit numpy's array product.
// - true_divide: Smith's quotient with numpy's scaling (1/(br + bi*r)); a zero divisor gives
//   inf or nan parts (numpy warns), never an exception.
// - power: npy_cpow: 1 for a zero exponent, 0 or nan for a zero base, repeated squaring for
//   integral exponents below 100 in magnitude, else the C library's cpow.
// - absolute: numpy's SIMD hypot, larger * sqrt(fma(r, r, 1)) with r = smaller / larger
//   (within 1 ulp of a correctly rounded hypot); an inf part gives inf, then nan gives nan.
// - exp, log, sqrt: the C library's cexp, clog, csqrt (glibc; numpy calls the same).
// - isnan/isinf/isfinite: either part nan / either part inf / both finite.
// - less ... greater_equal, minimum, maximum, fmin, fmax: numpy's lexicographic order (real
//   parts first), nan-propagating as numpy's CLT/CGE macros.
// - real, imag, angle: the parts and arctan2(imag, real).

#include <cmath>
#include <complex>
#include <functional>

#include "pyaot/numpy/scalar/dtype.hpp"

namespace pyaot::numpy::scalar {

namespace complex_detail {

template <complex_number T>
using part = complex_part_t<T>;

template <complex_number T>
std::complex<part<T>> to_std(T z) noexcept {
  return {z.real, z.imag};
}

template <complex_number T>
T from_std(std::complex<part<T>> z) noexcept {
  return T{z.real(), z.imag()};
}

/// numpy's cmul: the schoolbook product without fused operations (npy_cpow's).
template <complex_number T>
constexpr T plain_product(T a, T b) noexcept {
  return T{a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
}

template <complex_number T>
constexpr bool has_nan(T z) noexcept {
  return std::isnan(z.real) || std::isnan(z.imag);
}

/// numpy's CLT, CLE, CGT, CGE: the real parts compared strictly (false where an imaginary
/// part is nan), and where they are equal the imaginary parts by `Imag`.
template <class Real, class Imag, complex_number T>
constexpr bool lexicographic(T x, T y) noexcept {
  return (Real{}(x.real, y.real) && !std::isnan(x.imag) && !std::isnan(y.imag)) ||
         (x.real == y.real && Imag{}(x.imag, y.imag));
}

template <complex_number T>
constexpr bool ge(T x, T y) noexcept {
  return lexicographic<std::greater<>, std::greater_equal<>>(x, y);
}

template <complex_number T>
constexpr bool le(T x, T y) noexcept {
  return lexicographic<std::less<>, std::less_equal<>>(x, y);
}

}  // namespace complex_detail

template <complex_number T>
constexpr T add(T a, T b) noexcept {
  return T{a.real + b.real, a.imag + b.imag};
}

template <complex_number T>
constexpr T subtract(T a, T b) noexcept {
  return T{a.real - b.real, a.imag - b.imag};
}

template <complex_number T>
inline T multiply(T a, T b) noexcept {
  return T{std::fma(a.real, b.real, -(a.imag * b.imag)), std::fma(a.real, b.imag, a.imag * b.real)};
}

template <complex_number T>
inline T true_divide(T a, T b) noexcept {
  using P = complex_detail::part<T>;
  const P abs_br = std::fabs(b.real), abs_bi = std::fabs(b.imag);
  if (abs_br >= abs_bi) {
    if (abs_br == 0 && abs_bi == 0) return T{a.real / abs_br, a.imag / abs_br};
    const P rat = b.imag / b.real;
    const P scl = P(1) / (b.real + b.imag * rat);
    return T{(a.real + a.imag * rat) * scl, (a.imag - a.real * rat) * scl};
  }
  const P rat = b.real / b.imag;
  const P scl = P(1) / (b.imag + b.real * rat);
  return T{(a.real * rat + a.imag) * scl, (a.imag * rat - a.real) * scl};
}

/// numpy's cdiv (Smith's, as true_divide) of 1 by z, for negative integral powers.
template <complex_number T>
inline T power(T a, T b) noexcept {
  using P = complex_detail::part<T>;
  if (b.real == 0 && b.imag == 0) return T{P(1), P(0)};
  if (a.real == 0 && a.imag == 0) {
    return b.real > 0 ? T{P(0), P(0)} : T{P(NAN), P(NAN)};
  }
  if (b.imag == 0 && b.real > -100 && b.real < 100) {
    const auto n = static_cast<long>(b.real);
    if (static_cast<P>(n) == b.real) {
      if (n == 1) return a;
      if (n == 2) return complex_detail::plain_product(a, a);
      if (n == 3) return complex_detail::plain_product(a, complex_detail::plain_product(a, a));
      long m = n < 0 ? -n : n;
      long mask = 1;
      T aa{P(1), P(0)};
      T p = a;
      while (true) {
        if ((m & mask) != 0) aa = complex_detail::plain_product(aa, p);
        mask <<= 1;
        if (m < mask || mask <= 0) break;
        p = complex_detail::plain_product(p, p);
      }
      return b.real < 0 ? true_divide(T{P(1), P(0)}, aa) : aa;
    }
  }
  return complex_detail::from_std<T>(
      std::pow(complex_detail::to_std(a), complex_detail::to_std(b)));
}

template <complex_number T>
inline T sqrt(T z) noexcept;

/// numpy.reciprocal: Smith's 1/z as numpy's loop computes it.
template <complex_number T>
inline T reciprocal(T z) noexcept {
  using P = complex_detail::part<T>;
  if (std::fabs(z.imag) <= std::fabs(z.real)) {
    const P r = z.imag / z.real;
    const P d = z.real + z.imag * r;
    return T{P(1) / d, -r / d};
  }
  const P r = z.real / z.imag;
  const P d = z.real * r + z.imag;
  return T{r / d, P(-1) / d};
}

/// `array ** int` (ndarray.__pow__): 2 is numpy.square, -1 numpy.reciprocal, else power.
template <complex_number T>
inline T power_by_int(T a, T b) noexcept {
  if (b.real == 2) return multiply(a, a);
  if (b.real == -1) return reciprocal(a);
  return power(a, b);
}

/// `array ** float`: 0.5 is numpy.sqrt, else power.
template <complex_number T>
inline T power_by_float(T a, T b) noexcept {
  return b.real == 0.5 ? sqrt(a) : power(a, b);
}

template <complex_number T>
constexpr T negative(T x) noexcept {
  return T{-x.real, -x.imag};
}

template <complex_number T>
constexpr T positive(T x) noexcept {
  return x;
}

template <complex_number T>
constexpr T conjugate(T x) noexcept {
  return T{x.real, -x.imag};
}

template <complex_number T>
constexpr T square(T x) noexcept {
  return multiply(x, x);
}

template <complex_number T>
inline complex_detail::part<T> absolute(T z) noexcept {
  using P = complex_detail::part<T>;
  constexpr P inf = INFINITY;
  P re = std::fabs(z.real), im = std::fabs(z.imag);
  if (re == inf) im = inf;
  if (im == inf) re = inf;
  if (std::isnan(re)) im = P(NAN);
  if (std::isnan(im)) re = P(NAN);
  if (std::isnan(re)) return re;
  const P larger = re > im ? re : im;
  const P smaller = re > im ? im : re;
  const bool divide = !(larger == 0 || smaller == inf);
  const P ratio = divide ? smaller / larger : P(0);
  return std::sqrt(std::fma(ratio, ratio, P(1))) * larger;
}

template <complex_number T>
inline T exp(T z) noexcept {
  return complex_detail::from_std<T>(std::exp(complex_detail::to_std(z)));
}

template <complex_number T>
inline T log(T z) noexcept {
  return complex_detail::from_std<T>(std::log(complex_detail::to_std(z)));
}

template <complex_number T>
inline T sqrt(T z) noexcept {
  return complex_detail::from_std<T>(std::sqrt(complex_detail::to_std(z)));
}

template <complex_number T>
inline bool isnan(T z) noexcept {
  return complex_detail::has_nan(z);
}

template <complex_number T>
inline bool isinf(T z) noexcept {
  return std::isinf(z.real) || std::isinf(z.imag);
}

template <complex_number T>
inline bool isfinite(T z) noexcept {
  return std::isfinite(z.real) && std::isfinite(z.imag);
}

template <complex_number T>
constexpr bool equal(T a, T b) noexcept {
  return a.real == b.real && a.imag == b.imag;
}

template <complex_number T>
constexpr bool not_equal(T a, T b) noexcept {
  return !equal(a, b);
}

template <complex_number T>
constexpr bool less(T a, T b) noexcept {
  return complex_detail::lexicographic<std::less<>, std::less<>>(a, b);
}

template <complex_number T>
constexpr bool less_equal(T a, T b) noexcept {
  return complex_detail::le(a, b);
}

template <complex_number T>
constexpr bool greater(T a, T b) noexcept {
  return complex_detail::lexicographic<std::greater<>, std::greater<>>(a, b);
}

template <complex_number T>
constexpr bool greater_equal(T a, T b) noexcept {
  return complex_detail::ge(a, b);
}

template <complex_number T>
constexpr T maximum(T a, T b) noexcept {
  return complex_detail::has_nan(a) || complex_detail::ge(a, b) ? a : b;
}

template <complex_number T>
constexpr T minimum(T a, T b) noexcept {
  return complex_detail::has_nan(a) || complex_detail::le(a, b) ? a : b;
}

template <complex_number T>
constexpr T fmax(T a, T b) noexcept {
  return complex_detail::has_nan(b) || complex_detail::ge(a, b) ? a : b;
}

template <complex_number T>
constexpr T fmin(T a, T b) noexcept {
  return complex_detail::has_nan(b) || complex_detail::le(a, b) ? a : b;
}

template <complex_number T>
constexpr complex_detail::part<T> real(T z) noexcept {
  return z.real;
}

template <complex_number T>
constexpr complex_detail::part<T> imag(T z) noexcept {
  return z.imag;
}

template <complex_number T>
inline complex_detail::part<T> angle(T z) noexcept {
  return std::atan2(z.imag, z.real);
}

}  // namespace pyaot::numpy::scalar

namespace pyaot::numpy::scalar {

/// numpy.real, numpy.imag and numpy.angle of a real number: the number, 0, arctan2(0, x).
template <class T>
  requires boolean<T> || number<T>
constexpr T real(T x) noexcept {
  return x;
}

template <class T>
  requires boolean<T> || number<T>
constexpr T imag(T) noexcept {
  return T(0);
}

template <floating T>
inline T angle(T x) noexcept {
  return std::atan2(T(0), x);
}

}  // namespace pyaot::numpy::scalar

namespace pyaot::numpy::scalar {

/// numpy.isreal and numpy.iscomplex of a complex element: whether its imaginary part is 0.
template <complex_number T>
constexpr bool isreal(T z) noexcept {
  return z.imag == 0;
}

template <complex_number T>
constexpr bool iscomplex(T z) noexcept {
  return z.imag != 0;
}

}  // namespace pyaot::numpy::scalar
