"""str, list, dict, set, frozenset, T | None and unions at the C ABI (docs/c-abi.md, Values): the
kernels of kernels/{str,list,dict,optional,union}_kernels.py built with the host's compiler into one
library and called through ctypes with the differential cases of their CPython tests. Values,
exception types and messages, and what a call leaves in the containers it was given, must be
CPython's (test_lists.check); then the representation's own rules: UTF-8 checked, kinds
checked, NULL refused, results released."""

from __future__ import annotations

import copy
import ctypes
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import c_values
import test_closures
import test_dicts
import test_lists
import test_match
import test_optional
import test_str
import test_unions
from cpp_build import INCLUDE
from support import Pair, import_file, outcome, without_location

KERNELS = Path(__file__).parent / "kernels"
MODULES = ("str_kernels", "list_kernels", "dict_kernels", "optional_kernels", "closure_kernels",
           "match_kernels", "union_kernels")
CASES = [(m, f, a) for m, cases in zip(MODULES, (test_str.CASES, test_lists.CASES,
                                                 test_dicts.CASES, test_optional.CASES,
                                                 test_closures.PORTABLE, test_match.CASES,
                                                 test_unions.CASES),
                                        strict=True) for f, a in cases]
_C_TYPES = {"int": ctypes.c_int64, "float": ctypes.c_double, "bool": ctypes.c_bool,
            "value": ctypes.c_void_p}


class HostMemory:
    """The process's own memory, for a library loaded with ctypes."""

    pointer_size = ctypes.sizeof(ctypes.c_void_p)

    def __init__(self, lib: ctypes.CDLL) -> None:
        self.lib = lib
        libc = ctypes.CDLL(None)
        self._malloc, self._free = libc.malloc, libc.free
        self._malloc.restype, self._malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
        self._free.argtypes = [ctypes.c_void_p]
        lib.pyaot_value_release.argtypes = [ctypes.c_void_p]
        lib.pyaot_error_type.restype = lib.pyaot_error_message.restype = ctypes.c_char_p

    def malloc(self, n: int) -> int:
        return int(self._malloc(n))

    def free(self, address: int) -> None:
        self._free(address)

    def write(self, address: int, data: bytes) -> None:
        ctypes.memmove(address, data, len(data))

    def read(self, address: int, n: int) -> bytes:
        return ctypes.string_at(address, n)

    def release(self, address: int) -> None:
        self.lib.pyaot_value_release(address)

    def error(self) -> tuple[str, str]:
        return (self.lib.pyaot_error_type().decode(),
                self.lib.pyaot_error_message().decode("utf-8", "surrogateescape"))


class Library:
    def __init__(self, lib: ctypes.CDLL, functions: dict[str, dict[str, Any]]) -> None:
        self.lib, self.functions, self.memory = lib, functions, HostMemory(lib)
        for f in functions.values():
            symbol = getattr(lib, f["symbol"])
            symbol.restype = ctypes.c_int32
            symbol.argtypes = [*(_C_TYPES[p["type"]] for p in f["params"]),
                               *(ctypes.c_void_p for _ in f["results"])]

    def invoke(self, symbol: str, *args: Any) -> int:
        return int(getattr(self.lib, symbol)(*args))

    def module(self, name: str) -> SimpleNamespace:
        return SimpleNamespace(**{
            f["name"]: (lambda *a, _f=f: c_values.call(self.memory, self.invoke, _f, *a))
            for f in self.functions.values() if f["module"] == name})


def describe(module: str, entry: Any) -> dict[str, Any]:
    """An entry point as the manifest describes it (crossbuild._manifest)."""
    from hatch_pyaot import crossbuild
    from hatch_pyaot.codegen import c_abi

    described = crossbuild._c_values(entry)
    return dict(json.loads(json.dumps({
        "name": entry.name, "module": module, "symbol": c_abi.symbol(module, entry.name),
        "params": [d for v, d in described if not v.out],
        "results": [d for v, d in described if v.out],
        "python": {"params": [{"name": p.name, **({"default": p.default.value}
                                                  if p.default is not None else {})}
                              for p in entry.spec.function.params],
                   "returns": str(entry.spec.result)}})))


