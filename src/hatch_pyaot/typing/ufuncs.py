"""The dtypes of NumPy's math ufuncs (``np.sqrt``, ``np.hypot``, ``np.isnan``, ``np.clip`` ...).

To compile ``np.sqrt(x)`` the compiler needs two dtypes: the one of the loop NumPy runs (the
operands are cast to it; ``pyaot::numpy::scalar::sqrt`` is called with it, see
``pyaot/numpy/scalar/math.hpp``) and the one of the result. ``ufunc_loop`` gives both, or the
message of the TypeError NumPy raises. It imports no NumPy; tests/test_ufunc_types.py checks
every ufunc here on every supported dtype and Python scalar kind against the installed NumPy.

NumPy's rule (its default type resolver): run the first of the ufunc's loops
(``ufunc.types``, in order) that every operand casts to safely. The operands are not promoted
together first (``np.hypot(int8, uint8)`` is float16, not float32 through int16), but a
Python int or float is weak (NEP 50) and counts as the dtype it promotes to with the others
(``np.hypot(float32, 2.0)`` is float32, ``np.hypot(int8, 2.0)`` float64). The
float-only ufuncs have a float16 loop first, so int8, uint8 and bool give float16
(``np.sqrt(int8)``), which the compiler does not support; int16 and uint16 give float32 and
the wider integers float64. Other consequences:

* ``floor ceil trunc absolute clip`` have bool and integer loops: the dtype is kept.
* ``square reciprocal fmod sign`` have integer loops but no bool one: bool becomes int8,
  except ``sign``, whose own resolver rejects bool.
* ``isnan isinf isfinite`` have a loop for every dtype and give bool.
* ``signbit`` has only float loops and gives bool; for int8, uint8 and bool NumPy runs it in
  float16, which gives the same answer as float32 (every such value is exact in both), so
  the loop named here is float32.

Aliases (``np.abs is np.absolute``) are in ``ALIASES``; ``np.degrees`` and ``np.radians``
are separate ufuncs that compute what ``rad2deg`` and ``deg2rad`` do.
"""

from __future__ import annotations

from typing import Final

from hatch_pyaot.typing.dtypes import (
    BOOL_,
    COMPLEX64,
    COMPLEX128,
    FLOAT32,
    FLOAT64,
    INT8,
    INT16,
    INT32,
    INT64,
    UINT8,
    UINT16,
    UINT32,
    UINT64,
    DType,
    PyKind,
    can_cast,
    promote,
    promote_weak,
    result_of_python_scalar,
)

FLOAT16: Final = DType("float16", "f", 2, "")
"""Only a loop dtype here: what NumPy runs the float ufuncs in for 8-bit integers and bool."""

_INTS: Final = (INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64)
_FLOATS: Final = (FLOAT16, FLOAT32, FLOAT64)
_NUMBERS: Final = (*_INTS, *_FLOATS)
_ALL: Final = (BOOL_, *_NUMBERS)
_COMPLEX: Final = (COMPLEX64, COMPLEX128)
_COMPLEX_LOOPS: Final = (
    "sqrt", "exp", "log", "square", "conjugate", "absolute", "isnan", "isinf", "isfinite",
    "sin", "cos", "tan", "sinh", "cosh", "tanh", "arcsin", "arccos", "arctan", "arcsinh",
    "arccosh", "arctanh", "log10", "log2", "log1p", "expm1", "reciprocal", "sign",
)  # fmt: skip
"""The ufuncs compiled for complex too (pyaot/numpy/scalar/complex.hpp, complex_math.hpp)."""
_REAL_RESULT: Final = {COMPLEX64: FLOAT32, COMPLEX128: FLOAT64}
"""``absolute`` of a complex loop gives its part's dtype."""

_UNARY_FLOAT: Final = (
    "sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos",
    "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
    "arctanh", "deg2rad", "rad2deg", "degrees", "radians", "rint", "fabs", "spacing",
)  # fmt: skip
_BINARY_FLOAT: Final = (
    "arctan2", "hypot", "copysign", "nextafter", "logaddexp", "logaddexp2", "heaviside",
)  # fmt: skip
_PREDICATES: Final = ("isnan", "isinf", "isfinite")
_INTEGER_ONLY: Final = ("gcd", "lcm")
"""Integer loops only, and no bool one (``gcd(bool, bool)`` raises, as ``sign(bool)``)."""


def _table() -> dict[str, tuple[int, tuple[DType, ...]]]:
    table: dict[str, tuple[int, tuple[DType, ...]]] = {}
    for name in _UNARY_FLOAT:
        table[name] = (1, _FLOATS)
    for name in _BINARY_FLOAT:
        table[name] = (2, _FLOATS)
    for name in ("square", "reciprocal", "sign", "conjugate"):
        table[name] = (1, _NUMBERS)
    for name in ("floor", "ceil", "trunc", "absolute", *_PREDICATES):
        table[name] = (1, _ALL)
    table["signbit"] = (1, _FLOATS)
    table["fmod"] = (2, _NUMBERS)
    table["float_power"] = (2, (FLOAT64,))
    for name in _INTEGER_ONLY:
        table[name] = (2, _INTS)
    table["clip"] = (3, _ALL)
    for name in _COMPLEX_LOOPS:
        arity, loops = table[name]
        table[name] = (arity, (*loops, *_COMPLEX))
    return table


