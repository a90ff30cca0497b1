"""numpy's basic indexing in the runtime (pyaot/numpy/view.hpp): the C++ unit tests in
tests/cpp/test_numpy_view.cpp under AddressSanitizer, UBSan and LeakSanitizer, and a
differential test: many random index tuples (integers, slices with any bounds and steps,
None) applied by generated C++ and by numpy to the same arrays, and `u[dst] = u[src]` with
overlapping operands, compared line by line."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cpp_build import CPP, assert_clean_run, build_and_run

np = pytest.importorskip("numpy")

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

Component = int | slice | None
Index = tuple[Component, ...]
Expected = tuple[str, frozenset[int]]  # numpy's line, the axes whose strides do not count


def _build_and_run(cxx: str, source: Path, exe: Path, *options: str) -> str:
    """Builds under the sanitizers (-O1 unless options say otherwise), runs, gives stdout."""
    run = build_and_run(cxx, source, exe, *options)
    assert_clean_run(run, passed="")
    return run.stdout


@pytest.mark.parametrize("boundscheck", [1, 0])
def test_cpp_unit_tests_under_sanitizers(cxx: str, tmp_path: Path, boundscheck: int) -> None:
    out = _build_and_run(
        cxx, CPP / "test_numpy_view.cpp", tmp_path / "test_numpy_view",
        f"-DPYAOT_BOUNDSCHECK={boundscheck}",
    )  # fmt: skip
    assert "checks passed" in out


# ---- Generated C++ --------------------------------------------------------------------------


def _literal(value: int) -> str:
    """A C++ int64 expression (INT64_MIN has no literal)."""
    return "(-9223372036854775807 - 1)" if value == INT64_MIN else str(value)


def _cpp_component(c: Component) -> str:
    """One index component as the compiler emits it."""
    if c is None:
        return "NewAxis{}"
    if isinstance(c, int):
        return f"std::int64_t{{{_literal(c)}}}"
    step = "" if c.step is None else f", {_literal(c.step)}"
    if c.start is None and c.stop is None:
        return f"slice_all({step[2:]})"
    if c.stop is None:
        return f"slice_from({_literal(c.start)}{step})"
    if c.start is None:
        return f"slice_to({_literal(c.stop)}{step})"
    return f"slice({_literal(c.start)}, {_literal(c.stop)}{step})"


def _rank(ndim: int, index: Index) -> int:
    return ndim - sum(isinstance(c, int) for c in index) + sum(c is None for c in index)


def _call(out: str, array: str, index: Index) -> str:
    return f"view({out}, {', '.join([array, *map(_cpp_component, index)])})"


PRELUDE = """\
#include <cstdint>
#include <cstdio>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"

using namespace pyaot::numpy;
using I64 = std::int64_t;

namespace {

bool error() {
  pyaot::ErrorState& state = pyaot::error_state();
  std::printf("%s: %s\\n", pyaot::exc_name(state.type), state.message.c_str());
  pyaot::clear_error();
  return false;
}

/// "shape 3 4 strides 4 1 offset 0 values 0 1 2 ...", elements in C order
template <int M>
void show(bool ok, const ndarray<I64, M>& v, const I64* base) {
  if (!ok) {
    error();
    return;
  }
  std::printf("shape");
  for (int k = 0; k < M; ++k) std::printf(" %lld", static_cast<long long>(v.shape[k]));
  std::printf(" strides");
  for (int k = 0; k < M; ++k) std::printf(" %lld", static_cast<long long>(v.strides[k]));
  std::printf(" offset %lld values", static_cast<long long>(v.data - base));
  for (I64 flat = 0; flat < v.size(); ++flat) {
    I64 rest = flat, offset = 0;
    for (int k = M - 1; k >= 0; --k) {
      offset += rest % v.shape[k] * v.strides[k];
      rest /= v.shape[k];
    }
    std::printf(" %lld", static_cast<long long>(v.data[offset]));
  }
  std::printf("\\n");
}

/// 0, 1, ..., n - 1 seen with numpy's shape and strides
template <int N>
ndarray<I64, N> arange(I64 n, const std::array<I64, N>& shape,
                       const std::array<I64, N>& strides) {
  ndarray<I64, 1> buffer;
  if (!empty(buffer, {n > 0 ? n : 1})) return {};
  for (I64 i = 0; i < n; ++i) buffer.data[i] = i;
  return ndarray<I64, N>(buffer.data, shape, strides, buffer.storage);
}

/// a[::-1]
template <int N>
ndarray<I64, N> view_reversed(const ndarray<I64, N>& a) {
  ndarray<I64, N> r;
  if (!view(r, a, slice_all(-1))) error();
  return r;
}

}  // namespace

