#pragma once
// The bisect module on pyaot::list<T>: CPython's loops (Lib/bisect.py) with its checks,
// `ValueError: lo must be non-negative`, and the IndexError of a[mid] when hi is past the
// end.

#include <cstdint>
#include <type_traits>

#include "pyaot/builtins/list.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

/// bisect_left (right = false) or bisect_right of x in a[lo:hi] (has_hi false: hi = len(a)).
template <class T, class X>
bool bisect_index(std::int64_t& out, const list<T>& a, const X& x, std::int64_t lo,
                  bool has_hi, std::int64_t hi, bool right) {
  if (lo < 0) [[unlikely]] return raise(Exc::ValueError, "lo must be non-negative");
  if (!has_hi) hi = a.size();
  const auto& items = a.items();
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (mid >= a.size()) [[unlikely]] return raise(Exc::IndexError, "list index out of range");
    const auto& item = items[static_cast<std::size_t>(mid)];
    if (right ? py_lt(x, item) : py_lt(item, x)) {
      if (right) hi = mid; else lo = mid + 1;
    } else {
      if (right) lo = mid + 1; else hi = mid;
    }
  }
  out = lo;
  return true;
}

/// insort_left / insort_right: x inserted where bisect_left / bisect_right puts it.
template <class T>
bool insort(const list<T>& a, const std::type_identity_t<T>& x, std::int64_t lo, bool has_hi,
            std::int64_t hi, bool right) {
  std::int64_t at;
  if (!bisect_index(at, a, x, lo, has_hi, hi, right)) return false;
  auto& items = a.mutate();
  items.insert(items.begin() + at, x);
  return true;
}

}  // namespace pyaot
