#pragma once
// tuple[T, ...]: a tuple whose length is known only at run time (ir/types.py's VarTupleType).
// It is a list<T> that compiled code never changes (typing/var_tuples.py refuses what would),
// so every read of list.hpp takes it: the list functions deduce list<T> from a tuple_of<T>.
// What Python words or computes differently for a tuple is overloaded here: the IndexError
// and ValueError texts, hash() (CPython's xxHash-based tuplehash, as hash.hpp's for fixed
// tuples), and repr(), "(1,)" for one item (repr.hpp).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/hash.hpp"
#include "pyaot/builtins/list.hpp"

namespace pyaot {

template <class T>
class tuple_of : public list<T> {
 public:
  tuple_of() = default;  ///< no tuple yet: a local before its first assignment
  /// A tuple of a list's items: only of a list just made (a slice, a concatenation), which
  /// nothing else holds; `tuple(xs)` copies first (tuple_copy).
  tuple_of(list<T> fresh) : list<T>(std::move(fresh)) {}  // NOLINT: implicit, as made
  /// A fixed-length tuple whose items are T (or numbers that widen to T), as `(a, b) in d`
  /// builds the key it looks up (codegen/dicts.py's and sets.py's `key_t(left)`).
  template <class... U>
  explicit tuple_of(const std::tuple<U...>& t) : list<T>(list<T>::make(sizeof...(U))) {
    std::apply([&](const auto&... item) { (this->items().push_back(static_cast<T>(item)), ...); },
               t);
  }
  static tuple_of make(std::size_t capacity = 0) { return tuple_of(list<T>::make(capacity)); }
  static tuple_of of(std::initializer_list<stored_t<T>> values) {
    return tuple_of(list<T>::of(values));
  }
};

/// tuple(xs) of a list: its items now, in a tuple of their own.
template <class T>
tuple_of<T> tuple_copy(const list<T>& l) {
  return tuple_of<T>(list_copy(l));
}

/// A fixed-length tuple whose items are T (or numbers that widen to T) as a tuple[T, ...].
template <class T, class... U>
tuple_of<T> tuple_from_fixed(const std::tuple<U...>& t) {
  tuple_of<T> out = tuple_of<T>::make(sizeof...(U));
  std::apply([&](const auto&... item) { (out.items().push_back(static_cast<T>(item)), ...); }, t);
  return out;
}

/// t[i], negative i counting from the end.
template <class T>
[[gnu::always_inline]] inline bool list_get(T& out, const tuple_of<T>& t, std::int64_t i) {
  const std::int64_t n = t.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] return detail::list_index_error("tuple index out of range");
  out = t.items()[static_cast<std::size_t>(i)];
  return true;
}

/// t.index(value[, start[, stop]]): ValueError "tuple.index(x): x not in tuple".
template <class T, class V>
bool list_index(std::int64_t& out, const tuple_of<T>& t, const V& value,
                std::int64_t start = 0, std::int64_t stop = INT64_MAX) {
  const auto& items = t.items();
  const std::int64_t n = t.size();
  for (std::int64_t i = detail::clamp_index(start, n), end = detail::clamp_index(stop, n);
       i < end; ++i) {
    if (py_eq(items[static_cast<std::size_t>(i)], value)) {
      out = i;
      return true;
    }
  }
  return raise(Exc::ValueError, "tuple.index(x): x not in tuple");
}

namespace detail {

/// zip(*rows, strict=True) whose column k is missing from a row: CPython's ValueError unless
/// every row ended there. It names the first row that ran out ('zip() argument 3 is shorter
/// than arguments 1-2') or, when that is the first, the first row that had an item k
/// ('zip() argument 2 is longer than argument 1').
template <class Rows>
bool zip_rows_ended_evenly(const Rows& rows, std::int64_t k) {
  const std::size_t n = rows.size();
  std::size_t out = 0;
  while (out < n && k < rows[out].size()) ++out;
  if (out == n) return true;
  auto plural = [](std::size_t i) { return i == 1 ? " " : "s 1-"; };
  if (out > 0) {
    return raise_format(Exc::ValueError, "zip() argument %zu is shorter than argument%s%zu",
                        out + 1, plural(out), out);
  }
  for (std::size_t i = 1; i < n; ++i) {
    if (k < rows[i].size()) {
      return raise_format(Exc::ValueError, "zip() argument %zu is longer than argument%s%zu",
                          i + 1, plural(i), i);
    }
  }
  return true;
}

}  // namespace detail

