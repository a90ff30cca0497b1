#pragma once
// Python's set: a handle to one reference-counted hash table that is CPython's own design,
// ported (DESIGN §5.4): open addressing over one table of (hash, key) slots, nine linear
// probes then a perturbed jump (i = i * 5 + 1 + perturb, perturb >>= 5), deleted slots
// left as dummies and reused by the next add, a resize to 4x the live count (2x past
// 50000) when the used-or-dummy slots reach 3/5 of the table, and pop() scanning from a
// finger. Iteration walks the table, so a set built by the same operations iterates in
// CPython's order (the set operations follow CPython's algorithms for that reason).
//
// Copying a handle shares the set; `version` and `origin` serve the CPython boundary
// (pyaot/python/set.hpp) as for lists. Fallible operations return false with the Python
// exception pending.

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/builtins/hash.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/counted.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

namespace set_detail {
inline constexpr std::uint8_t active = 1;
inline constexpr std::uint8_t dummy = 2;
/// Keys whose hash is below 2**61 in magnitude (ints and floats, which Python hashes modulo
/// 2**61 - 1): their slots tell never-used and deleted by two hashes no key has.
template <class T>
inline constexpr bool narrow_hash = std::is_same_v<T, std::int64_t> || std::is_same_v<T, double>;
inline constexpr std::int64_t unused_hash = INT64_MIN;
inline constexpr std::int64_t dummy_hash = INT64_MIN + 1;
}  // namespace set_detail

/// A slot of the table: never used, holding a key (with its hash), or a dummy (deleted).
template <class T, bool Narrow = set_detail::narrow_hash<T>>
struct SetSlot {
  std::int64_t hash = 0;
  std::uint8_t state = 0;  ///< 0 never used, 1 holds key, 2 dummy (deleted)
  T key{};
  static SetSlot holding(std::int64_t h, T k) { return {h, set_detail::active, std::move(k)}; }
  static SetSlot deleted() { return {-1, set_detail::dummy, T{}}; }
  bool live() const noexcept { return state == set_detail::active; }
  bool unused() const noexcept { return state == 0; }
  /// Holds a key of hash h (then py_eq tells whether it is the key looked for).
  bool holds(std::int64_t h) const noexcept { return state == set_detail::active && hash == h; }
};

/// The slot of an int or float key: 16 bytes (CPython's own entry size), not 24, the state
/// in the hash word (set_detail::unused_hash, dummy_hash).
template <class T>
struct SetSlot<T, true> {
  std::int64_t hash = set_detail::unused_hash;
  T key{};
  static SetSlot holding(std::int64_t h, T k) { return {h, k}; }
  static SetSlot deleted() { return {set_detail::dummy_hash, T{}}; }
  bool live() const noexcept { return hash > set_detail::dummy_hash; }
  bool unused() const noexcept { return hash == set_detail::unused_hash; }
  bool holds(std::int64_t h) const noexcept { return hash == h; }
};

template <class T>
struct SetBox {
  std::int64_t refs = 1;
  std::uint64_t version = 0;
  void* origin = nullptr;  ///< the PyObject* it came from, during a call from CPython
  std::int64_t fill = 0;   ///< slots holding a key or a dummy
  std::int64_t used = 0;   ///< slots holding a key
  std::size_t finger = 0;  ///< where pop() looks first
  std::vector<SetSlot<T>> table = std::vector<SetSlot<T>>(8);
};

namespace set_detail {
inline constexpr std::size_t linear_probes = 9;
inline constexpr int perturb_shift = 5;
}  // namespace set_detail

template <class T>
class set {
 public:
  using value_type = T;

  set() = default;  ///< no set yet: a local before its first assignment

  static set make() {
    set out;
    out.box_ = decltype(out.box_)::adopt(new SetBox<T>());
    return out;
  }

