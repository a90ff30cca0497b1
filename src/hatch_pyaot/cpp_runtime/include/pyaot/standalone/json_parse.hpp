#pragma once
// JSON text as a pyaot_value tree (pyaot/c_value.hpp), for the standalone executables'
// str, list, dict, set and T | None arguments:
//
//   bool parse_json(std::string_view text, pyaot_value& out, std::string& error);
//
// What Python's json.loads takes: objects (a dict of str keys, later keys win), arrays
// (lists), strings with every escape (\uXXXX surrogate pairs joined; a lone surrogate kept,
// written as its 3 bytes), integers (within int64 here), floats, NaN, Infinity, -Infinity,
// true, false, null, whitespace around. On failure `error` says what was expected where, as
// json.loads words it ("Expecting value: line 1 column 5 (char 4)"), and `out` is NONE.
// The tree is the runtime's (owned): release it with c_abi::release_value.

#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "pyaot/builtins/str.hpp"
#include "pyaot/c_value.hpp"

namespace pyaot::standalone {

namespace json_detail {

inline constexpr int kMaxDepth = 500;

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  bool document(pyaot_value& out) {
    space();
    if (!value(out, 0)) return false;
    space();
    return at_ == text_.size() || fail("Extra data");
  }

  std::string error;

 private:
  bool fail(const char* what) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < at_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    error = std::string(what) + ": line " + std::to_string(line) + " column " +
            std::to_string(column) + " (char " + std::to_string(at_) + ")";
    return false;
  }

