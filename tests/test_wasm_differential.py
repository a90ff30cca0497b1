"""The host's differential cases (tests/test_differential.py) on wasm32-wasi: the kernels of
kernels/scalar_kernels.py are built into one reactor library (``crossbuild``, the C ABI of
docs/c-abi.md) and each case is called through the wasmtime package. Values and exception
types must be CPython's, as on the host."""

from __future__ import annotations

import functools
import math
import struct
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from support import Pair, assert_same
from test_differential import CASES, KERNELS

pytestmark = pytest.mark.slow

wasmtime = pytest.importorskip("wasmtime")

_FORMATS = {"int": "<q", "float": "<d", "bool": "<?"}


class Reactor:
    """The wasm library, instantiated once; ``call`` marshals numbers and tuples."""

    def __init__(self, wasm: Path, manifest: dict[str, Any]) -> None:
        engine = wasmtime.Engine()
        linker = wasmtime.Linker(engine)
        linker.define_wasi()
        self.store = wasmtime.Store(engine)
        self.store.set_wasi(wasmtime.WasiConfig())
        self.instance = linker.instantiate(self.store,
                                           wasmtime.Module.from_file(engine, str(wasm)))
        self.exports = self.instance.exports(self.store)
        self.exports["_initialize"](self.store)
        self.memory = self.exports["memory"]
        self.functions = {f["name"]: f for f in manifest["functions"]}

    def string(self, pointer: int) -> str:
        data = self.memory.read(self.store, pointer, pointer + 4096)
        return bytes(data[:data.index(0)]).decode()

    def call(self, name: str, *args: Any) -> Any:
        """The result, or the Python exception raised (an instance of its builtin type)."""
        function = self.functions[name]
        params = function["python"]["params"]
        args = (*args, *(p["default"] for p in params[len(args):]))  # C takes every argument
        flat = list(_flatten(args))
        results = function["results"]
        block = self.exports["malloc"](self.store, 8 * max(len(results), 1))
        try:
            c_args = [_c_value(v, p["type"]) for v, p in zip(flat, function["params"],
                                                             strict=True)]
            outs = [block + 8 * i for i in range(len(results))]
            status = self.exports[function["symbol"]](self.store, *c_args, *outs)
            if status != 0:
                name_ = self.string(self.exports["pyaot_error_type"](self.store))
                raise _builtin(name_)(self.string(self.exports["pyaot_error_message"](
                    self.store)))
            values = []
            for out, result in zip(outs, results, strict=True):
                fmt = _FORMATS[result["type"]]
                raw = self.memory.read(self.store, out, out + struct.calcsize(fmt))
                values.append(struct.unpack(fmt, bytes(raw))[0])
        finally:
            self.exports["free"](self.store, block)
        return _rebuild(function["python"]["returns"], values)


def _builtin(name: str) -> type[BaseException]:
    import builtins

    found = getattr(builtins, name, None)
    return found if isinstance(found, type) and issubclass(found, BaseException) else Exception


def _flatten(value: Any) -> Any:
    if isinstance(value, tuple):
        for item in value:
            yield from _flatten(item)
    else:
        yield value


def _c_value(value: Any, kind: str) -> Any:
    if kind == "bool":
        return int(bool(value))
    if kind == "float":
        return float(value)
    return value


def _rebuild(annotation: str, values: list[Any]) -> Any:
    """The Python result from the flat out-values (tuples nest as annotated)."""
    items = iter(values)

    def build(text: str) -> Any:
        if text.startswith("tuple["):
            inner = text[len("tuple["):-1]
            parts, depth, start = [], 0, 0
            for i, ch in enumerate(inner):
                depth += ch == "["
                depth -= ch == "]"
                if ch == "," and depth == 0:
                    parts.append(inner[start:i].strip())
                    start = i + 1
            parts.append(inner[start:].strip())
            return tuple(build(p) for p in parts if p)
        if text == "None":
            return None
        return next(items)

    return build(annotation)


LIBM_KERNELS = {"math_mix"}
"""Kernels that call the C library's transcendental functions: WASI's libc (musl's libm) may
round math.atan2 & co. 1 ulp away from the host's glibc, as CPython built for WASI would."""


def _within_ulps(expected: Any, got: Any, ulps: int = 2) -> bool:
    if isinstance(expected, tuple) and isinstance(got, tuple):
        return len(expected) == len(got) and all(
            _within_ulps(e, g, ulps) for e, g in zip(expected, got, strict=True))
    if isinstance(expected, float) and isinstance(got, float):
        return expected == got or abs(expected - got) <= ulps * math.ulp(expected)
    return type(expected) is type(got) and expected == got


@pytest.fixture(scope="module")
def reactor(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Reactor:
    import json

    from hatch_pyaot import crossbuild

    modules, _ = crossbuild.compile_modules([KERNELS])
    out = tmp_path_factory.mktemp("wasm")
    (report,) = crossbuild.build_targets(modules, ["wasm32-wasi"], out, "scalar_kernels",
                                         cache_dir=cross_cache, programs=False)
    assert report.skipped is None, report.skipped
    manifest = json.loads((out / "wasm32-wasi" / "manifest.json").read_text())
    return Reactor(out / "wasm32-wasi" / "lib" / "scalar_kernels.wasm", manifest)


@pytest.fixture(scope="module")
def python_module() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("scalar_kernels_reference", KERNELS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_differential_case_on_wasm(reactor: Reactor, python_module: Any) -> None:
    native = SimpleNamespace(**{name: functools.partial(reactor.call, name)
                                for name in reactor.functions})
    pair = Pair(native=native, python=python_module, report=None)  # type: ignore[arg-type]
    checked = 0
    mismatches = []
    for name, args in CASES:
        if name not in reactor.functions:
            continue  # stayed Python on the host too (test_differential checks that)
        checked += 1
        try:
            assert_same(pair, name, *args)
        except (AssertionError, ValueError) as exc:  # ValueError: a huge int in the message
            if name in LIBM_KERNELS and _within_ulps(getattr(python_module, name)(*args),
                                                     reactor.call(name, *args)):
                continue
            mismatches.append(f"{name}{str(args)[:80]}: {str(exc)[:300]}")
    assert checked > 300
    assert not mismatches, "\n".join(mismatches[:20])
