#pragma once
// numpy's functions of an array's properties: ndim, size, shape, isrealobj, iscomplexobj.
//
//   ndim(out, a) / size(out, a) / shape(out, a) / isrealobj(out, a) / iscomplexobj(out, a)

#include <cstdint>
#include <tuple>
#include <utility>

#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

template <class T, int N>
bool ndim(std::int64_t& out, const ndarray<T, N>&) noexcept {
  out = N;
  return true;
}

template <class T, int N>
bool size(std::int64_t& out, const ndarray<T, N>& a) noexcept {
  out = a.size();
  return true;
}

template <class Tuple, class T, int N>
bool shape(Tuple& out, const ndarray<T, N>& a) noexcept {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((std::get<I>(out) = a.shape[I]), ...);
  }(std::make_index_sequence<N>{});
  return true;
}

template <class T, int N>
bool isrealobj(bool& out, const ndarray<T, N>&) noexcept {
  out = true;
  return true;
}

template <class T, int N>
bool iscomplexobj(bool& out, const ndarray<T, N>&) noexcept {
  out = false;
  return true;
}

}  // namespace pyaot::numpy
