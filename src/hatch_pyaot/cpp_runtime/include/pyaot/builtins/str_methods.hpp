#pragma once
// The methods of str, as CPython 3.11 computes them: searching and splitting, stripping,
// case mappings with full Unicode (including "ß".upper() == "SS" and the final sigma of
// lower()), padding, and the is...() classes.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <tuple>

#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/unicode.hpp"
#include "pyaot/none.hpp"

namespace pyaot {

using str_view = std::u32string_view;

namespace detail {

/// CPython's adjustment of start/end arguments (as a slice would clamp them).
inline void adjust_range(std::int64_t& start, std::int64_t& end, std::int64_t n) {
  if (end > n) {
    end = n;
  } else if (end < 0) {
    end += n;
    if (end < 0) end = 0;
  }
  if (start < 0) {
    start += n;
    if (start < 0) start = 0;
  }
}

inline bool in_set(char32_t c, str_view chars) { return chars.find(c) != str_view::npos; }

}  // namespace detail

// ---- searching ---------------------------------------------------------------------------

inline std::int64_t str_find(const str& s, const str& sub, std::int64_t start = 0,
                             std::int64_t end = INT64_MAX) {
  const std::int64_t n = s.size();
  detail::adjust_range(start, end, n);
  if (end - start < sub.size()) return -1;
  const str_view window = s.view().substr(static_cast<std::size_t>(start),
                                          static_cast<std::size_t>(end - start));
  const std::size_t at = window.find(sub.view());
  return at == str_view::npos ? -1 : start + static_cast<std::int64_t>(at);
}

inline std::int64_t str_rfind(const str& s, const str& sub, std::int64_t start = 0,
                              std::int64_t end = INT64_MAX) {
  const std::int64_t n = s.size();
  detail::adjust_range(start, end, n);
  if (end - start < sub.size()) return -1;
  const str_view window = s.view().substr(static_cast<std::size_t>(start),
                                          static_cast<std::size_t>(end - start));
  const std::size_t at = window.rfind(sub.view());
  return at == str_view::npos ? -1 : start + static_cast<std::int64_t>(at);
}

inline bool str_index(std::int64_t& out, const str& s, const str& sub, std::int64_t start = 0,
                      std::int64_t end = INT64_MAX) {
  out = str_find(s, sub, start, end);
  return out >= 0 || raise(Exc::ValueError, "substring not found");
}

inline bool str_rindex(std::int64_t& out, const str& s, const str& sub, std::int64_t start = 0,
                       std::int64_t end = INT64_MAX) {
  out = str_rfind(s, sub, start, end);
  return out >= 0 || raise(Exc::ValueError, "substring not found");
}

inline std::int64_t str_count(const str& s, const str& sub, std::int64_t start = 0,
                              std::int64_t end = INT64_MAX) {
  const std::int64_t n = s.size();
  detail::adjust_range(start, end, n);
  if (end - start < sub.size()) return 0;
  if (sub.empty()) return end - start + 1;
  const str_view window = s.view().substr(static_cast<std::size_t>(start),
                                          static_cast<std::size_t>(end - start));
  std::int64_t count = 0;
  for (std::size_t at = window.find(sub.view()); at != str_view::npos;
       at = window.find(sub.view(), at + sub.view().size())) {
    ++count;
  }
  return count;
}

namespace detail {
inline bool match_at(const str& s, const str& part, std::int64_t start, std::int64_t end,
                     bool at_end) {
  const std::int64_t n = s.size();
  adjust_range(start, end, n);
  if (end - start < part.size() || start > n) return false;
  const str_view window = s.view().substr(static_cast<std::size_t>(start),
                                          static_cast<std::size_t>(end - start));
  return at_end ? window.ends_with(part.view()) : window.starts_with(part.view());
}
}  // namespace detail

inline bool str_startswith(const str& s, const str& prefix, std::int64_t start = 0,
                           std::int64_t end = INT64_MAX) {
  return detail::match_at(s, prefix, start, end, false);
}

inline bool str_endswith(const str& s, const str& suffix, std::int64_t start = 0,
                         std::int64_t end = INT64_MAX) {
  return detail::match_at(s, suffix, start, end, true);
}

/// s.startswith((a, b, ...)): any of them.
template <class... P>
bool str_startswith(const str& s, std::tuple<P...> prefixes, std::int64_t start = 0,
                    std::int64_t end = INT64_MAX) {
  return std::apply([&](const auto&... p) { return (str_startswith(s, p, start, end) || ...); },
                    prefixes);
}

template <class... P>
bool str_endswith(const str& s, std::tuple<P...> suffixes, std::int64_t start = 0,
                  std::int64_t end = INT64_MAX) {
  return std::apply([&](const auto&... p) { return (str_endswith(s, p, start, end) || ...); },
                    suffixes);
}

// ---- splitting and joining ---------------------------------------------------------------

/// list(s): its characters.
inline list<str> str_chars(const str& s) {
  list<str> out = list<str>::make(static_cast<std::size_t>(s.size()));
  for (char32_t c : s.view()) out.items().push_back(str::of_char(c));
  return out;
}

/// sorted(s): a short string's code points sorted on the stack (no buffer to allocate: a
/// word's letters, as anagram keys sort them).
inline list<str> str_sorted(const str& s) {
  const str_view v = s.view();
  list<str> out = list<str>::make(v.size());
  auto push_all = [&out](const char32_t* first, const char32_t* last) {
    for (; first != last; ++first) out.items().push_back(str::of_char(*first));
  };
  if (v.size() <= 64) {
    char32_t text[64];
    std::copy(v.begin(), v.end(), text);
    std::sort(text, text + v.size());
    push_all(text, text + v.size());
  } else {
    std::u32string text(v);
    std::sort(text.begin(), text.end());
    push_all(text.data(), text.data() + text.size());
  }
  return out;
}

/// sep.join(sorted(s)) of a str s: its code points sorted straight into the new string, with
/// no list of 1-character strings between (codegen/strings.py fuses the two calls; an
/// anagram key is "".join(sorted(word))).
inline str str_join_sorted(const str& sep, const str& s) {
  const str_view v = s.view();
  const str_view d = sep.view();
  if (v.size() <= 1) return s;  // "" or one character: the join of one item is that item
  char32_t* chars;
  str out = str::with_size(v.size() + d.size() * (v.size() - 1), chars);
  if (d.empty()) {
    std::copy(v.begin(), v.end(), chars);
    std::sort(chars, chars + v.size());
    return out;
  }
  std::u32string sorted(v);
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i) chars = detail::copy_chars(chars, d);
    *chars++ = sorted[i];
  }
  return out;
}