@pytest.fixture(scope="module")
def library(cxx: str, tmp_path_factory: pytest.TempPathFactory) -> Library:
    return build_library(cxx, tmp_path_factory.mktemp("cvalues"),
                         [KERNELS / f"{name}.py" for name in MODULES])


def build_library(cxx: str, folder: Path, kernels: list[Path]) -> Library:
    """The C ABI of the kernel files as one host library, loaded."""
    from hatch_pyaot import crossbuild
    from hatch_pyaot.codegen import c_abi

    # one at a time: kernels of two modules share names (each program needs its own tag)
    modules = [m for path in kernels for m in crossbuild.compile_modules([path])[0]]
    sources = []
    for module in modules:
        (folder / f"{module.name}.cpp").write_text(module.cpp)
        sources.append(str(folder / f"{module.name}.cpp"))
    (folder / "runtime.cpp").write_text(c_abi.RUNTIME_SOURCE)
    proc = subprocess.run([cxx, "-std=c++20", "-O1", "-shared", "-fPIC", "-fno-exceptions",
                           "-fno-rtti", f"-I{INCLUDE}", *sources, str(folder / "runtime.cpp"),
                           "-o", str(folder / "libvalues.so")], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stderr[-3000:]
    functions = {f"{m.name}.{e.name}": describe(m.name, e) for m in modules for e in m.entries}
    return Library(ctypes.CDLL(str(folder / "libvalues.so")), functions)


def run_cases(module: Callable[[str], Any]) -> int:
    """Every case of the kernels' CPython tests, each module's functions from ``module(name)``
    (what calls them through the C ABI): test_lists.check's comparison, but for what the C ABI
    cannot keep (_aliased, _mixed, a set's order: _same_unordered). The cases checked."""

    checked, mismatches = 0, []
    for name in MODULES:
        python = import_file(KERNELS / f"{name}.py", f"{name}_c_abi_reference")
        native = module(name)
        pair = Pair(native=native, python=python, report=None)  # type: ignore[arg-type]
        for kernels, func, args in CASES:
            if kernels != name or not hasattr(native, func) or _aliased(args) or _mixed(args):
                continue
            checked += 1
            if func in NUL_MESSAGES:
                _check_cut_message(pair, func, args, mismatches)
                continue
            try:
                test_lists.check(pair, func, *args)
            except AssertionError as exc:
                if not (_has_set(args) and _same_unordered(pair, func, args)):
                    mismatches.append(str(exc)[:300])
    assert checked > 1900, checked
    assert not mismatches, f"{len(mismatches)} of {checked}:\n" + "\n".join(mismatches[:30])
    return checked


NUL_MESSAGES = {"nul_message"}
"""Kernels whose exception messages hold a NUL: pyaot_error_message() is a C string, so the
message ends there (docs/c-abi.md)."""


def _check_cut_message(pair: Pair, func: str, args: tuple[Any, ...],
                       mismatches: list[str]) -> None:
    expected, got = outcome(getattr(pair.python, func), *args), outcome(
        getattr(pair.native, func), *args)
    if expected[0] != "raise":
        test_lists.check(pair, func, *args)
        return
    message = without_location(str(got[1]))
    if got[0] != "raise" or type(got[1]) is not type(expected[1]) \
            or message != str(expected[1]).partition("\0")[0]:
        mismatches.append(f"{func}{args}: CPython {expected[1]!r}, compiled {got[1]!r}")


def test_every_case_through_the_c_abi(library: Library) -> None:
    run_cases(library.module)


def _containers(value: Any) -> list[Any]:
    if isinstance(value, list | tuple | set | frozenset):
        inner = [c for item in value for c in _containers(item)]
    elif isinstance(value, dict):
        inner = [c for item in value.items() for c in _containers(item)]
    else:
        return []
    return inner if isinstance(value, tuple) else [value, *inner]


def _aliased(args: tuple[Any, ...]) -> bool:
    """The same container twice in the arguments: the C ABI copies each (docs/c-abi.md)."""
    found = [id(c) for c in _containers(args)]
    return len(found) != len(set(found))


def _mixed(args: tuple[Any, ...]) -> bool:
    """A list holding bools and ints, or ints and floats: a list[int] (list[float]) at the C
    ABI holds int64s (doubles), so the Python types of its items are not kept."""
    return any(isinstance(c, list) and len({type(x) for x in c} & {bool, int, float}) > 1
               for c in _containers(args))


def _has_set(args: tuple[Any, ...]) -> bool:
    return any(isinstance(c, set | frozenset) for c in _containers(args))


def _unordered(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return sorted((_unordered(v) for v in value), key=repr)
    return value


def _same_unordered(pair: Pair, func: str, args: tuple[Any, ...]) -> bool:
    """A set argument's items are given in its iteration order and inserted into a new table,
    so what the call iterates may come in another order than in CPython: the same values in
    any order."""
    expected = outcome(getattr(pair.python, func), *copy.deepcopy(args))
    got = outcome(getattr(pair.native, func), *copy.deepcopy(args))
    return expected[0] == got[0] == "ok" and _unordered(expected[1]) == _unordered(got[1])


def _raw_call(library: Library, name: str, node: bytes | None, text: bytes = b"") -> tuple:
    """name(node) with one value parameter and one value result, the node given as bytes
    (its text pointer set to ``text``): the status, error and result."""
    f = library.functions[name]
    memory = library.memory
    blocks: list[int] = []
    data = c_values._block(memory, text or b"\0", blocks)
    arg = None
    if node is not None:
        arg = c_values._block(memory, node[:16] + data.to_bytes(8, "little"), blocks)
    out = c_values._block(memory, b"\0" * c_values.NODE, blocks)
    status = library.invoke(f["symbol"], arg, out)
    result = c_values.get(memory, out) if status == 0 else memory.error()
    if status == 0:
        memory.release(out)
    for block in blocks:
        memory.free(block)
    return status, result


def _str_node(n: int) -> bytes:
    return (4).to_bytes(4, "little") + bytes(4) + n.to_bytes(8, "little") + bytes(8)


@pytest.mark.parametrize(("text", "why"), [
    (b"ab\xff", "byte 0xff in position 2: invalid start byte"),
    (b"\xc3(", "byte 0xc3 in position 0: invalid continuation byte"),
    (b"x\xe2\x82", "byte 0xe2 in position 1: unexpected end of data"),
    (b"\xc0\x80", "byte 0xc0 in position 0: invalid start byte"),  # overlong
    (b"\xf4\x90\x80\x80", "byte 0xf4 in position 0: invalid continuation byte"),  # > U+10FFFF
])
def test_text_that_is_not_utf8_is_a_value_error(library: Library, text: bytes, why: str) -> None:
    status, (kind, message) = _raw_call(library, "str_kernels.chars", _str_node(len(text)), text)
    from hatch_pyaot.ir.nodes import EXCEPTIONS

    assert (status, kind) == (1 + EXCEPTIONS.index("ValueError"), "ValueError")
    assert message == f"chars() argument 's': 'utf-8' codec can't decode {why}"


def test_a_lone_surrogate_travels_as_its_three_bytes(library: Library) -> None:
    text = "a\ud800b".encode("utf-8", "surrogatepass")
    assert _raw_call(library, "str_kernels.chars", _str_node(len(text)), text) == \
        (0, ["a", "\ud800", "b"])


def test_null_and_wrong_kinds_are_type_errors_naming_the_place(library: Library) -> None:
    assert _raw_call(library, "str_kernels.chars", None)[1] == \
        ("TypeError", "chars() argument 's' must be str, not NULL")
    total = library.module("list_kernels").total
    with pytest.raises(TypeError, match=r"^total\(\) argument 'xs\[1\]' must be float, not str$"):
        total([1.5, "a"])
    with pytest.raises(TypeError, match=r"^total\(\) argument 'xs' must be list, not dict$"):
        total({1.0: 2.0})


def test_a_list_the_call_appends_to_grows_for_the_caller(library: Library) -> None:
    push = library.module("list_kernels").push
    xs = [1, 2]
    push(xs, 7)
    push(xs, 8)
    assert xs == [1, 2, 7, 8]
