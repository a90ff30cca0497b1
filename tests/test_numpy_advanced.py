"""numpy's advanced indexing in the runtime (pyaot/numpy/advanced.hpp): boolean masks and
integer index arrays, read and assigned. A C++ program (written out below) built under
AddressSanitizer, UBSan and LeakSanitizer prints one `case` line per computation, and numpy
computes the same from the case's name: dtype, shape, every value, and the error type and text
must match.

A name is ``op:dtype:a_dims:a_layout:index_dtype:index_dims:index_layout:index_kind:
values_kind:values_layout`` (tests/cpp/arrays.hpp describes the layouts c, t, r, s,
b; an ``x`` after a's layout makes a read-only). Index kinds: masks ``p`` (a pattern), ``z``
(all false), ``o`` (all true), ``A`` (a view of a itself); integer indices ``i`` (in range,
both signs), ``p`` (non-negative), ``r`` (only 0 and n - 1, repeated), ``o``/``n`` (one index
too large / too small), ``m`` (two out of range). Values: ``-`` (a read), ``s`` (a scalar),
``f`` (the indexing result's shape), ``1`` (shape (1,)), ``r`` (a.shape[1:]), ``k``/``w`` (a
leading dimension of 1 / 2 more), ``v`` (the last dimension one longer), ``0`` (no values),
``a`` (a view of a itself, first axis reversed). The full matrix runs for float64 (and for
bool, the mask functions); the other dtypes and index dtypes get a smaller one (the code only
moves elements of another size). Cases named ``special:...`` are computed by SPECIAL below."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from typing import Any

import pytest

import case_lines as cl
from case_lines import Gen, make

np = pytest.importorskip("numpy")

DTYPES = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64"}  # fmt: skip
OPS = {"mask_get", "mask_get_rows", "mask_set", "mask_set_rows", "take_get", "take_set"}

SOURCE = r"""
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "pyaot/error.hpp"
#include "pyaot/numpy/advanced.hpp"
#include "pyaot/numpy/ndarray.hpp"

#include "arrays.hpp"
#include "check.hpp"

