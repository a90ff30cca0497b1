"""Bounds-check elimination (codegen/bounds.py): which element accesses compile to an
unchecked ``pyaot::numpy::at`` / ``setitem_in_range``, read off the generated C++. Whether
the unproven ones still raise IndexError is checked by the differential tests
(tests/test_arrays.py and the last test here)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

from hatch_pyaot.pipeline import analyze
from support import build_pair
from support import check_arrays as check

HEADER = """\
import numpy as np
from numpy.typing import NDArray
from hatch_pyaot import compile

"""

CASES = {
    # (body, checked accesses left, unchecked accesses)
    "stencil": ("""\
@compile
def f(u: NDArray[np.float64]) -> NDArray[np.float64]:
    out = np.zeros_like(u)
    for i in range(1, u.shape[0] - 1):
        out[i] = u[i - 1] + u[i + 1]
    return out
""", 0, 3),
    "past_the_end": ("""\
@compile
def f(u: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(len(u)):
        s += u[i + 1]
    return s
""", 1, 0),
    "before_the_start": ("""\
@compile
def f(u: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(len(u)):
        s += u[i - 1]
    return s
""", 1, 0),
    "image_2d": ("""\
@compile
def f(img: NDArray[np.uint8]) -> int:
    h = img.shape[0]
    w = img.shape[1]
    total = 0
    for i in range(h):
        for j in range(w):
            total += int(img[i, j])
    return total
""", 0, 1),
    "swapped_axes": ("""\
@compile
def f(img: NDArray[np.uint8]) -> int:
    total = 0
    for i in range(img.shape[0]):
        for j in range(img.shape[1]):
            total += int(img[j, i])
    return total
""", 1, 0),
    "reassigned_in_loop": ("""\
@compile
def f(u: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(len(u)):
        i = i + 1
        s += u[i]
    return s
""", 1, 0),
    "made_like_an_array_that_changes": ("""\
@compile
def f(u: NDArray[np.float64]) -> NDArray[np.float64]:
    out = np.zeros_like(u)
    u = np.concatenate((u, u))
    for i in range(len(u)):
        out[i] = u[i]
    return out
""", 1, 1),
    "other_array": ("""\
@compile
def f(u: NDArray[np.float64], v: NDArray[np.float64]) -> float:
    s = 0.0
    for i in range(len(u)):
        s += v[i]
    return s
""", 1, 0),
}


@pytest.mark.parametrize("case", CASES)
def test_proven_accesses_lose_their_checks(case, tmp_path, monkeypatch):
    body, checked, unchecked = CASES[case]
    (tmp_path / "k.py").write_text(HEADER + textwrap.dedent(body))
    monkeypatch.chdir(tmp_path)
    cpp = analyze(Path("k.py")).cpp or ""
    start = cpp.index("static bool f0_k_f(", cpp.index("static bool f0_k_f(") + 1)
    kernel = cpp[start:cpp.index("\n}\n", start)]  # the definition of the first variant
    found_checked = len(re.findall(r"pyaot::numpy::(?:getitem|setitem)\(", kernel))
    found_unchecked = len(re.findall(r"pyaot::numpy::(?:at|setitem_in_range)\(", kernel))
    assert (found_checked, found_unchecked) == (checked, unchecked), kernel


def test_unproven_accesses_still_raise(tmp_path_factory):
    source = tmp_path_factory.mktemp("bounds_src") / "bounds_kernels.py"
    source.write_text(HEADER + textwrap.dedent(CASES["past_the_end"][0]))
    pair = build_pair(tmp_path_factory.mktemp("bounds"), "bounds_kernels", source)
    check(pair, "f", np.arange(3.0))  # IndexError, as in CPython