  std::int64_t size() const noexcept { return box_->used; }
  bool same(const set& other) const noexcept { return box_ == other.box_; }
  SetBox<T>* box() const noexcept { return box_.get(); }
  const std::vector<SetSlot<T>>& table() const noexcept { return box_->table; }
  std::size_t mask() const noexcept { return box_->table.size() - 1; }

  /// The slot holding `key`, or nullptr (CPython's set_lookkey).
  SetSlot<T>* find(const T& key, std::int64_t hash) const {
    auto& table = box_->table;
    const std::size_t mask = table.size() - 1;
    auto perturb = static_cast<std::size_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    for (;;) {
      std::size_t probes = (i + set_detail::linear_probes <= mask) ? set_detail::linear_probes : 0;
      std::size_t j = i;
      for (;;) {
        SetSlot<T>& slot = table[j];
        if (slot.unused()) return nullptr;
        if (slot.holds(hash) && py_eq(slot.key, key)) {
          return &slot;
        }
        if (probes-- == 0) break;
        ++j;
      }
      perturb >>= set_detail::perturb_shift;
      i = (i * 5 + 1 + perturb) & mask;
    }
  }

  /// Adds `key`; false if it was there (CPython's set_add_entry: the key goes in the last
  /// dummy of its probe sequence, else in the never-used slot that ends it).
  bool add(const T& key, std::int64_t hash) {
    auto& table = box_->table;
    const std::size_t mask = table.size() - 1;
    auto perturb = static_cast<std::size_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    SetSlot<T>* freeslot = nullptr;
    SetSlot<T>* unused = nullptr;
    while (unused == nullptr) {
      std::size_t probes = (i + set_detail::linear_probes <= mask) ? set_detail::linear_probes : 0;
      for (std::size_t j = i;; ++j) {
        SetSlot<T>& slot = table[j];
        if (slot.unused()) {
          unused = &slot;
          break;
        }
        if (slot.live()) {
          if (slot.hash == hash && py_eq(slot.key, key)) return false;
        } else {
          freeslot = &slot;  // the last dummy seen, as CPython 3.11 keeps it
        }
        if (probes-- == 0) break;
      }
      perturb >>= set_detail::perturb_shift;
      i = (i * 5 + 1 + perturb) & mask;
    }
    ++box_->version;
    ++box_->used;
    if (freeslot != nullptr) {
      *freeslot = SetSlot<T>::holding(hash, key);
      return true;
    }
    *unused = SetSlot<T>::holding(hash, key);
    ++box_->fill;
    if (static_cast<std::size_t>(box_->fill) * 5 >= mask * 3) {
      resize(box_->used > 50000 ? box_->used * 2 : box_->used * 4);
    }
    return true;
  }

  /// Removes `key`; false if it was not there (CPython's set_discard_entry).
  bool discard(const T& key, std::int64_t hash) {
    SetSlot<T>* slot = find(key, hash);
    if (slot == nullptr) return false;
    *slot = SetSlot<T>::deleted();
    --box_->used;
    ++box_->version;
    return true;
  }

  /// The table at the smallest power of two above `minused` (at least 8), dummies dropped
  /// (CPython's set_table_resize).
  void resize(std::int64_t minused) {
    std::size_t size = 8;
    while (size <= static_cast<std::size_t>(minused)) size <<= 1;
    std::vector<SetSlot<T>> old(size);
    old.swap(box_->table);
    box_->fill = box_->used;
    for (auto& slot : old) {
      if (slot.live()) insert_clean(std::move(slot.key), slot.hash);
    }
  }

  /// Puts a key known to be absent into a table without dummies (set_insert_clean).
  void insert_clean(T key, std::int64_t hash) {
    auto& table = box_->table;
    const std::size_t mask = table.size() - 1;
    auto perturb = static_cast<std::size_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    for (;;) {
      if (table[i].unused()) break;
      bool found = false;
      if (i + set_detail::linear_probes <= mask) {
        for (std::size_t j = 1; j <= set_detail::linear_probes; ++j) {
          if (table[i + j].unused()) {
            i += j;
            found = true;
            break;
          }
        }
      }
      if (found) break;
      perturb >>= set_detail::perturb_shift;
      i = (i * 5 + 1 + perturb) & mask;
    }
    table[i] = SetSlot<T>::holding(hash, std::move(key));
  }

