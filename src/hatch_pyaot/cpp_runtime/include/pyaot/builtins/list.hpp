#pragma once
// Python's list: a handle to one reference-counted, growable array (DESIGN §5.1, §5.3).
// Copying a handle shares the list, as Python names do (`b = a; b.append(1)` changes a);
// the count is not atomic (one thread per call). Every mutation bumps `version`, so that the
// CPython boundary writes back into the caller's list only what a call changed, and `origin`
// remembers the Python list an argument was converted from (pyaot/python/list.hpp).
//
// Operations that can fail return false with the Python exception pending (error.hpp),
// worded as CPython 3.11 words it.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/builtins/format.hpp"
#include "pyaot/counted.hpp"
#include "pyaot/error.hpp"
#include "pyaot/memory.hpp"
#include "pyaot/none.hpp"
#include "pyaot/small_heap.hpp"

namespace pyaot {

/// A bool as a list stores it: std::vector<bool> packs bits and hands out proxies.
struct boolean {
  bool value = false;
  constexpr boolean() = default;
  constexpr boolean(bool v) : value(v) {}  // NOLINT: implicit, like the bool it holds
  constexpr operator bool() const { return value; }
};

template <class T>
using stored_t = std::conditional_t<std::is_same_v<T, bool>, boolean, T>;

/// A list's item array: its storage from the thread's free lists (small_heap.hpp).
template <class T>
using list_items = std::vector<stored_t<T>, small_allocator<stored_t<T>>>;

template <class T>
struct ListBox {
  static void* operator new(std::size_t size) { return detail::allocate(size); }
  static void operator delete(void* p, std::size_t size) { detail::deallocate(p, size); }
  std::int64_t refs = 1;
  std::uint64_t version = 0;
  void* origin = nullptr;  ///< the PyObject* it came from, during a call from CPython
  bool had_others = false;  ///< ints in a list[float] argument, bools in a list[int]: kept
  list_items<T> items;
};

template <class T>
class list {
 public:
  using value_type = T;

  list() = default;  ///< no list yet: a local before its first assignment

  /// A new empty list, with room for `capacity` items.
  static list make(std::size_t capacity = 0) {
    list out;
    out.box_ = decltype(out.box_)::adopt(new ListBox<T>());
    if (capacity) out.box_->items.reserve(capacity);
    return out;
  }
  static list of(std::initializer_list<stored_t<T>> values) {
    list out = make(values.size());
    out.box_->items.assign(values.begin(), values.end());
    return out;
  }

  list_items<T>& items() const noexcept { return box_->items; }
  /// The items, for a change: the boundary will write the list back.
  list_items<T>& mutate() const noexcept {
    ++box_->version;
    return box_->items;
  }
  std::int64_t size() const noexcept { return static_cast<std::int64_t>(box_->items.size()); }
  bool same(const list& other) const noexcept { return box_ == other.box_; }
  ListBox<T>* box() const noexcept { return box_.get(); }

 private:
  counted<ListBox<T>> box_;
};

/// A hint that the box of item k + 8 of a list of strings, containers or objects is read
/// soon (codegen/lists.py emits it in `for x in xs`): after a sort or a shuffle each item
/// lies somewhere else in memory, a cache miss apiece, and a loop body of calls is too long
/// for the processor to run ahead into the next item by itself. Never faults, even past
/// the end or on an empty string's null box; nothing for items that are numbers.
template <class T>
[[gnu::always_inline]] inline void prefetch_ahead(const list<T>& l, std::int64_t k) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  constexpr bool boxed = requires(const stored_t<T>& item) { item.box(); };
  constexpr bool object = requires(const stored_t<T>& item) { item.raw(); };  // a ref<C>
  if constexpr (boxed || object) {
    const auto& items = l.items();
    const auto next = static_cast<std::size_t>(k) + 8;
    if (next >= items.size()) return;
    if constexpr (boxed) {
      __builtin_prefetch(items[next].box());
    } else {
      __builtin_prefetch(items[next].raw());
    }
  }
#else
  (void)l;
  (void)k;
#endif
}

template <class T>
struct is_list : std::false_type {};
template <class T>
struct is_list<list<T>> : std::true_type {};

template <class T>
class tuple_of;  // tuple[T, ...] (pyaot/builtins/tuple_of.hpp): a list that no code changes
template <class T>
struct is_tuple_of : std::false_type {};
template <class T>
struct is_tuple_of<tuple_of<T>> : std::true_type {};

