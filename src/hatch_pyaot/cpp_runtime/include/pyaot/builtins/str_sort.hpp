#pragma once
// Sorting strings (l.sort(), sorted(l) of a list[str]): equal strings cannot be told apart in
// compiled code (a result becomes new Python objects), so any correct order is Python's and
// the sort need not be stable. Each string is sorted with a key of its first code points
// packed in 63 bits (9 of 7 bits when those of every string are ASCII, 7 of 8 bits for
// Latin-1, else 3 of 21 bits), which decides most comparisons without reading the text.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "pyaot/builtins/str.hpp"

namespace pyaot {

namespace detail {

/// How many code points a key holds, and in how many bits each.
struct KeyShape {
  std::size_t count;
  unsigned bits;
};

/// The narrowest shape that holds the first code points of every string, each + 1.
inline KeyShape key_shape(const std::vector<str>& items) noexcept {
  char32_t high = 0;
  for (const str& s : items) {
    const std::u32string_view v = s.view().substr(0, 9);
    for (char32_t c : v) high |= c;
  }
  if (high < 127) return {9, 7};
  if (high < 255) return {7, 8};
  return {3, 21};
}

/// Code points + 1 (0: past the end): keys compare as the strings' first `count` code
/// points do, a shorter string first.
inline std::uint64_t str_prefix_key(const str& s, KeyShape shape) noexcept {
  const std::u32string_view v = s.view();
  std::uint64_t key = 0;
  for (std::size_t i = 0; i < shape.count; ++i) {
    key = (key << shape.bits) | (i < v.size() ? static_cast<std::uint64_t>(v[i]) + 1 : 0);
  }
  return key;
}

struct KeyedStr {
  std::uint64_t key;
  str value;
};

/// a < b for two strings of equal keys: the text after the first `count` code points.
inline bool rest_less(const str& a, const str& b, std::size_t count) noexcept {
  const std::u32string_view x = a.view(), y = b.view();
  if (x.size() <= count || y.size() <= count) return x.size() < y.size();  // equal so far
  const std::size_t n = std::min(x.size(), y.size());
  for (std::size_t i = count; i < n; ++i) {
    if (x[i] != y[i]) return x[i] < y[i];
  }
  return x.size() < y.size();
}
}  // namespace detail

/// The items of a list[str] in order (reversed with `reverse`); list_sort finds it by ADL.
inline void sort_values(std::vector<str>& items, bool reverse) {
  const detail::KeyShape shape = detail::key_shape(items);
  std::vector<detail::KeyedStr> keyed;
  keyed.reserve(items.size());
  for (str& s : items) keyed.push_back({detail::str_prefix_key(s, shape), std::move(s)});
  const std::size_t count = shape.count;
  auto less = [count](const detail::KeyedStr& a, const detail::KeyedStr& b) {
    if (a.key != b.key) return a.key < b.key;
    return a.value.box() != b.value.box() && detail::rest_less(a.value, b.value, count);
  };
  if (reverse) {
    std::sort(keyed.begin(), keyed.end(), [&less](const auto& a, const auto& b) {
      return less(b, a);
    });
  } else {
    std::sort(keyed.begin(), keyed.end(), less);
  }
  for (std::size_t i = 0; i < items.size(); ++i) items[i] = std::move(keyed[i].value);
}

}  // namespace pyaot
