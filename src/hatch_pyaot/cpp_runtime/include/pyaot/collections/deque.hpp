#pragma once
// collections.deque on pyaot::list<T> (the compiler's DequeType): the ends' operations, with
// a maxlen (-1: none) that drops items from the other end, and CPython's messages. Taking
// from the left end moves the items (O(n)); a ring buffer is a measured follow-up.

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/list.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

namespace detail {
template <class T>
void keep_right(const list<T>& d, std::int64_t maxlen) {
  auto& items = d.mutate();
  if (maxlen >= 0 && static_cast<std::int64_t>(items.size()) > maxlen) {
    items.erase(items.begin(), items.end() - maxlen);
  }
}

template <class T>
void keep_left(const list<T>& d, std::int64_t maxlen) {
  auto& items = d.mutate();
  if (maxlen >= 0 && static_cast<std::int64_t>(items.size()) > maxlen) {
    items.resize(static_cast<std::size_t>(maxlen));
  }
}
}  // namespace detail

/// deque(xs, maxlen): a new deque of the last maxlen items of xs.
template <class T>
list<T> deque_of(const list<T>& xs, std::int64_t maxlen) {
  list<T> out = list_copy(xs);
  detail::keep_right(out, maxlen);
  return out;
}

template <class T>
void deque_append(const list<T>& d, const std::type_identity_t<T>& x, std::int64_t maxlen) {
  d.mutate().push_back(x);
  detail::keep_right(d, maxlen);
}

template <class T>
void deque_appendleft(const list<T>& d, const std::type_identity_t<T>& x, std::int64_t maxlen) {
  auto& items = d.mutate();
  items.insert(items.begin(), x);
  detail::keep_left(d, maxlen);
}

template <class T>
void deque_extend(const list<T>& d, const list<T>& xs, std::int64_t maxlen) {
  const list<T> held = list_copy(xs);  // d.extend(d) doubles d, as in CPython
  auto& items = d.mutate();
  items.insert(items.end(), held.items().begin(), held.items().end());
  detail::keep_right(d, maxlen);
}

/// extendleft(xs): each item appended on the left in turn (the items end up reversed).
template <class T>
void deque_extendleft(const list<T>& d, const list<T>& xs, std::int64_t maxlen) {
  const list<T> held = list_copy(xs);
  auto& items = d.mutate();
  items.insert(items.begin(), held.items().rbegin(), held.items().rend());
  detail::keep_left(d, maxlen);
}

template <class T>
bool deque_pop(T& out, const list<T>& d) {
  auto& items = d.mutate();
  if (items.empty()) [[unlikely]] return raise(Exc::IndexError, "pop from an empty deque");
  out = T(std::move(items.back()));
  items.pop_back();
  return true;
}

template <class T>
bool deque_popleft(T& out, const list<T>& d) {
  auto& items = d.mutate();
  if (items.empty()) [[unlikely]] return raise(Exc::IndexError, "pop from an empty deque");
  out = T(std::move(items.front()));
  items.erase(items.begin());
  return true;
}

/// rotate(n): n steps to the right (negative: to the left).
template <class T>
void deque_rotate(const list<T>& d, std::int64_t n) {
  auto& items = d.mutate();
  const auto size = static_cast<std::int64_t>(items.size());
  if (size <= 1) return;
  const std::int64_t k = ((n % size) + size) % size;
  std::rotate(items.begin(), items.end() - k, items.end());
}

/// d[i] of a deque: IndexError "deque index out of range".
template <class T>
bool deque_get(T& out, const list<T>& d, std::int64_t i) {
  const auto size = d.size();
  if (i < 0) i += size;
  if (i < 0 || i >= size) [[unlikely]] return raise(Exc::IndexError, "deque index out of range");
  out = T(d.items()[static_cast<std::size_t>(i)]);
  return true;
}

}  // namespace pyaot