// ---- equality and order of items, as Python compares them ------------------------------

template <class A, class B>
bool py_eq(const A& a, const B& b);
template <class A, class B>
bool py_lt(const A& a, const B& b);

template <class T, class U>
bool list_eq(const list<T>& a, const list<U>& b) {
  if constexpr (std::is_same_v<T, U>) {
    if (a.same(b)) return true;
  }
  const auto& x = a.items();
  const auto& y = b.items();
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!py_eq(x[i], y[i])) return false;
  }
  return true;
}

/// a < b, lexicographically: the first items that differ decide, else the shorter is less.
template <class T, class U>
bool list_lt(const list<T>& a, const list<U>& b) {
  const auto& x = a.items();
  const auto& y = b.items();
  const std::size_t n = std::min(x.size(), y.size());
  for (std::size_t i = 0; i < n; ++i) {
    if (!py_eq(x[i], y[i])) return py_lt(x[i], y[i]);
  }
  return x.size() < y.size();
}

template <class A, class B>
bool py_eq(const A& a, const B& b) {
  if constexpr (is_list<A>::value || is_tuple_of<A>::value) {
    return list_eq(a, b);
  } else if constexpr (requires { std::tuple_size<A>::value; }) {
    return [&]<std::size_t... I>(std::index_sequence<I...>) {
      return (py_eq(std::get<I>(a), std::get<I>(b)) && ...);
    }(std::make_index_sequence<std::tuple_size<A>::value>{});
  } else {
    return a == b;
  }
}

template <class A, class B>
bool py_lt(const A& a, const B& b) {
  if constexpr (is_list<A>::value || is_tuple_of<A>::value) {
    return list_lt(a, b);
  } else if constexpr (requires { std::tuple_size<A>::value; }) {
    bool less = false;
    bool decided = false;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (([&] {
         if (decided) return;
         if (!py_eq(std::get<I>(a), std::get<I>(b))) {
           less = py_lt(std::get<I>(a), std::get<I>(b));
           decided = true;
         }
       }()),
       ...);
    }(std::make_index_sequence<std::tuple_size<A>::value>{});
    return less;
  } else {
    return a < b;
  }
}

// ---- reading -----------------------------------------------------------------------------

namespace detail {
/// The IndexError of l[i] and l[i] = v, out of line: the accessors stay small enough to
/// inline into the loops that index lists.
[[gnu::cold, gnu::noinline]] inline bool list_index_error(const char* message) {
  return raise(Exc::IndexError, message);
}
}  // namespace detail

/// l[i], negative i counting from the end.
template <class T>
[[gnu::always_inline]] inline bool list_get(T& out, const list<T>& l, std::int64_t i) {
  const std::int64_t n = l.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] return detail::list_index_error("list index out of range");
  out = l.items()[static_cast<std::size_t>(i)];
  return true;
}

template <class T, class V>
bool list_contains(const list<T>& l, const V& value) {
  for (const auto& item : l.items()) {
    if (py_eq(item, value)) return true;
  }
  return false;
}

template <class T, class V>
std::int64_t list_count(const list<T>& l, const V& value) {
  std::int64_t n = 0;
  for (const auto& item : l.items()) n += py_eq(item, value) ? 1 : 0;
  return n;
}

namespace detail {
template <class V>
[[gnu::cold]] bool not_in_list(const V& value) {
  std::string text;
  if constexpr (requires { append_repr(text, value); }) {  // str: found by ADL
    append_repr(text, value);
    text += " is not in list";
  } else if constexpr (requires { format::append_str(text, value); }) {
    format::append_str(text, value);
    text += " is not in list";
  } else {
    text = "value is not in list";
  }
  return raise(Exc::ValueError, text);
}

/// Python's clamping of a slice bound or list.index's start/stop.
inline std::int64_t clamp_index(std::int64_t i, std::int64_t n) {
  if (i < 0) i = std::max<std::int64_t>(i + n, 0);
  return std::min(i, n);
}
}  // namespace detail

