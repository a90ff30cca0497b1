#pragma once
// Between str and bytes: s.encode(encoding, errors), b.decode(encoding, errors) and b.hex(),
// for the codecs CPython builds in (utf-8, ascii, latin-1, under the names its codec lookup
// accepts) and the error handlers strict, ignore and replace. A strict failure raises
// UnicodeEncodeError / UnicodeDecodeError with CPython's message (the ranges CPython's
// decoder reports, "invalid start byte" and kin); another encoding is a LookupError.

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "pyaot/builtins/bytes.hpp"
#include "pyaot/builtins/str.hpp"
#include "pyaot/error.hpp"
#include "pyaot/unicode_error.hpp"

namespace pyaot {

namespace codec {

enum class Codec { utf8, ascii, latin1, unknown };
enum class Handler { strict, ignore, replace, unknown };

/// CPython's normalization (lower case, '-' and ' ' as '_'), then its aliases.
inline Codec find_codec(const str& name) {
  std::string n;
  for (char32_t c : name.view()) {
    if (c >= 128) return Codec::unknown;
    n.push_back(c == '-' || c == ' ' ? '_' : static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c));
  }
  if (n == "utf_8" || n == "utf8" || n == "u8" || n == "utf" || n == "cp65001") return Codec::utf8;
  if (n == "ascii" || n == "us_ascii" || n == "646" || n == "us") return Codec::ascii;
  if (n == "latin_1" || n == "latin1" || n == "latin" || n == "l1" || n == "iso_8859_1" ||
      n == "iso8859_1" || n == "8859" || n == "cp819" || n == "iso_ir_100") {
    return Codec::latin1;
  }
  return Codec::unknown;
}

inline const char* codec_name(Codec c) {
  return c == Codec::utf8 ? "utf-8" : c == Codec::ascii ? "ascii" : "latin-1";
}

inline Handler find_handler(const str& name) {
  const std::u32string_view v = name.view();
  if (v == U"strict") return Handler::strict;
  if (v == U"ignore") return Handler::ignore;
  if (v == U"replace") return Handler::replace;
  return Handler::unknown;
}

[[gnu::cold]] inline bool unknown_encoding(const str& name) {
  std::string text = "unknown encoding: ";
  format::append_str(text, name);
  return raise(Exc::LookupError, text);
}

[[gnu::cold]] inline bool unknown_handler(const str& name) {
  std::string text = "unknown error handler name '";
  format::append_str(text, name);
  text += "'";
  return raise(Exc::LookupError, text);
}

/// UnicodeEncodeError's message for the characters [start, end) of s.
[[gnu::cold]] inline bool encode_error(Codec c, const str& s, std::size_t start, std::size_t end,
                                       const char* reason) {
  char buf[160];
  if (end == start + 1) {
    const auto u = static_cast<std::uint32_t>(s[start]);
    const char* form = u <= 0xFF ? "'\\x%02x'" : u <= 0xFFFF ? "'\\u%04x'" : "'\\U%08x'";
    char ch[16];
    std::snprintf(ch, sizeof ch, form, u);
    std::snprintf(buf, sizeof buf, "'%s' codec can't encode character %s in position %zu: %s",
                  codec_name(c), ch, start, reason);
  } else {
    std::snprintf(buf, sizeof buf, "'%s' codec can't encode characters in position %zu-%zu: %s",
                  codec_name(c), start, end - 1, reason);
  }
  UnicodeErrorDetail& d = unicode_error_detail();
  d.encoding = codec_name(c);
  d.object.clear();
  format::append_str(d.object, s);
  d.start = start;
  d.end = end;
  d.reason = reason;
  return raise(Exc::UnicodeEncodeError, buf);
}

/// UnicodeDecodeError's message for the bytes [start, end) of b.
[[gnu::cold]] inline bool decode_error(Codec c, const bytes& b, std::size_t start, std::size_t end,
                                       const char* reason) {
  char buf[160];
  if (end == start + 1) {
    std::snprintf(buf, sizeof buf, "'%s' codec can't decode byte 0x%02x in position %zu: %s",
                  codec_name(c), static_cast<unsigned>(b[start]), start, reason);
  } else {
    std::snprintf(buf, sizeof buf, "'%s' codec can't decode bytes in position %zu-%zu: %s",
                  codec_name(c), start, end - 1, reason);
  }
  UnicodeErrorDetail& d = unicode_error_detail();
  d.encoding = codec_name(c);
  d.object = std::string(b.view());
  d.start = start;
  d.end = end;
  d.reason = reason;
  return raise(Exc::UnicodeDecodeError, buf);
}

inline bool continuation(unsigned char c) { return (c & 0xC0) == 0x80; }

/// One UTF-8 sequence at v[i]: its code point and length, or 0 with `bad` the length of the
/// error range and `reason`, as CPython's decoder reports them.
inline std::size_t utf8_step(std::string_view v, std::size_t i, char32_t& out, std::size_t& bad,
                             const char*& reason) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(v[i + k]); };
  const std::size_t left = v.size() - i;
  const unsigned char c = at(0);
  if (c < 0x80) {
    out = c;
    return 1;
  }
  reason = "invalid continuation byte";
  auto invalid = [&](std::size_t n) {
    bad = n;
    return std::size_t{0};
  };
  auto truncated = [&]() {
    reason = "unexpected end of data";
    bad = left;
    return std::size_t{0};
  };
  if (c < 0xC2 || c > 0xF4) {
    reason = "invalid start byte";
    return invalid(1);
  }
  if (c < 0xE0) {
    if (left < 2) return truncated();
    if (!continuation(at(1))) return invalid(1);
    out = static_cast<char32_t>(((c & 0x1F) << 6) | (at(1) & 0x3F));
    return 2;
  }
  // the second byte's range narrows after E0, ED, F0 and F4 (no overlong forms, surrogates
  // or code points past U+10FFFF)
  auto bad_second = [&]() {
    const unsigned char c1 = at(1);
    if (!continuation(c1)) return true;
    return c < 0xF0 ? (c1 < 0xA0 ? c == 0xE0 : c == 0xED) : (c1 < 0x90 ? c == 0xF0 : c == 0xF4);
  };
  if (c < 0xF0) {
    if (left < 2) return truncated();
    if (bad_second()) return invalid(1);
    if (left < 3) return truncated();
    if (!continuation(at(2))) return invalid(2);
    out = static_cast<char32_t>(((c & 0x0F) << 12) | ((at(1) & 0x3F) << 6) | (at(2) & 0x3F));
    return 3;
  }
  if (left < 2) return truncated();
  if (bad_second()) return invalid(1);
  if (left < 3) return truncated();
  if (!continuation(at(2))) return invalid(2);
  if (left < 4) return truncated();
  if (!continuation(at(3))) return invalid(3);
  out = static_cast<char32_t>(((c & 0x07) << 18) | ((at(1) & 0x3F) << 12) |
                              ((at(2) & 0x3F) << 6) | (at(3) & 0x3F));
  return 4;
}

