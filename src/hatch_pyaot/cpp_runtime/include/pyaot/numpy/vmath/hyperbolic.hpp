#pragma once
// numpy.tanh, numpy.sinh and numpy.cosh, vectorizable (see bits.hpp), float32: computed in
// double precision from our exp (exp.hpp, within 1 ulp of double), one rounding to float at
// the end, so within 1 ulp of float (nearly always the correctly rounded result).
//
// With a = |x| and E = exp(a) (or exp(2a)): tanh a = 1 - 2 / (exp(2a) + 1),
// sinh a = (E - 1/E) / 2 and cosh a = (E + 1/E) / 2; where the first two cancel (a below
// 1/16, 1/2) their Taylor series (cut where the next term is below 2**-46 relative) instead.
// Overflow gives inf (cosh, sinh) or 1 (tanh) through the double's inf; tanh and sinh are
// odd (the sign is x's: -0.0 stays -0.0), cosh even; a nan passes through.

#include "pyaot/numpy/vmath/bits.hpp"
#include "pyaot/numpy/vmath/exp.hpp"

namespace pyaot::numpy::vmath {

namespace detail {

/// tanh a = a + a z horner(z, ...) with z = a * a: 2**2n (2**2n - 1) B_2n / (2n)!, n = 2..5.
inline constexpr double tanh_series_float[] = {-0x1.5555555555555p-2, 0x1.1111111111111p-3,
                                                -0x1.ba1ba1ba1ba1cp-5, 0x1.664f4882c10fap-6};
/// sinh a = a + a z horner(z, ...): 1 / (2n + 1)! for n = 1..5.
inline constexpr double sinh_series_float[] = {0x1.5555555555555p-3, 0x1.1111111111111p-7,
                                                0x1.a01a01a01a01ap-13, 0x1.71de3a556c734p-19,
                                                0x1.ae64567f544e4p-26};

/// |x| as a double, and x's sign bit as a mask for the float result.
struct Widened {
  double a;
  std::uint32_t sign;
};

inline Widened widen(float x) noexcept {
  return {from_bits<double>(magnitude_bits(double(x))), bits(x) & ~magnitude_bits(x)};
}

/// The odd function's result: a's value rounded to float with x's sign.
inline float with_sign(double value, std::uint32_t sign) noexcept {
  return from_bits<float>(bits(float(value)) ^ sign);
}

/// series below `edge` (a's bits), else `formula`.
inline double below(double a, double edge, double series, double formula) noexcept {
  return blend(greater_mask(bits(edge), bits(a)), series, formula);
}

}  // namespace detail

inline float tanh(float x) noexcept {
  const detail::Widened w = detail::widen(x);
  const double z = w.a * w.a;
  const double series = w.a + w.a * z * horner(z, detail::tanh_series_float);
  const double formula = 1.0 - 2.0 / (exp(2.0 * w.a) + 1.0);
  return detail::with_sign(detail::below(w.a, 0.0625, series, formula), w.sign);
}

inline float sinh(float x) noexcept {
  const detail::Widened w = detail::widen(x);
  const double z = w.a * w.a;
  const double series = w.a + w.a * z * horner(z, detail::sinh_series_float);
  const double e = exp(w.a);
  const double formula = 0.5 * (e - 1.0 / e);
  return detail::with_sign(detail::below(w.a, 0.5, series, formula), w.sign);
}

inline float cosh(float x) noexcept {
  const double e = exp(detail::widen(x).a);
  return float(0.5 * (e + 1.0 / e));
}

}  // namespace pyaot::numpy::vmath
