#pragma once
// numpy.lexsort: a tuple of 1-d keys, the last one primary, stable; nan sorts last, as
// numpy's.
//
//   lexsort(out, keys...)

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace indices_detail {
template <class T>
inline int order(const T& x, const T& y) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    const bool xn = std::isnan(x), yn = std::isnan(y);
    if (xn || yn) return xn == yn ? 0 : (xn ? 1 : -1);
  }
  return x < y ? -1 : (y < x ? 1 : 0);
}

/// The order of rows i and j by the keys, the last key first.
template <std::size_t K = 0, class... Keys>
inline int compare(const std::tuple<const Keys&...>& keys, std::int64_t i, std::int64_t j) noexcept {
  constexpr std::size_t last = sizeof...(Keys) - 1 - K;
  const auto& key = std::get<last>(keys);
  const int c = order(key.data[i * key.strides[0]], key.data[j * key.strides[0]]);
  if constexpr (K + 1 < sizeof...(Keys)) {
    return c != 0 ? c : compare<K + 1>(keys, i, j);
  } else {
    return c;
  }
}
}  // namespace indices_detail

template <class... T>
bool lexsort(ndarray<std::int64_t, 1>& out, const ndarray<T, 1>&... keys) noexcept {
  const std::int64_t n = std::get<0>(std::tie(keys...)).shape[0];
  if (((keys.shape[0] != n) || ...)) [[unlikely]]
    return raise(Exc::ValueError, "all keys need to be the same shape");
  if (!empty(out, {n})) return false;
  for (std::int64_t i = 0; i < n; ++i) out.data[i] = i;
  const std::tuple<const ndarray<T, 1>&...> tied(keys...);
  std::stable_sort(out.data, out.data + n, [&](std::int64_t i, std::int64_t j) {
    return indices_detail::compare(tied, i, j) < 0;
  });
  return true;
}

}  // namespace pyaot::numpy
