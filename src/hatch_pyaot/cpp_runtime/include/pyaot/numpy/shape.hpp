#pragma once
// numpy's shape changes: reshape, ravel and flatten, in C order.
//
// reshape and ravel return a VIEW (sharing a's storage) when a is C-contiguous, and a
// C-order copy otherwise. numpy also returns views for some non-contiguous inputs whose
// strides allow it (a[:, ::2].reshape(...) may still be a view there); the values are the
// same either way, only writes through the result differ. flatten always copies.

#include <array>
#include <cstdint>
#include <string>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"

namespace pyaot::numpy {

namespace detail {

/// numpy's convert_shape_to_string for reshape's errors: leading negative (unknown)
/// dimensions are left out, later ones print as "newaxis"; "(4,)" for one entry, "(2,3)".
inline std::string reshape_shape_repr(const std::int64_t* shape, int ndim) {
  int i = 0;
  while (i < ndim && shape[i] < 0) ++i;
  if (i == ndim) return "()";
  std::string text = std::to_string(shape[i++]);
  for (; i < ndim; ++i) {
    text += ',';
    text += shape[i] < 0 ? std::string("newaxis") : std::to_string(shape[i]);
  }
  return ndim == 1 ? "(" + text + ",)" : "(" + text + ")";
}

[[gnu::cold]] inline bool reshape_mismatch(std::int64_t size, const std::int64_t* shape,
                                           int ndim) noexcept {
  const std::string text = reshape_shape_repr(shape, ndim);
  return raise_format(Exc::ValueError, "cannot reshape array of size %lld into shape %s",
                      static_cast<long long>(size), text.c_str());
}

/// numpy's _fix_unknown_dimension: any negative entry is the one unknown dimension
/// ("can only specify one unknown dimension" for two), inferred from `size`.
template <int M>
inline bool fix_unknown_dimension(std::array<std::int64_t, M>& shape,
                                  std::int64_t size) noexcept {
  int unknown = -1;
  std::int64_t known = 1;
  bool overflow = false;
  for (int axis = 0; axis < M; ++axis) {
    if (shape[axis] < 0) {
      if (unknown != -1) return raise(Exc::ValueError, "can only specify one unknown dimension");
      unknown = axis;
    } else if (!overflow && __builtin_mul_overflow(known, shape[axis], &known)) {
      overflow = true;
    }
  }
  if (overflow) return reshape_mismatch(size, shape.data(), M);
  if (unknown >= 0) {
    if (known == 0 || size % known != 0) return reshape_mismatch(size, shape.data(), M);
    shape[unknown] = size / known;
  } else if (known != size) {
    return reshape_mismatch(size, shape.data(), M);
  }
  return true;
}

/// C-order strides (in elements) of `shape`.
template <int M>
inline std::array<std::int64_t, M> c_strides(const std::array<std::int64_t, M>& shape) noexcept {
  std::array<std::int64_t, M> strides{};
  std::int64_t stride = 1;
  for (int axis = M - 1; axis >= 0; --axis) {
    strides[axis] = stride;
    stride *= shape[axis];
  }
  return strides;
}

}  // namespace detail

/// a.reshape(shape) in C order: one negative entry is inferred; ValueError as numpy
/// ("cannot reshape array of size 6 into shape (4,)", "can only specify one unknown
/// dimension"). A view of a when a is C-contiguous, else a C-order copy of a's values.
template <int M, class T, int N>
bool reshape(ndarray<T, M>& out, const ndarray<T, N>& a,
             const std::type_identity_t<std::array<std::int64_t, M>>& shape) noexcept {
  std::array<std::int64_t, M> dims = shape;
  if (!detail::fix_unknown_dimension<M>(dims, a.size())) return false;
  if (a.is_c_contiguous()) {
    out = ndarray<T, M>(a.data, dims, detail::c_strides<M>(dims), a.storage);
    return true;
  }
  ndarray<T, N> contiguous;
  if (!copy(contiguous, a)) return false;
  out = ndarray<T, M>(contiguous.data, dims, detail::c_strides<M>(dims), contiguous.storage);
  return true;
}

/// a.ravel() (order 'C'): a 1-d view when a is C-contiguous, else a C-order copy.
template <class T, int N>
bool ravel(ndarray<T, 1>& out, const ndarray<T, N>& a) noexcept {
  return reshape<1>(out, a, {a.size()});
}

/// a.flatten() (order 'C'): always a new 1-d array.
template <class T, int N>
bool flatten(ndarray<T, 1>& out, const ndarray<T, N>& a) noexcept {
  ndarray<T, N> contiguous;
  if (!copy(contiguous, a)) return false;
  out = ndarray<T, 1>(contiguous.data, {a.size()}, {1}, contiguous.storage);
  return true;
}

}  // namespace pyaot::numpy
