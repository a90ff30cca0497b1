#pragma once
// Python's dict: a handle to one reference-counted hash table, laid out as CPython's compact
// dict is (DESIGN §5.4): an index table of open addressing over an entries array that keeps
// insertion order. Deleting leaves a dummy in the index and a hole in the entries; a new key
// goes at the end, and when the entries are used up the table is rebuilt at three times the
// live count (holes dropped), as CPython grows its dicts. So iteration, popitem (the last
// item) and the "changed during iteration" errors behave as CPython's.
//
// Copying a handle shares the dict; `version` is bumped on every change and `origin` is the
// Python dict an argument came from (pyaot/python/dict.hpp), as for lists. Keys hash and
// compare through py_hash and py_eq (pyaot/builtins/hash.hpp). Fallible operations return
// false with the Python exception pending.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/builtins/hash.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/set.hpp"  // frozenset keys: their py_hash
#include "pyaot/counted.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

template <class K, class V>
struct DictEntry {
  std::int64_t hash = 0;
  K key{};
  V value{};
  bool live = false;
};

template <class K, class V>
struct DictBox {
  std::int64_t refs = 1;
  std::uint64_t version = 0;
  void* origin = nullptr;  ///< the PyObject* it came from, during a call from CPython
  std::int64_t used = 0;   ///< live entries
  std::int64_t usable = 0; ///< entries that may still be appended before a rebuild
  std::vector<std::int64_t> index;  ///< -1 empty, -2 dummy, else a place in entries
  std::vector<DictEntry<K, V>> entries;
};

namespace dict_detail {
inline constexpr std::int64_t empty = -1;
inline constexpr std::int64_t dummy = -2;
/// CPython's usable fraction of an index table: two thirds.
inline std::int64_t usable_of(std::size_t size) { return static_cast<std::int64_t>(size * 2 / 3); }
}  // namespace dict_detail

template <class K, class V>
class dict {
 public:
  using key_type = K;
  using mapped_type = V;

  dict() = default;  ///< no dict yet: a local before its first assignment

  static dict make() {
    dict out;
    out.box_ = decltype(out.box_)::adopt(new DictBox<K, V>());
    return out;
  }

  std::int64_t size() const noexcept { return box_->used; }
  bool same(const dict& other) const noexcept { return box_ == other.box_; }
  DictBox<K, V>* box() const noexcept { return box_.get(); }
  const std::vector<DictEntry<K, V>>& entries() const noexcept { return box_->entries; }

  /// The place in entries of `key`, or -1.
  std::int64_t find(const K& key, std::int64_t hash) const {
    const auto& index = box_->index;
    if (index.empty()) return -1;
    const std::size_t mask = index.size() - 1;
    auto perturb = static_cast<std::uint64_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    for (;;) {
      const std::int64_t at = index[i];
      if (at == dict_detail::empty) return -1;
      if (at >= 0) {
        const auto& e = box_->entries[static_cast<std::size_t>(at)];
        if (e.hash == hash && py_eq(e.key, key)) return at;
      }
      perturb >>= 5;
      i = (i * 5 + perturb + 1) & mask;
    }
  }

  /// The place of `key`, added (with a default value) if new; `added` says which.
  std::int64_t find_or_add(const K& key, std::int64_t hash, bool& added) {
    const std::int64_t at = find(key, hash);
    added = at < 0;
    if (at >= 0) return at;
    if (box_->usable <= 0) grow();
    const auto place = static_cast<std::int64_t>(box_->entries.size());
    box_->entries.push_back(DictEntry<K, V>{hash, key, V{}, true});
    slot_for(hash) = place;
    --box_->usable;
    ++box_->used;
    ++box_->version;
    return place;
  }
  std::int64_t find_or_add(const K& key, std::int64_t hash) {
    bool added;
    return find_or_add(key, hash, added);
  }

  V& value_at(std::int64_t at) const { return box_->entries[static_cast<std::size_t>(at)].value; }