  void clear() {
    box_->table.assign(8, SetSlot<T>{});
    box_->fill = 0;
    box_->used = 0;
    ++box_->version;
  }

 private:
  counted<SetBox<T>> box_;
};

/// frozenset: a set made once (from a set nothing else holds) and never changed; hashable.
template <class T>
class frozenset : public set<T> {
 public:
  frozenset() = default;
  explicit frozenset(set<T> fresh) : set<T>(std::move(fresh)) {}
  static frozenset make() { return frozenset(set<T>::make()); }
};

template <class T>
struct is_set : std::false_type {};
template <class T>
struct is_set<set<T>> : std::true_type {};

// ---- reading -----------------------------------------------------------------------------

/// hash(frozenset): CPython's, the xor of the items' shuffled hashes (so that order does
/// not matter), mixed with the size and dispersed.
template <class T>
std::int64_t py_hash(const frozenset<T>& s) {
  const auto shuffle = [](std::uint64_t h) {
    return ((h ^ 89869747ULL) ^ (h << 16)) * 3644798167ULL;
  };
  std::uint64_t hash = 0;
  for (const auto& slot : s.table()) {
    if (slot.live()) hash ^= shuffle(static_cast<std::uint64_t>(slot.hash));
  }
  hash ^= (static_cast<std::uint64_t>(s.size()) + 1) * 1927868237ULL;
  hash ^= (hash >> 11) ^ (hash >> 25);
  hash = hash * 69069U + 907133923ULL;
  if (hash == static_cast<std::uint64_t>(-1)) hash = 590923713ULL;
  return static_cast<std::int64_t>(hash);
}

/// repr(frozenset), for KeyError's message: frozenset({1, 2}), in table order.
template <class T>
void append_repr(std::string& out, const frozenset<T>& s) {
  if (s.size() == 0) {
    out += "frozenset()";
    return;
  }
  out += "frozenset({";
  bool first = true;
  for (const auto& slot : s.table()) {
    if (!slot.live()) continue;
    if (!first) out += ", ";
    first = false;
    append_repr(out, slot.key);
  }
  out += "})";
}

template <class T>
bool set_contains(const set<T>& s, const std::type_identity_t<T>& key) {
  return s.find(key, py_hash(key)) != nullptr;
}

/// Calls f(key, hash) for each key in table order.
template <class T, class F>
void set_each(const set<T>& s, F f) {
  for (const auto& slot : s.table()) {
    if (slot.live()) f(slot.key, slot.hash);
  }
}

/// set_merge: `other`'s keys into `s` (a copy of the table when s is empty and alike).
template <class T>
void set_merge(const set<T>& s, const set<T>& other) {
  if (s.same(other) || other.size() == 0) return;
  SetBox<T>* box = s.box();
  SetBox<T>* from = other.box();
  set<T> handle(s);
  if (static_cast<std::size_t>(box->fill + from->used) * 5 >= handle.mask() * 3) {
    handle.resize((box->used + from->used) * 2);
  }
  ++box->version;
  if (box->fill == 0 && handle.mask() == other.mask() && from->fill == from->used) {
    box->table = from->table;
    box->fill = from->fill;
    box->used = from->used;
    return;
  }
  if (box->fill == 0) {
    box->fill = from->used;
    box->used = from->used;
    set_each(other, [&](const T& key, std::int64_t hash) { handle.insert_clean(key, hash); });
    return;
  }
  set_each(other, [&](const T& key, std::int64_t hash) { handle.add(key, hash); });
}

