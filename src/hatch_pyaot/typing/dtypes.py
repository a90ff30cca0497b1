"""NumPy dtypes and NumPy 2 type promotion (NEP 50), as data the compiler can consult.

A compiled kernel must give every array operation the dtype NumPy would give it, and must
reject what NumPy rejects. This module states those rules for the eleven dtypes the
compiler supports (bool, the eight fixed-width integers, float32, float64, complex64,
complex128) without importing
NumPy: the compiler loads on machines that do not have it. tests/test_dtypes.py checks every
rule here against the installed NumPy, pair by pair.

Three kinds of operand meet in a binary operation:

* a ``DType``: an array, or a NumPy scalar such as ``np.float32(1)`` (NumPy 2 treats both alike);
* a Python scalar, written as its ``PyKind`` ("bool", "int", "float", "complex"). NEP 50
  calls Python int, float and complex *weak*: they take the other operand's dtype when its kind can hold them
  (``float32 * 2.0 -> float32``, ``uint8 + 1 -> uint8``) and only otherwise become the
  default dtype (``int8 * 1.5 -> float64``, ``bool + 1 -> int64``); a Python complex keeps a
  complex dtype and makes float32 complex64, the rest complex128. A Python bool is the
  bool dtype, which every other dtype absorbs anyway;
* two Python scalars: plain Python arithmetic, not this module's business.

Which rule each ufunc follows, for these dtypes (``arithmetic_result`` applies them):

* ``add multiply minimum maximum``: ``promote``; bool with bool stays bool (``+`` is logical
  or, ``*`` logical and).
* ``subtract``: ``promote``, but bool with bool is a TypeError (``SUBTRACT_BOOL_ERROR``).
* ``floor_divide remainder power``: ``promote``, but they have no bool loop, so bool with
  bool gives int8.
* ``true_divide`` (``/``): ``true_divide_result``; integers and bools give float64.
* ``bitwise_and bitwise_or bitwise_xor``: ``promote``, integers and bool only; a float
  operand, or uint64 with a signed integer (they promote to float64), is a TypeError.
* ``left_shift right_shift``: as bitwise, and bool with bool gives int8.
* comparisons (``equal`` … ``greater_equal``): always bool.

A ufunc runs the first of its loops (NumPy's ``ufunc.types``, all homogeneous here) that the
promoted dtype casts to safely, which is how the int8 results and the TypeErrors above
arise. The weak Python int is then converted to that loop's dtype, and NumPy raises
OverflowError if it does not fit (``uint8 + 300``); ``weak_int_error`` gives the message.

Platform assumption: Linux or macOS on a 64-bit CPU (LP64), where C ``long`` and
``long long`` are 64 bits, so ``numpy.long``, ``numpy.longlong`` and ``numpy.intp`` all name
int64. On Windows ``numpy.long`` is int32.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True, slots=True)
class DType:
    """One NumPy dtype; the fields are what ``numpy.dtype`` reports on LP64 platforms."""

    name: str
    """NumPy's name: ``numpy.dtype(x).name``."""
    kind: str
    """``numpy.dtype(x).kind``: "b" bool, "i" signed int, "u" unsigned int, "f" float,
    "c" complex."""
    itemsize: int
    """Bytes per element."""
    cpp: str
    """The C++ type of one element."""

    @property
    def bits(self) -> int:
        return self.itemsize * 8

    @property
    def part_size(self) -> int:
        """Bytes of one part: a complex dtype is two floats, real then imaginary."""
        return self.itemsize // 2 if self.kind == "c" else self.itemsize

    def can_hold(self, value: int | float | bool) -> bool:
        """Whether ``value`` converts to this dtype exactly: no overflow, no rounding.

        bool holds only 0 and 1 (and False, True); an integer dtype holds integral values in
        its range; a float dtype holds values it represents exactly (float32 cannot hold
        ``2**24 + 1`` or ``0.1``; every float dtype holds inf and nan).
        """
        if self.kind == "b":
            return value in (0, 1)
        if self.kind in "fc":
            return _float_holds(self.part_size, value)
        if isinstance(value, float):
            if not value.is_integer():
                return False
            value = int(value)
        low, high = _int_bounds(self)
        return low <= value <= high

    def __str__(self) -> str:
        return self.name


def _int_bounds(t: DType) -> tuple[int, int]:
    if t.kind == "u":
        return 0, 2**t.bits - 1
    return -(2 ** (t.bits - 1)), 2 ** (t.bits - 1) - 1


