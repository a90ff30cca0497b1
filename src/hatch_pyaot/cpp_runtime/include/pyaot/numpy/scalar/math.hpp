#pragma once
// numpy's math ufuncs (sqrt, exp, sin, floor, hypot, isnan, clip ...) on one value of a dtype.
//
// Each function is named after its ufunc and takes the dtype of the loop numpy runs it in:
// the compiler casts the operands first (hatch_pyaot/typing/ufuncs.py gives that dtype, so
// numpy.sqrt of an int16 array runs sqrt<float>). The float ones call the float overloads of
// <cmath> so float32 stays float32. numpy computes some of them with its own SIMD code
// (float32 sin/cos/exp/log, several float64 ones under AVX-512), which can differ from libm in
// the last bits; tests/test_numpy_math_ufuncs.py states by how many ulp. The IEEE-exact ones
// (sqrt, square, reciprocal, floor, ceil, trunc, rint, fabs, fmod, copysign, nextafter,
// deg2rad, rad2deg, clip, the predicates) agree bit for bit.
//
// Integer loops, where numpy has them: square wraps (multiply), reciprocal and fmod follow
// numpy's C (reciprocal(0) is what x86-64 gives for 1.0 / 0 cast back, fmod by 0 or -1 is
// 0), floor/ceil/trunc/clip also take bool. absolute and sign are in unary.hpp.

#include <cmath>
#include <limits>
#include <numbers>

#include "pyaot/numpy/scalar/arithmetic.hpp"
#include "pyaot/numpy/scalar/dtype.hpp"
#include "pyaot/numpy/vmath/choice.hpp"
#include "pyaot/numpy/vmath/exp.hpp"
#include "pyaot/numpy/vmath/log.hpp"
#include "pyaot/numpy/vmath/hyperbolic.hpp"
#include "pyaot/numpy/vmath/log1p_expm1.hpp"
#include "pyaot/numpy/vmath/trig.hpp"
#include "pyaot/numpy/vmath/tan.hpp"
#include "pyaot/numpy/vmath/inverse_trig.hpp"
#include "pyaot/numpy/vmath/cbrt.hpp"