int main() {
"""


def _array_literal(values: Sequence[int]) -> str:
    return "{" + ", ".join(map(str, values)) + "}"


def _declare(name: str, a: Any) -> str:
    """C++ for numpy's arange(a.size).reshape(a.shape), with numpy's strides."""
    strides = [s // 8 for s in a.strides]
    return (
        f"  const ndarray<I64, {a.ndim}> {name} = arange<{a.ndim}>({a.size}, "
        f"{_array_literal(a.shape)}, {_array_literal(strides)});\n"
    )


def _numpy_line(v: Any, base: Any) -> str:
    offset = (v.__array_interface__["data"][0] - base.__array_interface__["data"][0]) // 8
    parts = ["shape", *map(str, v.shape), "strides", *(str(s // 8) for s in v.strides)]
    parts += ["offset", str(offset), "values", *map(str, v.ravel().tolist())]
    return " ".join(parts)


def _numpy_error(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc}"


def _huge_step_axes(index: Index) -> frozenset[int]:
    """The result's axes made by slices whose step * stride overflows numpy's byte strides:
    one element long, their stride is never used and numpy's is whatever the product
    wrapped to."""
    axes: set[int] = set()
    axis = 0
    for c in index:
        if isinstance(c, slice) and abs(c.step or 1) > 2**32:
            axes.add(axis)
        axis += not isinstance(c, int)
    return frozenset(axes)


def _masked(line: str, axes: frozenset[int]) -> str:
    """The line with the strides of these axes left out."""
    tokens = line.split(" ")
    if not axes or tokens[0] != "shape":
        return line
    strides = tokens.index("strides") + 1
    for axis in axes:
        tokens[strides + axis] = "*"
    return " ".join(tokens)


# ---- Random indices -------------------------------------------------------------------------

HUGE = [INT64_MIN, INT64_MIN + 1, -(2**62), 2**62, INT64_MAX]


def _bound(rng: random.Random, size: int) -> int | None:
    roll = rng.random()
    if roll < 0.25:
        return None
    if roll < 0.3:
        return rng.choice(HUGE)
    return rng.randint(-size - 3, size + 3)


def _step(rng: random.Random) -> int | None:
    roll = rng.random()
    if roll < 0.3:
        return None
    if roll < 0.34:
        return 0
    if roll < 0.37:
        return rng.choice(HUGE)
    return rng.choice([-3, -2, -1, 1, 2, 3])


def _random_index(rng: random.Random, shape: Sequence[int]) -> Index:
    """Up to len(shape) integers and slices, maybe some None."""
    index: list[Component] = []
    for size in shape[: rng.randint(0, len(shape))]:
        if rng.random() < 0.3:
            roll = rng.random()
            if roll < 0.1:
                index.append(rng.choice(HUGE))
            else:
                index.append(rng.randint(-size - 2, size + 1))
        else:
            index.append(slice(_bound(rng, size), _bound(rng, size), _step(rng)))
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        index.insert(rng.randint(0, len(index)), None)
    return tuple(index)


@dataclass(frozen=True)
class Base:
    """An array the indices apply to: `expr` of numpy.arange(prod(shape)).reshape(shape)."""

    shape: tuple[int, ...]
    expr: str  # "a", "a.T" or "a[::-1]"

    def numpy(self) -> tuple[Any, Any]:
        a = np.arange(int(np.prod(self.shape)), dtype=np.int64).reshape(self.shape)
        view = {"a": a, "a.T": a.T, "a[::-1]": a[::-1]}[self.expr]
        return a, view

    def cpp(self, name: str) -> str:
        if self.expr == "a.T":
            return f"transpose({name})"
        if self.expr == "a[::-1]":
            return f"view_reversed({name})"
        return name


SHAPES = [(7,), (0,), (4, 5), (3, 0), (2, 3, 4), (3, 1, 2)]
EXPRS = ["a", "a.T", "a[::-1]"]


def _view_cases(seed: int, per_base: int) -> tuple[str, list[Expected]]:
    """C++ statements and numpy's expected lines for random views of every base."""
    rng = random.Random(seed)
    cpp: list[str] = []
    expected: list[Expected] = []
    for s, shape in enumerate(SHAPES):
        a, _ = Base(shape, "a").numpy()
        cpp.append(_declare(f"a{s}", a))
        for expr in EXPRS:
            base = Base(shape, expr)
            full, arr = base.numpy()
            cpp.append(f"  {{\n    const ndarray<I64, {len(shape)}> b = {base.cpp(f'a{s}')};\n")
            for _ in range(per_base):
                index = _random_index(rng, arr.shape)
                rank = _rank(arr.ndim, index)
                cpp.append(
                    f"    {{ ndarray<I64, {rank}> v; show({_call('v', 'b', index)}, v, "
                    f"a{s}.data); }}\n"
                )
                try:  # with `...`, all-integer indices give a 0-d view, not a scalar
                    line = _numpy_line(arr[(*index, ...)], full)
                except (IndexError, ValueError) as exc:
                    line = _numpy_error(exc)
                expected.append((line, _huge_step_axes(index)))
            cpp.append("  }\n")
    return "".join(cpp), expected


# ---- Assignments ----------------------------------------------------------------------------

Assignment = tuple[tuple[int, ...], Index, Index, bool]  # shape, dst, src, src transposed

ASSIGNMENTS: list[Assignment] = [
    ((10,), (slice(1, None),), (slice(None, -1),), False),  # u[1:] = u[:-1]
    ((10,), (slice(None, -1),), (slice(1, None),), False),
    ((10,), (slice(None),), (slice(None, None, -1),), False),  # u[:] = u[::-1]
    ((10,), (slice(None, None, 2),), (slice(1, None, 2),), False),
    ((10,), (slice(1, None, 2),), (slice(None, None, -2),), False),
    ((10,), (slice(2, 8),), (slice(None, 6),), False),
    ((10,), (slice(None, 6),), (slice(2, 8),), False),
    ((10,), (slice(None, 5),), (slice(5, None),), False),  # adjacent, disjoint
    ((10,), (slice(None),), (slice(3, 4),), False),  # a length-1 source, broadcast
    ((10,), (slice(None),), (slice(3, 3),), False),  # (0,) into (10,)
    ((10,), (slice(3, 3),), (slice(4, 5),), False),  # (1,) into (0,)
    ((10,), (slice(None),), (slice(None, 9),), False),  # (9,) into (10,)
    ((4, 4), (slice(1, None),), (slice(None, -1),), False),
    ((4, 4), (slice(None), slice(None, None, -1)), (), False),  # m[:, ::-1] = m
    ((4, 4), (), (), True),  # m[...] = m.T
    ((4, 4), (slice(1, 3), slice(1, 3)), (slice(None, 2), slice(None, 2)), True),
    ((4, 4), (slice(None), slice(1, None)), (slice(None), slice(None, -1)), False),
    ((4, 4), (), (slice(2, 3),), False),  # a row into every row
    ((4, 4), (), (slice(None), slice(1, 2)), False),  # a column into every column
    ((4, 4), (1,), (slice(None), 2), False),  # m[1] = m[:, 2]
    ((4, 4), (slice(None, 2),), (slice(None, 3),), False),  # (3,4) into (2,4)
    ((2, 3), (), (), True),  # (3,2) into (2,3)
]


def _random_run(rng: random.Random, n: int, length: int) -> slice | None:
    """A slice of range(n) with `length` elements, its bounds sometimes negative; None when
    the step drawn does not fit."""
    step = rng.choice([-3, -2, -1, 1, 2, 3])
    span = max(length - 1, 0) * abs(step)
    if span >= n:
        return None
    start = rng.randrange(n - span) + (span if step < 0 else 0)
    end = start + length * step
    stop = None if end < 0 else end - n if end < n and rng.random() < 0.3 else end
    return slice(start - n if rng.random() < 0.3 else start, stop, step)


def _random_assignments(seed: int, count: int) -> list[Assignment]:
    """1-d `u[dst] = u[src]` of equal lengths, most sharing elements; one in ten of unequal
    lengths (an error)."""
    rng = random.Random(seed)
    cases: list[Assignment] = []
    n = 12
    while len(cases) < count:
        length = rng.randint(1, n)
        dst, src = _random_run(rng, n, length), _random_run(rng, n, length)
        if rng.random() < 0.1:
            src = _random_run(rng, n, rng.randint(0, n))
        if dst is None or src is None:
            continue
        assert len(range(n)[dst]) == length
        if not set(range(n)[dst]) & set(range(n)[src]) and rng.random() < 0.8:
            continue
        cases.append(((n,), (dst,), (src,), False))
    return cases


def _assign_cases(cases: Sequence[Assignment]) -> tuple[str, list[Expected]]:
    cpp: list[str] = []
    expected: list[Expected] = []
    for shape, dst, src, transposed in cases:
        u = np.arange(int(np.prod(shape)), dtype=np.int64).reshape(shape)
        ndim, rank = len(shape), _rank(len(shape), dst)
        assert rank == _rank(ndim, src)
        source = "transpose(s)" if transposed else "s"
        cpp.append(
            f"  {{ ndarray<I64, {ndim}> u = arange<{ndim}>({u.size}, {_array_literal(shape)}, "
            f"{_array_literal([x // 8 for x in u.strides])});\n"
            f"    ndarray<I64, {rank}> d, s;\n"
            f"    if (!({_call('d', 'u', dst)} && {_call('s', 'u', src)} && "
            f"assign(d, {source}))) error();\n"
            f"    show(true, u, u.data); }}\n"
        )
        # as if the source were copied first; numpy's own in-place loop differs from that
        # when 1-d operands overlap with unequal strides (m[1] = m[:, 2] gives a row with
        # an element written before it was read), where the runtime stays copy-first
        right = (u[src].T if transposed else u[src]).copy()
        try:
            u[dst] = right
        except ValueError as exc:
            expected.append((_numpy_error(exc), frozenset()))
        expected.append((_numpy_line(u, u), frozenset()))
    return "".join(cpp), expected


def test_views_and_assignments_equal_numpy(cxx: str, tmp_path: Path) -> None:
    views, expected_views = _view_cases(seed=20240611, per_base=40)
    assigns, expected_assigns = _assign_cases([*ASSIGNMENTS, *_random_assignments(7, 80)])
    source = tmp_path / "differential.cpp"
    source.write_text(PRELUDE + views + assigns + "  return 0;\n}\n", encoding="utf-8")
    # -O0: with -O1 the sanitizers make this one file take half a minute to build
    out = _build_and_run(cxx, source, tmp_path / "differential", "-O0").splitlines()
    expected = expected_views + expected_assigns
    assert len(out) == len(expected)
    mismatches = [
        f"line {i + 1}\n  C++:   {got}\n  numpy: {want}"
        for i, (got, (want, axes)) in enumerate(zip(out, expected, strict=True))
        if _masked(got, axes) != _masked(want, axes)
    ]
    assert mismatches == [], "\n".join(mismatches[:10])