/// l.index(value[, start[, stop]]): ValueError "<value> is not in list".
template <class T, class V>
bool list_index(std::int64_t& out, const list<T>& l, const V& value,
                std::int64_t start = 0, std::int64_t stop = INT64_MAX) {
  const auto& items = l.items();
  const std::int64_t n = l.size();
  for (std::int64_t i = detail::clamp_index(start, n), end = detail::clamp_index(stop, n);
       i < end; ++i) {
    if (py_eq(items[static_cast<std::size_t>(i)], value)) {
      out = i;
      return true;
    }
  }
  return detail::not_in_list(value);
}

namespace detail {
/// The items a slice selects of a sequence of n: the first index, and how many (None
/// bounds given as has_start/has_stop false; step is not zero), as PySlice_AdjustIndices.
struct SliceRange {
  std::int64_t first;
  std::int64_t count;
};

inline SliceRange slice_range(std::int64_t n, bool has_start, std::int64_t start, bool has_stop,
                              std::int64_t stop, std::int64_t step) noexcept {
  std::int64_t lo, hi;
  if (step > 0) {
    lo = has_start ? clamp_index(start, n) : 0;
    hi = has_stop ? clamp_index(stop, n) : n;
    return {lo, hi > lo ? (hi - lo - 1) / step + 1 : 0};
  }
  lo = has_start ? (start < 0 ? std::max<std::int64_t>(start + n, -1) : std::min(start, n - 1))
                 : n - 1;
  hi = has_stop ? (stop < 0 ? std::max<std::int64_t>(stop + n, -1) : std::min(stop, n - 1)) : -1;
  return {lo, hi < lo ? (lo - hi - 1) / -step + 1 : 0};
}
}  // namespace detail

/// l[start:stop:step] as a new list (None bounds given as has_start/has_stop false).
template <class T>
bool list_slice(list<T>& out, const list<T>& l, bool has_start, std::int64_t start,
                bool has_stop, std::int64_t stop, std::int64_t step) {
  if (step == 0) [[unlikely]] return raise(Exc::ValueError, "slice step cannot be zero");
  const auto range = detail::slice_range(l.size(), has_start, start, has_stop, stop, step);
  out = list<T>::make(static_cast<std::size_t>(range.count));
  auto& dst = out.items();
  const auto& src = l.items();
  for (std::int64_t k = 0, i = range.first; k < range.count; ++k, i += step) {
    dst.push_back(src[static_cast<std::size_t>(i)]);
  }
  return true;
}

/// l[start:stop:step] = values. A step of 1 replaces the slice, whatever the sizes; another
/// step assigns item by item and needs as many values as the slice has items. The values
/// are copied first, so `l[1:] = l` works as in Python.
template <class T>
bool list_set_slice(const list<T>& l, bool has_start, std::int64_t start, bool has_stop,
                    std::int64_t stop, std::int64_t step, const list<T>& values) {
  if (step == 0) [[unlikely]] return raise(Exc::ValueError, "slice step cannot be zero");
  const list_items<T> copy = values.items();
  auto& items = l.mutate();
  auto range = detail::slice_range(l.size(), has_start, start, has_stop, stop, step);
  if (step == 1) {
    const auto at = items.begin() + range.first;
    items.erase(at, at + range.count);
    items.insert(items.begin() + range.first, copy.begin(), copy.end());
    return true;
  }
  if (static_cast<std::int64_t>(copy.size()) != range.count) [[unlikely]] {
    return raise_format(Exc::ValueError,
                        "attempt to assign sequence of size %zu to extended slice of size %lld",
                        copy.size(), static_cast<long long>(range.count));
  }
  for (std::int64_t k = 0, i = range.first; k < range.count; ++k, i += step) {
    items[static_cast<std::size_t>(i)] = copy[static_cast<std::size_t>(k)];
  }
  return true;
}

/// del l[start:stop:step].
template <class T>
bool list_delete_slice(const list<T>& l, bool has_start, std::int64_t start, bool has_stop,
                       std::int64_t stop, std::int64_t step) {
  if (step == 0) [[unlikely]] return raise(Exc::ValueError, "slice step cannot be zero");
  auto& items = l.mutate();
  auto range = detail::slice_range(l.size(), has_start, start, has_stop, stop, step);
  if (step < 0) {  // the same items, walked forwards
    range.first += (range.count - 1) * step;
    step = -step;
  }
  if (range.count == 0) return true;
  std::size_t write = static_cast<std::size_t>(range.first);
  std::int64_t next = range.first;
  std::int64_t deleted = 0;
  for (std::size_t read = write; read < items.size(); ++read) {
    if (deleted < range.count && static_cast<std::int64_t>(read) == next) {
      ++deleted;
      next += step;
      continue;
    }
    items[write++] = std::move(items[read]);
  }
  items.erase(items.begin() + static_cast<std::ptrdiff_t>(write), items.end());
  return true;
}