namespace detail {
/// The room a split's list starts with, as CPython's (up to 12 pieces: one allocation for
/// most lines, not one per doubling).
inline std::size_t split_room(std::int64_t maxsplit) {
  return maxsplit >= 0 && maxsplit < 12 ? static_cast<std::size_t>(maxsplit) + 1 : 12;
}
}  // namespace detail

/// s.split() / s.split(None, maxsplit): runs of whitespace.
inline list<str> str_split_whitespace(const str& s, std::int64_t maxsplit = -1) {
  list<str> out = list<str>::make(detail::split_room(maxsplit));
  const str_view v = s.view();
  std::size_t i = 0;
  const std::size_t n = v.size();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  while (true) {
    while (i < n && unicode::is_space(v[i])) ++i;
    if (i == n) break;
    if (maxsplit-- == 0) {  // the rest, with its trailing whitespace, as CPython
      out.items().push_back(str::of(v.substr(i)));
      break;
    }
    std::size_t j = i;
    while (j < n && !unicode::is_space(v[j])) ++j;
    out.items().push_back(str::of(v.substr(i, j - i)));
    i = j;
  }
  return out;
}

inline list<str> str_split_whitespace(const str& s, None, std::int64_t maxsplit) {
  return str_split_whitespace(s, maxsplit);
}

