#pragma once
// numpy.zeros/ones/empty/full assigned to a local inside a loop, reusing the local's previous
// array when nothing else can see it: `for ...: v = np.zeros(3)` allocates once.
//
// The previous array is reused when its storage has no other handle (refcount 1: no view, no
// alias, no list or dict item, no Python object holds it), was allocated by the runtime, is
// writeable, and is exactly a C-contiguous array of the new shape over its whole storage.
// Then nobody can tell the new array from a fresh one: its contents are set as the
// creation function sets them (np.empty's are whatever was there, as numpy's may be).
// Otherwise a new array is made as usual.

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace detail {

template <class T, int N>
inline bool reusable(const ndarray<T, N>& a, const Shape<N>& shape) noexcept {
  const Storage* storage = a.storage;
  if (storage == nullptr || storage->refcount != 1 || storage->owner != nullptr ||
      !storage->writeable || a.data != static_cast<const T*>(storage->data) || a.shape != shape) {
    return false;
  }
  std::int64_t step = 1;
  for (int d = N - 1; d >= 0; --d) {
    if (a.shape[d] != 1 && a.strides[d] != step) return false;
    step *= a.shape[d];
  }
  return true;
}

}  // namespace detail

/// numpy.empty(shape) into `out`, in its own storage when it can be reused.
template <class T, int N>
bool renew_empty(ndarray<T, N>& out, const Shape<N>& shape) noexcept {
  return detail::reusable(out, shape) || empty(out, shape);
}

/// numpy.zeros(shape) into `out`.
template <class T, int N>
bool renew_zeros(ndarray<T, N>& out, const Shape<N>& shape) noexcept {
  if (!detail::reusable(out, shape)) return zeros(out, shape);
  std::memset(static_cast<void*>(out.data), 0, static_cast<std::size_t>(out.size()) * sizeof(T));
  return true;
}

/// numpy.full(shape, value) into `out`.
template <class T, int N>
bool renew_full(ndarray<T, N>& out, const Shape<N>& shape, std::type_identity_t<T> value) noexcept {
  if (!detail::reusable(out, shape)) return full(out, shape, value);
  std::fill_n(out.data, out.size(), value);
  return true;
}

/// numpy.ones(shape) into `out`.
template <class T, int N>
bool renew_ones(ndarray<T, N>& out, const Shape<N>& shape) noexcept {
  return renew_full(out, shape, static_cast<T>(1));
}

}  // namespace pyaot::numpy