template <class T>
list<T> list_copy(const list<T>& l) {
  list<T> out = list<T>::make();
  out.items() = l.items();
  return out;
}

/// A new list of U from a fresh list of T, item by item (a list of Nones as U{}: empty
/// Optionals, for `xs: list[int | None] = [None] * n`).
template <class U, class T>
list<U> list_recast(const list<T>& src) {
  list<U> out = list<U>::make(src.items().size());
  for (const auto& item : src.items()) {
    if constexpr (std::is_same_v<T, None>) {
      (void)item;
      out.items().push_back(U{});
    } else {
      out.items().push_back(U(item));
    }
  }
  return out;
}

template <class T>
list<T> list_concat(const list<T>& a, const list<T>& b) {
  list<T> out = list<T>::make(a.items().size() + b.items().size());
  auto& dst = out.items();
  dst.insert(dst.end(), a.items().begin(), a.items().end());
  dst.insert(dst.end(), b.items().begin(), b.items().end());
  return out;
}

template <class T>
bool list_repeat(list<T>& out, const list<T>& l, std::int64_t times) {
  out = list<T>::make();
  if (times <= 0 || l.size() == 0) return true;
  if (times > INT64_MAX / l.size() ||
      !can_allocate(static_cast<std::uint64_t>(l.size() * times), sizeof(stored_t<T>))) {
    return raise(Exc::MemoryError, "");
  }
  auto& dst = out.items();
  dst.reserve(static_cast<std::size_t>(l.size() * times));
  for (std::int64_t k = 0; k < times; ++k) dst.insert(dst.end(), l.items().begin(), l.items().end());
  return true;
}

// ---- changing ----------------------------------------------------------------------------

template <class T>
[[gnu::always_inline]] inline bool list_set(const list<T>& l, std::int64_t i,
                                            std::type_identity_t<T> value) {
  const std::int64_t n = l.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] {
    return detail::list_index_error("list assignment index out of range");
  }
  l.mutate()[static_cast<std::size_t>(i)] = std::move(value);
  return true;
}

template <class T>
void list_append(const list<T>& l, std::type_identity_t<T> value) {
  l.mutate().push_back(std::move(value));
}

/// l.extend(other) and l += other (also when other is l itself).
template <class T>
void list_extend(const list<T>& l, const list<T>& other) {
  if (l.same(other)) {
    auto& items = l.mutate();
    const std::size_t n = items.size();
    items.reserve(2 * n);
    for (std::size_t i = 0; i < n; ++i) items.push_back(items[i]);
    return;
  }
  auto& items = l.mutate();
  items.insert(items.end(), other.items().begin(), other.items().end());
}

/// l *= n
template <class T>
bool list_imul(const list<T>& l, std::int64_t times) {
  list<T> repeated;
  if (!list_repeat(repeated, l, times)) return false;
  l.mutate() = std::move(repeated.items());
  return true;
}

template <class T>
void list_insert(const list<T>& l, std::int64_t i, std::type_identity_t<T> value) {
  auto& items = l.mutate();
  const auto n = static_cast<std::int64_t>(items.size());
  items.insert(items.begin() + detail::clamp_index(i, n), std::move(value));
}

template <class T>
bool list_pop(T& out, const list<T>& l, std::int64_t i = -1) {
  const std::int64_t n = l.size();
  if (n == 0) [[unlikely]] return raise(Exc::IndexError, "pop from empty list");
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] return raise(Exc::IndexError, "pop index out of range");
  auto& items = l.mutate();
  out = std::move(items[static_cast<std::size_t>(i)]);
  items.erase(items.begin() + i);
  return true;
}

template <class T, class V>
bool list_remove(const list<T>& l, const V& value) {
  const auto& items = l.items();
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (py_eq(items[i], value)) {
      auto& changed = l.mutate();
      changed.erase(changed.begin() + static_cast<std::ptrdiff_t>(i));
      return true;
    }
  }
  return raise(Exc::ValueError, "list.remove(x): x not in list");
}

template <class T>
void list_clear(const list<T>& l) {
  l.mutate().clear();
}

