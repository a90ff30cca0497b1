#pragma once
// f-string fields for exception messages: str() of scalars exactly as CPython prints them
// (floats by the shortest repr that round-trips, the way float.__repr__ does), and the
// printf-compatible part of the format-spec mini-language.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "pyaot/none.hpp"

namespace pyaot::format {

inline void append_str(std::string& out, std::int64_t value) {
  char buf[24];
  auto result = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, result.ptr);
}

inline void append_str(std::string& out, bool value) { out += value ? "True" : "False"; }

inline void append_str(std::string& out, pyaot::None) { out += "None"; }

inline void append_str(std::string& out, std::string_view value) { out += value; }

// repr(float): shortest round-trip digits; fixed notation for exponents -4..15, else
// scientific with a signed, at least two-digit exponent ('1e-05', '1.5e+16').
inline void append_str(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "nan";
    return;
  }
  if (std::isinf(value)) {
    out += value > 0 ? "inf" : "-inf";
    return;
  }
  char buf[40];
  auto result = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  std::string_view text(buf, static_cast<std::size_t>(result.ptr - buf));
  if (text.front() == '-') {
    out += '-';
    text.remove_prefix(1);
  }
  const std::size_t e = text.find('e');
  int exponent = 0;
  const char* exp_begin = text.data() + e + 1;
  if (*exp_begin == '+') ++exp_begin;
  std::from_chars(exp_begin, text.data() + text.size(), exponent);
  std::string digits;
  for (char c : text.substr(0, e)) {
    if (c != '.') digits += c;
  }
  const int n = static_cast<int>(digits.size());
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out += "0.";
      out.append(static_cast<std::size_t>(-exponent - 1), '0');
      out += digits;
    } else if (exponent + 1 >= n) {
      out += digits;
      out.append(static_cast<std::size_t>(exponent + 1 - n), '0');
      out += ".0";
    } else {
      out.append(digits, 0, static_cast<std::size_t>(exponent + 1));
      out += '.';
      out.append(digits, static_cast<std::size_t>(exponent + 1));
    }
    return;
  }
  out += digits[0];
  if (n > 1) {
    out += '.';
    out.append(digits, 1);
  }
  out += exponent < 0 ? "e-" : "e+";
  const int magnitude = exponent < 0 ? -exponent : exponent;
  if (magnitude < 10) out += '0';
  append_str(out, static_cast<std::int64_t>(magnitude));
}

// str(value) padded to width (left- or right-aligned), as format(str(value), "<w"/">w").
template <class T>
void append_padded(std::string& out, T value, int width, bool left) {
  std::string text;
  append_str(text, value);
  const std::size_t pad =
      text.size() < static_cast<std::size_t>(width) ? static_cast<std::size_t>(width) - text.size() : 0;
  if (!left) out.append(pad, ' ');
  out += text;
  if (left) out.append(pad, ' ');
}

inline void append_printf(std::string& out, const char* format, std::int64_t value) {
  char buf[128];
  const int n = std::snprintf(buf, sizeof buf, format, static_cast<long long>(value));
  if (n > 0) out.append(buf, static_cast<std::size_t>(n) < sizeof buf ? static_cast<std::size_t>(n) : sizeof buf - 1);
}

// Python prints NaN without a sign, C may print "-nan": format |NaN|.
inline void append_printf(std::string& out, const char* format, double value) {
  char buf[512];
  const int n = std::snprintf(buf, sizeof buf, format, std::isnan(value) ? std::fabs(value) : value);
  if (n <= 0) return;
  std::string_view text(buf, static_cast<std::size_t>(n) < sizeof buf ? static_cast<std::size_t>(n) : sizeof buf - 1);
  // printf pads inf and nan with spaces even with the 0 flag; Python pads them with zeros
  // after the sign, as any number ("00000inf", "-0000inf").
  const std::string_view spec(format);
  const std::size_t flags_end = spec.find_first_not_of("-+ #0", 1);
  const std::string_view flags = spec.substr(1, flags_end - 1);
  if (!std::isfinite(value) && flags.find('0') != std::string_view::npos &&
      flags.find('-') == std::string_view::npos) {
    const std::size_t first = text.find_first_not_of(' ');
    std::string_view body = text.substr(first);
    const std::size_t width = text.size();
    std::string sign;
    if (!body.empty() && (body[0] == '+' || body[0] == '-' || body[0] == ' ')) {
      sign = body[0];
      body.remove_prefix(1);
    } else if (first > 0 && flags.find(' ') != std::string_view::npos) {
      sign = " ";
    }
    out += sign;
    out.append(width - sign.size() - body.size(), '0');
    out += body;
    return;
  }
  out += text;
}

// The '%' presentation type: value * 100 in fixed notation followed by '%'.
inline void append_percent(std::string& out, const char* format, double value) {
  append_printf(out, format, value * 100.0);
  out += '%';
}

}  // namespace pyaot::format
