"""bytes, complex, enum members and objects of the program's classes at the C ABI
(docs/c-abi.md, Values): the kernels of kernels/object_value_kernels.py built with the host's
compiler into one library, called through ctypes (tests/c_values.py) and compared with
CPython: results, exceptions, and what a call leaves in the objects it was given. An object
travels as its fields by name (an OBJECT node, here a c_values.Obj), an enum member as its
value. Then the checks on the way in: wrong kinds, unknown enum values, missing and unknown
fields, as located TypeErrors and ValueErrors."""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import json
import shutil
import subprocess
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from c_values import Obj, call
from conftest import missing_tool
from support import import_file, outcome, without_location

KERNELS = Path(__file__).parent / "kernels" / "object_value_kernels.py"
MODULE = "object_value_kernels"


def plain(value: Any) -> Any:
    """A Python value as it travels: an enum member its value, an object its fields by
    name (an Obj), a generator's items a list."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return Obj((f, plain(getattr(value, f))) for f in value._fields)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return Obj((f.name, plain(getattr(value, f.name))) for f in dataclasses.fields(value))
    if isinstance(value, types.GeneratorType | Iterator):
        return [plain(v) for v in value]
    if isinstance(value, list | tuple):
        return type(value)(plain(v) for v in value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if hasattr(value, "__dict__") and type(value).__module__.startswith(MODULE):
        return Obj((k, plain(v)) for k, v in vars(value).items())
    return value


def cases(py: Any) -> list[tuple[str, tuple[Any, ...]]]:
    P, L = py.Point, py.Line
    return [
        ("checksum", (b"hello",)), ("checksum", (b"",)), ("checksum", (bytes(range(256)),)),
        ("doubled", (b"\x00\xffab",)), ("doubled", (b"",)),
        ("rotate", (1 + 2j, 3)), ("rotate", (complex(0.5, -1.5), 0)),
        ("rotate", (complex(float("inf"), 0.0), 1)),
        ("color_name", (py.Color.GREEN,)), ("other", (py.Color.RED,)), ("other", (py.Color.GREEN,)),
        ("bump", (py.Prio.LOW,)), ("bump", (py.Prio.HIGH,)),
        ("shifted", (P(1, 2), 3)), ("move", (P(1, 2), 5)), ("move", (P(-4), 0)),
        ("heavier", (py.Pair("a", 1.5), py.Pair("b", 2.5))),
        ("heavier", (py.Pair("ß", 3.0), py.Pair("b", 2.5))),
        ("fill", (py.Box("b", [1]), 3)), ("fill", (py.Box("", []), 0)),
        ("length2", (L(P(0, 0), P(3, 4), py.Color.RED),)),
        ("extend", (L(P(1, 1), P(3, 4), py.Color.GREEN), 2)),
        ("xs", ([P(1, 2), P(3)],)), ("xs", ([],)),
        ("nudge_all", ([P(1, 2), P(3, 4)],)),
        ("first_far", ([P(1, 1), P(5, 5)], 3)), ("first_far", ([P(1, 1)], 3)),
        ("shown", (L(P(0, 0), P(3, 4), py.Color.RED),)),
        ("either", (P(4, 1),)), ("either", (7,)), ("either", (b"ab",)),
        ("squares", (5,)), ("squares", (0,)),
    ]


def same_outcome(python: Callable[..., Any], native: Callable[..., Any],
                 args: tuple[Any, ...]) -> None:
    py_args = copy.deepcopy(args)
    native_args = plain(copy.deepcopy(args))
    expected, got = outcome(python, *py_args), outcome(native, *native_args)
    assert expected[0] == got[0], (expected, got)
    if expected[0] == "ok":
        assert repr(plain(expected[1])) == repr(got[1])  # NaN parts too
        assert type(plain(expected[1])) is type(got[1])
    else:
        assert type(expected[1]) is type(got[1])
        assert str(expected[1]) == without_location(str(got[1]))
    assert plain(py_args) == native_args  # what the call left in the objects it was given


@pytest.fixture(scope="module")
def python() -> Any:
    return import_file(KERNELS, f"{MODULE}_c_abi_reference")


@pytest.fixture(scope="module")
def native(cxx: str, tmp_path_factory: pytest.TempPathFactory) -> Any:
    from test_c_abi_values import build_library

    return build_library(cxx, tmp_path_factory.mktemp("cobjects"), [KERNELS]).module(MODULE)


def run_cases(python: Any, native: Any) -> None:
    for func, args in cases(python):
        same_outcome(getattr(python, func), getattr(native, func), args)


def test_objects_enums_bytes_complex_as_cpython(python: Any, native: Any) -> None:
    run_cases(python, native)


@pytest.mark.slow
def test_on_wasm(python: Any, tmp_path_factory: pytest.TempPathFactory,
                 cross_cache: Path) -> None:
    """The same cases on wasm32-wasi (32-bit pointers), under wasmtime."""
    from cross_cases import build_wasm
    from test_wasm_differential import Reactor, WasmMemory

    out = build_wasm([KERNELS], tmp_path_factory.mktemp("wasm-objects"), "objects", cross_cache)
    manifest = json.loads((out / "manifest.json").read_text())
    reactor = Reactor(out / "lib" / "objects.wasm", manifest)
    memory = WasmMemory(reactor)

    def invoke(symbol: str, *args: Any) -> int:
        return int(reactor.exports[symbol](reactor.store, *args))

    run_cases(python, SimpleNamespace(**{f["name"]: functools.partial(call, memory, invoke, f)
                                         for f in manifest["functions"]}))


@pytest.mark.slow
def test_on_android(python: Any, cross_cache: Path, tmp_path: Path) -> None:
    """The same cases on android-arm64, the library driven through a program under qemu."""
    from hatch_pyaot import crossbuild
    from hatch_pyaot.codegen import c_abi
    from hatch_pyaot.toolchains.targets import Artifact
    from hatch_pyaot.toolchains.zig import toolchain_for
    from test_android_differential import QemuMemory, value_driver
    from test_c_abi_values import describe

    qemu = shutil.which("qemu-aarch64")
    if qemu is None:
        missing_tool("qemu-aarch64 is not installed (Debian: apt-get install qemu-user)")
    (module,) = crossbuild.compile_modules([KERNELS])[0]
    functions = [describe(module.name, e) for e in module.entries]
    (tmp_path / f"{module.name}.h").write_text(module.header)
    (tmp_path / f"{module.name}.cpp").write_text(module.cpp)
    (tmp_path / "runtime.cpp").write_text(c_abi.RUNTIME_SOURCE)
    (tmp_path / "driver.cpp").write_text(value_driver([f"{module.name}.h"], functions))
    toolchain = toolchain_for("android-arm64", Artifact.EXECUTABLE, cross_cache)
    exe = toolchain.build([tmp_path / "driver.cpp", tmp_path / f"{module.name}.cpp",
                           tmp_path / "runtime.cpp"], Artifact.EXECUTABLE, tmp_path / "driver")
    with subprocess.Popen([qemu, str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True) as process:
        memory = QemuMemory(process)
        try:
            run_cases(python, SimpleNamespace(**{
                f["name"]: functools.partial(call, memory, memory.invoke, f) for f in functions}))
        finally:
            assert process.stdin is not None
            process.stdin.close()


def test_the_caller_sees_attribute_changes(python: Any, native: Any) -> None:
    p = Obj(x=1, y=2)
    assert native.move(p, 5) == 8 and p == {"x": 6, "y": 2}
    box = Obj(label="b", items=[1])
    assert native.fill(box, 2) == "b!" and box == {"label": "b!", "items": [1, 0, 1]}
    points = [Obj(x=1, y=2), Obj(x=3, y=4)]
    assert native.nudge_all(points) is None and points == [{"x": 1, "y": 3}, {"x": 3, "y": 5}]
    kept = Obj(x=1, y=2)
    assert native.shifted(kept, 1) == {"x": 2, "y": 2} and kept == {"x": 1, "y": 2}


@pytest.mark.parametrize(("func", "args", "error", "message"), [
    ("color_name", ("teal",), ValueError, "color_name() argument 'c': 'teal' is not a valid Color"),
    ("color_name", (1,), TypeError, "color_name() argument 'c' must be Color, not int"),
    ("bump", (7,), ValueError, "bump() argument 'p': 7 is not a valid Prio"),
    ("shifted", (Obj(x=1, z=2), 1), TypeError,
     "shifted() argument 'p': Point() got an unexpected field 'z'"),
    ("shifted", (Obj(y=1), 1), TypeError, "shifted() argument 'p': Point() missing field 'x'"),
    ("shifted", (Obj(x="a"), 1), TypeError, "shifted() argument 'p.x' must be int, not str"),
    ("shifted", ([1, 2], 1), TypeError, "shifted() argument 'p' must be Point, not list"),
    ("xs", ([Obj(x=1), 3],), TypeError, "xs() argument 'points[1]' must be Point, not int"),
    ("length2", (Obj(start=Obj(x=1), end=Obj(x=2, y="q"), color="red"),), TypeError,
     "length2() argument 'line.end.y' must be int, not str"),
    ("checksum", ("abc",), TypeError, "checksum() argument 'data' must be bytes, not str"),
    ("checksum", ([1, 300],), ValueError,
     "checksum() argument 'data[1]': bytes must be in range(0, 256)"),
    ("rotate", ("1j", 1), TypeError, "rotate() argument 'z' must be complex, not str"),
    ("either", ("s",), TypeError, "either() argument 'v' must be Point | bytes | int, not str"),
    ("rotate", ([1.0], 1), TypeError,
     "rotate() argument 'z' must be a complex of 2 parts, not 1"),
])
def test_bad_arguments_are_located_errors(native: Any, func: str, args: tuple[Any, ...],
                                          error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        getattr(native, func)(*args)
    assert str(caught.value) == message


def test_other_forms_on_the_way_in(native: Any) -> None:
    """A field with a default may be left out; a dict of str keys is an object; bytes take a
    list of ints, complex a number, two numbers or {"real", "imag"} (what JSON can say)."""
    assert native.shifted(Obj(x=1), 1) == {"x": 2, "y": 0}
    assert native.shifted({"y": 3, "x": 1}, 1) == {"x": 2, "y": 3}
    assert native.checksum([104, 105]) == native.checksum(b"hi")
    assert native.rotate(2, 1) == 2j and native.rotate(2.5, 0) == 2.5 + 0j
    assert native.rotate([1, 2], 1) == -2 + 1j
    assert native.rotate(Obj(real=1.0, imag=2.0), 1) == -2 + 1j
    assert native.bump(True) == 5  # an IntEnum takes a bool node as its int, as int does
