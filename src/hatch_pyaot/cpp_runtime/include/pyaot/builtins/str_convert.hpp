#pragma once
// repr() of a str, and int(s) / float(s) with CPython's grammar: surrounding whitespace,
// a sign, underscores between digits, the decimal digits of every script ("٣" is 3), and
// CPython's ValueError messages (which quote the argument with repr()).

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/unicode.hpp"

namespace pyaot {

/// repr(s): single quotes unless the text has a ' and no ", escapes as CPython writes them.
inline str str_repr(const str& s) {
  const std::u32string_view v = s.view();
  const bool has_single = v.find(U'\'') != std::u32string_view::npos;
  const bool has_double = v.find(U'"') != std::u32string_view::npos;
  const char32_t quote = has_single && !has_double ? U'"' : U'\'';
  std::u32string out(1, quote);
  auto hex = [&out](char prefix, std::uint32_t c, int digits) {
    char buf[12];
    std::snprintf(buf, sizeof buf, "\\%c%0*x", prefix, digits, c);
    for (const char* p = buf; *p; ++p) out.push_back(static_cast<char32_t>(*p));
  };
  for (char32_t c : v) {
    const auto u = static_cast<std::uint32_t>(c);
    if (c == quote || c == U'\\') {
      out.push_back(U'\\');
      out.push_back(c);
    } else if (c == U'\t') {
      out += U"\\t";
    } else if (c == U'\n') {
      out += U"\\n";
    } else if (c == U'\r') {
      out += U"\\r";
    } else if (u < 0x20 || u == 0x7F) {
      hex('x', u, 2);
    } else if (u < 0x7F || unicode::has(c, unicode::PRINTABLE)) {
      out.push_back(c);
    } else if (u < 0x100) {
      hex('x', u, 2);
    } else if (u < 0x10000) {
      hex('u', u, 4);
    } else {
      hex('U', u, 8);
    }
  }
  out.push_back(quote);
  return str::of(std::move(out));
}

/// repr(s) in a message: ``'b' is not in list``.
inline void append_repr(std::string& out, const str& value) {
  format::append_str(out, str_repr(value));
}

namespace detail {

[[gnu::cold]] inline bool bad_literal(const char* prefix, const str& s) {
  std::string text = prefix;
  format::append_str(text, str_repr(s));
  return raise(Exc::ValueError, text);
}

/// The argument of int()/float() as ASCII: whitespace stripped, every decimal digit made
/// '0'-'9'; false when a character can be part of no number (then the caller rejects it).
inline bool number_text(std::string& out, const str& s) {
  const std::u32string_view v = s.view();
  std::size_t i = 0, j = v.size();
  while (i < j && unicode::is_space(v[i])) ++i;
  while (j > i && unicode::is_space(v[j - 1])) --j;
  for (std::size_t k = i; k < j; ++k) {
    const char32_t c = v[k];
    if (c < 128) {
      out.push_back(static_cast<char>(c));
    } else if (unicode::has(c, unicode::DECIMAL)) {
      out.push_back(static_cast<char>('0' + unicode::decimal_value(c)));
    } else {
      return false;
    }
  }
  return true;
}

/// Digits with single underscores between them (PEP 515), the underscores removed.
inline bool digits_only(std::string& out, const std::string& text, std::size_t from,
                        std::size_t to) {
  if (from >= to) return false;
  for (std::size_t k = from; k < to; ++k) {
    const char c = text[k];
    if (c == '_') {
      if (k == from || k + 1 == to || text[k + 1] == '_') return false;
    } else if (c >= '0' && c <= '9') {
      out.push_back(c);
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace detail

/// int(s): base 10; beyond 64 bits an OverflowError (the compiled int is 64-bit).
inline bool int_from_str(std::int64_t& out, const str& s) {
  std::string text;
  const char* message = "invalid literal for int() with base 10: ";
  if (!detail::number_text(text, s)) return detail::bad_literal(message, s);
  std::size_t start = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) start = 1;
  std::string digits;
  if (!detail::digits_only(digits, text, start, text.size())) {
    return detail::bad_literal(message, s);
  }
  std::uint64_t value = 0;
  const std::uint64_t limit = negative ? UINT64_C(9223372036854775808) : INT64_MAX;
  for (char c : digits) {
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (value > (limit - d) / 10) [[unlikely]] {
      return raise(Exc::OverflowError, "integer overflow: the compiled int is 64-bit");
    }
    value = value * 10 + d;
  }
  out = negative ? static_cast<std::int64_t>(0 - value) : static_cast<std::int64_t>(value);
  return true;
}

namespace detail {
/// m * 10^e exactly rounded when both are exact doubles (m < 2^53, |e| <= 22): one
/// multiplication or division rounds once, as a correct strtod would (Clinger's fast path).
inline bool exact_decimal(double& out, std::uint64_t m, int e) {
  static constexpr double powers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                      1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                      1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (m >= (std::uint64_t{1} << 53) || e < -22 || e > 22) return false;
  const auto value = static_cast<double>(m);
  out = e < 0 ? value / powers[-e] : value * powers[e];
  return true;
}

/// The digits of a plain float as they are read.
struct PlainDigits {
  std::uint64_t mantissa = 0;
  int significant = 0, scale = 0;  ///< digits in mantissa; power of ten of its last digit
  std::size_t count = 0;           ///< digits before and after the point

  /// The run of digits at v[i...] (after the point: fraction 1); i moves past it.
  [[gnu::always_inline]] void read(std::u32string_view v, std::size_t& i, int fraction) {
    for (; i < v.size() && static_cast<std::uint32_t>(v[i] - '0') < 10; ++i, ++count) {
      if (significant < 19) {
        mantissa = mantissa * 10 + static_cast<std::uint64_t>(v[i] - '0');
        significant += mantissa != 0;
        scale -= fraction;
      } else {
        significant = 99;  // too many to be exact: strtod decides
      }
    }
  }
};

/// float(s) of the common form, [sign] digits [. digits] [e [sign] digits] in ASCII and
/// nothing around it, read without building strings; false for any other text (then the
/// full grammar decides).
inline bool plain_float(double& out, std::u32string_view v) {
  const std::size_t n = v.size();
  if (n >= 64) return false;
  std::size_t i = 0;
  const bool negative = n > 0 && v[0] == '-';
  if (n > 0 && (v[0] == '+' || v[0] == '-')) i = 1;
  PlainDigits d;
  d.read(v, i, 0);
  if (i < n && v[i] == '.') {
    ++i;
    d.read(v, i, 1);
  }
  if (d.count == 0) return false;
  if (i < n && (v[i] == 'e' || v[i] == 'E')) {
    ++i;
    if (i < n && (v[i] == '+' || v[i] == '-')) ++i;
    const std::size_t from = i;
    while (i < n && static_cast<std::uint32_t>(v[i] - '0') < 10) ++i;
    if (i == from) return false;
    d.significant = 99;  // an exponent: strtod reads it
  }
  if (i != n) return false;
  if (d.significant <= 19 && exact_decimal(out, d.mantissa, d.scale)) {
    if (negative) out = -out;
    return true;
  }
  char buf[64];  // all of it ASCII (checked above)
  for (std::size_t k = 0; k < n; ++k) buf[k] = static_cast<char>(v[k]);
  buf[n] = 0;
  char* end = nullptr;
  out = std::strtod(buf, &end);
  return end == buf + n;
}
}  // namespace detail

/// float(s): decimal or scientific notation, inf/infinity/nan in any case, with a sign.
inline bool float_from_str(double& out, const str& s) {
  if (detail::plain_float(out, s.view())) [[likely]] return true;
  std::string text;
  const char* message = "could not convert string to float: ";
  if (!detail::number_text(text, s)) return detail::bad_literal(message, s);
  std::size_t k = 0;
  std::string clean;
  if (k < text.size() && (text[k] == '+' || text[k] == '-')) clean.push_back(text[k++]);
  std::string rest;
  for (std::size_t m = k; m < text.size(); ++m) {
    rest.push_back(static_cast<char>(text[m] >= 'A' && text[m] <= 'Z' ? text[m] + 32 : text[m]));
  }
  if (rest == "inf" || rest == "infinity" || rest == "nan") {
    clean += rest;
  } else {
    // mantissa: digits [. digits] | . digits; then e [sign] digits
    std::size_t e = rest.find('e');
    const std::string mantissa = rest.substr(0, e);
    const std::size_t dot = mantissa.find('.');
    const std::string whole = mantissa.substr(0, dot);
    const std::string fraction = dot == std::string::npos ? "" : mantissa.substr(dot + 1);
    std::string part;
    bool ok = true;
    if (!whole.empty()) ok = detail::digits_only(clean, whole, 0, whole.size());
    if (ok && dot != std::string::npos) {
      clean.push_back('.');
      if (!fraction.empty()) ok = detail::digits_only(clean, fraction, 0, fraction.size());
    }
    ok = ok && !(whole.empty() && fraction.empty());
    if (ok && e != std::string::npos) {
      clean.push_back('e');
      std::size_t from = e + 1;
      if (from < rest.size() && (rest[from] == '+' || rest[from] == '-')) {
        clean.push_back(rest[from++]);
      }
      ok = detail::digits_only(clean, rest, from, rest.size());
    }
    if (!ok) return detail::bad_literal(message, s);
  }
  char* end = nullptr;
  out = std::strtod(clean.c_str(), &end);
  if (end != clean.c_str() + clean.size()) return detail::bad_literal(message, s);
  return true;
}

}  // namespace pyaot
