#pragma once
// Character classes and case mappings of one code point, as CPython's str methods see them
// (tables in unicode_data.hpp, generated from CPython itself). ASCII takes a fast path.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "pyaot/builtins/unicode_data.hpp"

namespace pyaot::unicode {

constexpr const Run& run_of(char32_t c) noexcept {
  const Run* end = RUNS + sizeof RUNS / sizeof RUNS[0];
  const Run* at = std::upper_bound(RUNS, end, static_cast<std::uint32_t>(c),
                                   [](std::uint32_t v, const Run& r) { return v < r.start; });
  return *(at - 1);
}

namespace detail {
/// The flags of the ASCII code points, from the same runs, in one table (one load each).
constexpr std::array<std::uint16_t, 128> ascii_flags() {
  std::array<std::uint16_t, 128> out{};
  for (std::size_t c = 0; c < out.size(); ++c) out[c] = run_of(static_cast<char32_t>(c)).flags;
  return out;
}
inline constexpr std::array<std::uint16_t, 128> ASCII_FLAGS = ascii_flags();

[[gnu::noinline]] inline bool has_beyond_ascii(char32_t c, std::uint16_t flags) noexcept {
  return (run_of(c).flags & flags) != 0;
}
}  // namespace detail

/// Whether c has any of `flags` (one flag, or several or'ed: isalnum's).
[[gnu::always_inline]] inline bool has(char32_t c, std::uint16_t flags) noexcept {
  if (static_cast<std::uint32_t>(c) < 128) [[likely]] {
    return (detail::ASCII_FLAGS[static_cast<std::size_t>(c)] & flags) != 0;
  }
  return detail::has_beyond_ascii(c, flags);
}

inline bool is_space(char32_t c) noexcept { return has(c, SPACE); }

/// The decimal value of a DECIMAL code point (any script's digits 0 to 9).
inline int decimal_value(char32_t c) noexcept {
  if (c < 128) return static_cast<int>(c) - '0';
  return static_cast<int>(static_cast<std::int32_t>(c) + run_of(c).decimal);
}

enum class Case { upper, lower, title, fold };

namespace detail {
/// A special case's mapping of one kind (up to three code points, 0-ended where shorter).
[[gnu::always_inline]] inline const char32_t* mapped_of(const Special& s, Case which) {
  return which == Case::upper   ? s.upper
         : which == Case::lower ? s.lower
         : which == Case::title ? s.title
                                : s.fold;
}

/// A run's code point offset for one kind of mapping.
[[gnu::always_inline]] inline std::int32_t offset_of(const Run& r, Case which) {
  return which == Case::upper   ? r.upper
         : which == Case::lower ? r.lower
         : which == Case::title ? r.title
                                : r.fold;
}
}  // namespace detail

/// The full mapping of c when it is one code point (that of most letters of every script):
/// true with it in `out`; false where it is longer ("ß" upper is "SS", "İ" lower is "i̇").
[[gnu::always_inline]] inline bool single_mapping(char32_t c, Case which, char32_t& out) {
  if (c < 128) [[likely]] {
    const bool to_upper = which == Case::upper || which == Case::title;
    const bool flip = to_upper ? c >= 'a' && c <= 'z' : c >= 'A' && c <= 'Z';
    out = flip ? c ^ 0x20 : c;
    return true;
  }
  const Run& r = run_of(c);
  if (r.special >= 0) {
    const Special& s = SPECIALS[r.special];
    const char32_t* mapped = detail::mapped_of(s, which);
    out = mapped[0];
    return mapped[0] != 0 && mapped[1] == 0;
  }
  const std::int32_t offset = detail::offset_of(r, which);
  out = static_cast<char32_t>(static_cast<std::int32_t>(c) + offset);
  return true;
}

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
    const char32_t* mapped = detail::mapped_of(s, which);
    for (int i = 0; i < 3 && mapped[i] != 0; ++i) out.push_back(mapped[i]);
    return;
  }
  const std::int32_t offset = detail::offset_of(r, which);
  out.push_back(static_cast<char32_t>(static_cast<std::int32_t>(c) + offset));
}

}  // namespace pyaot::unicode
