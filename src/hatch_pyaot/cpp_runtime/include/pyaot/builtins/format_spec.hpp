#pragma once
// The whole of Python's format-spec mini-language for ints, floats and text:
// [[fill]align][sign][#][0][width][.precision][type], as format(), str.format, f-strings and
// %-formatting apply it. The compiler parses and checks the spec (ops/format_spec.py) and
// passes it as a Spec; this header only lays out the text. (format.hpp keeps the printf
// fast path for the specs that printf writes exactly.)

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "pyaot/builtins/format.hpp"
#include "pyaot/builtins/str.hpp"
#include "pyaot/error.hpp"

namespace pyaot::format {

struct Spec {
  char32_t fill;   ///< the padding code point
  char align;      ///< '<', '>', '^', '=' (padding after the sign and prefix) or 0: the type's
  char sign;       ///< '-', '+' or ' '
  bool alternate;  ///< '#': 0x/0o/0b prefixes, a decimal point always
  int width;
  int precision;   ///< -1: none; for text the most code points kept, for ints the least digits
  char type;       ///< 0 (none), 'd' 'x' 'X' 'o' 'b', 'e' 'E' 'f' 'F' 'g' 'G' '%', 's', 'r'
  char grouping;   ///< 0, ',' or '_': a separator every 3 digits (4 for x X o b)
  bool zero;       ///< the 0 flag: zeros pad the digits, separators included
};

namespace detail {
inline std::size_t code_points(std::string_view utf8) noexcept {
  std::size_t n = 0;
  for (char c : utf8) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

inline void append_fill(std::string& out, char32_t fill, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) append_utf8(out, fill);
}

/// prefix (sign, 0x) then body, padded to spec.width as its alignment says.
inline void append_aligned(std::string& out, std::string_view prefix, std::string_view body,
                           const Spec& spec, char default_align) {
  const std::size_t n = code_points(prefix) + code_points(body);
  const std::size_t pad = n < static_cast<std::size_t>(spec.width < 0 ? 0 : spec.width)
                              ? static_cast<std::size_t>(spec.width) - n
                              : 0;
  const char align = spec.align ? spec.align : default_align;
  std::size_t before = 0;
  if (align == '>') before = pad;
  if (align == '^') before = pad / 2;
  if (align == '=') {
    out += prefix;
    append_fill(out, spec.fill, pad);
    out += body;
    return;
  }
  append_fill(out, spec.fill, before);
  out += prefix;
  out += body;
  append_fill(out, spec.fill, pad - before);
}

/// The digits with spec.grouping's separators; with the 0 flag, zeros (and separators)
/// before them until the whole is `width` wide, as CPython's format pads "00,001,234".
inline std::string grouped(std::string_view digits, const Spec& spec, std::size_t group,
                           std::size_t width) {
  if (spec.grouping == 0) return std::string(digits);
  const std::size_t min_width = spec.zero ? width : 0;
  std::string out;
  std::size_t count = 0;
  std::size_t i = digits.size();
  while (i > 0 || out.size() < min_width) {
    if (count == group) {
      out += spec.grouping;
      count = 0;
    }
    out += i > 0 ? digits[--i] : '0';
    ++count;
  }
  return std::string(out.rbegin(), out.rend());
}

/// The body's integer digits grouped (the rest: the fraction, an exponent, '%').
inline std::string group_body(std::string_view body, std::string_view prefix, const Spec& spec,
                              std::size_t group) {
  if (spec.grouping == 0) return std::string(body);
  const std::size_t end = body.find_first_not_of(group == 4 ? "0123456789abcdefABCDEF"
                                                             : "0123456789");
  const std::string_view digits = body.substr(0, end);
  const std::string_view rest = end == std::string_view::npos ? "" : body.substr(end);
  const std::size_t used = prefix.size() + rest.size();
  const std::size_t width = spec.width > 0 && static_cast<std::size_t>(spec.width) > used
                                ? static_cast<std::size_t>(spec.width) - used
                                : 0;
  return grouped(digits, spec, group, width) + std::string(rest);
}

inline std::string sign_of(bool negative, char sign) {
  if (negative) return "-";
  if (sign == '+' || sign == ' ') return std::string(1, sign);
  return "";
}
}  // namespace detail

/// format(s, spec) of text (already UTF-8: a str, or str()/repr() of a value for %s and !r).
inline void append_spec(std::string& out, std::string_view text, const Spec& spec) {
  if (spec.precision >= 0) {
    std::size_t kept = 0;
    std::size_t end = 0;
    while (end < text.size()) {
      const bool lead = (static_cast<unsigned char>(text[end]) & 0xC0) != 0x80;
      if (lead && kept++ == static_cast<std::size_t>(spec.precision)) break;
      ++end;
    }
    text = text.substr(0, end);
  }
  detail::append_aligned(out, "", text, spec, '<');
}

/// format(n, spec) of an int: d x X o b (and the least digits of %-formatting's %.3d).
inline void append_spec(std::string& out, std::int64_t value, const Spec& spec) {
  const bool negative = value < 0;
  std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(value)
                                     : static_cast<std::uint64_t>(value);
  unsigned base = 10;
  const char* digits = "0123456789abcdef";
  std::string prefix = detail::sign_of(negative, spec.sign);
  switch (spec.type) {
    case 'x': base = 16; if (spec.alternate) prefix += "0x"; break;
    case 'X': base = 16; digits = "0123456789ABCDEF"; if (spec.alternate) prefix += "0X"; break;
    case 'o': base = 8; if (spec.alternate) prefix += "0o"; break;
    case 'b': base = 2; if (spec.alternate) prefix += "0b"; break;
    default: break;
  }
  char buf[64];
  std::size_t n = 0;
  do {
    buf[sizeof buf - 1 - n++] = digits[magnitude % base];
    magnitude /= base;
  } while (magnitude != 0);
  std::string body;
  if (spec.precision > static_cast<int>(n)) body.append(static_cast<std::size_t>(spec.precision) - n, '0');
  body.append(buf + sizeof buf - n, n);
  body = detail::group_body(body, prefix, spec, base == 10 ? 3 : 4);
  detail::append_aligned(out, prefix, body, spec, '>');
}

/// format(x, spec) of a float: e E f F g G % with their precision (6 by default), or no type
/// (repr's digits, as format(x, "+") writes them).
inline void append_spec(std::string& out, double value, const Spec& spec) {
  const bool negative = std::signbit(value) && !std::isnan(value);
  const double magnitude = std::fabs(value);
  std::string body;
  if (spec.type == 0) {
    append_str(body, magnitude);
  } else {
    const char type = spec.type == '%' ? 'f' : spec.type;
    const char plain[] = {'%', '.', '*', type, '\0'};
    const char alternate[] = {'%', '#', '.', '*', type, '\0'};
    const char* fmt = spec.alternate ? alternate : plain;
    char buf[512];
    const int precision = spec.precision < 0 ? 6 : spec.precision;
    const double shown = spec.type == '%' ? magnitude * 100.0 : magnitude;
    const int n = std::snprintf(buf, sizeof buf, fmt, precision, shown);
    if (n > 0) body.assign(buf, static_cast<std::size_t>(n) < sizeof buf ? static_cast<std::size_t>(n) : sizeof buf - 1);
    if (spec.type == '%') body += '%';
  }
  const std::string sign = detail::sign_of(negative, spec.sign);
  if (std::isfinite(value)) body = detail::group_body(body, sign, spec, 3);
  detail::append_aligned(out, sign, body, spec, '>');
}

/// '%d' % x of a float: int(x) written as an int (truncated toward zero, any magnitude);
/// int()'s OverflowError or ValueError for inf and nan.
[[nodiscard]] inline bool append_spec_truncated(std::string& out, double value, const Spec& spec) {
  if (std::isnan(value)) return raise(Exc::ValueError, "cannot convert float NaN to integer");
  if (std::isinf(value)) return raise(Exc::OverflowError, "cannot convert float infinity to integer");
  const double whole = std::trunc(value);
  if (std::fabs(whole) < 9.2e18) {
    append_spec(out, static_cast<std::int64_t>(whole), spec);
    return true;
  }
  char buf[400];
  const int n = std::snprintf(buf, sizeof buf, "%.0f", std::fabs(whole));
  std::string body;
  if (spec.precision > n) body.append(static_cast<std::size_t>(spec.precision - n), '0');
  body.append(buf, static_cast<std::size_t>(n > 0 ? n : 0));
  detail::append_aligned(out, detail::sign_of(whole < 0, spec.sign), body, spec, '>');
  return true;
}

}  // namespace pyaot::format