namespace pyaot::numpy::scalar {

// ---- powers and roots --------------------------------------------------------------------

template <floating T>
inline T sqrt(T x) noexcept {
  return std::sqrt(x);
}

template <floating T>
[[gnu::always_inline]] inline T cbrt(T x) noexcept {
  if constexpr (vmath::ours<T>(128, 128)) return vmath::cbrt(x);
  return std::cbrt(x);
}

template <floating T>
constexpr T square(T x) noexcept {
  return x * x;
}

template <integer T>
constexpr T square(T x) noexcept {
  return multiply(x, x);
}

template <floating T>
constexpr T reciprocal(T x) noexcept {
  return T(1) / x;
}

/// numpy's `(T)(1.0 / x)`: 1 for 1, -1 for -1, else 0; for 0 the cast of inf, which x86-64
/// gives as INT_MIN for int32 and int64 and as 0 (its low bits) for the narrower types.
template <integer T>
constexpr T reciprocal(T x) noexcept {
  if (x == 1) return T(1);
  if constexpr (signed_integer<T>) {
    if (x == -1) return T(-1);
    if (x == 0 && sizeof(T) >= 4) return std::numeric_limits<T>::min();
  }
  return T(0);
}

// ---- exponentials and logarithms ---------------------------------------------------------

template <floating T>
inline T exp(T x) noexcept {
  if constexpr (vmath::ours<T>(128, 256)) return vmath::exp(x);
  return std::exp(x);
}

template <floating T>
inline T exp2(T x) noexcept {
  return std::exp2(x);
}

template <floating T>
[[gnu::always_inline]] inline T expm1(T x) noexcept {
  if constexpr (vmath::ours<T>(128, vmath::never)) return vmath::expm1(x);
  return std::expm1(x);
}

template <floating T>
inline T log(T x) noexcept {
  if constexpr (vmath::ours<T>(256, 512)) return vmath::log(x);
  return std::log(x);
}

template <floating T>
inline T log2(T x) noexcept {
  return std::log2(x);
}

template <floating T>
inline T log10(T x) noexcept {
  return std::log10(x);
}

template <floating T>
[[gnu::always_inline]] inline T log1p(T x) noexcept {
  if constexpr (vmath::ours<T>(256, 256)) return vmath::log1p(x);
  return std::log1p(x);
}

/// npy_logaddexp: log(exp(a) + exp(b)) without overflow; equal operands (infinities
/// included) give a + log(2), a nan operand gives nan.
template <floating T>
inline T logaddexp(T a, T b) noexcept {
  if (a == b) return a + std::numbers::ln2_v<T>;
  const T d = a - b;
  if (d > 0) return a + std::log1p(std::exp(-d));
  if (d <= 0) return b + std::log1p(std::exp(d));
  return d;
}

/// npy_logaddexp2: log2(2**a + 2**b).
template <floating T>
inline T logaddexp2(T a, T b) noexcept {
  if (a == b) return a + T(1);
  const T d = a - b;
  if (d > 0) return a + std::numbers::log2e_v<T> * std::log1p(std::exp2(-d));
  if (d <= 0) return b + std::numbers::log2e_v<T> * std::log1p(std::exp2(d));
  return d;
}

// ---- trigonometric and hyperbolic --------------------------------------------------------

template <floating T>
[[gnu::always_inline]] inline T sin(T x) noexcept {
  if constexpr (vmath::ours<T>(512, 512)) return vmath::sin(x);
  return std::sin(x);
}

template <floating T>
[[gnu::always_inline]] inline T cos(T x) noexcept {
  if constexpr (vmath::ours<T>(512, 512)) return vmath::cos(x);
  return std::cos(x);
}

template <floating T>
[[gnu::always_inline]] inline T tan(T x) noexcept {
  if constexpr (vmath::ours<T>(128, vmath::slower_everywhere)) return vmath::tan(x);
  return std::tan(x);
}

template <floating T>
[[gnu::always_inline]] inline T arcsin(T x) noexcept {
  if constexpr (vmath::ours<T>(256, 256)) return vmath::arcsin(x);
  return std::asin(x);
}

template <floating T>
[[gnu::always_inline]] inline T arccos(T x) noexcept {
  if constexpr (vmath::ours<T>(128, 256)) return vmath::arccos(x);
  return std::acos(x);
}

template <floating T>
[[gnu::always_inline]] inline T arctan(T x) noexcept {
  if constexpr (vmath::ours<T>(128, 128)) return vmath::arctan(x);
  return std::atan(x);
}

template <floating T>
inline T arctan2(T y, T x) noexcept {
  return std::atan2(y, x);
}

template <floating T>
inline T hypot(T a, T b) noexcept {
  return std::hypot(a, b);
}

template <floating T>
[[gnu::always_inline]] inline T sinh(T x) noexcept {
  if constexpr (vmath::ours<T>(128, vmath::never)) return vmath::sinh(x);
  return std::sinh(x);
}

template <floating T>
[[gnu::always_inline]] inline T cosh(T x) noexcept {
  if constexpr (vmath::ours<T>(256, vmath::never)) return vmath::cosh(x);
  return std::cosh(x);
}

template <floating T>
[[gnu::always_inline]] inline T tanh(T x) noexcept {
  if constexpr (vmath::ours<T>(128, vmath::never)) return vmath::tanh(x);
  return std::tanh(x);
}

template <floating T>
inline T arcsinh(T x) noexcept {
  return std::asinh(x);
}

template <floating T>
inline T arccosh(T x) noexcept {
  return std::acosh(x);
}

template <floating T>
inline T arctanh(T x) noexcept {
  return std::atanh(x);
}

/// npy_deg2rad: x times pi / 180 rounded to T (numpy.radians is the same function).
template <floating T>
constexpr T deg2rad(T x) noexcept {
  return x * static_cast<T>(std::numbers::pi / 180.0);
}

/// numpy.rad2deg (numpy.degrees is the same function): x times 180 / pi rounded to T for
/// float64; for float32 numpy's constant is 180.0f / (float)pi, a float division (one ulp
/// below the rounded 180 / pi).
template <floating T>
constexpr T rad2deg(T x) noexcept {
  if constexpr (sizeof(T) == 4) {
    return x * (T(180) / std::numbers::pi_v<T>);
  } else {
    return x * static_cast<T>(180.0 / std::numbers::pi);
  }
}

template <floating T>
constexpr T radians(T x) noexcept {
  return deg2rad(x);
}

template <floating T>
constexpr T degrees(T x) noexcept {
  return rad2deg(x);
}

// ---- rounding ----------------------------------------------------------------------------

template <floating T>
inline T floor(T x) noexcept {
  return std::floor(x);
}

template <floating T>
inline T ceil(T x) noexcept {
  return std::ceil(x);
}

template <floating T>
inline T trunc(T x) noexcept {
  return std::trunc(x);
}

/// numpy 2 has bool and integer loops for floor, ceil and trunc: the value itself.
template <class T>
  requires boolean<T> || integer<T>
constexpr T floor(T x) noexcept {
  return x;
}

template <class T>
  requires boolean<T> || integer<T>
constexpr T ceil(T x) noexcept {
  return x;
}

template <class T>
  requires boolean<T> || integer<T>
constexpr T trunc(T x) noexcept {
  return x;
}

/// Round half to even (the default rounding mode; numpy never changes it).
template <floating T>
inline T rint(T x) noexcept {
  return std::nearbyint(x);
}

// ---- sign and remainder ------------------------------------------------------------------

template <floating T>
inline T fabs(T x) noexcept {
  return std::fabs(x);
}

template <floating T>
inline T copysign(T magnitude, T sign_of) noexcept {
  return std::copysign(magnitude, sign_of);
}

template <floating T>
inline T nextafter(T from, T to) noexcept {
  return std::nextafter(from, to);
}

/// C fmod: the remainder has the sign of the dividend; fmod(x, 0) and fmod(inf, y) are nan.
template <floating T>
inline T fmod(T a, T b) noexcept {
  return std::fmod(a, b);
}

/// numpy's integer fmod: C's truncating %, with 0 for a divisor of 0 (numpy warns) or -1
/// (where INT_MIN % -1 would overflow).
template <integer T>
constexpr T fmod(T a, T b) noexcept {
  if (b == 0) return T(0);
  if constexpr (signed_integer<T>) {
    if (b == -1) return T(0);
  }
  return static_cast<T>(a % b);
}

// ---- predicates --------------------------------------------------------------------------

template <floating T>
inline bool isnan(T x) noexcept {
  return std::isnan(x);
}

template <floating T>
inline bool isinf(T x) noexcept {
  return std::isinf(x);
}

template <floating T>
inline bool isfinite(T x) noexcept {
  return std::isfinite(x);
}

template <class T>
  requires boolean<T> || integer<T>
constexpr bool isnan(T) noexcept {
  return false;
}

template <class T>
  requires boolean<T> || integer<T>
constexpr bool isinf(T) noexcept {
  return false;
}

template <class T>
  requires boolean<T> || integer<T>
constexpr bool isfinite(T) noexcept {
  return true;
}

template <floating T>
inline bool signbit(T x) noexcept {
  return std::signbit(x);
}

// ---- clip --------------------------------------------------------------------------------

/// numpy 2's clip: a nan bound gives nan, a nan x stays nan, lo > hi gives hi, and a value
/// equal to a bound is kept (so clip(-0.0, 0.0, 1.0) is -0.0).
template <dtype T>
constexpr T clip(T x, T lo, T hi) noexcept {
  if constexpr (floating<T>) {
    if (lo != lo) return lo;
    if (hi != hi) return hi;
  }
  const T raised = x < lo ? lo : x;
  return raised > hi ? hi : raised;
}

}  // namespace pyaot::numpy::scalar
