"""The host's differential cases (tests/test_differential.py) on wasm32-wasi: the kernels of
kernels/scalar_kernels.py are built into one reactor library (``crossbuild``, the C ABI of
docs/c-abi.md) and each case is called through the wasmtime package. Values and exception
types must be CPython's, as on the host."""

from __future__ import annotations

import functools
import struct
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cross_cases import LIBM_KERNELS, flatten, rebuild, within_ulps
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
        flat = list(flatten(args))
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
        return rebuild(function["python"]["returns"], values)


def _builtin(name: str) -> type[BaseException]:
    import builtins

    found = getattr(builtins, name, None)
    return found if isinstance(found, type) and issubclass(found, BaseException) else Exception


def _c_value(value: Any, kind: str) -> Any:
    if kind == "bool":
        return int(bool(value))
    if kind == "float":
        return float(value)
    return value


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
            if name in LIBM_KERNELS and within_ulps(getattr(python_module, name)(*args),
                                                     reactor.call(name, *args)):
                continue
            mismatches.append(f"{name}{str(args)[:80]}: {str(exc)[:300]}")
    assert checked > 300
    assert not mismatches, "\n".join(mismatches[:20])


# ---- str, list, dict, set and T | None (docs/c-abi.md, Values) --------------------------------


class WasmMemory:
    """A reactor's linear memory, for tests/c_values.py: 32-bit pointers."""

    pointer_size = 4

    def __init__(self, reactor: Reactor) -> None:
        self.r = reactor

    def malloc(self, n: int) -> int:
        return int(self.r.exports["malloc"](self.r.store, n))

    def free(self, address: int) -> None:
        self.r.exports["free"](self.r.store, address)

    def write(self, address: int, data: bytes) -> None:
        self.r.memory.write(self.r.store, data, address)

    def read(self, address: int, n: int) -> bytes:
        return bytes(self.r.memory.read(self.r.store, address, address + n))

    def release(self, address: int) -> None:
        self.r.exports["pyaot_value_release"](self.r.store, address)

    def error(self) -> tuple[str, str]:
        return (self.r.string(self.r.exports["pyaot_error_type"](self.r.store)),
                self.r.string(self.r.exports["pyaot_error_message"](self.r.store)))


@pytest.fixture(scope="module")
def value_reactor(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Reactor:
    import json

    from cross_cases import build_wasm
    from test_c_abi_values import KERNELS as VALUE_KERNELS
    from test_c_abi_values import MODULES

    out = build_wasm([VALUE_KERNELS / f"{name}.py" for name in MODULES],
                     tmp_path_factory.mktemp("wasm-values"), "values", cross_cache)
    manifest = json.loads((out / "manifest.json").read_text())
    reactor = Reactor(out / "lib" / "values.wasm", manifest)
    reactor.functions = {f"{f['module']}.{f['name']}": f for f in manifest["functions"]}
    return reactor


def test_value_cases_on_wasm(value_reactor: Reactor) -> None:
    """The CPython cases of the str, list, dict and Optional kernels on wasm32-wasi, as
    tests/test_c_abi_values.py runs them on the host."""
    from c_values import call
    from test_c_abi_values import run_cases

    memory = WasmMemory(value_reactor)

    def invoke(symbol: str, *args: Any) -> int:
        return int(value_reactor.exports[symbol](value_reactor.store, *args))

    def module(name: str) -> SimpleNamespace:
        return SimpleNamespace(**{
            f["name"]: functools.partial(call, memory, invoke, f)
            for key, f in value_reactor.functions.items() if f["module"] == name})

    run_cases(module)