def _float_holds(itemsize: int, value: int | float) -> bool:
    try:
        as_float = float(value)
    except OverflowError:
        return False
    if math.isnan(as_float):
        return True
    if as_float != value:  # int -> float rounded; an exact comparison in Python
        return False
    if itemsize == 8 or not math.isfinite(as_float):
        return True
    try:
        (single,) = struct.unpack("f", struct.pack("f", as_float))
    except OverflowError:
        return False
    return bool(single == as_float)


BOOL_: Final = DType("bool", "b", 1, "bool")
INT8: Final = DType("int8", "i", 1, "std::int8_t")
INT16: Final = DType("int16", "i", 2, "std::int16_t")
INT32: Final = DType("int32", "i", 4, "std::int32_t")
INT64: Final = DType("int64", "i", 8, "std::int64_t")
UINT8: Final = DType("uint8", "u", 1, "std::uint8_t")
UINT16: Final = DType("uint16", "u", 2, "std::uint16_t")
UINT32: Final = DType("uint32", "u", 4, "std::uint32_t")
UINT64: Final = DType("uint64", "u", 8, "std::uint64_t")
FLOAT32: Final = DType("float32", "f", 4, "float")
FLOAT64: Final = DType("float64", "f", 8, "double")
COMPLEX64: Final = DType("complex64", "c", 8, "pyaot::numpy::complex64")
COMPLEX128: Final = DType("complex128", "c", 16, "pyaot::complex")
"""complex128's element is Python's complex (two doubles, pyaot/builtins/complex.hpp);
complex64's is two floats (pyaot/numpy/complex.hpp)."""

ALL_DTYPES: Final = (BOOL_, INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64,
                     FLOAT32, FLOAT64, COMPLEX64, COMPLEX128)

_BY_NAME: Final = {t.name: t for t in ALL_DTYPES}
_SIGNED_BY_SIZE: Final = {t.itemsize: t for t in (INT8, INT16, INT32, INT64)}

_NUMPY_ATTRS: Final = {
    **_BY_NAME,
    "bool_": BOOL_,
    "byte": INT8, "short": INT16, "intc": INT32, "int_": INT64, "intp": INT64,
    "long": INT64, "longlong": INT64,
    "ubyte": UINT8, "ushort": UINT16, "uintc": UINT32, "uint": UINT64, "uintp": UINT64,
    "ulong": UINT64, "ulonglong": UINT64,
    "single": FLOAT32, "double": FLOAT64, "csingle": COMPLEX64, "cdouble": COMPLEX128,
}
"""Every ``numpy.<attr>`` scalar type whose dtype is one of ours (LP64 sizes)."""


def dtype_named(name: str) -> DType | None:
    """The dtype whose NumPy name (``numpy.dtype(x).name``) is ``name``; aliases such as
    "double" are not names (see ``numpy_attr_dtype``)."""
    return _BY_NAME.get(name)


def numpy_attr_dtype(attr: str) -> DType | None:
    """The dtype that ``numpy.<attr>`` names ("float64", "intc", "bool_", "longlong", ...),
    or None for attributes that name no supported dtype (float16, clongdouble, longdouble)."""
    return _NUMPY_ATTRS.get(attr)


PyKind = Literal["bool", "int", "float", "complex"]
"""A Python scalar operand. Python int, float and complex are "weak" in NEP 50."""


def result_of_python_scalar(kind: PyKind) -> DType:
    """The dtype NumPy gives a Python scalar on its own (``numpy.asarray(1).dtype``)."""
    return {"bool": BOOL_, "int": INT64, "float": FLOAT64, "complex": COMPLEX128}[kind]


def can_cast(src: DType, dst: DType) -> bool:
    """``numpy.can_cast(src, dst, "safe")``. NumPy counts int64 -> float64 as safe although
    it rounds above 2**53, so every integer casts safely to float64."""
    if src == dst or src.kind == "b":
        return True
    if dst.kind == "b":
        return False
    if src.kind == "c":
        return dst.kind == "c" and dst.itemsize >= src.itemsize
    if dst.kind == "c":
        return can_cast(src, FLOAT32 if dst == COMPLEX64 else FLOAT64)
    if src.kind == "f":
        return dst.kind == "f" and dst.itemsize >= src.itemsize
    if dst.kind == "f":
        return dst.itemsize == 8 or src.itemsize < dst.itemsize
    if src.kind == dst.kind:
        return src.itemsize <= dst.itemsize
    return src.kind == "u" and src.itemsize < dst.itemsize


_KIND_ORDER: Final = {"b": 0, "u": 1, "i": 2, "f": 3, "c": 4}