template <class T>
set<T> set_copy(const set<T>& s) {
  set<T> out = set<T>::make();
  set_merge(out, s);
  out.box()->version = 0;
  return out;
}

/// a <= b
template <class T>
bool set_issubset(const set<T>& a, const set<T>& b) {
  if (a.size() > b.size()) return false;
  bool all = true;
  set_each(a, [&](const T& key, std::int64_t hash) {
    if (all && b.find(key, hash) == nullptr) all = false;
  });
  return all;
}

template <class T>
bool set_eq(const set<T>& a, const set<T>& b) {
  return a.size() == b.size() && set_issubset(a, b);
}

template <class T>
bool operator==(const set<T>& a, const set<T>& b) {
  return set_eq(a, b);
}

/// a & b: the smaller set's keys (in its order) that the other holds.
template <class T>
set<T> set_and(const set<T>& a, const set<T>& b) {
  if (a.same(b)) return set_copy(a);
  set<T> out = set<T>::make();
  const set<T>& small = b.size() > a.size() ? a : b;
  const set<T>& large = b.size() > a.size() ? b : a;
  set_each(small, [&](const T& key, std::int64_t hash) {
    if (large.find(key, hash) != nullptr) out.add(key, hash);
  });
  out.box()->version = 0;
  return out;
}

/// a -= b (set_difference_update_internal)
template <class T>
void set_isub(const set<T>& a, const set<T>& b) {
  set<T> handle(a);
  if (a.same(b)) {
    handle.clear();
    return;
  }
  const set<T> other = (b.size() >> 3) > a.size() ? set_and(a, b) : b;
  set_each(other, [&](const T& key, std::int64_t hash) { handle.discard(key, hash); });
  SetBox<T>* box = a.box();
  if (static_cast<std::size_t>(box->fill - box->used) > handle.mask() / 4) {
    handle.resize(box->used > 50000 ? box->used * 2 : box->used * 4);
  }
}

/// a - b
template <class T>
set<T> set_sub(const set<T>& a, const set<T>& b) {
  if ((a.size() >> 2) > b.size()) {
    set<T> out = set_copy(a);
    set_isub(out, b);
    out.box()->version = 0;
    return out;
  }
  set<T> out = set<T>::make();
  set_each(a, [&](const T& key, std::int64_t hash) {
    if (b.find(key, hash) == nullptr) out.add(key, hash);
  });
  out.box()->version = 0;
  return out;
}

/// a |= b
template <class T>
void set_ior(const set<T>& a, const set<T>& b) {
  set_merge(a, b);
}

/// a | b
template <class T>
set<T> set_or(const set<T>& a, const set<T>& b) {
  set<T> out = set_copy(a);
  if (a.same(b)) return out;
  set_merge(out, b);
  out.box()->version = 0;
  return out;
}

/// a ^= b
template <class T>
void set_ixor(const set<T>& a, const set<T>& b) {
  set<T> handle(a);
  if (a.same(b)) {
    handle.clear();
    return;
  }
  const set<T> other(b);
  set_each(other, [&](const T& key, std::int64_t hash) {
    if (!handle.discard(key, hash)) handle.add(key, hash);
  });
}

/// a ^ b: a copy of b, then a's keys toggled in it.
template <class T>
set<T> set_xor(const set<T>& a, const set<T>& b) {
  set<T> out = set_copy(b);
  set_ixor(out, a);
  out.box()->version = 0;
  return out;
}

/// a &= b: the intersection takes a's place.
template <class T>
void set_iand(const set<T>& a, const set<T>& b) {
  if (a.same(b)) return;
  set<T> result = set_and(a, b);
  SetBox<T>* box = a.box();
  SetBox<T>* from = result.box();
  box->table.swap(from->table);
  std::swap(box->fill, from->fill);
  std::swap(box->used, from->used);
  ++box->version;
}