  /// Removes the live entry at `at`.
  void remove_at(std::int64_t at) {
    auto& e = box_->entries[static_cast<std::size_t>(at)];
    const std::size_t mask = box_->index.size() - 1;
    auto perturb = static_cast<std::uint64_t>(e.hash);
    std::size_t i = static_cast<std::size_t>(e.hash) & mask;
    while (box_->index[i] != at) {
      perturb >>= 5;
      i = (i * 5 + perturb + 1) & mask;
    }
    box_->index[i] = dict_detail::dummy;
    e.live = false;
    e.key = K{};
    e.value = V{};
    --box_->used;
    ++box_->version;
  }

  void clear() {
    box_->index.clear();
    box_->entries.clear();
    box_->used = 0;
    box_->usable = 0;
    ++box_->version;
  }

  /// Rebuilds the table at three times the live entries, as CPython grows a dict.
  void grow() { rebuild(static_cast<std::size_t>(box_->used) * 3); }

  /// Room for `n` more keys without a rebuild (a dict converted from one of known size).
  void reserve(std::size_t n) {
    if (box_->usable < static_cast<std::int64_t>(n)) {
      rebuild((static_cast<std::size_t>(box_->used) + n) * 3 / 2 + 1);
    }
  }

  /// The index table at the smallest power of two >= `minsize` (at least 8), the entries
  /// compacted in their order.
  void rebuild(std::size_t minsize) {
    std::size_t size = 8;
    while (size < minsize) size <<= 1;
    std::vector<DictEntry<K, V>> kept;
    kept.reserve(static_cast<std::size_t>(dict_detail::usable_of(size)));
    for (auto& e : box_->entries) {
      if (e.live) kept.push_back(std::move(e));
    }
    box_->entries = std::move(kept);
    box_->index.assign(size, dict_detail::empty);
    for (std::size_t k = 0; k < box_->entries.size(); ++k) {
      slot_for(box_->entries[k].hash) = static_cast<std::int64_t>(k);
    }
    box_->usable = dict_detail::usable_of(size) - static_cast<std::int64_t>(box_->entries.size());
  }

 private:
  std::int64_t& slot_for(std::int64_t hash) {
    auto& index = box_->index;
    const std::size_t mask = index.size() - 1;
    auto perturb = static_cast<std::uint64_t>(hash);
    std::size_t i = static_cast<std::size_t>(hash) & mask;
    while (index[i] != dict_detail::empty) {
      perturb >>= 5;
      i = (i * 5 + perturb + 1) & mask;
    }
    return index[i];
  }
  counted<DictBox<K, V>> box_;
};

template <class T>
struct is_dict : std::false_type {};
template <class K, class V>
struct is_dict<dict<K, V>> : std::true_type {};

namespace dict_detail {
template <class K>
[[gnu::cold]] bool key_error(const K& key) {
  return raise(Exc::KeyError, repr_of(key));
}
}  // namespace dict_detail

// ---- reading -----------------------------------------------------------------------------

/// d[k]: KeyError with repr(k), as CPython.
template <class K, class V>
bool dict_get(V& out, const dict<K, V>& d, const std::type_identity_t<K>& key) {
  const std::int64_t at = d.find(key, py_hash(key));
  if (at < 0) [[unlikely]] return dict_detail::key_error(key);
  out = d.value_at(at);
  return true;
}

/// d.get(k, default)
template <class K, class V>
V dict_get_or(const dict<K, V>& d, const std::type_identity_t<K>& key,
              const std::type_identity_t<V>& fallback) {
  const std::int64_t at = d.find(key, py_hash(key));
  return at < 0 ? fallback : d.value_at(at);
}

/// d.get(key): the value, or None (an empty optional) for a missing key.
template <class K, class V>
std::optional<V> dict_get_optional(const dict<K, V>& d, const std::type_identity_t<K>& key) {
  const std::int64_t at = d.find(key, py_hash(key));
  if (at < 0) return std::nullopt;
  return d.value_at(at);
}

template <class K, class V>
bool dict_contains(const dict<K, V>& d, const std::type_identity_t<K>& key) {
  return d.find(key, py_hash(key)) >= 0;
}

/// v in d.values(): compared with ==, in order.
template <class K, class V, class X>
bool dict_values_contains(const dict<K, V>& d, const X& value) {
  for (const auto& e : d.entries()) {
    if (e.live && py_eq(e.value, value)) return true;
  }
  return false;
}