UFUNCS: Final[dict[str, tuple[int, tuple[DType, ...]]]] = _table()
"""Each ufunc's number of operands and its loops over our dtypes and float16, in NumPy's
order (``ufunc.types``); every loop takes one dtype. ``clip`` is ``numpy._core.umath.clip``,
which ``np.clip`` calls."""

UFUNC_NAMES: Final[tuple[str, ...]] = tuple(UFUNCS)

ALIASES: Final[dict[str, str]] = {
    "abs": "absolute", "acos": "arccos", "acosh": "arccosh", "asin": "arcsin",
    "asinh": "arcsinh", "atan": "arctan", "atan2": "arctan2", "atanh": "arctanh",
    "conj": "conjugate",
}  # fmt: skip
"""``numpy.<alias> is numpy.<ufunc>`` (NumPy 2's array-API names)."""

_BOOL_RESULT: Final = frozenset({*_PREDICATES, "signbit"})


def canonical_name(name: str) -> str:
    """The ufunc ``numpy.<name>`` is (``abs`` -> ``absolute``); ValueError if unknown."""
    name = ALIASES.get(name, name)
    if name not in UFUNCS:
        raise ValueError(f"unknown ufunc {name!r}; known: {', '.join(UFUNC_NAMES)}")
    return name


def _operand_dtypes(name: str, args: tuple[DType | PyKind, ...]) -> list[DType]:
    """The dtype each operand takes part in the loop search as.

    A Python bool is NumPy's bool. A weak Python int or float becomes the result of
    promoting it with the other operands (NEP 50): ``hypot(int8, 2)`` searches with
    (int8, int8), ``hypot(int8, 2.0)`` with (int8, float64); Python scalars alone take
    their default dtypes. ``np.clip`` turns a Python scalar ``x`` into an array first, so
    that one is strong there.
    """
    def strong(i: int, a: DType | PyKind) -> bool:
        return isinstance(a, DType) or a == "bool" or (name == "clip" and i == 0)

    known = [a if isinstance(a, DType) else result_of_python_scalar(a)
             for i, a in enumerate(args) if strong(i, a)]  # fmt: skip
    weak = [a for i, a in enumerate(args) if not strong(i, a)]
    if not known:
        known = [result_of_python_scalar("float" if "float" in weak else "int")]
    promoted = known[0]
    for other in known[1:]:
        promoted = promote(promoted, other)
    return [a if isinstance(a, DType) else (result_of_python_scalar(a) if strong(i, a)
            else promote_weak(promoted, a)) for i, a in enumerate(args)]  # fmt: skip


def _described(args: tuple[DType | PyKind, ...]) -> str:
    return " and ".join(a.name if isinstance(a, DType) else f"a Python {a}" for a in args)


def ufunc_loop(name: str, args: tuple[DType | PyKind, ...]) -> tuple[DType, DType] | str:
    """``(loop dtype, result dtype)`` of ``numpy.<name>(*args)``, or the message of the
    TypeError NumPy raises (or of the compiler's refusal, for a float16 result).

    ``args`` are the operands: a ``DType`` for an array or NumPy scalar, a ``PyKind`` for a
    Python scalar. The operands are cast to the loop dtype (for a weak Python int NumPy
    raises OverflowError when it does not fit: not covered here, see
    ``dtypes.weak_int_error``). ValueError for an unknown ufunc or the wrong number of
    operands.
    """
    name = canonical_name(name)
    nin, loops = UFUNCS[name]
    if len(args) != nin:
        raise ValueError(f"numpy.{name} takes {nin} operand(s), not {len(args)}")
    dtypes = _operand_dtypes(name, args)
    if name == "sign" and dtypes == [BOOL_]:
        return ("ufunc 'sign' did not contain a loop with signature matching types "
                "<class 'numpy.dtypes.BoolDType'> -> None")  # fmt: skip
    loop = next((loop for loop in loops if all(can_cast(t, loop) for t in dtypes)), None)
    if loop is None or (name in _INTEGER_ONLY and all(t == BOOL_ for t in dtypes)):
        return _no_loop(name, args)
    if name in _BOOL_RESULT:
        return (FLOAT32 if loop == FLOAT16 else loop), BOOL_
    if loop == FLOAT16:
        return (f"numpy.{name} of {_described(args)} gives float16, which the compiler "
                "does not support")  # fmt: skip
    if name == "absolute" and loop in _REAL_RESULT:
        return loop, _REAL_RESULT[loop]
    return loop, loop



def _no_loop(name: str, args: tuple[DType | PyKind, ...]) -> str:
    """NumPy's TypeError text when no loop of ``name`` takes the operands."""
    def dtype_class(a: DType | PyKind) -> str:
        if a == "bool" or a == BOOL_:
            return "numpy.dtypes.BoolDType"
        if isinstance(a, DType):
            bits = a.name.removeprefix("uint").removeprefix("int").removeprefix("float")
            bits = bits.removeprefix("complex")
            kind = {"i": "Int", "u": "UInt", "f": "Float", "c": "Complex"}[a.kind]
            return f"numpy.dtypes.{kind}{bits}DType"
        py = {"int": "Long", "float": "Float", "complex": "Complex"}[a]
        return f"numpy.dtypes._Py{py}DType"
    types = ", ".join(f"<class '{dtype_class(a)}'>" for a in args)
    return f"ufunc '{name}' did not contain a loop with signature matching types ({types}) -> None"
