#pragma once
// One hash and one probe for the counting statements `d[k] += e` and
// `d[k] = d.get(k, D) + e` (codegen/dict_counting.py): dict_probe hashes the key once and walks
// the index once, to the key's entry or to the empty index place where the key would go; the
// statement then computes the new value (which may fail: nothing is inserted then) and
// dict_store writes it there. Nothing can change the dict in between (the statement's other
// operand is plain arithmetic), so the place found is still the right one.

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/dict.hpp"

namespace pyaot {

struct dict_slot {
  std::int64_t hash = 0;
  std::int64_t at = -1;     ///< the key's place in entries, or -1
  std::size_t place = 0;    ///< when missing: the empty index place where the key would go
  bool found() const noexcept { return at >= 0; }
};

template <class K, class V>
dict_slot dict_probe(const dict<K, V>& d, const std::type_identity_t<K>& key) {
  dict_slot out;
  out.hash = py_hash(key);
  const auto& index = d.box()->index;
  if (index.empty()) return out;
  const std::size_t mask = index.size() - 1;
  auto perturb = static_cast<std::uint64_t>(out.hash);
  std::size_t i = static_cast<std::size_t>(out.hash) & mask;
  for (;;) {
    const std::int64_t at = index[i];
    if (at == dict_detail::empty) break;
    if (at >= 0) {
      const auto& e = d.entries()[static_cast<std::size_t>(at)];
      if (e.hash == out.hash && py_eq(e.key, key)) {
        out.at = at;
        return out;
      }
    }
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
  out.place = i;
  return out;
}

/// The value of a key dict_probe found.
template <class K, class V>
V& dict_slot_value(const dict<K, V>& d, const dict_slot& slot) {
  return d.value_at(slot.at);
}

/// d[k] = value at the place dict_probe found: the entry's value, or a new last entry.
template <class K, class V>
void dict_store(const dict<K, V>& d, const dict_slot& slot, const std::type_identity_t<K>& key,
                std::type_identity_t<V> value) {
  auto* box = d.box();
  ++box->version;
  if (slot.found()) {
    d.value_at(slot.at) = std::move(value);
    return;
  }
  if (box->usable <= 0) {  // a rebuild moves every place: the key goes where it now ends
    dict<K, V>(d).value_at(dict<K, V>(d).find_or_add(key, slot.hash)) = std::move(value);
    return;
  }
  const auto place = static_cast<std::int64_t>(box->entries.size());
  box->entries.push_back(DictEntry<K, V>{slot.hash, key, std::move(value), true});
  box->index[slot.place] = place;
  --box->usable;
  ++box->used;
}

}  // namespace pyaot