/// (k, v) in d.items(): k looked up, then its value compared.
template <class K, class V, class X>
bool dict_items_contains(const dict<K, V>& d, const std::type_identity_t<K>& key, const X& value) {
  const std::int64_t at = d.find(key, py_hash(key));
  return at >= 0 && py_eq(d.value_at(at), value);
}

/// d == e: the same keys, each with an equal value (order does not matter).
template <class K, class V>
bool dict_eq(const dict<K, V>& a, const dict<K, V>& b) {
  if (a.same(b)) return true;
  if (a.size() != b.size()) return false;
  for (const auto& e : a.entries()) {
    if (!e.live) continue;
    const std::int64_t at = b.find(e.key, e.hash);
    if (at < 0 || !py_eq(e.value, b.value_at(at))) return false;
  }
  return true;
}

template <class K, class V>
dict<K, V> dict_copy(const dict<K, V>& d) {
  dict<K, V> out = dict<K, V>::make();
  for (const auto& e : d.entries()) {
    if (e.live) out.value_at(out.find_or_add(e.key, e.hash)) = e.value;
  }
  out.box()->version = 0;
  return out;
}

// ---- changing ----------------------------------------------------------------------------

/// d[k] = v: a new key goes last; an existing one keeps its place.
template <class K, class V>
void dict_set(const dict<K, V>& d, const std::type_identity_t<K>& key,
              std::type_identity_t<V> value) {
  dict<K, V> handle(d);
  const std::int64_t at = handle.find_or_add(key, py_hash(key));
  handle.value_at(at) = std::move(value);
  ++d.box()->version;
}

/// del d[k]
template <class K, class V>
bool dict_delete(const dict<K, V>& d, const std::type_identity_t<K>& key) {
  const std::int64_t at = d.find(key, py_hash(key));
  if (at < 0) [[unlikely]] return dict_detail::key_error(key);
  dict<K, V>(d).remove_at(at);
  return true;
}

/// d.pop(k): KeyError when missing.
template <class K, class V>
bool dict_pop(V& out, const dict<K, V>& d, const std::type_identity_t<K>& key) {
  const std::int64_t at = d.find(key, py_hash(key));
  if (at < 0) [[unlikely]] return dict_detail::key_error(key);
  out = std::move(d.value_at(at));
  dict<K, V>(d).remove_at(at);
  return true;
}

/// d.pop(k, default)
template <class K, class V>
V dict_pop_or(const dict<K, V>& d, const std::type_identity_t<K>& key,
              std::type_identity_t<V> fallback) {
  const std::int64_t at = d.find(key, py_hash(key));
  if (at < 0) return fallback;
  V out = std::move(d.value_at(at));
  dict<K, V>(d).remove_at(at);
  return out;
}

/// d.setdefault(k, default): the value of k, set to default first when missing.
template <class K, class V>
V dict_setdefault(const dict<K, V>& d, const std::type_identity_t<K>& key,
                  std::type_identity_t<V> fallback) {
  bool added;  // one lookup: found, or added where it ended
  const std::int64_t at = dict<K, V>(d).find_or_add(key, py_hash(key), added);
  if (added) d.value_at(at) = std::move(fallback);
  return d.value_at(at);
}

/// d.setdefault(k, []) where making the default has no effect: made only when k is missing.
template <class K, class V, class Make>
V dict_setdefault_lazy(const dict<K, V>& d, const std::type_identity_t<K>& key, Make make) {
  bool added;
  const std::int64_t at = dict<K, V>(d).find_or_add(key, py_hash(key), added);
  if (added) d.value_at(at) = make();
  return d.value_at(at);
}

/// d.popitem(): the last item (LIFO); the entries shrink past it, as in CPython.
template <class K, class V>
bool dict_popitem(std::tuple<K, V>& out, const dict<K, V>& d) {
  if (d.size() == 0) [[unlikely]] {
    return raise(Exc::KeyError, "'popitem(): dictionary is empty'");
  }
  auto& entries = d.box()->entries;
  std::int64_t at = static_cast<std::int64_t>(entries.size()) - 1;
  while (!entries[static_cast<std::size_t>(at)].live) --at;
  auto& e = entries[static_cast<std::size_t>(at)];
  out = std::tuple<K, V>(e.key, std::move(e.value));
  dict<K, V>(d).remove_at(at);
  entries.resize(static_cast<std::size_t>(at));
  return true;
}