inline bool str_split(list<str>& out, const str& s, const str& sep, std::int64_t maxsplit = -1) {
  if (sep.empty()) [[unlikely]] return raise(Exc::ValueError, "empty separator");
  out = list<str>::make(detail::split_room(maxsplit));
  const str_view v = s.view(), d = sep.view();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  std::size_t i = 0;
  for (std::size_t at; maxsplit > 0 && (at = v.find(d, i)) != str_view::npos; --maxsplit) {
    out.items().push_back(str::of(v.substr(i, at - i)));
    i = at + d.size();
  }
  out.items().push_back(str::of(v.substr(i)));
  return true;
}

inline list<str> str_rsplit_whitespace(const str& s, std::int64_t maxsplit = -1) {
  list<str> out = list<str>::make(detail::split_room(maxsplit));
  const str_view v = s.view();
  std::size_t j = v.size();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  while (true) {
    while (j > 0 && unicode::is_space(v[j - 1])) --j;
    if (j == 0) break;
    if (maxsplit-- == 0) {  // the rest, with its leading whitespace
      out.items().push_back(str::of(v.substr(0, j)));
      break;
    }
    std::size_t i = j;
    while (i > 0 && !unicode::is_space(v[i - 1])) --i;
    out.items().push_back(str::of(v.substr(i, j - i)));
    j = i;
  }
  list_reverse(out);
  return out;
}

inline list<str> str_rsplit_whitespace(const str& s, None, std::int64_t maxsplit) {
  return str_rsplit_whitespace(s, maxsplit);
}

inline bool str_rsplit(list<str>& out, const str& s, const str& sep,
                       std::int64_t maxsplit = -1) {
  if (sep.empty()) [[unlikely]] return raise(Exc::ValueError, "empty separator");
  out = list<str>::make(detail::split_room(maxsplit));
  const str_view v = s.view(), d = sep.view();
  if (maxsplit < 0) maxsplit = INT64_MAX;
  std::size_t j = v.size();
  while (maxsplit > 0 && j >= d.size()) {
    const std::size_t at = v.substr(0, j).rfind(d);
    if (at == str_view::npos) break;
    out.items().push_back(str::of(v.substr(at + d.size(), j - at - d.size())));
    j = at;
    --maxsplit;
  }
  out.items().push_back(str::of(v.substr(0, j)));
  list_reverse(out);
  return true;
}

namespace detail {
inline bool line_break(char32_t c) {
  if (c > 0x1E && c != 0x85 && c != 0x2028 && c != 0x2029) [[likely]] return false;
  return (c >= '\n' && c <= '\r') || (c >= 0x1C && c <= 0x1E) || c == 0x85 || c == 0x2028 ||
         c == 0x2029;
}
}  // namespace detail

inline list<str> str_splitlines(const str& s, bool keepends = false) {
  list<str> out = list<str>::make();
  const str_view v = s.view();
  std::size_t i = 0;
  while (i < v.size()) {
    std::size_t j = i;
    while (j < v.size() && !detail::line_break(v[j])) ++j;
    std::size_t end = j;
    if (j < v.size()) {
      end = (v[j] == '\r' && j + 1 < v.size() && v[j + 1] == '\n') ? j + 2 : j + 1;
    }
    out.items().push_back(str::of(v.substr(i, (keepends ? end : j) - i)));
    i = end;
  }
  return out;
}

inline str str_join(const str& sep, const list<str>& parts) {
  const auto& items = parts.items();
  if (items.size() == 1) return items[0];
  const str_view d = sep.view();
  std::size_t total = d.size() * (items.empty() ? 0 : items.size() - 1);
  for (const str& p : items) total += p.view().size();
  char32_t* chars;
  str out = str::with_size(total, chars);
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) chars = detail::copy_chars(chars, d);
    chars = detail::copy_chars(chars, items[i].view());
  }
  return out;
}

namespace detail {
inline bool partition(std::tuple<str, str, str>& out, const str& s, const str& sep,
                      bool from_right) {
  if (sep.empty()) [[unlikely]] return raise(Exc::ValueError, "empty separator");
  const str_view v = s.view();
  const std::size_t at = from_right ? v.rfind(sep.view()) : v.find(sep.view());
  if (at == str_view::npos) {
    out = from_right ? std::tuple<str, str, str>{str(), str(), s}
                     : std::tuple<str, str, str>{s, str(), str()};
    return true;
  }
  out = {str::of(v.substr(0, at)), sep, str::of(v.substr(at + sep.view().size()))};
  return true;
}
}  // namespace detail

