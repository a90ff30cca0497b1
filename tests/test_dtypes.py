"""typing/dtypes.py against the installed NumPy 2: every dtype pair, every ufunc, every
Python scalar kind, in both operand orders, for arrays and NumPy scalars."""

from __future__ import annotations

import itertools
import operator
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.dtypes import (
    ALL_DTYPES,
    BOOL_,
    COMPARISONS,
    FLOAT32,
    FLOAT64,
    INT8,
    INT16,
    INT64,
    OPERATOR_UFUNCS,
    SUBTRACT_BOOL_ERROR,
    UFUNC_LOOPS,
    UFUNCS,
    UINT8,
    UINT64,
    DType,
    PyKind,
    arithmetic_result,
    can_cast,
    dtype_named,
    numpy_attr_dtype,
    promote,
    promote_weak,
    result_of_python_scalar,
    true_divide_result,
    weak_int_error,
    weak_int_fits,
)

PAIRS = list(itertools.product(ALL_DTYPES, repeat=2))
KINDS: tuple[PyKind, ...] = ("bool", "int", "float", "complex")
SCALAR_OF_KIND: dict[PyKind, bool | int | float | complex] = {
    "bool": True, "int": 1, "float": 1.5, "complex": 1.5 + 2j}
OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow, "&": operator.and_,
    "|": operator.or_, "^": operator.xor, "<<": operator.lshift, ">>": operator.rshift,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge,
}


def outcome(f: Callable[..., Any], *args: Any) -> str:
    """The dtype name of ``f(*args)``, or the TypeError message, as NumPy gives them."""
    try:
        with np.errstate(all="ignore"):
            return str(np.asarray(f(*args)).dtype.name)
    except TypeError as e:
        return str(e)


def ours(result: DType | str) -> str:
    return result.name if isinstance(result, DType) else result


def array(t: DType) -> Any:
    return np.ones(1, t.name)


def scalar(t: DType) -> Any:
    return np.dtype(t.name).type(1)


def test_numpy_is_2() -> None:
    """The rules are NumPy 2's (NEP 50); NumPy 1 value-based casting differs."""
    assert int(np.__version__.split(".")[0]) >= 2


def test_module_loads_without_numpy() -> None:
    code = ("import sys; sys.modules['numpy'] = None; import hatch_pyaot.typing.dtypes as d; "
            "assert d.promote(d.INT8, d.UINT8) == d.INT16")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("t", ALL_DTYPES, ids=str)
def test_dtype_fields(t: DType) -> None:
    d = np.dtype(t.name)
    assert (d.name, d.kind, d.itemsize) == (t.name, t.kind, t.itemsize)
    assert t.bits == 8 * d.itemsize
    assert dtype_named(t.name) is t
    assert str(t) == t.name
    expected_cpp = {"b": "bool", "f": {4: "float", 8: "double"}.get(t.itemsize),
                    "i": f"std::int{t.bits}_t", "u": f"std::uint{t.bits}_t",
                    "c": {8: "pyaot::numpy::complex64", 16: "pyaot::complex"}.get(t.itemsize),
                    }[t.kind]
    assert t.cpp == expected_cpp


def test_all_dtypes() -> None:
    assert len(set(ALL_DTYPES)) == len(ALL_DTYPES) == 13
    assert {t.name for t in ALL_DTYPES} == {
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float32", "float64", "complex64", "complex128"}
    for name in ("double", "bool_", "float16", "cdouble", "int", "float", ""):
        assert dtype_named(name) is None


def test_numpy_attr_dtype_covers_every_numpy_scalar_type() -> None:
    checked = 0
    for attr in dir(np):
        obj = getattr(np, attr)
        if isinstance(obj, type) and issubclass(obj, np.generic):
            try:
                expected = dtype_named(np.dtype(obj).name)
            except TypeError:  # abstract: np.integer, np.character, ...
                expected = None
            assert numpy_attr_dtype(attr) is expected, attr
            checked += expected is not None
    assert checked >= 32  # the 13 names plus aliases such as intc, longlong, double, bool_
    for attr in ("float16", "half", "longdouble", "clongdouble", "float_", "object_", "sum"):
        assert numpy_attr_dtype(attr) is None
    assert numpy_attr_dtype("intp") is INT64
    assert numpy_attr_dtype("bool_") is BOOL_


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=str)
def test_can_cast(a: DType, b: DType) -> None:
    assert can_cast(a, b) == np.can_cast(a.name, b.name, "safe")


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=str)
def test_promote(a: DType, b: DType) -> None:
    assert promote(a, b).name == np.result_type(a.name, b.name).name
    assert promote(a, b).name == outcome(operator.add, array(a), array(b))


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=str)
def test_true_divide_result(a: DType, b: DType) -> None:
    assert true_divide_result(a, b).name == outcome(np.true_divide, array(a), array(b))


