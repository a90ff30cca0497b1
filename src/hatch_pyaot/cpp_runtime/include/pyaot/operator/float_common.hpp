#pragma once
// float helpers shared by the operator and builtins headers: CPython's float_div,
// float_floor_div, float_rem, float_divmod and float_pow (Objects/floatobject.c), step by step.

#include <cmath>

#include "pyaot/error.hpp"

namespace pyaot::detail {

inline bool float_div(double& out, double a, double b) noexcept {
  if (b == 0.0) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "float division by zero");
  }
  out = a / b;
  return true;
}

/// CPython's _float_div_mod: vx // wx and vx % wx for wx != 0.
inline void float_div_mod(double vx, double wx, double& floordiv, double& mod) noexcept {
  mod = std::fmod(vx, wx);
  // fmod is exact, so vx - mod is mathematically a multiple of wx; the division may still
  // be off an integral value by a rounding error, hence the snapping below.
  double div = (vx - mod) / wx;
  if (mod != 0.0) {
    // the remainder takes the sign of the denominator
    if ((wx < 0) != (mod < 0)) {
      mod += wx;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, wx);
  }
  if (div != 0.0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, vx / wx);
  }
}

inline bool float_floordiv(double& out, double a, double b) noexcept {
  if (b == 0.0) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "float floor division by zero");
  }
  double mod;
  float_div_mod(a, b, out, mod);
  return true;
}

inline bool float_mod(double& out, double a, double b) noexcept {
  if (b == 0.0) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "float modulo");
  }
  double mod = std::fmod(a, b);
  if (mod != 0.0) {
    if ((b < 0) != (mod < 0)) mod += b;
  } else {
    mod = std::copysign(0.0, b);
  }
  out = mod;
  return true;
}

inline bool float_divmod(double& q_out, double& r_out, double a, double b) noexcept {
  if (b == 0.0) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "float divmod()");
  }
  float_div_mod(a, b, q_out, r_out);
  return true;
}

inline bool double_is_odd_integer(double x) noexcept { return std::fmod(std::fabs(x), 2.0) == 1.0; }

inline constexpr char complex_power_message[] =
    "complex result: a negative float raised to a non-integer power is not supported by "
    "compiled float ** float";

/// iv ** iw exactly as CPython's float_pow.
inline bool float_pow(double& out, double iv, double iw) noexcept {
  if (iw == 0.0) {  // v**0 is 1, even 0**0 and nan**0
    out = 1.0;
    return true;
  }
  if (std::isnan(iv)) {
    out = iv;
    return true;
  }
  if (std::isnan(iw)) {
    out = iv == 1.0 ? 1.0 : iw;
    return true;
  }
  if (std::isinf(iw)) {
    const double av = std::fabs(iv);
    if (av == 1.0) {
      out = 1.0;
    } else if ((iw > 0.0) == (av > 1.0)) {
      out = std::fabs(iw);
    } else {
      out = 0.0;
    }
    return true;
  }
  if (std::isinf(iv)) {
    const bool odd = double_is_odd_integer(iw);
    if (iw > 0.0) {
      out = odd ? iv : std::fabs(iv);
    } else {
      out = odd ? std::copysign(0.0, iv) : 0.0;
    }
    return true;
  }
  if (iv == 0.0) {
    if (iw < 0.0) [[unlikely]] {
      return raise(Exc::ZeroDivisionError, "0.0 cannot be raised to a negative power");
    }
    out = double_is_odd_integer(iw) ? iv : 0.0;
    return true;
  }
  bool negate = false;
  if (iv < 0.0) {
    if (iw != std::floor(iw)) [[unlikely]] {
      // CPython returns a complex (complex_pow); when its modulus |iv| ** iw overflows it
      // raises OverflowError("complex exponentiation") -- that much we reproduce.
      if (std::isinf(std::pow(-iv, iw))) {
        return raise(Exc::OverflowError, "complex exponentiation");
      }
      return raise(Exc::ValueError, complex_power_message);
    }
    iv = -iv;
    negate = double_is_odd_integer(iw);
  }
  if (iv == 1.0) {
    out = negate ? -1.0 : 1.0;
    return true;
  }
  double ix = std::pow(iv, iw);
  if (std::isinf(ix)) [[unlikely]] {
    // CPython raises OverflowError from errno ERANGE; its str() is the errno pair
    return raise(Exc::OverflowError, "(34, 'Numerical result out of range')");
  }
  out = negate ? -ix : ix;
  return true;
}

}  // namespace pyaot::detail