inline bool str_partition(std::tuple<str, str, str>& out, const str& s, const str& sep) {
  return detail::partition(out, s, sep, false);
}
inline bool str_rpartition(std::tuple<str, str, str>& out, const str& s, const str& sep) {
  return detail::partition(out, s, sep, true);
}

// ---- stripping and replacing -------------------------------------------------------------

/// which: 1 left, 2 right, 3 both; chars: the set to strip (whitespace when `whitespace`).
inline str str_strip(const str& s, int which, bool whitespace, const str& chars = str()) {
  const str_view v = s.view();
  auto strip = [&](char32_t c) {
    return whitespace ? unicode::is_space(c) : detail::in_set(c, chars.view());
  };
  std::size_t i = 0, j = v.size();
  if (which & 1) {
    while (i < j && strip(v[i])) ++i;
  }
  if (which & 2) {
    while (j > i && strip(v[j - 1])) --j;
  }
  if (i == 0 && j == v.size()) return s;
  return str::of(v.substr(i, j - i));
}

inline str str_strip(const str& s, None) { return str_strip(s, 3, true); }
inline str str_lstrip(const str& s, None) { return str_strip(s, 1, true); }
inline str str_rstrip(const str& s, None) { return str_strip(s, 2, true); }
inline str str_strip(const str& s, const str& chars) { return str_strip(s, 3, false, chars); }
inline str str_lstrip(const str& s, const str& chars) { return str_strip(s, 1, false, chars); }
inline str str_rstrip(const str& s, const str& chars) { return str_strip(s, 2, false, chars); }

inline str str_replace(const str& s, const str& old, const str& replacement,
                       std::int64_t count = -1) {
  if (count < 0) count = INT64_MAX;
  const str_view v = s.view(), o = old.view(), r = replacement.view();
  std::u32string text;
  if (o.empty()) {
    std::size_t i = 0;
    for (; i <= v.size() && count > 0; ++i, --count) {
      text.append(r);
      if (i < v.size()) text.push_back(v[i]);
    }
    if (i <= v.size()) text.append(v.substr(i));
    return str::of(std::move(text));
  }
  std::size_t i = 0;
  for (std::size_t at; count > 0 && (at = v.find(o, i)) != str_view::npos; --count) {
    text.append(v.substr(i, at - i));
    text.append(r);
    i = at + o.size();
  }
  if (i == 0) return s;
  text.append(v.substr(i));
  return str::of(std::move(text));
}

// ---- case --------------------------------------------------------------------------------

namespace detail {

/// "Σ" lowercases to final "ς" after a cased letter when no cased letter follows (case
/// ignorable characters skipped), as CPython's lower() does.
inline char32_t lower_sigma(str_view v, std::size_t i) {
  using unicode::CASED, unicode::CASE_IGNORABLE;
  std::size_t j = i;
  while (j > 0 && unicode::has(v[j - 1], CASE_IGNORABLE)) --j;
  bool final_sigma = j > 0 && unicode::has(v[j - 1], CASED);
  if (final_sigma) {
    std::size_t k = i + 1;
    while (k < v.size() && unicode::has(v[k], CASE_IGNORABLE)) ++k;
    final_sigma = k == v.size() || !unicode::has(v[k], CASED);
  }
  return final_sigma ? 0x3C2 : 0x3C3;
}

inline void append_lower(std::u32string& out, str_view v, std::size_t i) {
  if (v[i] == 0x3A3) {
    out.push_back(lower_sigma(v, i));
  } else {
    unicode::append_mapped(out, v[i], unicode::Case::lower);
  }
}

}  // namespace detail

namespace detail {
inline bool all_ascii(str_view v) {
  char32_t any = 0;
  for (char32_t c : v) any |= c;
  return any < 128;
}

/// ASCII text with the letters from..to flipped to the other case (one allocation, none when
/// no letter changes).
inline str map_ascii(const str& s, char32_t from, char32_t to) {
  const str_view v = s.view();
  std::size_t first = 0;
  while (first < v.size() && (v[first] < from || v[first] > to)) ++first;
  if (first == v.size()) return s;
  char32_t* chars;
  str out = str::with_size(v.size(), chars);
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char32_t c = v[i];
    chars[i] = c >= from && c <= to ? c ^ 0x20 : c;
  }
  return out;
}