// ---- changing ----------------------------------------------------------------------------

template <class T>
void set_add(const set<T>& s, const std::type_identity_t<T>& key) {
  set<T>(s).add(key, py_hash(key));
}

template <class T>
void set_discard(const set<T>& s, const std::type_identity_t<T>& key) {
  set<T>(s).discard(key, py_hash(key));
}

/// s.remove(k): KeyError with repr(k) when missing.
template <class T>
bool set_remove(const set<T>& s, const std::type_identity_t<T>& key) {
  if (set<T>(s).discard(key, py_hash(key))) return true;
  return raise(Exc::KeyError, repr_of(key));
}

/// s.pop(): the first key from the finger on (CPython's set_pop).
template <class T>
bool set_pop(T& out, const set<T>& s) {
  SetBox<T>* box = s.box();
  if (box->used == 0) [[unlikely]] return raise(Exc::KeyError, "'pop from an empty set'");
  const std::size_t mask = s.mask();
  std::size_t i = box->finger & mask;
  while (!box->table[i].live()) i = (i + 1) & mask;
  SetSlot<T>& slot = box->table[i];
  out = std::move(slot.key);
  slot = SetSlot<T>::deleted();
  --box->used;
  box->finger = i + 1;
  ++box->version;
  return true;
}

template <class T>
void set_clear(const set<T>& s) {
  set<T>(s).clear();
}

/// s.update(other) is s |= other.
template <class T>
void set_update(const set<T>& s, const set<T>& other) {
  set_merge(s, other);
}

/// s.update(xs) of a list: each item added in order.
template <class T>
void set_update(const set<T>& s, const list<T>& items) {
  set<T> handle(s);
  for (const auto& item : items.items()) {
    const T key = item;
    handle.add(key, py_hash(key));
  }
}

/// set(xs) of a list.
template <class T>
set<T> set_of_list(const list<T>& items) {
  set<T> out = set<T>::make();
  set_update(out, items);
  out.box()->version = 0;
  return out;
}

/// set(d) of a dict: one resize for its size first, then its keys in order (CPython's
/// set_update_internal for a dict).
template <class Dict>
set<typename Dict::key_type> set_of_dict(const Dict& d) {
  using T = typename Dict::key_type;
  set<T> out = set<T>::make();
  SetBox<T>* box = out.box();
  if (static_cast<std::size_t>(box->fill + d.size()) * 5 >= out.mask() * 3) {
    out.resize((box->used + d.size()) * 2);
  }
  for (const auto& e : d.entries()) {
    if (e.live) out.add(e.key, e.hash);
  }
  box->version = 0;
  return out;
}

// ---- iteration ---------------------------------------------------------------------------

struct set_cursor {
  std::size_t pos = 0;
  std::int64_t used = 0;  ///< the size when the loop began
};

template <class T>
set_cursor set_begin(const set<T>& s) {
  return set_cursor{0, s.size()};
}

/// The next slot in `at` (-1 at the end); RuntimeError when the loop changed the size.
template <class T>
bool set_next(set_cursor& c, const set<T>& s, std::int64_t& at) {
  if (c.used != s.size()) [[unlikely]] {
    c.used = -1;
    return raise(Exc::RuntimeError, "Set changed size during iteration");
  }
  const auto& table = s.table();
  std::size_t i = c.pos;
  while (i < table.size() && !table[i].live()) ++i;
  if (i >= table.size()) {
    at = -1;
    c.pos = i;
    return true;
  }
  c.pos = i + 1;
  at = static_cast<std::int64_t>(i);
  return true;
}

/// list(s) and sorted(s) start from this: the keys in table order.
template <class T>
list<T> set_list(const set<T>& s) {
  list<T> out = list<T>::make(static_cast<std::size_t>(s.size()));
  set_each(s, [&](const T& key, std::int64_t) { out.items().push_back(key); });
  return out;
}

}  // namespace pyaot
