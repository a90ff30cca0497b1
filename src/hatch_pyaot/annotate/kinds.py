"""What a line became, read from its C++: the kinds a line is coloured by, and the patterns
that tell them apart. A kind (or a check) the code generator gains is one entry here.

A failing runtime call is written ``if (!pyaot::f(...)) ... pyaot::fail_at(file, line)``:
the calls so guarded are the line's remaining checks, except the interrupt poll of loops
and the propagation of a callee's exception (a generated function, ``f<n>_...``). A test
written ``if (...) [[unlikely]] {`` whose block raises is one too (an unbound local, the
recursion limit, an ``assert``, ``min()`` of nothing), named by the exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    name: str
    """The CSS class and the name tests use."""
    label: str
    colour: str


NATIVE = Kind("native", "native code", "#d9f2d0")
CHECKED = Kind("checked", "native, with run-time checks", "#fbeebd")
PYTHON = Kind("python", "calls back into Python", "#f9d3a8")
NOT_COMPILED = Kind("not-compiled", "not compiled: stays Python", "#f6c1c1")
PLAIN = Kind("plain", "no code of its own", "#ffffff")
KINDS = (NATIVE, CHECKED, PYTHON, NOT_COMPILED, PLAIN)

PYTHON_CALLS = {
    "pyaot::print_text": "print() writes through sys.stdout",
    "pyaot::python::": "a CPython API call",
    "PyObject": "a Python object",
}
"""C++ that calls into the interpreter from a kernel, and what it is."""

_GUARDED = re.compile(r"if \(!(?:\()?([A-Za-z_][\w:]*)\(.*pyaot::fail_at\(")
NOT_CHECKS = ("pyaot::check_interrupt",)
"""Guarded calls that are no check of the Python code."""
_GENERATED = re.compile(r"f\d+_")
_BLOCK = re.compile(r"if \(.*\) \[\[unlikely\]\] \{$")
"""A test whose block raises (an unbound local, an empty min(), a failed assert ...)."""
_RAISES = re.compile(r"pyaot::raise\(pyaot::Exc::(\w+)|pyaot::raise_(recursion)_error\(")

CHECK_NAMES = {
    **{f"pyaot::op::{op}": "integer overflow" for op in (
        "add", "sub", "mul", "neg", "pow", "lshift", "abs", "pos", "index")},
    **{f"pyaot::op::{op}": "division by zero" for op in ("truediv", "floordiv", "mod",
                                                          "divmod")},
    "pyaot::numpy::at": "index in range",
    "pyaot::numpy::getitem": "index in range",
    "pyaot::numpy::setitem": "index in range",
    "pyaot::list_get": "index in range",
    "pyaot::list_set": "index in range",
    "pyaot::list_delete": "index in range",
    "pyaot::list_pop": "index in range",
    "pyaot::list_index": "value in the list",
    "pyaot::list_remove": "value in the list",
    "pyaot::list_slice": "slice step not zero",
    "pyaot::str_slice": "slice step not zero",
    "pyaot::range_length": "range() step not zero",
    "pyaot::math::": "math domain or range error",
}
"""What the common checks are for (a key ending in ``::``: every function of that
namespace); any other guarded call is named by itself."""


def checks(cpp: list[str]) -> list[str]:
    """The run-time checks left in these C++ lines, named (once each, in order)."""
    found: list[str] = []
    for i, text in enumerate(cpp):
        if _BLOCK.search(text):
            raised = next((m for m in map(_RAISES.search, cpp[i + 1:i + 3]) if m), None)
            if raised is not None:
                found.append(f"raises {raised.group(1) or 'RecursionError'}")
        match = _GUARDED.search(text)
        if match is None:
            continue
        call = match.group(1)
        if call in NOT_CHECKS or _GENERATED.match(call):
            continue
        found.append(f"{call.removeprefix('pyaot::')}: {_purpose(call)}")
    return list(dict.fromkeys(found))


def _purpose(call: str) -> str:
    namespace = call[:call.rfind("::") + 2]
    return CHECK_NAMES.get(call) or CHECK_NAMES.get(namespace) or "may raise"


def python_calls(cpp: list[str]) -> list[str]:
    """What in these C++ lines calls into the interpreter."""
    return list(dict.fromkeys(what for text in cpp for pattern, what in PYTHON_CALLS.items()
                              if pattern in text))


def kind_of(cpp: list[str]) -> tuple[Kind, list[str]]:
    """A compiled line's kind, and the reasons (Python calls, or checks) it is not plain
    native code."""
    if not cpp:
        return PLAIN, []
    calls = python_calls(cpp)
    if calls:
        return PYTHON, calls
    found = checks(cpp)
    return (CHECKED, found) if found else (NATIVE, [])