def can_cast_same_kind(src: DType, dst: DType) -> bool:
    """``numpy.can_cast(src, dst, "same_kind")``: safe casts, and casts to a dtype of the
    same or a later kind (bool, unsigned, signed, float, complex) — what ``a += b`` allows."""
    return can_cast(src, dst) or _KIND_ORDER[src.kind] <= _KIND_ORDER[dst.kind]


def promote(a: DType, b: DType) -> DType:
    """``numpy.result_type(a, b)``: the dtype of arithmetic between two arrays (or NumPy
    scalars). Mixed signedness takes the next wider signed integer, and int64 with uint64
    has none, so it gives float64; an integer meets float32 as float32 only up to 16 bits."""
    if a == b or b.kind == "b":
        return a
    if a.kind == "b":
        return b
    if a.kind == "c" or b.kind == "c":
        if a.kind == b.kind:
            return a if a.itemsize >= b.itemsize else b
        c, r = (a, b) if a.kind == "c" else (b, a)
        return c if can_cast(r, c) else COMPLEX128
    if a.kind == "f" or b.kind == "f":
        if a.kind == b.kind:
            return a if a.itemsize >= b.itemsize else b
        f, i = (a, b) if a.kind == "f" else (b, a)
        return f if can_cast(i, f) else FLOAT64
    if a.kind == b.kind:
        return a if a.itemsize >= b.itemsize else b
    signed, unsigned = (a, b) if a.kind == "i" else (b, a)
    if signed.itemsize > unsigned.itemsize:
        return signed
    return _SIGNED_BY_SIZE.get(unsigned.itemsize * 2, FLOAT64)


def promote_weak(a: DType, kind: PyKind) -> DType:
    """NEP 50: the dtype of ``a`` (array or NumPy scalar) with a Python scalar of ``kind``.

    A Python int keeps any numeric dtype (``uint8 + 1 -> uint8``, ``float32 + 1 -> float32``)
    and turns bool into int64; a Python float keeps float dtypes and turns the rest into
    float64 (``int8 * 1.5 -> float64``); a Python complex keeps complex dtypes, makes float32
    complex64 and the rest complex128; a Python bool changes nothing.
    """
    if kind == "bool":
        return a
    if kind == "int":
        return INT64 if a.kind == "b" else a
    if kind == "complex":
        return a if a.kind == "c" else COMPLEX64 if a == FLOAT32 else COMPLEX128
    return a if a.kind in "fc" else FLOAT64


def true_divide_result(a: DType, b: DType) -> DType:
    """``numpy.true_divide(a, b)``: the promoted dtype, with integers and bool going to
    float64 (``int8 / int8 -> float64``, ``int8 / float32 -> float32``)."""
    return _true_divide(promote(a, b))


def _true_divide(promoted: DType) -> DType:
    return promoted if promoted.kind in "fc" else FLOAT64


SUBTRACT_BOOL_ERROR: Final = (
    "numpy boolean subtract, the `-` operator, is not supported, "
    "use the bitwise_xor, the `^` operator, or the logical_xor function instead."
)

_INTS: Final = (INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64)
_FLOATS: Final = (FLOAT32, FLOAT64)
_COMPLEX: Final = (COMPLEX64, COMPLEX128)
_INEXACT: Final = (*_FLOATS, *_COMPLEX)

UFUNC_LOOPS: Final[dict[str, tuple[DType, ...]]] = {
    "add": (BOOL_, *_INTS, *_INEXACT),
    "subtract": (*_INTS, *_INEXACT),
    "multiply": (BOOL_, *_INTS, *_INEXACT),
    "true_divide": _INEXACT,
    "floor_divide": (*_INTS, *_FLOATS),
    "remainder": (*_INTS, *_FLOATS),
    "power": (*_INTS, *_INEXACT),
    "bitwise_and": (BOOL_, *_INTS),
    "bitwise_or": (BOOL_, *_INTS),
    "bitwise_xor": (BOOL_, *_INTS),
    "left_shift": _INTS,
    "right_shift": _INTS,
    "minimum": (BOOL_, *_INTS, *_INEXACT),
    "maximum": (BOOL_, *_INTS, *_INEXACT),
    "fmin": (BOOL_, *_INTS, *_INEXACT),
    "fmax": (BOOL_, *_INTS, *_INEXACT),
}
"""Each ufunc's loops over our dtypes, in NumPy's order (``ufunc.types``); every loop takes
and gives one dtype."""

COMPARISONS: Final = ("equal", "not_equal", "less", "less_equal", "greater", "greater_equal")

UFUNCS: Final = (*UFUNC_LOOPS, *COMPARISONS)
"""The binary ufuncs ``arithmetic_result`` knows; "divide" is accepted for "true_divide"."""

