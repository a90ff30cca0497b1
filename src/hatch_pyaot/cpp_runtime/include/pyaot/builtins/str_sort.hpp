#pragma once
// Sorting strings (l.sort(), sorted(l) of a list[str]): equal strings cannot be told apart in
// compiled code (a result becomes new Python objects), so any correct order is Python's and
// the sort need not be stable. Each string is sorted with a key of its first code points
// packed in two 63-bit words (9 of 7 bits a word when those of every string are ASCII, 7 of
// 8 bits for Latin-1, else 3 of 21 bits), which decides most comparisons without reading the
// text.

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/str.hpp"

namespace pyaot {

namespace detail {

/// How many code points a key holds, and in how many bits each.
struct KeyShape {
  std::size_t count;
  unsigned bits;
};

/// The narrowest shape that holds the first code points of every string, each + 1.
inline KeyShape key_shape(const list_items<str>& items) noexcept {
  char32_t high = 0;
  for (const str& s : items) {
    const std::u32string_view v = s.view().substr(0, 18);
    for (char32_t c : v) high |= c;
  }
  if (high < 127) return {9, 7};
  if (high < 255) return {7, 8};
  return {3, 21};
}

/// Code points + 1 (0: past the end) from `from` on: keys compare as the strings' code
/// points there do, a shorter string first.
inline std::uint64_t str_prefix_key(const str& s, KeyShape shape, std::size_t from) noexcept {
  const std::u32string_view v = s.view();
  std::uint64_t key = 0;
  for (std::size_t i = from; i < from + shape.count; ++i) {
    key = (key << shape.bits) | (i < v.size() ? static_cast<std::uint64_t>(v[i]) + 1 : 0);
  }
  return key;
}

/// What the sort moves: plain words (no counts to move with them), the string by its place.
struct KeyedStr {
  std::uint64_t key;   ///< the first `count` code points
  std::uint64_t next;  ///< the `count` after them, shifted left once: bit 0 tells a longer one
  std::size_t at;      ///< its index in the items
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
inline void sort_values(list_items<str>& items, bool reverse) {
  const detail::KeyShape shape = detail::key_shape(items);
  std::vector<detail::KeyedStr> keyed;
  keyed.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    const bool longer = items[i].size() > static_cast<std::int64_t>(2 * shape.count);
    keyed.push_back({detail::str_prefix_key(items[i], shape, 0),
                     detail::str_prefix_key(items[i], shape, shape.count) << 1 | longer, i});
  }
  const std::size_t count = 2 * shape.count;
  // Equal keys without the bit of a longer string: equal strings, told without their text.
  auto less = [count, &items](const detail::KeyedStr& a, const detail::KeyedStr& b) {
    if (a.key != b.key) return a.key < b.key;
    if (a.next != b.next) return a.next < b.next;
    if ((a.next & 1) == 0) return false;
    const str &x = items[a.at], &y = items[b.at];
    return x.box() != y.box() && detail::rest_less(x, y, count);
  };
  if (reverse) {
    std::sort(keyed.begin(), keyed.end(), [&less](const auto& a, const auto& b) {
      return less(b, a);
    });
  } else {
    std::sort(keyed.begin(), keyed.end(), less);
  }
  list_items<str> sorted;
  sorted.reserve(items.size());
  for (const detail::KeyedStr& k : keyed) sorted.push_back(std::move(items[k.at]));
  items.swap(sorted);
}

}  // namespace pyaot
