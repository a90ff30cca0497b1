#pragma once
// Python's complex: two doubles, with CPython's arithmetic step by step (Objects/complexobject.c
// of 3.11): the schoolbook product (no C Annex G rescue of infinities), Smith's quotient with
// "complex division by zero", and ** by repeated squaring for small integral exponents.
// Mixed int/float operands are widened to complex first, as Python 3.11 does.

#include <cmath>
#include <cstdint>

#include <string>

#include "pyaot/builtins/format.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

struct complex {
  double real = 0.0;
  double imag = 0.0;

  constexpr complex() noexcept = default;
  constexpr complex(double r, double i) noexcept : real(r), imag(i) {}
  // int and float widen to complex implicitly, as in Python's arithmetic
  constexpr complex(double r) noexcept : real(r) {}  // NOLINT(google-explicit-constructor)
  constexpr complex(std::int64_t r) noexcept  // NOLINT(google-explicit-constructor)
      : real(static_cast<double>(r)) {}
  constexpr complex(bool r) noexcept : real(r ? 1.0 : 0.0) {}  // NOLINT
  /// An int literal (T(0), T(1) in numpy's array kernels, where T is complex128).
  constexpr explicit complex(int r) noexcept : real(static_cast<double>(r)) {}

  /// repr() and str(): complex_repr's 'r' format without an added ".0", the imaginary part
  /// signed, in parentheses unless the real part is +0.
  void repr_into(std::string& out) const {
    if (real == 0.0 && !std::signbit(real)) {
      part(out, imag, false);
      out += 'j';
      return;
    }
    out += '(';
    part(out, real, false);
    part(out, imag, true);
    out += "j)";
  }

  static void part(std::string& out, double v, bool sign) {
    const std::size_t start = out.size();
    if (sign && (std::isnan(v) || !std::signbit(v))) out += '+';
    format::append_str(out, std::isnan(v) ? NAN : v);
    if (out.size() - start >= 2 && out.compare(out.size() - 2, 2, ".0") == 0) {
      out.resize(out.size() - 2);
    }
  }

  friend constexpr bool operator==(const complex& a, const complex& b) noexcept {
    return a.real == b.real && a.imag == b.imag;
  }
};

namespace format {
/// An f-string's ``{z}``: str(z).
inline void append_str(std::string& out, const complex& z) { z.repr_into(out); }
}  // namespace format

namespace complex_detail {

inline complex prod(complex a, complex b) noexcept {
  return {a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
}

/// _Py_c_quot: false for a zero divisor.
inline bool quot(complex& r, complex a, complex b) noexcept {
  const double abs_breal = b.real < 0 ? -b.real : b.real;
  const double abs_bimag = b.imag < 0 ? -b.imag : b.imag;
  if (abs_breal >= abs_bimag) {
    if (abs_breal == 0.0) return false;
    const double ratio = b.imag / b.real;
    const double denom = b.real + b.imag * ratio;
    r = {(a.real + a.imag * ratio) / denom, (a.imag - a.real * ratio) / denom};
  } else if (abs_bimag >= abs_breal) {
    const double ratio = b.real / b.imag;
    const double denom = b.real * ratio + b.imag;
    r = {(a.real * ratio + a.imag) / denom, (a.imag * ratio - a.real) / denom};
  } else {  // a NaN in b
    r = {NAN, NAN};
  }
  return true;
}

inline complex powu(complex x, long n) noexcept {
  complex r{1.0, 0.0};
  complex p = x;
  long mask = 1;
  while (mask > 0 && n >= mask) {
    if (n & mask) r = prod(r, p);
    mask <<= 1;
    p = prod(p, p);
  }
  return r;
}

}  // namespace complex_detail

namespace op {

inline complex add(complex a, complex b) noexcept { return {a.real + b.real, a.imag + b.imag}; }
inline complex sub(complex a, complex b) noexcept { return {a.real - b.real, a.imag - b.imag}; }
inline complex mul(complex a, complex b) noexcept { return complex_detail::prod(a, b); }

inline bool truediv(complex& out, complex a, complex b) noexcept {
  if (!complex_detail::quot(out, a, b)) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "complex division by zero");
  }
  return true;
}