/// The codec and handler an encode() or decode() names; false (LookupError) for an
/// encoding not built in.
inline bool lookup(Codec& c, Handler& h, const str& encoding, const str& errors) {
  c = find_codec(encoding);
  h = find_handler(errors);
  return c != Codec::unknown || unknown_encoding(encoding);
}

}  // namespace codec

/// b.decode(encoding="utf-8", errors="strict")
inline bool bytes_decode(str& out, const bytes& b, const str& encoding, const str& errors) {
  using namespace codec;
  Codec c;
  Handler h;
  if (!lookup(c, h, encoding, errors)) return false;
  const std::string_view v = b.view();
  std::u32string text;
  text.reserve(v.size());
  for (std::size_t i = 0; i < v.size();) {
    char32_t cp = 0;
    std::size_t bad = 1;
    const char* reason = "ordinal not in range(128)";
    const std::size_t n = c == Codec::latin1 ? (cp = static_cast<unsigned char>(v[i]), 1)
                        : c == Codec::ascii  ? (static_cast<unsigned char>(v[i]) < 128
                                                    ? (cp = static_cast<unsigned char>(v[i]), 1)
                                                    : 0)
                                             : utf8_step(v, i, cp, bad, reason);
    if (n > 0) [[likely]] {
      text.push_back(cp);
      i += n;
      continue;
    }
    if (h == Handler::strict) return decode_error(c, b, i, i + bad, reason);
    if (h == Handler::unknown) return unknown_handler(errors);
    if (h == Handler::replace) text.push_back(0xFFFD);
    i += bad;
  }
  out = str::of(text);
  return true;
}

/// s.encode(encoding="utf-8", errors="strict")
inline bool str_encode(bytes& out, const str& s, const str& encoding, const str& errors) {
  using namespace codec;
  Codec c;
  Handler h;
  if (!lookup(c, h, encoding, errors)) return false;
  const std::u32string_view v = s.view();
  const char32_t limit = c == Codec::ascii ? 0x80 : c == Codec::latin1 ? 0x100 : 0x110000;
  auto unencodable = [&](char32_t ch) {
    return ch >= limit || (c == Codec::utf8 && ch >= 0xD800 && ch <= 0xDFFF);
  };
  std::string text;
  text.reserve(v.size());
  for (std::size_t i = 0; i < v.size();) {
    if (!unencodable(v[i])) [[likely]] {
      if (c == Codec::utf8) {
        append_utf8(text, v[i]);
      } else {
        text.push_back(static_cast<char>(v[i]));
      }
      ++i;
      continue;
    }
    std::size_t j = i + 1;  // CPython reports a run of them at once
    while (j < v.size() && unencodable(v[j])) ++j;
    if (h == Handler::strict) {
      return encode_error(c, s, i, j,
                          c == Codec::utf8    ? "surrogates not allowed"
                          : c == Codec::ascii ? "ordinal not in range(128)"
                                              : "ordinal not in range(256)");
    }
    if (h == Handler::unknown) return unknown_handler(errors);
    if (h == Handler::replace) text.append(j - i, '?');
    i = j;
  }
  out = bytes::of(text);
  return true;
}

/// b.hex()
inline str bytes_hex(const bytes& b) { return str_ascii(bytes_hex_text(b)); }

}  // namespace pyaot
