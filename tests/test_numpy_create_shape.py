"""numpy's arange, linspace, eye and reshape/ravel/flatten in the runtime
(pyaot/numpy/create.hpp, pyaot/numpy/shape.hpp): one generated C++ program, built once under
AddressSanitizer, UBSan and LeakSanitizer, runs every case and prints one line each (shape,
strides where they are numpy's, the values' bits, or the exception's type and message); the
same lines are made from numpy and compared. The program also checks that a reshape or ravel
of a C-contiguous array shares its storage (writes show through) and a flatten does not."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cpp_build import statement_mismatches

np = pytest.importorskip("numpy")

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def _dbl(x: float) -> str:
    """A C++ double expression with exactly the value x."""
    if math.isnan(x):
        return "std::numeric_limits<double>::quiet_NaN()"
    if math.isinf(x):
        return ("-" if x < 0 else "") + "std::numeric_limits<double>::infinity()"
    return float(x).hex()


def _int(x: int) -> str:
    return "(-9223372036854775807 - 1)" if x == INT64_MIN else f"std::int64_t{{{x}}}"


def _line(call: Callable[..., Any], *args: Any, strides: bool = False, **kwargs: Any) -> str:
    """numpy's result of call(*args, **kwargs) as the C++ program prints it."""
    try:
        with np.errstate(all="ignore"):
            a = call(*args, **kwargs)
    except Exception as exc:
        return f"err {type(exc).__name__} {exc}"
    a = np.asarray(a)
    dims = ",".join(map(str, a.shape))
    bits = {8: np.uint64, 4: np.uint32}[a.dtype.itemsize]
    values = " ".join(format(int(v), "x") for v in np.ascontiguousarray(a).view(bits).ravel())
    text = f"ok {a.dtype} ({dims})"
    if strides:
        text += " [" + ",".join(str(s // a.itemsize) for s in a.strides) + "]"
    return f"{text} {values}".rstrip()


FLOAT_ARANGE = [
    (0, 10, 1), (0, 1, 0.1), (1, 0, -0.1), (-3, 7, 2.5), (0.5, -5, -0.7), (0, 0, 1), (5, 0, 1),
    (0, 5, 0), (0, 5, -0.0), (0, math.nan, 1), (0, math.inf, 1), (0, -math.inf, 1),
    (math.inf, math.inf, 1), (0, 1e300, 1e-300), (5e-324, 1e-323, 1e300),
    (1e-323, 5e-324, 1e300), (0, 1, math.inf), (0, -1, math.inf), (1e16, 1e16 + 10, 1),
    (0.1, 0.35, 0.05), (10, -10, -3.3), (-1.5, 1.5, 0.25), (1 / 3, 7, 1 / 7), (0, 1e-3, 1e-5),
]  # fmt: skip
INT_ARANGE = [
    (0, 10, 1), (0, 10, 3), (10, 0, -3), (-5, 5, 2), (0, 0, 1), (5, 0, 1), (0, 5, 0),
    (0, -5, -1), (3, 4, 100), (4, 3, -100), (INT64_MIN, INT64_MIN + 10, 3),
    (INT64_MAX - 10, INT64_MAX, 4), (INT64_MAX, INT64_MIN, -(2**62)),
    (INT64_MIN, INT64_MAX, 2**62), (0, 2**62, 1), (INT64_MIN, INT64_MAX, 1),
    (INT64_MAX, INT64_MIN, INT64_MIN),
]  # fmt: skip
LINSPACE = [
    (start, stop, num, endpoint)
    for start, stop in [(0, 1), (1, 0), (-2.5, 7.25), (0.1, 0.7), (3, 3), (0, 5e-324),
                        (0, 1e-320), (-1e308, 1e308), (1e-10, 1e10)]
    for num in [0, 1, 2, 3, 7, 11, 50]
    for endpoint in [True, False]
] + [(0, 1, -1, True), (0, 1, -7, False)]  # fmt: skip
EYE = [(0, 0, 0), (1, 1, 0), (3, 3, 0), (2, 5, 0), (5, 2, 0), (4, 4, 1), (4, 4, -2),
       (3, 5, 4), (3, 5, -3), (3, 3, 9), (-1, 2, 0), (2, -1, 0)]  # fmt: skip
# (source shape, transposed, new shape)
RESHAPE = [
    ((6,), False, (2, 3)), ((6,), False, (3, -1)), ((6,), False, (-1, 2)), ((6,), False, (4,)),
    ((6,), False, (-1, -1)), ((6,), False, (2, -1, 4)), ((6,), False, (7, -1)),
    ((6,), False, (-1, 4, -2)), ((6,), False, (-2, 3)), ((6,), False, (1, 6, 1)),
    ((2, 3, 4), False, (4, 6)), ((2, 3, 4), False, (-1,)), ((2, 3, 4), False, (24, 1)),
    ((2, 3, 4), True, (4, 6)), ((2, 3, 4), True, (-1,)), ((2, 3, 4), True, (6, -1)),
    ((2, 3, 4), True, (5, 5)), ((3, 4), True, (2, 2, 3)), ((3, 4), True, (12,)),
    ((0, 3), False, (3, 0)), ((0, 3), False, (-1, 0)), ((0, 3), False, (0, -1)),
    ((1,), False, ()), ((2, 3), False, ()),
]  # fmt: skip
RAVEL = [((5,), False), ((2, 3), False), ((2, 3), True), ((2, 3, 4), True), ((0, 4), False),
         ((1, 1), True)]  # fmt: skip


def _source(shape: tuple[int, ...], transposed: bool) -> str:
    return f"source<{len(shape)}>({{{', '.join(map(str, shape))}}}, {str(transposed).lower()})"


def _numpy_source(shape: tuple[int, ...], transposed: bool) -> Any:
    a = np.arange(math.prod(shape), dtype=np.int64).reshape(shape)
    return a.T if transposed else a


def _cases() -> list[tuple[str, str]]:
    """(C++ statement printing one line, numpy's line)."""
    cases: list[tuple[str, str]] = []
    for start, stop, step in FLOAT_ARANGE:
        for ctype, dtype in [("double", np.float64), ("float", np.float32)]:
            args = ", ".join(_dbl(float(v)) for v in (start, stop, step))
            cases.append((
                f"{{ ndarray<{ctype}, 1> a; show(arange<{ctype}>(a, {args}), a); }}",
                _line(np.arange, float(start), float(stop), float(step), dtype=dtype),
            ))  # fmt: skip
    for start, stop, step in INT_ARANGE:
        cases.append((
            f"{{ ndarray<std::int64_t, 1> a; show(arange_int(a, {_int(start)}, {_int(stop)},"
            f" {_int(step)}), a); }}",
            _line(np.arange, start, stop, step, dtype=np.int64),
        ))  # fmt: skip
    for start, stop, num, endpoint in LINSPACE:
        cases.append((
            f"{{ ndarray<double, 1> a; show(linspace(a, {_dbl(float(start))}, "
            f"{_dbl(float(stop))}, {num}, {str(endpoint).lower()}), a); }}",
            _line(np.linspace, float(start), float(stop), num, endpoint=endpoint),
        ))  # fmt: skip
    for n, m, k in EYE:
        for ctype, dtype in [("double", np.float64), ("std::int64_t", np.int64)]:
            cases.append((
                f"{{ ndarray<{ctype}, 2> a; show(eye<{ctype}>(a, {n}, {m}, {k}), a); }}",
                _line(np.eye, n, m, k, dtype=dtype),
            ))  # fmt: skip
    for n in [0, 1, 4]:
        cases.append((
            f"{{ ndarray<double, 2> a; show(identity<double>(a, {n}), a); }}",
            _line(np.identity, n),
        ))  # fmt: skip
    for shape, transposed, new in RESHAPE:
        # numpy's strides only where this runtime promises numpy's layout: a contiguous,
        # non-empty source (a copy is always C order; numpy may give a strided view)
        strides = not transposed and math.prod(shape) > 0
        dims = ", ".join(map(str, new))
        cases.append((
            f"{{ ndarray<std::int64_t, {len(new)}> a; show(reshape<{len(new)}>(a, "
            f"{_source(shape, transposed)}, {{{dims}}}), a, {str(strides).lower()}); }}",
            _line(_numpy_source(shape, transposed).reshape, new, strides=strides),
        ))  # fmt: skip
    for shape, transposed in RAVEL:
        strides = not transposed and math.prod(shape) > 0
        for name in ["ravel", "flatten"]:
            cases.append((
                f"{{ ndarray<std::int64_t, 1> a; show({name}(a, {_source(shape, transposed)}),"
                f" a, {str(strides).lower()}); }}",
                _line(getattr(_numpy_source(shape, transposed), name), strides=strides),
            ))  # fmt: skip
    return cases


PRELUDE = r"""
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>

#include "pyaot/error.hpp"
#include "pyaot/numpy/create.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/shape.hpp"
#include "pyaot/numpy/view.hpp"

#include "check.hpp"

using namespace pyaot::numpy;

namespace {

/// arange(size) in C order reshaped to `shape`, transposed (a.T) when asked.
template <int N>
ndarray<std::int64_t, N> source(const std::array<std::int64_t, N>& shape, bool transposed) {
  ndarray<std::int64_t, N> a;
  if (!empty(a, shape)) return a;
  for (std::int64_t i = 0; i < a.size(); ++i) a.data[i] = i;
  return transposed ? transpose(a) : a;
}

/// One line: "ok dtype (shape) [strides] hexbits..." or "err Type message".
template <class T, int N>
void show(bool ok, const ndarray<T, N>& a, bool strides = false) {
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
  if (strides) {
    text += " [";
    for (int axis = 0; axis < N; ++axis) {
      text += (axis ? "," : "") + std::to_string(a.strides[axis]);
    }
    text += "]";
  }
  ndarray<T, N> c;
  if (!copy(c, a)) return;
  for (std::int64_t i = 0; i < c.size(); ++i) {
    char word[24];
    if constexpr (sizeof(T) == 8) {
      std::uint64_t bits;
      std::memcpy(&bits, &c.data[i], 8);
      std::snprintf(word, sizeof word, " %llx", static_cast<unsigned long long>(bits));
    } else {
      std::uint32_t bits;
      std::memcpy(&bits, &c.data[i], 4);
      std::snprintf(word, sizeof word, " %x", static_cast<unsigned>(bits));
    }
    text += word;
  }
  std::printf("%s\n", text.c_str());
}

/// Views share storage, copies do not, and every handle is released (LeakSanitizer).
void sharing() {
  ndarray<std::int64_t, 1> base = source<1>({6}, false);
  ndarray<std::int64_t, 2> r;
  CHECK(reshape<2>(r, base, {2, -1}) && r.shape[1] == 3 && r.storage == base.storage);
  CHECK(setitem(r, 100, 1, 2));
  CHECK(base.data[5] == 100);
  base.data[0] = -7;
  CHECK(at(r, 0, 0) == -7);
  ndarray<std::int64_t, 1> flat;
  CHECK(ravel(flat, r) && flat.storage == base.storage && at(flat, 5) == 100);
  ndarray<std::int64_t, 1> copied;
  CHECK(flatten(copied, r) && copied.storage != base.storage);
  copied.data[1] = 55;
  CHECK(base.data[1] == 1);
  // a transposed (non-contiguous) source: reshape copies
  ndarray<std::int64_t, 2> t = transpose(r);
  ndarray<std::int64_t, 1> tr;
  CHECK(reshape<1>(tr, t, {-1}) && tr.storage != base.storage);
  CHECK(tr.data[0] == -7 && tr.data[1] == 3 && tr.data[5] == 100);
  // reshape into the source handle itself
  ndarray<std::int64_t, 1> self = source<1>({4}, false);
  CHECK(reshape<1>(self, self, {4}) && self.data[3] == 3);
  // a failed reshape leaves out untouched
  ndarray<std::int64_t, 2> untouched = r;
  CHECK(!reshape<2>(untouched, base, {4, -1}) && untouched.storage == base.storage);
  pyaot::clear_error();
}

}  // namespace

int main() {
  sharing();
"""


def test_create_and_shape_match_numpy(cxx: str, tmp_path: Path) -> None:
    mismatches = statement_mismatches(cxx, tmp_path, "create_shape", PRELUDE, _cases())
    assert not mismatches, "\n".join(mismatches)
