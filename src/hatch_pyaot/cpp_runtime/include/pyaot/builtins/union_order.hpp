#pragma once
// Ordering of small unions (`x < y`, `sorted(xs)`, `min(xs)`, `max(xs)` with `int | str`
// values): the members held are compared as Python compares them (numbers with each other,
// exactly; a str with a str...), and members that Python cannot order raise CPython's
// TypeError, `'<' not supported between instances of 'str' and 'int'`. typing/unions.py
// allows only members that are numbers, str, bytes, or one list or tuple type.
//
// sorted() compares the items in the order CPython's list.sort() does for fewer than 64
// items (the run at the start, then binary insertion: docs/values.md), so a list that
// cannot be ordered names the same two types in its TypeError; longer lists are sorted
// the same way while they fail, and by a merge sort when every item orders with the others.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/builtins/union.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

namespace union_order {

enum Op : int { LT, LE, GT, GE };

inline constexpr const char* symbol(int op) noexcept {
  return op == LT ? "<" : op == LE ? "<=" : op == GT ? ">" : ">=";
}

template <class A, class B>
constexpr bool orders = (union_detail::is_number<A> && union_detail::is_number<B>) ||
                        std::is_same_v<A, B>;

/// i op d for an int and a float, exactly (not through rounding i to a double).
template <int O>
bool int_float(std::int64_t i, double d) noexcept {
  if (std::isnan(d)) return false;
  if (d >= 0x1p63) return O == LT || O == LE;
  if (d < -0x1p63) return O == GT || O == GE;
  const auto up = static_cast<std::int64_t>(std::ceil(d));
  const auto down = static_cast<std::int64_t>(std::floor(d));
  switch (O) {
    case LT: return i < up;
    case LE: return i <= down;
    case GT: return i > down;
    default: return i >= up;
  }
}

inline constexpr int flipped(int op) noexcept {
  return op == LT ? GT : op == LE ? GE : op == GT ? LT : LE;
}

template <int O, class A, class B>
bool members(const A& a, const B& b) {
  using union_detail::is_number;
  if constexpr (is_number<A> && is_number<B> && !std::is_same_v<A, B> &&
                (std::is_same_v<A, double> || std::is_same_v<B, double>)) {
    if constexpr (std::is_same_v<A, double>) {
      return int_float<flipped(O)>(static_cast<std::int64_t>(b), a);
    } else {
      return int_float<O>(static_cast<std::int64_t>(a), b);
    }
  } else if constexpr (is_number<A> && is_number<B>) {
    using C = std::conditional_t<std::is_same_v<A, double>, double, std::int64_t>;
    const C x = static_cast<C>(a), y = static_cast<C>(b);
    return O == LT ? x < y : O == LE ? x <= y : O == GT ? x > y : x >= y;
  } else {
    switch (O) {
      case LT: return py_lt(a, b);
      case LE: return py_lt(a, b) || py_eq(a, b);
      case GT: return py_lt(b, a);
      default: return py_lt(b, a) || py_eq(a, b);
    }
  }
}

template <int O, class A, class B>
bool plain(bool& out, const A& a, const B& b) {
  if constexpr (orders<A, B>) {
    out = members<O>(a, b);
    return true;
  } else {
    std::string message = "'";
    message += symbol(O);
    message += "' not supported between instances of '";
    message += union_detail::type_name<A>();
    message += "' and '";
    message += union_detail::type_name<B>();
    message += "'";
    return raise(Exc::TypeError, message);
  }
}

template <class T>
decltype(auto) held(const T& value, auto&& f) {
  if constexpr (is_union<T>::value) {
    return value.visit(f);
  } else {
    return f(value);
  }
}

}  // namespace union_order

/// a op b (op: union_order::LT, LE, GT, GE) with a union side: false with CPython's
/// TypeError pending when the members held cannot be ordered.
template <int O, class A, class B>
bool union_compare(bool& out, const A& a, const B& b) {
  return union_order::held(a, [&](const auto& x) {
    return union_order::held(b, [&](const auto& y) { return union_order::plain<O>(out, x, y); });
  });
}

namespace union_order {

/// x < y of two items, or the TypeError (pending) and false in `ok`.
template <class U>
bool less(const U& x, const U& y, bool& ok) {
  bool out = false;
  if (ok) ok = union_compare<LT>(out, x, y);
  return ok && out;
}

/// Whether every item can be ordered with every other (no TypeError can come).
template <class U, class A>
bool all_order(const std::vector<U, A>& items) {
  if (items.empty()) return true;
  return std::all_of(items.begin(), items.end(), [&](const U& item) {
    return items[0].visit([&](const auto& x) {
      return item.visit([&](const auto& y) {
        return orders<std::decay_t<decltype(x)>, std::decay_t<decltype(y)>>;
      });
    });
  });
}

/// The run at the start (ascending, or strictly descending and then reversed), then each
/// later item put in place by a binary search of the sorted ones before it: Python's
/// comparisons, in Python's order, for fewer than 64 items.
template <class U, class A>
bool insertion_sort(std::vector<U, A>& items) {
  const std::size_t n = items.size();
  if (n < 2) return true;
  bool ok = true;
  std::size_t run = 2;
  if (less(items[1], items[0], ok)) {
    while (run < n && less(items[run], items[run - 1], ok)) ++run;
    if (ok) std::reverse(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(run));
  } else {
    while (ok && run < n && !less(items[run], items[run - 1], ok)) ++run;
  }
  for (std::size_t start = run; ok && start < n; ++start) {
    std::size_t lo = 0, hi = start;
    while (lo < hi) {
      const std::size_t mid = lo + ((hi - lo) >> 1);
      if (less(items[start], items[mid], ok)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
      if (!ok) return false;
    }
    std::rotate(items.begin() + static_cast<std::ptrdiff_t>(lo),
                items.begin() + static_cast<std::ptrdiff_t>(start),
                items.begin() + static_cast<std::ptrdiff_t>(start) + 1);
  }
  return ok;
}

}  // namespace union_order

/// sorted(l, reverse=...) of union items: false with CPython's TypeError pending when two
/// items cannot be ordered. Reversed, sorted stably, reversed back, as CPython does.
template <class U>
bool union_sorted(list<U>& out, const list<U>& l, bool reverse) {
  out = list_copy(l);
  auto& items = out.mutate();
  if (reverse) std::reverse(items.begin(), items.end());
  if (items.size() >= 64 && union_order::all_order(items)) {
    bool ok = true;
    detail::merge_sort(items, [&ok](const U& a, const U& b) {
      return union_order::less(a, b, ok);
    });
  } else if (!union_order::insertion_sort(items)) {
    return false;
  }
  if (reverse) std::reverse(items.begin(), items.end());
  return true;
}

/// min(l) / max(l) (Max) of union items, as CPython's: each later item compared with the
/// best so far by `item < best` (`item > best`); false with ValueError of an empty list
/// or the TypeError pending.
template <bool Max, class U>
bool union_min_max(U& out, const list<U>& l) {
  const auto& items = l.items();
  if (items.empty()) {
    return raise(Exc::ValueError, Max ? "max() arg is an empty sequence"
                                      : "min() arg is an empty sequence");
  }
  out = items[0];
  for (std::size_t i = 1; i < items.size(); ++i) {
    constexpr int op = Max ? union_order::GT : union_order::LT;
    bool better = false;
    if (!union_compare<op>(better, items[i], out)) return false;
    if (better) out = items[i];
  }
  return true;
}

}  // namespace pyaot