  void space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                  text_[at_] == '\n' || text_[at_] == '\r')) {
      ++at_;
    }
  }

  bool word(std::string_view w) {
    if (text_.substr(at_, w.size()) != w) return false;
    at_ += w.size();
    return true;
  }

  bool value(pyaot_value& out, int depth) {
    out = pyaot_value{PYAOT_VALUE_NONE, 1, 0, {}};
    if (depth > kMaxDepth) return fail("Nesting too deep");
    if (at_ >= text_.size()) return fail("Expecting value");
    const char c = text_[at_];
    if (c == '{') return container(out, depth, true);
    if (c == '[') return container(out, depth, false);
    if (c == '"') return string(out);
    if (word("null")) return true;
    if (word("true") || word("false")) {
      out.kind = PYAOT_VALUE_BOOL;
      out.as.i = text_[at_ - 4] == 't' ? 1 : 0;  // "true" or "alse"
      return true;
    }
    if (word("NaN")) return number(out, std::numeric_limits<double>::quiet_NaN());
    if (word("Infinity")) return number(out, std::numeric_limits<double>::infinity());
    if (word("-Infinity")) return number(out, -std::numeric_limits<double>::infinity());
    return integer_or_float(out);
  }

  static bool number(pyaot_value& out, double f) {
    out.kind = PYAOT_VALUE_FLOAT;
    out.as.f = f;
    return true;
  }

  bool integer_or_float(pyaot_value& out) {
    const std::size_t start = at_;
    if (at_ < text_.size() && text_[at_] == '-') ++at_;
    const auto digits = [&] {
      const std::size_t from = at_;
      while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
      return at_ - from;
    };
    // a leading 0 is the whole integer part: "01" is 0, then a stray 1
    const bool zero = at_ < text_.size() && text_[at_] == '0';
    if (zero) ++at_;
    if (!zero && digits() == 0) {
      at_ = start;
      return fail("Expecting value");
    }
    bool is_float = false;
    if (at_ < text_.size() && text_[at_] == '.') {
      const std::size_t dot = at_++;
      if (digits() == 0) at_ = dot;
      else is_float = true;
    }
    if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
      const std::size_t e = at_++;
      if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
      if (digits() == 0) at_ = e;
      else is_float = true;
    }
    const std::string token(text_.substr(start, at_ - start));
    if (is_float) return number(out, std::strtod(token.c_str(), nullptr));
    errno = 0;
    const long long i = std::strtoll(token.c_str(), nullptr, 10);
    if (errno == ERANGE) {
      at_ = start;
      return fail("Integer outside the int64 range");
    }
    out.kind = PYAOT_VALUE_INT;
    out.as.i = i;
    return true;
  }

  bool hex4(std::uint32_t& unit) {
    if (at_ + 4 > text_.size()) return fail("Invalid \\uXXXX escape");
    unit = 0;
    for (int k = 0; k < 4; ++k) {
      const char h = text_[at_ + static_cast<std::size_t>(k)];
      const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                  : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
      if (d < 0) return fail("Invalid \\uXXXX escape");
      unit = unit * 16 + static_cast<std::uint32_t>(d);
    }
    at_ += 4;
    return true;
  }

  bool string_text(std::string& bytes) {
    const std::size_t start = at_++;  // the opening quote
    for (;;) {
      if (at_ >= text_.size()) {
        at_ = start;
        return fail("Unterminated string starting at");
      }
      const char c = text_[at_];
      if (c == '"') {
        ++at_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20) return fail("Invalid control character at");
      if (c != '\\') {
        bytes.push_back(c);
        ++at_;
        continue;
      }
      if (++at_ >= text_.size()) return fail("Unterminated string starting at");
      const char e = text_[at_++];
      static constexpr std::string_view from = "\"\\/bfnrt";
      static constexpr std::string_view to = "\"\\/\b\f\n\r\t";
      if (const std::size_t k = from.find(e); k != std::string_view::npos) {
        bytes.push_back(to[k]);
        continue;
      }
      if (e != 'u') {
        at_ -= 2;
        return fail("Invalid \\escape");
      }
      std::uint32_t unit = 0;
      if (!hex4(unit)) return false;
      if (unit >= 0xD800 && unit < 0xDC00 && text_.substr(at_, 2) == "\\u") {
        const std::size_t back = at_;
        at_ += 2;
        std::uint32_t low = 0;
        if (hex4(low) && low >= 0xDC00 && low < 0xE000) {
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
        } else {
          error.clear();
          at_ = back;
        }
      }
      pyaot::append_utf8(bytes, static_cast<char32_t>(unit));  // a lone surrogate as its 3 bytes
    }
  }

  bool string(pyaot_value& out) {
    std::string bytes;
    if (!string_text(bytes)) return false;
    auto* data = static_cast<char*>(std::malloc(bytes.size() + 1));
    if (data == nullptr) return fail("Out of memory");
    std::memcpy(data, bytes.c_str(), bytes.size() + 1);
    out.kind = PYAOT_VALUE_STR;
    out.owned = 1;  // a key comes here straight, not through value()
    out.len = static_cast<std::int64_t>(bytes.size());
    out.as.s = data;
    return true;
  }

  bool container(pyaot_value& out, int depth, bool object) {
    std::vector<pyaot_value> items;
    const auto give = [&](bool ok) {  // on failure, frees what was read (a key, maybe alone)
      const std::size_t n = items.size();
      pyaot_value* block = ok ? c_abi::value_detail::new_items(
          out, object ? PYAOT_VALUE_DICT : PYAOT_VALUE_LIST, n) : nullptr;
      if (block == nullptr) {
        for (auto& item : items) c_abi::release_value(&item);
        out = pyaot_value{};
        return ok ? fail("Out of memory") : false;
      }
      if (n > 0) std::memcpy(static_cast<void*>(block), items.data(), n * sizeof(pyaot_value));
      if (object) out.len = static_cast<std::int64_t>(n / 2);
      return true;
    };
    ++at_;
    space();
    if (at_ < text_.size() && text_[at_] == (object ? '}' : ']')) {
      ++at_;
      return give(true);
    }
    for (;;) {
      space();
      if (object) {
        if (at_ >= text_.size() || text_[at_] != '"') {
          return give(fail("Expecting property name enclosed in double quotes"));
        }
        items.emplace_back();
        if (!string(items.back())) return give(false);
        space();
        if (at_ >= text_.size() || text_[at_] != ':') return give(fail("Expecting ':' delimiter"));
        ++at_;
        space();
      }
      items.emplace_back();
      if (!value(items.back(), depth + 1)) return give(false);
      space();
      if (at_ < text_.size() && text_[at_] == ',') {
        ++at_;
        continue;
      }
      if (at_ < text_.size() && text_[at_] == (object ? '}' : ']')) {
        ++at_;
        return give(true);
      }
      return give(fail("Expecting ',' delimiter"));
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace json_detail

inline bool parse_json(std::string_view text, pyaot_value& out, std::string& error) {
  json_detail::Parser parser(text);
  if (parser.document(out)) return true;
  c_abi::release_value(&out);
  error = parser.error;
  return false;
}

}  // namespace pyaot::standalone