def test_promotion_examples() -> None:
    assert promote(INT64, UINT64) is FLOAT64
    assert promote(INT8, UINT8) is INT16
    assert promote(FLOAT32, INT64) is FLOAT64
    assert promote(FLOAT32, INT16) is FLOAT32
    assert promote(BOOL_, BOOL_) is BOOL_
    assert promote_weak(FLOAT32, "float") is FLOAT32
    assert promote_weak(UINT8, "int") is UINT8
    assert promote_weak(INT8, "float") is FLOAT64
    assert promote_weak(BOOL_, "int") is INT64
    assert promote_weak(BOOL_, "float") is FLOAT64
    assert promote_weak(FLOAT32, "bool") is FLOAT32
    assert true_divide_result(INT8, INT8) is FLOAT64
    assert true_divide_result(INT8, FLOAT32) is FLOAT32
    assert arithmetic_result("subtract", BOOL_, BOOL_) == SUBTRACT_BOOL_ERROR
    assert arithmetic_result("add", BOOL_, BOOL_) is BOOL_
    assert arithmetic_result("floor_divide", BOOL_, BOOL_) is INT8
    assert arithmetic_result("less", UINT64, INT64) is BOOL_
    assert arithmetic_result("divide", INT16, "int") is FLOAT64


@pytest.mark.parametrize("t", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("kind", KINDS)
def test_promote_weak(t: DType, kind: PyKind) -> None:
    value = SCALAR_OF_KIND[kind]
    assert promote_weak(t, kind).name == np.result_type(t.name, value).name
    assert promote_weak(t, kind).name == outcome(operator.add, array(t), value)
    assert promote_weak(t, kind).name == outcome(operator.add, value, scalar(t))


@pytest.mark.parametrize("kind", KINDS)
def test_result_of_python_scalar(kind: PyKind) -> None:
    assert result_of_python_scalar(kind).name == np.asarray(SCALAR_OF_KIND[kind]).dtype.name


@pytest.mark.parametrize("op", UFUNC_LOOPS)
def test_loops_match_ufunc_types(op: str) -> None:
    """The data arithmetic_result searches is NumPy's loop list, in NumPy's order."""
    loops: list[str] = []
    for signature in getattr(np, op).types:
        ins, out = signature.split("->")
        name = np.dtype(out).name
        if len(set(ins + out)) == 1 and dtype_named(name) is not None and name not in loops:
            loops.append(name)
    assert [t.name for t in UFUNC_LOOPS[op]] == loops


@pytest.mark.parametrize("op", UFUNCS)
@pytest.mark.parametrize(("a", "b"), PAIRS, ids=str)
def test_arithmetic_result_dtypes(op: str, a: DType, b: DType) -> None:
    ufunc = getattr(np, op)
    expected = ours(arithmetic_result(op, a, b))
    assert outcome(ufunc, array(a), array(b)) == expected
    assert outcome(ufunc, scalar(a), scalar(b)) == expected


@pytest.mark.parametrize("op", UFUNCS)
@pytest.mark.parametrize("t", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("kind", KINDS)
def test_arithmetic_result_python_scalar(op: str, t: DType, kind: PyKind) -> None:
    ufunc = getattr(np, op)
    value = SCALAR_OF_KIND[kind]
    assert outcome(ufunc, array(t), value) == ours(arithmetic_result(op, t, kind))
    assert outcome(ufunc, value, array(t)) == ours(arithmetic_result(op, kind, t))
    assert outcome(ufunc, scalar(t), value) == ours(arithmetic_result(op, t, kind))


@pytest.mark.parametrize("symbol", OPERATORS)
def test_operators(symbol: str) -> None:
    assert set(OPERATOR_UFUNCS) == set(OPERATORS)
    f, op = OPERATORS[symbol], OPERATOR_UFUNCS[symbol]
    for a, b in PAIRS:
        assert outcome(f, array(a), array(b)) == ours(arithmetic_result(op, a, b))
    for t, kind in itertools.product(ALL_DTYPES, KINDS):
        value = SCALAR_OF_KIND[kind]
        assert outcome(f, array(t), value) == ours(arithmetic_result(op, t, kind))
        assert outcome(f, value, array(t)) == ours(arithmetic_result(op, kind, t))


def test_arithmetic_result_rejects() -> None:
    with pytest.raises(ValueError, match="Python scalars"):
        arithmetic_result("add", "int", "float")
    with pytest.raises(ValueError, match="unknown ufunc"):
        arithmetic_result("logaddexp", FLOAT64, FLOAT64)
    with pytest.raises(ValueError, match="unknown ufunc"):
        weak_int_fits(UINT8, 1, "matmul")


def _boundaries() -> list[int]:
    values = {0, 1, -1, 300, -129, 2**53 + 1, 2**64, 2**100, 2**1023, 2**1024,
              2**1024 - 2**970, 2**1024 - 2**970 - 1}
    for t in ALL_DTYPES:
        if t.kind in "iu":
            info = np.iinfo(t.name)
            values |= {int(info.min) - 1, int(info.min), int(info.max), int(info.max) + 1}
    return sorted(values | {-v for v in values})


INT_VALUES = _boundaries()


def overflow_message(f: Callable[..., Any], *args: Any) -> str | None:
    try:
        with np.errstate(all="ignore"):
            f(*args)
    except OverflowError as e:
        return str(e)
    except (TypeError, ValueError):  # not a conversion: the dtypes, or int ** negative
        pass
    return None


@pytest.mark.parametrize("op", UFUNCS)
@pytest.mark.parametrize("t", ALL_DTYPES, ids=str)
def test_weak_int_error(op: str, t: DType) -> None:
    ufunc = getattr(np, op)
    for value in INT_VALUES:
        expected = weak_int_error(t, value, op)
        assert overflow_message(ufunc, array(t), value) == expected, value
        assert overflow_message(ufunc, value, array(t)) == expected, value
        assert weak_int_fits(t, value, op) == (expected is None)


@pytest.mark.parametrize("t", ALL_DTYPES, ids=str)
def test_weak_int_fits_scalars_and_operators(t: DType) -> None:
    for value in INT_VALUES:
        fits = overflow_message(operator.add, array(t), value) is None
        assert weak_int_fits(t, value) == fits, value
        assert (overflow_message(operator.add, scalar(t), value) is None) == fits, value


def test_weak_int_examples() -> None:
    assert weak_int_error(UINT8, 300) == "Python integer 300 out of bounds for uint8"
    assert not weak_int_fits(INT8, -129)
    assert not weak_int_fits(UINT64, 2**64)
    assert weak_int_fits(UINT64, 2**64 - 1)
    assert weak_int_fits(UINT8, 300, "true_divide")
    assert weak_int_fits(UINT8, 300, "less")
    assert not weak_int_fits(BOOL_, 2**63)
    assert weak_int_fits(FLOAT32, 2**1000)
    assert not weak_int_fits(FLOAT32, 2**1024)


def _numpy_holds(t: DType, value: int | float) -> bool:
    with np.errstate(all="ignore"):
        if t.kind == "b":
            return bool(np.bool_(value)) == value
        if t.kind in "fc":
            try:
                return bool(complex(np.dtype(t.name).type(value)) == value) or value != value
            except OverflowError:
                return False
        info = np.iinfo(t.name)
        integral = not isinstance(value, float) or value.is_integer()
        return integral and int(info.min) <= value <= int(info.max)


HOLD_VALUES: list[int | float] = [
    *INT_VALUES, *(float(v) for v in INT_VALUES if abs(v) < 2**1000), True, False,
    0.5, -1.5, 0.1, 2.0**24 + 1, 2.0**-149, 2.0**-150, 3.4028234663852886e38, 1e39, 1e308,
    float("inf"), float("-inf"), float("nan"),
]


@pytest.mark.parametrize("t", ALL_DTYPES, ids=str)
def test_can_hold(t: DType) -> None:
    for value in HOLD_VALUES:
        assert t.can_hold(value) == _numpy_holds(t, value), value


def test_can_hold_examples() -> None:
    assert INT8.can_hold(-128) and not INT8.can_hold(128)
    assert UINT8.can_hold(255.0) and not UINT8.can_hold(2.5)
    assert INT16.can_hold(True)
    assert not FLOAT32.can_hold(2**24 + 1) and FLOAT64.can_hold(2**24 + 1)
    assert not FLOAT32.can_hold(0.1) and FLOAT64.can_hold(0.1)
    assert not BOOL_.can_hold(2)


def test_comparisons_give_bool() -> None:
    for op, (a, b) in itertools.product(COMPARISONS, PAIRS):
        assert arithmetic_result(op, a, b) is BOOL_
    assert dtypes.UFUNCS[-len(COMPARISONS):] == COMPARISONS


@pytest.mark.parametrize("src", dtypes.ALL_DTYPES, ids=str)
def test_can_cast_same_kind_matches_numpy(src: dtypes.DType) -> None:
    for dst in dtypes.ALL_DTYPES:
        assert dtypes.can_cast_same_kind(src, dst) == np.can_cast(
            np.dtype(src.name), np.dtype(dst.name), "same_kind"), (src, dst)