/// The full mapping (upper, lower, fold) of v[i], lower's "Σ" by its neighbours.
inline void append_case(std::u32string& out, str_view v, std::size_t i, unicode::Case which) {
  if (which == unicode::Case::lower) {
    append_lower(out, v, i);
  } else {
    unicode::append_mapped(out, v[i], which);
  }
}

/// s mapped code point by code point (upper, lower, fold). Text of any script goes in one
/// pass into one string of its length while every code point maps to one (lower's "Σ" to its
/// final or other form by its neighbours); from the first that maps to more (lower's "İ",
/// upper's "ß"), the rest goes through a growing buffer, after the part already mapped. The
/// string itself when nothing changes, as map_ascii.
inline str map_case(const str& s, unicode::Case which) {
  const str_view v = s.view();
  if (v.empty()) return s;
  char32_t* chars;
  str mapped = str::with_size(v.size(), chars);
  char32_t changed = 0;
  std::size_t i = 0;
  for (; i < v.size(); ++i) {
    const char32_t c = v[i];
    char32_t m;
    if (c == 0x3A3 && which == unicode::Case::lower) {
      m = lower_sigma(v, i);
    } else if (!unicode::single_mapping(c, which, m)) [[unlikely]] {
      break;
    }
    chars[i] = m;
    changed |= m ^ c;
  }
  if (i < v.size()) {
    std::u32string out(chars, i);
    out.reserve(v.size() + 8);
    for (; i < v.size(); ++i) append_case(out, v, i, which);
    return str::of(std::move(out));
  }
  if (changed == 0) return s;
  if (v.size() == 1) return str::of_char(chars[0]);  // the shared string of a Latin-1 one
  return mapped;
}
}  // namespace detail

inline str str_upper(const str& s) {
  if (detail::all_ascii(s.view())) return detail::map_ascii(s, 'a', 'z');
  return detail::map_case(s, unicode::Case::upper);
}

inline str str_lower(const str& s) {
  if (detail::all_ascii(s.view())) return detail::map_ascii(s, 'A', 'Z');
  return detail::map_case(s, unicode::Case::lower);
}

inline str str_casefold(const str& s) { return detail::map_case(s, unicode::Case::fold); }

inline str str_swapcase(const str& s) {
  const str_view v = s.view();
  std::u32string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (unicode::has(v[i], unicode::UPPER)) {
      detail::append_lower(out, v, i);
    } else if (unicode::has(v[i], unicode::LOWER)) {
      unicode::append_mapped(out, v[i], unicode::Case::upper);
    } else {
      out.push_back(v[i]);
    }
  }
  return str::of(std::move(out));
}

inline str str_title(const str& s) {
  const str_view v = s.view();
  std::u32string out;
  bool previous_cased = false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (previous_cased) {
      detail::append_lower(out, v, i);
    } else {
      unicode::append_mapped(out, v[i], unicode::Case::title);
    }
    previous_cased = unicode::has(v[i], unicode::CASED);
  }
  return str::of(std::move(out));
}

inline str str_capitalize(const str& s) {
  const str_view v = s.view();
  std::u32string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i == 0) {
      unicode::append_mapped(out, v[i], unicode::Case::title);
    } else {
      detail::append_lower(out, v, i);
    }
  }
  return str::of(std::move(out));
}

// ---- padding -----------------------------------------------------------------------------

namespace detail {
inline bool fill_char(char32_t& out, const str& fill) {
  if (fill.size() != 1) [[unlikely]] {
    return raise(Exc::TypeError, "The fill character must be exactly one character long");
  }
  out = fill[0];
  return true;
}
}  // namespace detail