namespace {

namespace np = pyaot::numpy;
namespace t = pyaot_testing;
using np::ndarray;
using np::Shape;
using std::int64_t;
using std::string;

constexpr int64_t kValueSeed = 1000;  // assigned arrays' values: value<T>(i + kValueSeed)
constexpr int64_t kScalar = 77;       // an assigned scalar: value<T>(kScalar)

template <class T, int N>
ndarray<T, N> data(const Shape<N>& shape, char layout, int64_t seed) {
  return t::make<T, N>(shape, layout, [seed](int64_t i) { return t::value<T>(i + seed); });
}

/// The array being indexed: layout "c", "t", ..., with a trailing 'x' read-only.
template <class T, int N>
ndarray<T, N> target(const Shape<N>& shape, const string& layout) {
  ndarray<T, N> a = data<T, N>(shape, layout[0], 0);
  if (layout.size() > 1) a.storage->writeable = false;
  return a;
}

/// Masks: 'p' a pattern, 'z' all false, 'o' all true.
template <int N>
ndarray<bool, N> mask(const Shape<N>& shape, char layout, char kind) {
  return t::make<bool, N>(shape, layout, [kind](int64_t i) {
    return kind == 'o' || (kind == 'p' && (i * 7919 + 3) % 5 < 2);
  });
}

/// Index arrays for an axis of n: 'i' in range, both signs; 'p' in range, non-negative;
/// 'r' only 0 and n - 1, repeated; 'o' ('n') as 'p' ('i') with one index too large (too
/// small) at C-order position size / 2; 'm' as 'i' with two out of range.
template <class I, int M>
ndarray<I, M> index(const Shape<M>& shape, char layout, char kind, int64_t n) {
  ndarray<I, M> idx = t::make<I, M>(shape, layout, [kind, n](int64_t i) {
    if (n == 0) return I(0);
    if (kind == 'i' || kind == 'n' || kind == 'm') {
      return static_cast<I>((i * 7919) % (2 * n) - n);
    }
    if (kind == 'r') return static_cast<I>((i % 2) * (n - 1));
    return static_cast<I>((i * 7919) % n);
  });
  const int64_t size = idx.size();
  if (size > 0) {
    if (kind == 'o') t::flat(idx, size / 2) = static_cast<I>(n + 3);
    if (kind == 'n') t::flat(idx, size / 2) = static_cast<I>(-(n + 2));
    if (kind == 'm') {
      t::flat(idx, size / 3) = static_cast<I>(n + 4);
      t::flat(idx, 2 * size / 3) = static_cast<I>(-(n + 5));
    }
  }
  return idx;
}

/// A case's name: op:dtype:a_dims:a_layout:index_dtype:index_dims:index_layout:index_kind:
/// values_kind:values_layout (see expected() in the Python test).
template <std::size_t N, std::size_t M>
string name(const char* op, const char* dtype, const std::array<int64_t, N>& a_shape,
            const string& a_layout, const char* itype, const std::array<int64_t, M>& i_shape,
            char i_layout, char i_kind, const string& v_kind, char v_layout) {
  return string(op) + ":" + dtype + ":" + t::dims<int{N}>(a_shape) + ":" + a_layout + ":" +
         itype + ":" + t::dims<int{M}>(i_shape) + ":" + i_layout + ":" + i_kind + ":" + v_kind +
         ":" + v_layout;
}

template <int N>
Shape<N> with_last(Shape<N> shape, int64_t delta) {
  if constexpr (N > 0) shape[N - 1] += delta;
  return shape;
}

template <int K, int R>
Shape<K> prepend(int64_t first, const Shape<R>& rest) {
  static_assert(K == R + 1);
  Shape<K> shape{};
  shape[0] = first;
  for (int d = 0; d < R; ++d) shape[d + 1] = rest[d];
  return shape;
}

template <int From, int K, int N>
Shape<K> part(const Shape<N>& shape) {
  Shape<K> result{};
  for (int d = 0; d < K; ++d) result[d] = shape[From + d];
  return result;
}

/// a[::-1][:length]: a view of a (first axis reversed) with `length` rows.
template <class T, int N>
ndarray<T, N> reversed_rows(const ndarray<T, N>& a, int64_t length) {
  Shape<N> shape = a.shape;
  Shape<N> strides = a.strides;
  shape[0] = length;
  strides[0] = -a.strides[0];
  return ndarray<T, N>(a.data + (a.shape[0] - 1) * a.strides[0], shape, strides, a.storage);
}

// ---- Boolean masks of the array's shape ------------------------------------------------------

template <class T, int N, class V>
void mask_set_case(const char* dtype, const Shape<N>& shape, const string& al,
                   const Shape<N>& m_shape, char ml, char kind, const string& vkind, char vl,
                   V make_values) {
  const ndarray<T, N> a = target<T, N>(shape, al);
  const ndarray<bool, N> m = mask<N>(m_shape, ml, kind);
  const string case_name = name("mask_set", dtype, shape, al, "bool", m_shape, ml, kind, vkind, vl);
  t::view_case(case_name, make_values(a, m), a);
}

template <class T, int N>
void mask_cases(const char* dtype, const Shape<N>& shape, const string& al, char ml) {
  const Shape<N> wrong = with_last<N>(shape, 1);
  const bool full = N > 0 && al == "c";
  for (char kind : {'p', 'z', 'o'}) {
    {
      const ndarray<T, N> a = target<T, N>(shape, al);
      const ndarray<bool, N> m = mask<N>(shape, ml, kind);
      ndarray<T, 1> out;
      t::array_case(name("mask_get", dtype, shape, al, "bool", shape, ml, kind, "-", '-'),
                    np::mask_get(out, a, m), out);
    }
    mask_set_case<T, N>(dtype, shape, al, shape, ml, kind, "s", '-', [](auto& a, auto& m) {
      return np::mask_set(a, m, t::value<T>(kScalar));
    });
    for (const char* vkind : {"f", "1", "w", "0"}) {
      const string vk = vkind;
      for (char vl : {'c', 'r', 's', 'b'}) {
        if (vl != 'c' && !(vk == "f" && kind == 'p' && full)) continue;
        mask_set_case<T, N>(dtype, shape, al, shape, ml, kind, vk, vl, [&](auto& a, auto& m) {
          const int64_t count = np::detail::advanced::count_true(m);
          const int64_t length = vk == "f" ? count : vk == "1" ? 1 : vk == "w" ? count + 1 : 0;
          return np::mask_set(a, m, data<T, 1>({length}, vl, kValueSeed));
        });
      }
    }
  }
  if constexpr (N == 1) {  // values that share a's storage
    if (np::detail::advanced::count_true(mask<N>(shape, ml, 'p')) > 0) {
      mask_set_case<T, N>(dtype, shape, al, shape, ml, 'p', "a", '-', [](auto& a, auto& m) {
        return np::mask_set(a, m, reversed_rows(a, np::detail::advanced::count_true(m)));
      });
    }
  }
  if constexpr (N > 0) {
    const ndarray<T, N> a = target<T, N>(shape, al);
    const ndarray<bool, N> m = mask<N>(wrong, ml, 'p');
    ndarray<T, 1> out;
    t::array_case(name("mask_get", dtype, shape, al, "bool", wrong, ml, 'p', "-", '-'),
                  np::mask_get(out, a, m), out);
    mask_set_case<T, N>(dtype, shape, al, wrong, ml, 'p', "s", '-', [](auto& x, auto& y) {
      return np::mask_set(x, y, t::value<T>(kScalar));
    });
    mask_set_case<T, N>(dtype, shape, al, wrong, ml, 'p', "1", 'c', [](auto& x, auto& y) {
      return np::mask_set(x, y, data<T, 1>({1}, 'c', kValueSeed));
    });
  }
  if constexpr (std::is_same_v<T, bool> && N > 0) {  // a mask that is a view of a
    for (const char* vkind : {"s", "f"}) {
      if (shape[0] == 0) break;
      const ndarray<T, N> a = target<T, N>(shape, al);
      const ndarray<bool, N> m = reversed_rows(a, shape[0]);
      const string vk = vkind;
      const int64_t count = np::detail::advanced::count_true(m);
      const bool ok = vk == "s" ? np::mask_set(a, m, t::value<T>(kScalar))
                                : np::mask_set(a, m, data<T, 1>({count}, 'c', kValueSeed));
      t::view_case(name("mask_set", "bool", shape, al, "bool", shape, ml, 'A', vk, 'c'), ok,
                   a);
    }
  }
}

// ---- 1-d masks on the first axis -------------------------------------------------------------

template <class T, int N, int K>
void rows_values_case(const char* dtype, const Shape<N>& shape, const string& al, char ml,
                      char kind, const char* vkind, char vl, const Shape<K>& v_shape) {
  const ndarray<T, N> a = target<T, N>(shape, al);
  const ndarray<bool, 1> m = mask<1>({shape[0]}, ml, kind);
  const bool ok = np::mask_set_rows(a, m, data<T, K>(v_shape, vl, kValueSeed));
  t::view_case(name("mask_set_rows", dtype, shape, al, "bool", Shape<1>{shape[0]}, ml, kind,
                    vkind, vl),
               ok, a);
}

template <class T, int N>
void rows_cases(const char* dtype, const Shape<N>& shape, const string& al, char ml) {
  const bool full = al == "c";
  for (int64_t delta : {0, 1}) {
    for (char kind : {'p', 'z', 'o'}) {
      if (delta != 0 && kind != 'p') continue;
      const Shape<1> m_shape{shape[0] + delta};
      const ndarray<T, N> a = target<T, N>(shape, al);
      const ndarray<bool, 1> m = mask<1>(m_shape, ml, kind);
      ndarray<T, N> out;
      t::array_case(name("mask_get_rows", dtype, shape, al, "bool", m_shape, ml, kind, "-", '-'),
                    np::mask_get_rows(out, a, m), out);
      if constexpr (N >= 2) {
        const ndarray<T, N> b = target<T, N>(shape, al);
        t::view_case(name("mask_set_rows", dtype, shape, al, "bool", m_shape, ml, kind, "s",
                          '-'),
                     np::mask_set_rows(b, m, t::value<T>(kScalar)), b);
      }
    }
  }
  if constexpr (N >= 2) {
    for (char kind : {'p', 'z'}) {
      const ndarray<bool, 1> m = mask<1>({shape[0]}, ml, kind);
      const int64_t count = np::detail::advanced::count_true(m);
      const Shape<N> f = [&] {
        Shape<N> s = shape;
        s[0] = count;
        return s;
      }();
      for (char vl : {'c', 't', 'r', 's', 'b'}) {
        if (vl == 'c' || (full && kind == 'p')) {
          rows_values_case<T, N, N>(dtype, shape, al, ml, kind, "f", vl, f);
        }
      }
      rows_values_case<T, N, 1>(dtype, shape, al, ml, kind, "1", 'c', {1});
      rows_values_case<T, N, N - 1>(dtype, shape, al, ml, kind, "r", 'c',
                                    part<1, N - 1, N>(shape));
      rows_values_case<T, N, N + 1>(dtype, shape, al, ml, kind, "k", 'c', prepend<N + 1, N>(1, f));
      rows_values_case<T, N, N + 1>(dtype, shape, al, ml, kind, "w", 'c', prepend<N + 1, N>(2, f));
      rows_values_case<T, N, N>(dtype, shape, al, ml, kind, "v", 'c', with_last<N>(f, 1));
    }
    const ndarray<bool, 1> m = mask<1>({shape[0]}, ml, 'p');
    const int64_t count = np::detail::advanced::count_true(m);
    if (count > 0) {  // values that share a's storage
      const ndarray<T, N> a = target<T, N>(shape, al);
      t::view_case(name("mask_set_rows", dtype, shape, al, "bool", Shape<1>{shape[0]}, ml, 'p',
                        "a", '-'),
                   np::mask_set_rows(a, m, reversed_rows(a, count)), a);
    }
  }
}

// ---- Integer index arrays --------------------------------------------------------------------

template <class T, int N, class I, int M, int K>
void take_values_case(const char* dtype, const char* itype, const Shape<N>& shape,
                      const string& al, const Shape<M>& i_shape, char il, char kind,
                      const char* vkind, char vl, const Shape<K>& v_shape) {
  const ndarray<T, N> a = target<T, N>(shape, al);
  const ndarray<I, M> idx = index<I, M>(i_shape, il, kind, shape[0]);
  const bool ok = np::take_set(a, idx, data<T, K>(v_shape, vl, kValueSeed));
  t::view_case(name("take_set", dtype, shape, al, itype, i_shape, il, kind, vkind, vl), ok, a);
}

template <class T, int N, class I, int M>
void take_cases(const char* dtype, const char* itype, const Shape<N>& shape, const string& al,
                const Shape<M>& i_shape, char il, const string& kinds, bool values) {
  constexpr int R = M + N - 1;
  const int64_t n = shape[0];
  for (char kind : kinds) {
    {
      const ndarray<T, N> a = target<T, N>(shape, al);
      const ndarray<I, M> idx = index<I, M>(i_shape, il, kind, n);
      ndarray<T, R> out;
      t::array_case(name("take_get", dtype, shape, al, itype, i_shape, il, kind, "-", '-'),
                    np::take_get(out, a, idx), out);
    }
    if (kind == 'm') continue;
    {
      const ndarray<T, N> a = target<T, N>(shape, al);
      const ndarray<I, M> idx = index<I, M>(i_shape, il, kind, n);
      t::view_case(name("take_set", dtype, shape, al, itype, i_shape, il, kind, "s", '-'),
                   np::take_set(a, idx, t::value<T>(kScalar)), a);
    }
    if (!values) continue;
    Shape<R> f{};
    for (int d = 0; d < M; ++d) f[d] = i_shape[d];
    for (int d = 1; d < N; ++d) f[M + d - 1] = shape[d];
    for (char vl : {'c', 't', 'r', 's', 'b'}) {
      if (vl == 'c' || (R > 0 && al == "c" && il == 'c' && kind != 'o')) {
        take_values_case<T, N, I, M, R>(dtype, itype, shape, al, i_shape, il, kind, "f", vl, f);
      }
    }
    if (kind == 'o') {  // the shape is checked before the indices (M == 0: see "w" below)
      if constexpr (M > 0) {
        take_values_case<T, N, I, M, R + 1>(dtype, itype, shape, al, i_shape, il, kind, "w",
                                            'c', prepend<R + 1, R>(2, f));
      }
      continue;
    }
    take_values_case<T, N, I, M, N - 1>(dtype, itype, shape, al, i_shape, il, kind, "r", 'c',
                                        part<1, N - 1, N>(shape));
    if constexpr (R > 0) {  // numpy's a[np.array(1)] = [x] for a 1-d a assigns one element
      take_values_case<T, N, I, M, 1>(dtype, itype, shape, al, i_shape, il, kind, "1", 'c', {1});
      take_values_case<T, N, I, M, R + 1>(dtype, itype, shape, al, i_shape, il, kind, "k", 'c',
                                          prepend<R + 1, R>(1, f));
    }
    if constexpr (M > 0) {  // numpy treats a 0-d index as an integer, with other value errors
      take_values_case<T, N, I, M, R + 1>(dtype, itype, shape, al, i_shape, il, kind, "w", 'c',
                                          prepend<R + 1, R>(2, f));
      take_values_case<T, N, I, M, R>(dtype, itype, shape, al, i_shape, il, kind, "v", 'c',
                                      with_last<R>(f, 1));
    }
    if constexpr (M == 1) {  // values that share a's storage
      if (0 < i_shape[0] && i_shape[0] <= n) {
        const ndarray<T, N> a = target<T, N>(shape, al);
        const ndarray<I, M> idx = index<I, M>(i_shape, il, kind, n);
        const bool ok = np::take_set(a, idx, reversed_rows(a, i_shape[0]));
        t::view_case(name("take_set", dtype, shape, al, itype, i_shape, il, kind, "a", '-'),
                     ok, a);
      }
    }
  }
}

template <class T, int N>
void take_all_shapes(const char* dtype, const Shape<N>& shape, const string& al, char il) {
  const bool c = il == 'c';
  const string kinds = c ? "irnom" : "irno";
  if (il == 'c') take_cases<T, N, int64_t, 0>(dtype, "int64", shape, al, {}, il, kinds, true);
  for (const Shape<1>& s : {Shape<1>{0}, Shape<1>{1}, Shape<1>{4}}) {
    take_cases<T, N, int64_t, 1>(dtype, "int64", shape, al, s, il, kinds, true);
  }
  for (const Shape<2>& s : {Shape<2>{2, 3}, Shape<2>{0, 2}}) {
    take_cases<T, N, int64_t, 2>(dtype, "int64", shape, al, s, il, kinds, true);
  }
  if constexpr (N < 3) {
    if (c) take_cases<T, N, int64_t, 3>(dtype, "int64", shape, al, {2, 1, 2}, il, "ir", false);
  }
}

// ---- Every case of a dtype -------------------------------------------------------------------

/// Every function (integer indices when Take) in every layout of a, the mask or index, and the
/// values.
template <class T, int N, bool Take>
void shape_cases(const char* dtype, const Shape<N>& shape) {
  for (const char* layout : {"c", "t", "r", "s", "cx"}) {
    const string al = layout;
    if (N == 0 && al != "c" && al != "cx") continue;
    const string others = (N > 0 && al == "c") ? "ctrsb" : "c";
    for (char ol : others) {
      mask_cases<T, N>(dtype, shape, al, ol);
      if constexpr (N > 0) {
        rows_cases<T, N>(dtype, shape, al, ol);
        if constexpr (Take) take_all_shapes<T, N>(dtype, shape, al, ol);
      }
    }
  }
}

template <class T, bool Take>
void dtype_cases(const char* dtype) {
  shape_cases<T, 0, Take>(dtype, {});
  for (const Shape<1>& s : {Shape<1>{0}, Shape<1>{1}, Shape<1>{6}}) {
    shape_cases<T, 1, Take>(dtype, s);
  }
  for (const Shape<2>& s : {Shape<2>{3, 4}, Shape<2>{0, 3}, Shape<2>{4, 0}}) {
    shape_cases<T, 2, Take>(dtype, s);
  }
  shape_cases<T, 3, Take>(dtype, {2, 3, 4});
}

/// The other dtypes: the same code moves elements of another size, so fewer cases (Mask:
/// the mask functions too).
template <class T, int N, bool Mask>
void light_shape_cases(const char* dtype, const Shape<N>& shape) {
  for (const char* layout : {"c", "t", "r"}) {
    const string al = layout;
    for (char kind : {'p', 'z'}) {
      if constexpr (!Mask) break;
      const ndarray<T, N> a = target<T, N>(shape, al);
      const ndarray<bool, N> m = mask<N>(shape, 'c', kind);
      ndarray<T, 1> out;
      t::array_case(name("mask_get", dtype, shape, al, "bool", shape, 'c', kind, "-", '-'),
                    np::mask_get(out, a, m), out);
      mask_set_case<T, N>(dtype, shape, al, shape, 'c', kind, "s", '-', [](auto& x, auto& y) {
        return np::mask_set(x, y, t::value<T>(kScalar));
      });
      mask_set_case<T, N>(dtype, shape, al, shape, 'c', kind, "f", 'c', [](auto& x, auto& y) {
        const int64_t count = np::detail::advanced::count_true(y);
        return np::mask_set(x, y, data<T, 1>({count}, 'c', kValueSeed));
      });
      const ndarray<bool, 1> rows = mask<1>({shape[0]}, 'c', kind);
      ndarray<T, N> picked;
      t::array_case(name("mask_get_rows", dtype, shape, al, "bool", Shape<1>{shape[0]}, 'c', kind,
                         "-", '-'),
                    np::mask_get_rows(picked, a, rows), picked);
    }
    for (char kind : {'i', 'o'}) {
      const ndarray<T, N> a = target<T, N>(shape, al);
      const Shape<1> i_shape{4};
      const ndarray<int64_t, 1> idx = index<int64_t, 1>(i_shape, 'c', kind, shape[0]);
      ndarray<T, N> out;
      t::array_case(name("take_get", dtype, shape, al, "int64", i_shape, 'c', kind, "-", '-'),
                    np::take_get(out, a, idx), out);
      Shape<N> f = shape;
      f[0] = 4;
      take_values_case<T, N, int64_t, 1, N>(dtype, "int64", shape, al, i_shape, 'c', kind, "f",
                                            'c', f);
      const ndarray<T, N> b = target<T, N>(shape, al);
      t::view_case(name("take_set", dtype, shape, al, "int64", i_shape, 'c', kind, "s", '-'),
                   np::take_set(b, idx, t::value<T>(kScalar)), b);
    }
  }
}

template <class T, bool Mask = true>
void light_dtype_cases(const char* dtype) {
  light_shape_cases<T, 1, Mask>(dtype, {6});
  light_shape_cases<T, 2, Mask>(dtype, {3, 4});
  light_shape_cases<T, 2, Mask>(dtype, {0, 3});
}

/// Index arrays of every integer dtype.
template <class I>
void index_dtype_cases(const char* itype) {
  const string kinds = std::is_signed_v<I> ? "ipnom" : "pom";
  for (char il : {'c', 'r'}) {
    take_cases<double, 1, I, 1>("float64", itype, Shape<1>{6}, "c", {4}, il, kinds, il == 'c');
    take_cases<double, 2, I, 2>("float64", itype, Shape<2>{3, 4}, "c", {2, 3}, il, kinds, false);
  }
}

// ---- Cases numpy computes by other means (SPECIAL in the Python test) ------------------------

void special_cases() {
  {  // an index array that is a itself: every index is read before the first write
    ndarray<int64_t, 1> c;
    CHECK(np::empty(c, {3}));
    c.data[0] = 1, c.data[1] = 0, c.data[2] = 2;
    ndarray<int64_t, 1> v;
    CHECK(np::empty(v, {3}));
    v.data[0] = 5, v.data[1] = 1, v.data[2] = 7;
    t::view_case("special:index_is_a", np::take_set(c, c, v), c);
  }
  {
    ndarray<int64_t, 1> c;
    CHECK(np::empty(c, {4}));
    c.data[0] = 2, c.data[1] = 0, c.data[2] = 1, c.data[3] = 0;
    t::view_case("special:index_is_a_scalar", np::take_set(c, reversed_rows(c, 4), int64_t{3}),
                 c);
  }
  {  // an unsigned index past INT64_MAX wraps to a negative one, as numpy's cast to intp
    const ndarray<double, 1> a = data<double, 1>({3}, 'c', 0);
    ndarray<uint64_t, 1> idx;
    CHECK(np::empty(idx, {2}));
    idx.data[0] = 1, idx.data[1] = uint64_t{1} << 63;
    ndarray<double, 1> out;
    t::view_case("special:uint64_huge", np::take_get(out, a, idx), out);
    t::view_case("special:uint64_max_set", np::take_set(a, idx, 1.0), a);
  }
  {
    const ndarray<double, 1> a = data<double, 1>({3}, 'c', 0);
    ndarray<uint8_t, 1> idx;
    CHECK(np::full(idx, {2}, uint8_t{255}));
    ndarray<double, 1> out;
    t::view_case("special:uint8_255", np::take_get(out, a, idx), out);
    ndarray<int8_t, 1> low;
    CHECK(np::full(low, {1}, int8_t{-128}));
    t::view_case("special:int8_min", np::take_get(out, a, low), out);
  }
  {  // overlapping values: a[[0, 1, 2]] = a[::-1][:3]
    const ndarray<int64_t, 1> c = data<int64_t, 1>({6}, 'c', 0);
    ndarray<int64_t, 1> idx;
    CHECK(np::empty(idx, {3}));
    idx.data[0] = 0, idx.data[1] = 1, idx.data[2] = 2;
    t::view_case("special:take_values_overlap", np::take_set(c, idx, reversed_rows(c, 3)), c);
  }
  {  // a[mask] = a[::-1][mask] with the right side as a view, and a length-1 view of a
    const ndarray<int64_t, 1> c = data<int64_t, 1>({6}, 'c', 0);
    ndarray<bool, 1> m;
    CHECK(np::empty(m, {6}));
    for (int k = 0; k < 6; ++k) m.data[k] = k % 2 == 0;
    t::view_case("special:mask_values_overlap", np::mask_set(c, m, reversed_rows(c, 3)), c);
    t::view_case("special:mask_one_value_overlap", np::mask_set(c, m, reversed_rows(c, 1)), c);
  }
  {  // the out argument is a itself
    ndarray<double, 1> a = data<double, 1>({5}, 'c', 0);
    const ndarray<int64_t, 1> idx = index<int64_t, 1>({7}, 'c', 'i', 5);
    CHECK(np::take_get(a, a, idx));
    t::view_case("special:take_out_is_a", true, a);
    ndarray<double, 1> b = data<double, 1>({5}, 'c', 0);
    CHECK(np::mask_get(b, b, mask<1>({5}, 'c', 'p')));
    t::view_case("special:mask_out_is_a", true, b);
  }
  {  // a 1-d mask that is a view of a (its first column)
    const ndarray<bool, 2> a = data<bool, 2>({4, 2}, 'c', 0);
    const ndarray<bool, 1> m(a.data, {4}, {a.strides[0]}, a.storage);
    t::view_case("special:rows_mask_is_a", np::mask_set_rows(a, m, false), a);
  }
  {  // a read-only array with nothing selected still raises
    const ndarray<double, 2> a = target<double, 2>({2, 2}, "cx");
    const ndarray<int64_t, 1> none = index<int64_t, 1>({0}, 'c', 'i', 2);
    t::view_case("special:read_only_empty_index", np::take_set(a, none, 1.0), a);
  }
}

}  // namespace