/// zip(*rows): the columns (Out, a list<tuple_of<T>>), as long as the shortest row; none of
/// no rows. Rows are lists or tuples of T (list<T> both).
template <class Out, class R>
Out zip_rows(const list<R>& rows) {
  Out out = Out::make();
  const auto& all = rows.items();
  if (all.empty()) return out;
  std::int64_t n = INT64_MAX;
  for (const auto& row : all) n = std::min(n, row.size());
  using Column = typename Out::value_type;
  out.items().reserve(static_cast<std::size_t>(n));
  for (std::int64_t j = 0; j < n; ++j) {
    Column column = Column::make(all.size());
    for (const auto& row : all) column.items().push_back(row.items()[static_cast<std::size_t>(j)]);
    out.items().push_back(std::move(column));
  }
  return out;
}

/// zip(*rows, strict=True): the columns, or CPython's ValueError when the rows differ in
/// length (nothing runs between the columns, so the lengths are checked first).
template <class Out, class R>
bool zip_rows_strict(Out& out, const list<R>& rows) {
  std::int64_t n = INT64_MAX;
  for (const auto& row : rows.items()) n = std::min(n, row.size());
  if (!detail::zip_rows_ended_evenly(rows.items(), n)) [[unlikely]] return false;
  out = zip_rows<Out>(rows);
  return true;
}

/// for col in zip(*rows): the rows as they were when the loop started (CPython's *rows), each
/// walked as the loop goes, as a list iterator walks it: a row that grows or changes in the
/// body gives the columns after it its new items; the loop ends at the first row too short.
/// With strict=True, ended_evenly(k) at the column k that ended the loop checks the rest.
template <class Column, class R>
class zip_rows_walk {
 public:
  explicit zip_rows_walk(const list<R>& rows) : rows_(rows.items()) {}
  bool more(std::int64_t k) const {
    if (rows_.empty()) return false;
    for (const auto& row : rows_) {
      if (k >= row.size()) return false;
    }
    return true;
  }
  Column column(std::int64_t k) const {
    Column out = Column::make(rows_.size());
    for (const auto& row : rows_) out.items().push_back(row.items()[static_cast<std::size_t>(k)]);
    return out;
  }
  bool ended_evenly(std::int64_t k) const { return detail::zip_rows_ended_evenly(rows_, k); }

 private:
  std::remove_cvref_t<decltype(std::declval<const list<R>&>().items())> rows_;
};

/// a, b = t: as many names as items, else CPython's ValueError.
template <class T>
bool tuple_unpack_check(const list<T>& t, std::int64_t names) {
  const std::int64_t n = t.size();
  if (n == names) [[likely]] return true;
  if (n > names) {
    return raise_format(Exc::ValueError, "too many values to unpack (expected %lld)",
                        static_cast<long long>(names));
  }
  return raise_format(Exc::ValueError, "not enough values to unpack (expected %lld, got %lld)",
                      static_cast<long long>(names), static_cast<long long>(n));
}

/// hash(t): xxHash's round over the items' hashes, then the length mixed in (CPython's).
template <class T>
std::int64_t py_hash(const tuple_of<T>& t) {
  constexpr std::uint64_t prime1 = 11400714785074694791ULL;
  constexpr std::uint64_t prime2 = 14029467366897019727ULL;
  constexpr std::uint64_t prime5 = 2870177450012600261ULL;
  std::uint64_t acc = prime5;
  for (const auto& item : t.items()) {
    acc += static_cast<std::uint64_t>(py_hash(static_cast<const T&>(item))) * prime2;
    acc = (acc << 31) | (acc >> 33);
    acc *= prime1;
  }
  acc += t.items().size() ^ (prime5 ^ 3527539UL);
  if (acc == static_cast<std::uint64_t>(-1)) return 1546275796;
  return static_cast<std::int64_t>(acc);
}

/// repr(t) of a key, for KeyError's message.
template <class T>
void append_repr(std::string& out, const tuple_of<T>& t) {
  out += '(';
  for (std::size_t i = 0; i < t.items().size(); ++i) {
    if (i) out += ", ";
    append_repr(out, static_cast<const T&>(t.items()[i]));
  }
  if (t.items().size() == 1) out += ',';
  out += ')';
}

}  // namespace pyaot