template <class T>
void list_reverse(const list<T>& l) {
  auto& items = l.mutate();
  std::reverse(items.begin(), items.end());
}

namespace detail {
/// A stable merge sort that only asks `less(a, b)`, taking the left item unless the right
/// one is less (as Python's sort does). An inconsistent order (a NaN among floats) gives
/// some order, never a read outside the items, as std::sort could.
template <class V, class A, class Less>
void merge_sort(std::vector<V, A>& items, Less less) {
  const std::size_t n = items.size();
  if (n < 2) return;
  for (std::size_t lo = 0; lo < n; lo += 16) {  // insertion sort of short runs
    const std::size_t hi = std::min(lo + 16, n);
    for (std::size_t i = lo + 1; i < hi; ++i) {
      for (std::size_t j = i; j > lo && less(items[j], items[j - 1]); --j) {
        std::swap(items[j], items[j - 1]);
      }
    }
  }
  std::vector<V, A> buffer(n);
  for (std::size_t width = 16; width < n; width *= 2) {
    for (std::size_t lo = 0; lo < n; lo += 2 * width) {
      const std::size_t mid = std::min(lo + width, n);
      const std::size_t hi = std::min(lo + 2 * width, n);
      std::size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        buffer[k++] = std::move(less(items[j], items[i]) ? items[j++] : items[i++]);
      }
      while (i < mid) buffer[k++] = std::move(items[i++]);
      while (j < hi) buffer[k++] = std::move(items[j++]);
    }
    items.swap(buffer);
  }
}
}  // namespace detail

/// l.sort(reverse=...): stable, as Python's; reverse keeps equal items in their order.
template <class T>
void list_sort(const list<T>& l, bool reverse) {
  auto& items = l.mutate();
  if constexpr (requires { sort_values(items, reverse); }) {
    sort_values(items, reverse);  // a type's own sort (str_sort.hpp)
    return;
  } else if constexpr (std::is_integral_v<T>) {
    // Equal ints (and bools) cannot be told apart: any correct sort is Python's.
    if (reverse) {
      std::sort(items.begin(), items.end(), [](auto a, auto b) { return b < a; });
    } else {
      std::sort(items.begin(), items.end(), [](auto a, auto b) { return a < b; });
    }
    return;
  } else if constexpr (std::is_floating_point_v<T>) {
    // Stable (-0.0 and 0.0 are equal but not the same); without NaN `<` is a strict weak
    // order, which std::stable_sort needs.
    if (std::none_of(items.begin(), items.end(), [](T x) { return x != x; })) {
      if (reverse) {
        std::stable_sort(items.begin(), items.end(), [](T a, T b) { return b < a; });
      } else {
        std::stable_sort(items.begin(), items.end(), [](T a, T b) { return a < b; });
      }
      return;
    }
  }
  if (reverse) {
    detail::merge_sort(items, [](const auto& a, const auto& b) { return py_lt(b, a); });
  } else {
    detail::merge_sort(items, [](const auto& a, const auto& b) { return py_lt(a, b); });
  }
}

/// l.sort(key=..., reverse=...) with the keys already computed, one per item (as CPython
/// computes them, once each, before sorting): a stable sort of the items by their keys.
template <class T, class K>
void list_sort_by_keys(const list<T>& l, const list<K>& keys, bool reverse) {
  const auto& k = keys.items();
  std::vector<std::size_t> order(k.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  if (reverse) {
    detail::merge_sort(order, [&k](std::size_t a, std::size_t b) { return py_lt(k[b], k[a]); });
  } else {
    detail::merge_sort(order, [&k](std::size_t a, std::size_t b) { return py_lt(k[a], k[b]); });
  }
  auto& items = l.mutate();
  list_items<T> sorted;
  sorted.reserve(items.size());
  for (std::size_t i : order) sorted.push_back(std::move(items[i]));
  items = std::move(sorted);
}

template <class T>
list<T> sorted_list(const list<T>& l, bool reverse) {
  list<T> out = list_copy(l);
  list_sort(out, reverse);
  return out;
}

/// del l[i]
template <class T>
bool list_delete(const list<T>& l, std::int64_t i) {
  const std::int64_t n = l.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] {
    return raise(Exc::IndexError, "list assignment index out of range");
  }
  auto& items = l.mutate();
  items.erase(items.begin() + i);
  return true;
}

}  // namespace pyaot