int main() {
  dtype_cases<double, true>("float64");
  dtype_cases<bool, false>("bool");
  light_dtype_cases<bool, false>("bool");
  light_dtype_cases<int8_t>("int8");
  light_dtype_cases<int16_t>("int16");
  light_dtype_cases<int32_t>("int32");
  light_dtype_cases<int64_t>("int64");
  light_dtype_cases<uint8_t>("uint8");
  light_dtype_cases<uint16_t>("uint16");
  light_dtype_cases<uint32_t>("uint32");
  light_dtype_cases<uint64_t>("uint64");
  light_dtype_cases<float>("float32");
  index_dtype_cases<int8_t>("int8");
  index_dtype_cases<int16_t>("int16");
  index_dtype_cases<int32_t>("int32");
  index_dtype_cases<uint8_t>("uint8");
  index_dtype_cases<uint16_t>("uint16");
  index_dtype_cases<uint32_t>("uint32");
  index_dtype_cases<uint64_t>("uint64");
  special_cases();
  return check_summary();
}
"""


def mask_gen(kind: str) -> Gen:
    def gen(count: int) -> Any:
        i = np.arange(count, dtype=np.int64)
        return (i * 7919 + 3) % 5 < 2 if kind == "p" else np.full(count, kind == "o")

    return gen


def put(a: Any, k: int, value: int) -> None:
    """a's element at C-order position k = value, wrapped to a's dtype as C++ casts do."""
    a[np.unravel_index(k, a.shape)] = np.array(value, dtype=np.int64).astype(a.dtype)


def index_array(shape: tuple[int, ...], layout: str, kind: str, n: int, dtype: str) -> Any:
    """The C++ program's index<I, M>()."""

    def gen(count: int) -> Any:
        i = np.arange(count, dtype=np.int64)
        if n == 0:
            values = np.zeros(count, dtype=np.int64)
        elif kind in "inm":
            values = (i * 7919) % (2 * n) - n
        elif kind == "r":
            values = (i % 2) * (n - 1)
        else:
            values = (i * 7919) % n
        return values.astype(dtype)

    idx = make(shape, layout, gen)
    size = idx.size
    if size and kind == "o":
        put(idx, size // 2, n + 3)
    if size and kind == "n":
        put(idx, size // 2, -(n + 2))
    if size and kind == "m":
        put(idx, size // 3, n + 4)
        put(idx, 2 * size // 3, -(n + 5))
    return idx


def assigned(op: str, a: Any, index: Any, dtype: str, kind: str, layout: str) -> Any:
    """The right side of ``a[index] = ...`` for a values kind (see the top)."""
    if kind == "s":
        return cl.values(1, dtype, 77)[0]
    if op == "mask_set":
        count = int(np.count_nonzero(index))
        if kind == "a":
            return a[::-1][:count]
        shape: tuple[int, ...] = {"f": (count,), "1": (1,), "w": (count + 1,), "0": (0,)}[kind]
    else:
        rows = (int(np.count_nonzero(index)),) if op == "mask_set_rows" else index.shape
        full = (*rows, *a.shape[1:])
        if kind == "a":
            return a[::-1][: full[0]]
        shape = {"f": full, "1": (1,), "r": a.shape[1:], "k": (1, *full), "w": (2, *full),
                 "v": (*full[:-1], full[-1] + 1) if full else ()}[kind]  # fmt: skip
    return make(shape, layout, lambda count: cl.values(count, dtype, 1000))


def compute(name: str) -> Any:
    """What numpy gives for a case (the array, or the array assigned to)."""
    op, dtype, a_dims, a_layout, itype, i_dims, i_layout, i_kind, v_kind, v_layout = name.split(":")
    a = cl.make_values(cl.dims(a_dims), dtype, a_layout[0])
    if a_layout.endswith("x"):
        a.flags.writeable = False
    if i_kind == "A":
        index = a[::-1]
    elif itype == "bool":
        index = make(cl.dims(i_dims), i_layout, mask_gen(i_kind))
    else:
        n = a.shape[0]
        index = index_array(cl.dims(i_dims), i_layout, i_kind, n, itype)
    if "_get" in op:
        return a[index]
    values = assigned(op, a, index, dtype, v_kind, v_layout)
    if i_kind == "A":  # the runtime reads a mask that is a view of a before it writes a
        index = index.copy()
    a[index] = values
    return a


# ---- Cases the name does not describe ---------------------------------------------------------


def _index_is_a() -> Any:
    c = np.array([1, 0, 2])
    c[c] = np.array([5, 1, 7])
    return c


def _index_is_a_scalar() -> Any:
    c = np.array([2, 0, 1, 0])
    c[c[::-1]] = 3
    return c


def _uint64_huge() -> Any:
    return cl.values(3, "float64")[np.array([1, 2**63], dtype=np.uint64)]


def _uint64_max_set() -> Any:
    a = cl.values(3, "float64")
    a[np.array([1, 2**63], dtype=np.uint64)] = 1.0
    return a


def _take_values_overlap() -> Any:
    c = cl.values(6, "int64")
    c[np.array([0, 1, 2])] = c[::-1][:3]
    return c


def _mask_values_overlap(again: bool) -> Any:
    c = cl.values(6, "int64")
    m = np.arange(6) % 2 == 0
    c[m] = c[::-1][:3]
    if again:
        c[m] = c[::-1][:1]
    return c


def _rows_mask_is_a() -> Any:
    a = cl.values(8, "bool").reshape(4, 2)
    a[a[:, 0]] = False
    return a


def _read_only_empty_index() -> Any:
    a = cl.values(4, "float64").reshape(2, 2)
    a.flags.writeable = False
    a[np.array([], dtype=np.int64)] = 1.0
    return a


SPECIAL: dict[str, Callable[[], Any]] = {
    "index_is_a": _index_is_a,
    "index_is_a_scalar": _index_is_a_scalar,
    "uint64_huge": _uint64_huge,
    "uint64_max_set": _uint64_max_set,
    "uint8_255": lambda: cl.values(3, "float64")[np.full(2, 255, dtype=np.uint8)],
    "int8_min": lambda: cl.values(3, "float64")[np.array([-128], dtype=np.int8)],
    "take_values_overlap": _take_values_overlap,
    "mask_values_overlap": lambda: _mask_values_overlap(False),
    "mask_one_value_overlap": lambda: _mask_values_overlap(True),
    "take_out_is_a": lambda: cl.values(5, "float64")[index_array((7,), "c", "i", 5, "int64")],
    "mask_out_is_a": lambda: cl.values(5, "float64")[make((5,), "c", mask_gen("p"))],
    "rows_mask_is_a": _rows_mask_is_a,
    "read_only_empty_index": _read_only_empty_index,
}


def expected(name: str) -> tuple[Any, str]:
    """numpy's array for the case, or "! TypeName: message"."""
    if name.startswith("special:"):
        return cl.numpy_result(SPECIAL[name.removeprefix("special:")])
    return cl.numpy_result(lambda: compute(name))


# -O0: its many template instantiations build three times faster than at -O1
unit_tests = cl.program_fixture("test_numpy_advanced", SOURCE, "-O0")


def test_cpp_unit_tests_under_sanitizers(unit_tests: subprocess.CompletedProcess[str]) -> None:
    cl.assert_clean(unit_tests)


def test_every_case_matches_numpy(unit_tests: subprocess.CompletedProcess[str]) -> None:
    lines = cl.case_lines(unit_tests.stdout)
    names = [cl.case_name(line) for line in lines]
    fields = [name.split(":") for name in names if not name.startswith("special:")]
    assert {f[1] for f in fields} == DTYPES
    assert {f[0] for f in fields} == OPS
    assert {f[4] for f in fields if f[4] != "bool"} == DTYPES - {"bool", "float32", "float64"}
    assert {name.removeprefix("special:") for name in names} >= set(SPECIAL)
    assert sum(" ! " in line for line in lines) > 1000  # errors are compared too
    assert len(lines) > 10_000
    cl.assert_match(lines, expected)