/// d.update(other), d |= other: other's items in its order.
template <class K, class V>
void dict_update(const dict<K, V>& d, const dict<K, V>& other) {
  if (d.same(other)) return;
  dict<K, V> handle(d);
  for (const auto& e : other.entries()) {
    if (e.live) handle.value_at(handle.find_or_add(e.key, e.hash)) = e.value;
  }
  ++d.box()->version;
}

/// dict(pairs) of a list of (key, value) tuples: each set in order, the last value winning.
template <class K, class V>
dict<K, V> dict_of_pairs(const list<std::tuple<K, V>>& pairs) {
  dict<K, V> out = dict<K, V>::make();
  for (const auto& pair : pairs.items()) dict_set(out, std::get<0>(pair), std::get<1>(pair));
  out.box()->version = 0;
  return out;
}

/// d | other (3.9+): a new dict, d's items then other's.
template <class K, class V>
dict<K, V> dict_merge(const dict<K, V>& d, const dict<K, V>& other) {
  dict<K, V> out = dict_copy(d);
  dict_update(out, other);
  return out;
}

template <class K, class V>
void dict_clear(const dict<K, V>& d) {
  dict<K, V>(d).clear();
}

// ---- iteration ---------------------------------------------------------------------------

/// A loop over a dict (or one of its views), with CPython's checks on each step.
struct dict_cursor {
  std::int64_t pos = 0;
  std::int64_t used = 0;       ///< the size when the loop began
  std::int64_t remaining = 0;  ///< items still expected
};

template <class K, class V>
dict_cursor dict_begin(const dict<K, V>& d) {
  return dict_cursor{0, d.size(), d.size()};
}

/// The place of the next item in `at` (-1 at the end); false with RuntimeError when the
/// loop changed the dict's size, or its keys.
template <class K, class V>
bool dict_next(dict_cursor& c, const dict<K, V>& d, std::int64_t& at) {
  if (c.used != d.size()) [[unlikely]] {
    c.used = -1;
    return raise(Exc::RuntimeError, "dictionary changed size during iteration");
  }
  const auto& entries = d.entries();
  const auto n = static_cast<std::int64_t>(entries.size());
  std::int64_t i = c.pos;
  while (i < n && !entries[static_cast<std::size_t>(i)].live) ++i;
  if (i >= n) {
    at = -1;
    c.pos = n;
    return true;
  }
  if (c.remaining == 0) [[unlikely]] {
    return raise(Exc::RuntimeError, "dictionary keys changed during iteration");
  }
  c.pos = i + 1;
  --c.remaining;
  at = i;
  return true;
}

/// list(d), list(d.values()), list(d.items()): a snapshot in order.
template <class K, class V>
list<K> dict_keys_list(const dict<K, V>& d) {
  list<K> out = list<K>::make(static_cast<std::size_t>(d.size()));
  for (const auto& e : d.entries()) {
    if (e.live) out.items().push_back(e.key);
  }
  return out;
}

template <class K, class V>
list<V> dict_values_list(const dict<K, V>& d) {
  list<V> out = list<V>::make(static_cast<std::size_t>(d.size()));
  for (const auto& e : d.entries()) {
    if (e.live) out.items().push_back(e.value);
  }
  return out;
}

template <class K, class V>
list<std::tuple<K, V>> dict_items_list(const dict<K, V>& d) {
  list<std::tuple<K, V>> out = list<std::tuple<K, V>>::make(static_cast<std::size_t>(d.size()));
  for (const auto& e : d.entries()) {
    if (e.live) out.items().push_back(std::tuple<K, V>(e.key, e.value));
  }
  return out;
}

}  // namespace pyaot

namespace pyaot {
/// `==` of two dicts (what py_eq ends with for a dict item or value).
template <class K, class V>
bool operator==(const dict<K, V>& a, const dict<K, V>& b) {
  return dict_eq(a, b);
}
}  // namespace pyaot
