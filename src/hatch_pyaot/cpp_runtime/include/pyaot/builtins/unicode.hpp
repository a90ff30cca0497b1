#pragma once
// Character classes and case mappings of one code point, as CPython's str methods see them
// (tables in unicode_data.hpp, generated from CPython itself). ASCII takes a fast path.

#include <algorithm>
#include <cstdint>
#include <string>

#include "pyaot/builtins/unicode_data.hpp"

namespace pyaot::unicode {

inline const Run& run_of(char32_t c) noexcept {
  const Run* end = RUNS + sizeof RUNS / sizeof RUNS[0];
  const Run* at = std::upper_bound(RUNS, end, static_cast<std::uint32_t>(c),
                                   [](std::uint32_t v, const Run& r) { return v < r.start; });
  return *(at - 1);
}

inline bool has(char32_t c, std::uint16_t flag) noexcept {
  if (c < 128) [[likely]] {
    const unsigned u = static_cast<unsigned>(c);
    switch (flag) {
      case SPACE: return u == ' ' || (u >= 9 && u <= 13) || (u >= 28 && u <= 31);
      case DECIMAL:
      case DIGIT:
      case NUMERIC: return u >= '0' && u <= '9';
      case ALPHA: return (u | 32) >= 'a' && (u | 32) <= 'z';
      case LOWER: return u >= 'a' && u <= 'z';
      case UPPER: return u >= 'A' && u <= 'Z';
      default: break;
    }
  }
  return (run_of(c).flags & flag) != 0;
}

inline bool is_space(char32_t c) noexcept { return has(c, SPACE); }

/// The decimal value of a DECIMAL code point (any script's digits 0 to 9).
inline int decimal_value(char32_t c) noexcept {
  if (c < 128) return static_cast<int>(c) - '0';
  return static_cast<int>(static_cast<std::int32_t>(c) + run_of(c).decimal);
}

enum class Case { upper, lower, title, fold };

/// Appends the full case mapping of c (one to three code points: "ß" upper is "SS").
inline void append_mapped(std::u32string& out, char32_t c, Case which) {
  if (c < 128) [[likely]] {
    const bool to_upper = which == Case::upper || which == Case::title;
    if (to_upper && c >= 'a' && c <= 'z') c -= 32;
    if (!to_upper && c >= 'A' && c <= 'Z') c += 32;
    out.push_back(c);
    return;
  }
  const Run& r = run_of(c);
  if (r.special >= 0) {
    const Special& s = SPECIALS[r.special];
    const char32_t* mapped = which == Case::upper   ? s.upper
                             : which == Case::lower ? s.lower
                             : which == Case::title ? s.title
                                                    : s.fold;
    for (int i = 0; i < 3 && mapped[i] != 0; ++i) out.push_back(mapped[i]);
    return;
  }
  const std::int32_t offset = which == Case::upper   ? r.upper
                              : which == Case::lower ? r.lower
                              : which == Case::title ? r.title
                                                     : r.fold;
  out.push_back(static_cast<char32_t>(static_cast<std::int32_t>(c) + offset));
}

}  // namespace pyaot::unicode
