#pragma once
// Text helpers the standalone executables share: UTF-8 decoding the way Python decodes argv
// (strict UTF-8; a byte that does not start a valid sequence becomes the lone surrogate
// U+DC80..U+DCFF, Python's "surrogateescape"), and repr() of such text for messages, so that
// whatever bytes a file or a command line holds, an error message stays printable.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pyaot::standalone {

/// The code point at text[i], advancing i past it: strict UTF-8 (no overlong forms, no
/// surrogates, nothing past U+10FFFF); an invalid byte is one code point 0xDC00 + byte.
inline std::uint32_t next_code_point(std::string_view text, std::size_t& i) noexcept {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) {
    ++i;
    return lead;
  }
  int length = 0;
  std::uint32_t code = 0;
  std::uint32_t least = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1Fu;
    least = 0x80;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0Fu;
    least = 0x800;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07u;
    least = 0x10000;
  }
  if (length == 0 || text.size() - i < static_cast<std::size_t>(length)) {
    ++i;
    return 0xDC00u + lead;
  }
  for (int k = 1; k < length; ++k) {
    const unsigned char next = byte(i + static_cast<std::size_t>(k));
    if ((next & 0xC0u) != 0x80u) {
      ++i;
      return 0xDC00u + lead;
    }
    code = (code << 6) | (next & 0x3Fu);
  }
  if (code < least || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
    ++i;
    return 0xDC00u + lead;
  }
  i += static_cast<std::size_t>(length);
  return code;
}

/// Appends a code point as UTF-8.
inline void append_utf8(std::string& out, std::uint32_t code) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

/// Python's repr() of the text: 'text' (or "it's" when it holds a ' and no "), with \\, \t,
/// \n, \r, \xNN for other control characters, \udcNN for undecodable bytes; other non-ASCII
/// characters as they are (Python keeps the printable ones).
inline std::string repr(std::string_view text) {
  const bool has_single = text.find('\'') != std::string_view::npos;
  const bool has_double = text.find('"') != std::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  static constexpr char hex[] = "0123456789abcdef";
  std::string out(1, quote);
  for (std::size_t i = 0; i < text.size();) {
    const std::uint32_t code = next_code_point(text, i);
    if (code == static_cast<std::uint32_t>(quote) || code == '\\') {
      out += '\\';
      out += static_cast<char>(code);
    } else if (code == '\t') {
      out += "\\t";
    } else if (code == '\n') {
      out += "\\n";
    } else if (code == '\r') {
      out += "\\r";
    } else if (code < 0x20 || (code >= 0x7F && code < 0xA0)) {
      out += "\\x";
      out += hex[code >> 4];
      out += hex[code & 15];
    } else if (code >= 0xDC80 && code <= 0xDCFF) {
      out += "\\udc";
      out += hex[(code >> 4) & 15];
      out += hex[code & 15];
    } else {
      append_utf8(out, code);
    }
  }
  out += quote;
  return out;
}

}  // namespace pyaot::standalone
