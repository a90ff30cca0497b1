"""typing/ufuncs.py against the installed NumPy 2: every math ufunc on every combination of
the eleven real dtypes and the three Python scalar kinds, result dtype and loop dtype; the
complex loops the compiler has (a subset of NumPy's) on complex operands."""

from __future__ import annotations

import itertools
import subprocess
import sys
import warnings
from typing import Any

import numpy as np
import pytest

from hatch_pyaot.typing.dtypes import ALL_DTYPES, BOOL_, FLOAT32, FLOAT64, INT8, INT16, DType
from hatch_pyaot.typing.ufuncs import (
    ALIASES,
    FLOAT16,
    UFUNC_NAMES,
    UFUNCS,
    canonical_name,
    ufunc_loop,
)

REAL_DTYPES = tuple(t for t in ALL_DTYPES if t.kind != "c")
COMPLEX_DTYPES = tuple(t for t in ALL_DTYPES if t.kind == "c")
OPERANDS: tuple[DType | str, ...] = (*REAL_DTYPES, "bool", "int", "float")
PYTHON_VALUES: dict[str, Any] = {"bool": True, "int": 1, "float": 1.0, "complex": 1j}
UNSUPPORTED = "gives float16, which the compiler does not support"


def _numpy_operand(a: DType | str) -> Any:
    return np.zeros(1, a.name) if isinstance(a, DType) else PYTHON_VALUES[a]


def _resolve_operand(a: DType | str, strong: bool = False) -> Any:
    """What ``ufunc.resolve_dtypes`` takes for ``a``; ``strong``: a Python scalar that the
    function made an array first (``np.clip``'s ``a``)."""
    if isinstance(a, DType):
        return np.dtype(a.name)
    if strong:
        return np.asarray(PYTHON_VALUES[a]).dtype
    return {"bool": np.dtype(bool), "int": int, "float": float, "complex": complex}[a]


def _ufunc(name: str) -> Any:
    return vars(np)["_core"].umath.clip if name == "clip" else getattr(np, name)


def _check(name: str, args: tuple[Any, ...]) -> str | None:
    """None when ufunc_loop agrees with NumPy on ``args``, else what differs."""
    ours = ufunc_loop(name, args)
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = getattr(np, name)(*(_numpy_operand(a) for a in args))
    except TypeError as exc:
        return None if ours == str(exc) else f"numpy raised {exc!s}, ours {ours}"
    want = np.result_type(result).name
    if isinstance(ours, str):
        ok = want == "float16" and ours.endswith(UNSUPPORTED) and f"numpy.{name} of" in ours
        return None if ok else f"numpy gives {want}, ours {ours}"
    loop, got = ours
    if got.name != want:
        return f"numpy gives {want}, ours {got}"
    operands = (_resolve_operand(a, name == "clip" and i == 0) for i, a in enumerate(args))
    numpy_loop = _ufunc(name).resolve_dtypes((*operands, None))[0]
    if numpy_loop.name == "float16" and name == "signbit":
        return None if loop == FLOAT32 else f"signbit loop {loop}"
    if numpy_loop.name != loop.name:
        return f"numpy loop {numpy_loop.name}, ours {loop}"
    return None


@pytest.mark.parametrize("name", UFUNC_NAMES)
def test_every_operand_combination_matches_numpy(name: str) -> None:
    nin, _ = UFUNCS[name]
    wrong = []
    for args in itertools.product(OPERANDS, repeat=nin):
        problem = _check(name, args)
        if problem:
            wrong.append(f"numpy.{name}{args}: {problem}")
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:40])


def test_the_table_is_numpys() -> None:
    for name, (nin, loops) in UFUNCS.items():
        ufunc = _ufunc(name)
        assert ufunc.nin == nin, name
        known = {np.dtype(t.name).char: t for t in (*ALL_DTYPES, FLOAT16)}
        numpy_loops = []
        for types in ufunc.types:
            inputs, _ = types.split("->")
            if inputs[0] in known and inputs == inputs[0] * nin:
                numpy_loops.append(known[inputs[0]])
        # numpy lists some loops twice (its SIMD and its generic ones); the first counts
        real = tuple(t for t in dict.fromkeys(numpy_loops) if t.kind != "c")
        assert real == tuple(t for t in loops if t.kind != "c"), name
        ours_complex = tuple(t for t in loops if t.kind == "c")
        assert ours_complex in ((), COMPLEX_DTYPES), name
        assert set(ours_complex) <= set(numpy_loops), name


@pytest.mark.parametrize("name", UFUNC_NAMES)
def test_complex_operands(name: str) -> None:
    """A ufunc with complex loops gives NumPy's loop and result; one without refuses."""
    nin, loops = UFUNCS[name]
    for args in itertools.product((*COMPLEX_DTYPES, FLOAT32, "complex", "float"), repeat=nin):
        if not any(a in COMPLEX_DTYPES or a == "complex" for a in args) or \
                all(isinstance(a, str) for a in args):
            continue
        ours = ufunc_loop(name, args)
        if not any(t.kind == "c" for t in loops):
            assert isinstance(ours, str), (name, args)
            continue
        problem = _check(name, args)
        assert problem is None, (name, args, problem)


def test_aliases_are_the_same_ufunc() -> None:
    for alias, name in ALIASES.items():
        assert getattr(np, alias) is getattr(np, name)
        assert canonical_name(alias) == name
    for attr in dir(np):
        value = getattr(np, attr)
        if isinstance(value, np.ufunc) and value.__name__ in UFUNCS and attr != value.__name__:
            assert ALIASES.get(attr) == value.__name__, attr
    degrees: Any = np.degrees
    assert degrees is not np.rad2deg  # separate ufuncs, both listed


def test_documented_cases() -> None:
    assert ufunc_loop("sqrt", (INT16,)) == (FLOAT32, FLOAT32)
    assert ufunc_loop("sqrt", ("int",)) == (FLOAT64, FLOAT64)
    assert ufunc_loop("hypot", (FLOAT32, "float")) == (FLOAT32, FLOAT32)
    assert ufunc_loop("abs", (INT8,)) == (INT8, INT8)
    assert ufunc_loop("floor", (INT8,)) == (INT8, INT8)
    assert ufunc_loop("square", (BOOL_,)) == (INT8, INT8)
    assert ufunc_loop("isnan", (INT16,)) == (INT16, BOOL_)
    assert ufunc_loop("signbit", (INT8,)) == (FLOAT32, BOOL_)
    assert ufunc_loop("clip", (INT8, "int", "float")) == (FLOAT64, FLOAT64)
    assert ufunc_loop("sqrt", (INT8,)) == (
        "numpy.sqrt of int8 gives float16, which the compiler does not support"
    )
    assert ufunc_loop("hypot", (INT8, "int")) == (
        "numpy.hypot of int8 and a Python int gives float16, which the compiler does not support"
    )


def test_bad_calls() -> None:
    with pytest.raises(ValueError, match="unknown ufunc"):
        ufunc_loop("frobnicate", (FLOAT64,))
    with pytest.raises(ValueError, match="takes 2 operand"):
        ufunc_loop("hypot", (FLOAT64,))


def test_import_does_not_load_numpy() -> None:
    code = "import sys, hatch_pyaot.typing.ufuncs; assert 'numpy' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
