"""numpy's concatenate, stack, hstack, vstack, column_stack, dstack, expand_dims, squeeze and
flip in the runtime
(pyaot/numpy/join.hpp): one generated C++ program, built once under AddressSanitizer, UBSan
and LeakSanitizer, runs every case on contiguous, transposed, strided and reversed inputs and
prints one line each (dtype, shape and values, or the exception's type and message); the same
lines are made from numpy and compared. The program also checks that the views share their
source's storage and the joins do not."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cpp_build import statement_mismatches

np = pytest.importorskip("numpy")

KINDS = ["plain", "transposed", "strided", "reversed"]


def _numpy_source(shape: tuple[int, ...], kind: str, base: int) -> Any:
    """arange(size) + base laid out as `kind` says, with the given final shape."""
    size = math.prod(shape)
    if kind == "transposed":
        return (np.arange(size, dtype=np.int64).reshape(shape[::-1]) + base).T
    if kind == "strided" and shape:
        wide = (*shape[:-1], 2 * shape[-1])
        return (np.arange(2 * size, dtype=np.int64).reshape(wide) + base)[..., ::2]
    if kind == "reversed" and shape:
        return (np.arange(size, dtype=np.int64).reshape(shape) + base)[::-1]
    return np.arange(size, dtype=np.int64).reshape(shape) + base


def _source(shape: tuple[int, ...], kind: str, base: int) -> str:
    dims = ", ".join(map(str, shape))
    return f"source<{len(shape)}>({{{dims}}}, {KINDS.index(kind)}, {base})"


def _line(call: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    try:
        a = np.asarray(call(*args, **kwargs))
    except Exception as exc:
        name = "ValueError" if isinstance(exc, np.exceptions.AxisError) else type(exc).__name__
        return f"err {name} {exc}"
    dims = ",".join(map(str, a.shape))
    values = " ".join(str(int(v)) for v in a.ravel())
    return f"ok {a.dtype} ({dims}) {values}".rstrip()


# (shapes, kinds) for the joins: the shapes joined, each source's layout
SHAPES_1D = [[(3,), (4,)], [(0,), (2,)], [(3,), (3,)], [(1,), (5,), (2,)]]
SHAPES_2D = [[(2, 3), (2, 3)], [(2, 3), (4, 3)], [(2, 3), (2, 4)], [(2, 3), (3, 2)],
             [(0, 3), (2, 3)], [(2, 0), (2, 3)], [(1, 3), (2, 3), (3, 3)],
             [(2, 1), (2, 2), (2, 3)], [(2, 3), (2, 3), (2, 4)]]  # fmt: skip
SHAPES_3D = [[(2, 3, 4), (2, 3, 4)], [(1, 3, 4), (2, 3, 4)], [(2, 3, 4), (2, 1, 4)],
             [(2, 3, 1), (2, 3, 2)], [(2, 3, 4), (2, 3, 5)]]  # fmt: skip


def _join_sources(shapes: list[tuple[int, ...]], salt: int) -> tuple[list[str], list[Any]]:
    kinds = [KINDS[(salt + i) % len(KINDS)] for i in range(len(shapes))]
    bases = [100 * (i + 1) for i in range(len(shapes))]
    cpp = [_source(s, k, b) for s, k, b in zip(shapes, kinds, bases, strict=True)]
    npy = [_numpy_source(s, k, b) for s, k, b in zip(shapes, kinds, bases, strict=True)]
    return cpp, npy


def _cases() -> list[tuple[str, str]]:
    """(C++ statement printing one line, numpy's line)."""
    cases: list[tuple[str, str]] = []
    salt = 0
    for group in (SHAPES_1D, SHAPES_2D, SHAPES_3D):
        for shapes in group:
            n = len(shapes[0])
            for _ in range(2):
                salt += 1
                cpp, npy = _join_sources(shapes, salt)
                args = ", ".join(cpp)
                for axis in range(-n - 1, n + 1):
                    cases.append((
                        f"{{ ndarray<std::int64_t, {n}> o; show(concatenate(o, {args}, "
                        f"{axis}), o); }}",
                        _line(np.concatenate, npy, axis=axis),
                    ))  # fmt: skip
                for axis in range(-n - 2, n + 2):
                    cases.append((
                        f"{{ ndarray<std::int64_t, {n + 1}> o; show(stack(o, {axis}, {args}),"
                        " o); }",
                        _line(np.stack, npy, axis=axis),
                    ))  # fmt: skip
                stacks = [("hstack", np.hstack, n), ("vstack", np.vstack, max(n, 2)),
                          ("column_stack", np.column_stack, max(n, 2)),
                          ("dstack", np.dstack, max(n, 3))]
                for name, fn, rank in stacks:
                    cases.append((
                        f"{{ ndarray<std::int64_t, {rank}> o; show({name}(o, {args}), o); }}",
                        _line(fn, npy),
                    ))  # fmt: skip
    # concatenate_n with any count (one here), and hstack/vstack of 0-d arrays
    cases.append((
        "{ ndarray<std::int64_t, 2> o; const auto s = source<2>({2, 3}, 1, 7);"
        " const ndarray<std::int64_t, 2>* arrays[] = {&s}; show(concatenate_n(o, arrays, 1,"
        " 1), o); }",
        _line(np.concatenate, [_numpy_source((2, 3), "transposed", 7)], axis=1),
    ))  # fmt: skip
    cases.append((
        "{ ndarray<std::int64_t, 2> o; show(concatenate_n<std::int64_t, 2>(o, nullptr, 0, 0),"
        " o); }",
        "err ValueError need at least one array to concatenate",
    ))  # fmt: skip
    zero_d = [_numpy_source((), "plain", 5), _numpy_source((), "plain", 6)]
    for name, fn, rank in [("hstack", np.hstack, 1), ("vstack", np.vstack, 2),
                           ("column_stack", np.column_stack, 2), ("dstack", np.dstack, 3)]:
        cases.append((
            f"{{ ndarray<std::int64_t, {rank}> o; show({name}(o, source<0>({{}}, 0, 5),"
            " source<0>({}, 0, 6)), o); }",
            _line(fn, zero_d),
        ))  # fmt: skip
    # the views
    for shape in [(3,), (1,), (0,), (2, 3), (1, 3), (3, 1), (2, 1, 4), (1, 1, 1), (2, 3, 4)]:
        n = len(shape)
        for kind in KINDS:
            cpp, npy = _source(shape, kind, 10), _numpy_source(shape, kind, 10)
            for axis in range(-n - 2, n + 2):
                cases.append((
                    f"{{ ndarray<std::int64_t, {n + 1}> o; show(expand_dims(o, {cpp}, {axis}),"
                    " o); }",
                    _line(np.expand_dims, npy, axis),
                ))  # fmt: skip
            for axis in range(-n - 1, n + 1):
                cases.append((
                    f"{{ ndarray<std::int64_t, {n - 1}> o; show(squeeze(o, {cpp}, {axis}),"
                    " o); }",
                    _line(np.squeeze, npy, axis),
                ))  # fmt: skip
                cases.append((
                    f"{{ ndarray<std::int64_t, {n}> o; show(flip(o, {cpp}, {axis}), o); }}",
                    _line(np.flip, npy, axis),
                ))  # fmt: skip
            cases.append((
                f"{{ show(true, flip({cpp})); }}",
                _line(np.flip, npy),
            ))  # fmt: skip
    return cases


PRELUDE = r"""
#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "pyaot/error.hpp"
#include "pyaot/numpy/join.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"

#include "check.hpp"

using namespace pyaot::numpy;

namespace {

/// arange(size) + base with the final shape `shape`: kind 0 C order, 1 transposed (a C-order
/// array of the reversed shape, .T), 2 every other element of a wider last axis, 3 the first
/// axis reversed.
template <int N>
ndarray<std::int64_t, N> source(const std::array<std::int64_t, N>& shape, int kind,
                                 std::int64_t base) {
  std::array<std::int64_t, N> dims = shape;
  if (kind == 1) {
    for (int d = 0; d < N; ++d) dims[d] = shape[N - 1 - d];
  }
  if (kind == 2 && N > 0) dims[N - 1] *= 2;
  ndarray<std::int64_t, N> a;
  if (!empty(a, dims)) return a;
  for (std::int64_t i = 0; i < a.size(); ++i) a.data[i] = i + base;
  if (kind == 1) return transpose(a);
  if constexpr (N > 0) {
    if (kind == 2) {
      std::array<std::int64_t, N> strides = a.strides;
      strides[N - 1] *= 2;
      return ndarray<std::int64_t, N>(a.data, shape, strides, a.storage);
    }
    if (kind == 3 && shape[0] > 0) {
      std::array<std::int64_t, N> strides = a.strides;
      strides[0] = -strides[0];
      return ndarray<std::int64_t, N>(a.data + (shape[0] - 1) * a.strides[0], shape, strides,
                                      a.storage);
    }
  }
  return a;
}

/// One line: "ok int64 (shape) values..." or "err Type message".
template <class T, int N>
void show(bool ok, const ndarray<T, N>& a) {
  if (!ok) {
    const pyaot::ErrorState& state = pyaot::error_state();
    std::printf("err %s %s\n", pyaot::exc_name(state.type), state.message.c_str());
    pyaot::clear_error();
    return;
  }
  CHECK(clean());
  std::string text = std::string("ok ") + dtype_traits<T>::name + " (";
  for (int axis = 0; axis < N; ++axis) text += (axis ? "," : "") + std::to_string(a.shape[axis]);
  text += ")";
  ndarray<T, N> c;
  if (!copy(c, a)) return;
  for (std::int64_t i = 0; i < c.size(); ++i) text += " " + std::to_string(c.data[i]);
  std::printf("%s\n", text.c_str());
}

/// Views share storage (writes show through), joins copy, failures leave out as it was.
void sharing() {
  ndarray<std::int64_t, 2> a = source<2>({2, 3}, 0, 0);
  ndarray<std::int64_t, 3> e;
  CHECK(expand_dims(e, a, 1) && e.storage == a.storage && e.shape[1] == 1);
  ndarray<std::int64_t, 2> s;
  CHECK(squeeze(s, e, 1) && s.storage == a.storage && s.shape == a.shape);
  ndarray<std::int64_t, 2> f;
  CHECK(flip(f, a, 1) && f.storage == a.storage);
  CHECK(setitem(f, 99, 0, 0));
  CHECK(a.data[2] == 99);
  ndarray<std::int64_t, 2> all = flip(a);
  CHECK(all.storage == a.storage && at(all, 0, 0) == 5 && at(all, 1, 0) == 99);
  ndarray<std::int64_t, 2> joined;
  CHECK(concatenate(joined, a, a, 0) && joined.storage != a.storage && joined.is_c_contiguous());
  joined.data[0] = -1;
  CHECK(a.data[0] == 0);
  ndarray<std::int64_t, 3> stacked;
  CHECK(stack(stacked, -1, a, a, a) && stacked.is_c_contiguous() && stacked.shape[2] == 3);
  // into a source handle itself
  ndarray<std::int64_t, 2> self = source<2>({2, 2}, 0, 0);
  CHECK(concatenate(self, self, self, 1) && self.shape[1] == 4 && at(self, 1, 3) == 3);
  CHECK(flip(self, self, 0) && at(self, 0, 0) == 2);
  // failures leave out untouched
  ndarray<std::int64_t, 2> untouched = a;
  CHECK(!concatenate(untouched, a, a, 2) && untouched.storage == a.storage);
  pyaot::clear_error();
  CHECK(!flip(untouched, a, -3) && untouched.data == a.data);
  pyaot::clear_error();
}

}  // namespace

int main() {
  sharing();
"""


def test_join_matches_numpy(cxx: str, tmp_path: Path) -> None:
    mismatches = statement_mismatches(cxx, tmp_path, "join", PRELUDE, _cases())
    assert not mismatches, "\n".join(mismatches[:20]) + f"\n({len(mismatches)} mismatches)"