/// which: 'l' ljust, 'r' rjust, 'c' center.
inline bool str_pad(str& out, const str& s, std::int64_t width, const str& fill, char which) {
  char32_t c = ' ';
  if (!detail::fill_char(c, fill)) return false;
  const std::int64_t n = s.size();
  if (width <= n) {
    out = s;
    return true;
  }
  if (!can_allocate(static_cast<std::uint64_t>(width), sizeof(char32_t))) return false;
  const std::int64_t margin = width - n;
  std::int64_t left = which == 'l' ? 0 : which == 'r' ? margin : margin / 2 + (margin & width & 1);
  std::u32string text(static_cast<std::size_t>(left), c);
  text.append(s.view());
  text.append(static_cast<std::size_t>(margin - left), c);
  out = str::of(std::move(text));
  return true;
}

inline bool str_center(str& out, const str& s, std::int64_t width, const str& fill) {
  return str_pad(out, s, width, fill, 'c');
}
inline bool str_ljust(str& out, const str& s, std::int64_t width, const str& fill) {
  return str_pad(out, s, width, fill, 'l');
}
inline bool str_rjust(str& out, const str& s, std::int64_t width, const str& fill) {
  return str_pad(out, s, width, fill, 'r');
}

inline bool str_zfill(str& out, const str& s, std::int64_t width) {
  const std::u32string_view v = s.view();
  const std::int64_t n = s.size();
  if (width <= n) {
    out = s;
    return true;
  }
  if (!can_allocate(static_cast<std::uint64_t>(width), sizeof(char32_t))) return false;
  std::u32string text(static_cast<std::size_t>(width - n), U'0');
  if (!v.empty() && (v[0] == '+' || v[0] == '-')) {
    text.insert(text.begin(), v[0]);
    text.append(v.substr(1));
  } else {
    text.append(v);
  }
  out = str::of(std::move(text));
  return true;
}

// ---- classes -----------------------------------------------------------------------------

/// s.isdigit() and kin: every character has the class, and there is one (flag 0: isalnum).
[[gnu::always_inline]] inline bool str_is(const str& s, std::uint16_t flag) {
  if (s.empty()) return false;
  using namespace unicode;
  const std::uint16_t flags = flag ? flag : ALPHA | DECIMAL | DIGIT | NUMERIC;
  for (char32_t c : s.view()) {
    if (!has(c, flags)) return false;
  }
  return true;
}

inline bool str_isascii(const str& s) {
  for (char32_t c : s.view()) {
    if (c >= 128) return false;
  }
  return true;
}

inline bool str_isprintable(const str& s) {
  for (char32_t c : s.view()) {
    if (!unicode::has(c, unicode::PRINTABLE)) return false;
  }
  return true;
}

/// isupper (upper = true) / islower: every cased character so, and at least one.
inline bool str_iscase(const str& s, bool upper) {
  using namespace unicode;
  bool cased = false;
  for (char32_t c : s.view()) {
    if (has(c, upper ? LOWER : UPPER) || has(c, TITLE)) return false;
    if (has(c, upper ? UPPER : LOWER)) cased = true;
  }
  return cased;
}

inline bool str_isdigit(const str& s) { return str_is(s, unicode::DIGIT); }
inline bool str_isalpha(const str& s) { return str_is(s, unicode::ALPHA); }
inline bool str_isalnum(const str& s) { return str_is(s, 0); }
inline bool str_isspace(const str& s) { return str_is(s, unicode::SPACE); }
inline bool str_isnumeric(const str& s) { return str_is(s, unicode::NUMERIC); }
inline bool str_isdecimal(const str& s) { return str_is(s, unicode::DECIMAL); }
inline bool str_isupper(const str& s) { return str_iscase(s, true); }
inline bool str_islower(const str& s) { return str_iscase(s, false); }

inline bool str_istitle(const str& s) {
  using namespace unicode;
  bool cased = false, previous_cased = false;
  for (char32_t c : s.view()) {
    if (has(c, UPPER) || has(c, TITLE)) {
      if (previous_cased) return false;
      previous_cased = cased = true;
    } else if (has(c, LOWER)) {
      if (!previous_cased) return false;
      previous_cased = cased = true;
    } else {
      previous_cased = false;
    }
  }
  return cased;
}

}  // namespace pyaot