OPERATOR_UFUNCS: Final = {
    "+": "add", "-": "subtract", "*": "multiply", "/": "true_divide", "//": "floor_divide",
    "%": "remainder", "**": "power", "&": "bitwise_and", "|": "bitwise_or",
    "^": "bitwise_xor", "<<": "left_shift", ">>": "right_shift",
    "==": "equal", "!=": "not_equal", "<": "less", "<=": "less_equal", ">": "greater",
    ">=": "greater_equal",
}
"""The ufunc a Python binary operator calls on arrays."""


def _not_supported(op: str) -> str:
    return (f"ufunc '{op}' not supported for the input types, and the inputs could not be "
            "safely coerced to any supported types according to the casting rule ''safe''")


def _promote_operands(a: DType | PyKind, b: DType | PyKind) -> DType:
    if isinstance(a, DType):
        return promote(a, b) if isinstance(b, DType) else promote_weak(a, b)
    if isinstance(b, DType):
        return promote_weak(b, a)
    raise ValueError(f"both operands are Python scalars ({a}, {b}): Python's rules apply")


def _loop_dtype(op: str, a: DType | PyKind, b: DType | PyKind) -> DType | str:
    """The dtype the ufunc's inner loop computes in, or NumPy's TypeError message."""
    op = "true_divide" if op == "divide" else op
    if op not in UFUNCS:
        raise ValueError(f"unknown ufunc {op!r}; known: {', '.join(UFUNCS)}")
    promoted = _promote_operands(a, b)
    if op in COMPARISONS:
        return promoted
    if op == "true_divide":
        return _true_divide(promoted)
    if op == "subtract" and promoted.kind == "b":
        return SUBTRACT_BOOL_ERROR
    for loop in UFUNC_LOOPS[op]:
        if can_cast(promoted, loop):
            return loop
    return _not_supported(op)


def arithmetic_result(op: str, a: DType | PyKind, b: DType | PyKind) -> DType | str:
    """The dtype of ``numpy.<op>(a, b)``, or the message of the TypeError NumPy raises.

    ``op`` is a ufunc name from ``UFUNCS``; either operand may be a Python scalar (never
    both: ValueError). Value-dependent errors are not covered: a weak int that does not fit
    (``weak_int_error``), integer division by zero (a warning), integer ``** -1``
    (ValueError).
    """
    loop = _loop_dtype(op, a, b)
    if isinstance(loop, str) or op not in COMPARISONS:
        return loop
    return BOOL_


_READ_AS_UNSIGNED: Final = (UINT32, UINT64)
"""NumPy reads a Python int for these through C ``unsigned long long`` when C ``long``
overflows, so ``uint32 + 2**63`` is out of bounds for uint32, where ``uint16 + 2**63`` is
too large for C long (NumPy 2.4)."""


def weak_int_error(a: DType, value: int, op: str = "add") -> str | None:
    """The OverflowError message of ``numpy.<op>(array of a, value)`` for a Python int
    ``value``, or None when NumPy accepts it (or raises a TypeError first).

    The int is converted to the loop's dtype (``_loop_dtype``): ``uint8 + 300`` fails but
    ``uint8 / 300`` (a float64 loop) does not, and ``bool + 2**63`` fails (an int64 loop).
    NumPy reads an int through C long first (``_READ_AS_UNSIGNED`` aside), so
    ``uint8 + 2**63`` has a different message from ``uint8 + 300``. Comparisons of integer
    arrays accept any int (``uint8 < 300`` is True). A float loop fails only where
    ``float(value)`` does; float32 rounds a larger int to inf with a RuntimeWarning.
    """
    if isinstance(value, bool) or (op in COMPARISONS and a.kind in "iu"):
        return None
    loop = _loop_dtype(op, a, "int")
    if isinstance(loop, str):
        return None
    if loop.kind in "fc":
        try:
            float(value)
        except OverflowError:
            return "int too large to convert to float"
        return None
    wide_unsigned = loop in _READ_AS_UNSIGNED and UINT64.can_hold(value)
    if not (INT64.can_hold(value) or wide_unsigned):
        return "Python int too large to convert to C long"
    if not loop.can_hold(value):
        return f"Python integer {value} out of bounds for {loop.name}"
    return None


def weak_int_fits(a: DType, value: int, op: str = "add") -> bool:
    """NEP 50: whether ``numpy.<op>(array of a, value)`` accepts the Python int ``value``
    (``uint8 + 300`` raises OverflowError); see ``weak_int_error``."""
    return weak_int_error(a, value, op) is None
