#pragma once
// collections.Counter on pyaot::dict<K, int>: the same table as a dict (codegen keeps the
// Python class only in the type), with Counter's counting, most_common(), total() and its
// arithmetic (+ - | &, which keep only positive counts, as CPython's).
// defaultdict needs nothing here: its d[k] is dict_setdefault_lazy with the factory.

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "pyaot/builtins/dict.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/str.hpp"

namespace pyaot {

/// Counter.update(items) / Counter(items): one more for each item, in order.
template <class K>
void counter_count(const dict<K, std::int64_t>& d, const list<K>& items) {
  const list<K> held = items;  // counting a list into a Counter of itself is not possible
  for (const auto& item : held.items()) dict_set(d, K(item), dict_get_or(d, K(item), 0) + 1);
}

/// Counter(s) of a str: its characters.
inline void counter_count(const dict<str, std::int64_t>& d, const str& s) {
  const std::u32string_view text = s.view();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const str c = str::of(text.substr(i, 1));
    dict_set(d, c, dict_get_or(d, c, 0) + 1);
  }
}

/// most_common(n): the items by count, largest first, ties in insertion order (CPython's
/// sorted(..., reverse=True) and heapq.nlargest are both stable); n < 0 (None): all.
template <class K>
list<std::tuple<K, std::int64_t>> counter_most_common(const dict<K, std::int64_t>& d,
                                                       bool all, std::int64_t n) {
  list<std::tuple<K, std::int64_t>> out = dict_items_list(d);
  auto& items = out.items();
  std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) {
    return std::get<1>(a) > std::get<1>(b);
  });
  if (!all) items.resize(n <= 0 ? 0 : std::min<std::size_t>(items.size(), static_cast<std::size_t>(n)));
  return out;
}

/// total(): the sum of the counts.
template <class K>
std::int64_t counter_total(const dict<K, std::int64_t>& d) {
  std::int64_t total = 0;
  const list<std::int64_t> values = dict_values_list(d);
  for (const auto& value : values.items()) total += value;
  return total;
}

/// a + b, a - b, a | b (the larger count), a & b (the smaller): CPython's Counter.__add__
/// and kin, item for item, in the same order (a's keys first, then b's new ones).
template <class K>
dict<K, std::int64_t> counter_arith(const dict<K, std::int64_t>& a,
                                    const dict<K, std::int64_t>& b, char op) {
  dict<K, std::int64_t> out = dict<K, std::int64_t>::make();
  const auto left = dict_items_list(a), right = dict_items_list(b);  // held while iterated
  for (const auto& [key, count] : left.items()) {
    const std::int64_t other = dict_get_or(b, key, 0);
    const std::int64_t n = op == '+' ? count + other : op == '-' ? count - other
                         : op == '|' ? std::max(count, other) : std::min(count, other);
    if (n > 0) dict_set(out, key, n);
  }
  if (op == '&') return out;
  for (const auto& [key, count] : right.items()) {
    if (dict_contains(a, key)) continue;
    const std::int64_t n = op == '-' ? 0 - count : count;
    if (n > 0) dict_set(out, key, n);
  }
  return out;
}

template <class K>
dict<K, std::int64_t> counter_add(const dict<K, std::int64_t>& a, const dict<K, std::int64_t>& b) {
  return counter_arith(a, b, '+');
}
template <class K>
dict<K, std::int64_t> counter_sub(const dict<K, std::int64_t>& a, const dict<K, std::int64_t>& b) {
  return counter_arith(a, b, '-');
}
template <class K>
dict<K, std::int64_t> counter_or(const dict<K, std::int64_t>& a, const dict<K, std::int64_t>& b) {
  return counter_arith(a, b, '|');
}
template <class K>
dict<K, std::int64_t> counter_and(const dict<K, std::int64_t>& a, const dict<K, std::int64_t>& b) {
  return counter_arith(a, b, '&');
}

}  // namespace pyaot