/// complex_pow: c_powi for integral exponents up to 100 in size, _Py_c_pow otherwise.
inline bool pow(complex& out, complex a, complex b) noexcept {
  bool domain = false;
  complex r;
  if (b.imag == 0.0 && b.real == std::floor(b.real) && std::fabs(b.real) <= 100.0) {
    const long n = static_cast<long>(b.real);
    if (n > 0) {
      r = complex_detail::powu(a, n);
    } else {
      domain = !complex_detail::quot(r, complex{1.0, 0.0}, complex_detail::powu(a, -n));
    }
  } else if (b.real == 0.0 && b.imag == 0.0) {
    r = {1.0, 0.0};
  } else if (a.real == 0.0 && a.imag == 0.0) {
    domain = b.imag != 0.0 || b.real < 0.0;
    r = {0.0, 0.0};
  } else {
    const double vabs = std::hypot(a.real, a.imag);
    double len = std::pow(vabs, b.real);
    const double at = std::atan2(a.imag, a.real);
    double phase = at * b.real;
    if (b.imag != 0.0) {
      len /= std::exp(at * b.imag);
      phase += b.imag * std::log(vabs);
    }
    r = {len * std::cos(phase), len * std::sin(phase)};
    domain = std::isinf(phase);  // the C library's cos/sin set EDOM, which CPython reports
  }
  if (domain) [[unlikely]] {
    return raise(Exc::ZeroDivisionError, "0.0 to a negative or complex power");
  }
  if (std::isinf(r.real) || std::isinf(r.imag)) [[unlikely]] {
    return raise(Exc::OverflowError, "complex exponentiation");
  }
  out = r;
  return true;
}

inline complex neg(complex a) noexcept { return {-a.real, -a.imag}; }
inline complex pos(complex a) noexcept { return a; }
inline bool eq(complex a, complex b) noexcept { return a == b; }
inline bool ne(complex a, complex b) noexcept { return !(a == b); }
inline bool truth(complex a) noexcept { return a.real != 0.0 || a.imag != 0.0; }
inline bool not_(complex a) noexcept { return !truth(a); }

}  // namespace op

namespace builtins {

/// _Py_c_abs: inf when either part is, else nan when either is; OverflowError when finite
/// parts give an infinite modulus.
inline bool abs(double& out, complex z) noexcept {
  if (!std::isfinite(z.real) || !std::isfinite(z.imag)) {
    out = std::isinf(z.real) || std::isinf(z.imag) ? INFINITY : NAN;
    return true;
  }
  out = std::hypot(z.real, z.imag);
  if (std::isinf(out)) [[unlikely]] {
    return raise(Exc::OverflowError, "absolute value too large");
  }
  return true;
}

inline complex to_complex() noexcept { return {}; }
inline complex to_complex(complex z) noexcept { return z; }
/// complex(real, imag): a float part is taken as it is (its zero's sign kept), a complex one
/// contributes both its parts (complex_new).
inline complex to_complex(double r, double i) noexcept { return {r, i}; }
inline complex to_complex(double r, complex i) noexcept { return {r - i.imag, i.real}; }
/// complex(real, imag) = real + imag*1j, with the imaginary part's real part subtracted.
inline complex to_complex(complex r, complex i) noexcept {
  return {r.real - i.imag, r.imag + i.real};
}
inline bool to_bool(complex z) noexcept { return op::truth(z); }

}  // namespace builtins

namespace complex_methods {
inline double real(complex z) noexcept { return z.real; }
inline double imag(complex z) noexcept { return z.imag; }
inline complex conjugate(complex z) noexcept { return {z.real, -z.imag}; }
}  // namespace complex_methods

}  // namespace pyaot
