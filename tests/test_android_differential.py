"""The host's differential cases (tests/test_differential.py) on android-arm64: the C ABI of
kernels/scalar_kernels.py is linked into one static aarch64 program with a small driver made
here from the manifest (one line per call on stdin: the function and its arguments; one
line per result on stdout), which runs under qemu-aarch64. Values and exception types must
be CPython's, as on the host."""

from __future__ import annotations

import functools
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from conftest import missing_tool
from cross_cases import LIBM_KERNELS, flatten, rebuild, within_ulps
from support import Pair, assert_same
from test_differential import CASES, KERNELS

pytestmark = pytest.mark.slow

_C_TYPES = {"int": "int64_t", "float": "double", "bool": "bool"}
_PARSE = {"int": "std::strtoll(arg(), nullptr, 10)", "float": "std::strtod(arg(), nullptr)",
          "bool": "std::strtoll(arg(), nullptr, 10) != 0"}
_PRINT = {"int": 'std::printf(" %lld", static_cast<long long>({}))',
          "float": 'std::printf(" %a", {})', "bool": 'std::printf(" %d", {} ? 1 : 0)'}


def driver(header: str, functions: list[dict[str, Any]]) -> str:
    """A main that calls the functions named on stdin through their C ABI."""
    lines = ["#include <cstdio>", "#include <cstdlib>", "#include <cstring>", "#include <string>",
             f'#include "{header}"', "", "static char* next_token() { return std::strtok(nullptr, "
             '" \\n"); }', "static const char* arg() { const char* t = next_token(); "
             'return t ? t : "0"; }', "", "int main() {", "  static char line[4096];",
             "  while (std::fgets(line, sizeof line, stdin)) {",
             '    const char* name = std::strtok(line, " \\n");', "    if (!name) continue;"]
    for f in functions:
        params, results = f["params"], f["results"]
        lines.append(f'    if (std::strcmp(name, "{f["name"]}") == 0) {{')
        args = []
        for i, p in enumerate(params):
            lines.append(f"      const {_C_TYPES[p['type']]} a{i} = {_PARSE[p['type']]};")
            args.append(f"a{i}")
        for i, r in enumerate(results):
            lines.append(f"      {_C_TYPES[r['type']]} r{i}{{}};")
            args.append(f"&r{i}")
        lines += [f"      if ({f['symbol']}({', '.join(args)}) != 0) {{",
                  '        std::printf("err %s\\n", pyaot_error_type());', "      } else {",
                  '        std::printf("ok");']
        lines += [f"        {_PRINT[r['type']].format(f'r{i}')};" for i, r in enumerate(results)]
        lines += ['        std::printf("\\n");', "      }", "      continue;", "    }"]
    lines += ['    std::printf("err unknown\\n");', "  }", "  return 0;", "}", ""]
    return "\n".join(lines)


def encode(value: Any) -> str:
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, float):
        return value.hex()
    return str(value)


def decode(text: str, kind: str) -> Any:
    if kind == "float":
        return float.fromhex(text)  # printf's %a, or inf/nan
    if kind == "bool":
        return text == "1"
    return int(text)


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> tuple[Path, dict]:
    from hatch_pyaot import crossbuild
    from hatch_pyaot.codegen import c_abi
    from hatch_pyaot.toolchains.targets import Artifact
    from hatch_pyaot.toolchains.zig import toolchain_for

    (module,) = crossbuild.compile_modules([KERNELS])[0]
    folder = tmp_path_factory.mktemp("android")
    supported = {}
    for entry in module.entries:
        values = c_abi.c_parameters(entry)
        kinds = [crossbuild.type_description(v.type)["type"] for v in values]
        if all(k in _C_TYPES for k in kinds):
            supported[entry.name] = {
                "name": entry.name, "symbol": c_abi.symbol(module.name, entry.name),
                "params": [{"type": k} for v, k in zip(values, kinds, strict=True) if not v.out],
                "results": [{"type": k} for v, k in zip(values, kinds, strict=True) if v.out],
                "python": {"params": [{"default": p.default.value if p.default else None}
                                      for p in entry.spec.function.params],
                           "returns": str(entry.spec.result)}}
    (folder / f"{module.name}.h").write_text(module.header)
    (folder / f"{module.name}.cpp").write_text(module.cpp)
    (folder / "runtime.cpp").write_text(c_abi.RUNTIME_SOURCE)
    (folder / "driver.cpp").write_text(driver(f"{module.name}.h", list(supported.values())))
    toolchain = toolchain_for("android-arm64", Artifact.EXECUTABLE, cross_cache)
    exe = toolchain.build([folder / "driver.cpp", folder / f"{module.name}.cpp",
                           folder / "runtime.cpp"], Artifact.EXECUTABLE, folder / "driver")
    return exe, supported


def test_every_differential_case_on_android(program, tmp_path) -> None:
    import importlib.util

    qemu = shutil.which("qemu-aarch64")
    if qemu is None:
        missing_tool("qemu-aarch64 is not installed (Debian: apt-get install qemu-user)")
    exe, functions = program
    cases = []
    for name, args in CASES:
        if name not in functions:
            continue
        params = functions[name]["python"]["params"]
        full = (*args, *(p["default"] for p in params[len(args):]))
        cases.append((name, args, [encode(v) for v in flatten(full)]))
    stdin = "".join(f"{name} {' '.join(values)}\n" for name, _, values in cases)
    proc = subprocess.run([qemu, str(exe)], input=stdin, capture_output=True, text=True,
                          timeout=600, check=True)
    outputs = proc.stdout.splitlines()
    assert len(outputs) == len(cases) > 300

    spec = importlib.util.spec_from_file_location("scalar_kernels_android_reference", KERNELS)
    assert spec is not None and spec.loader is not None
    python = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(python)
    mismatches = []
    for (name, args, _), line in zip(cases, outputs, strict=True):
        function = functions[name]

        def native(*_: Any, line: str = line, function: dict = function) -> Any:
            status, *values = line.split()
            if status == "err":
                import builtins

                raise getattr(builtins, values[0], Exception)("raised on android-arm64")
            decoded = [decode(v, r["type"]) for v, r in zip(values, function["results"],
                                                            strict=True)]
            return rebuild(function["python"]["returns"], decoded)

        pair = Pair(native=SimpleNamespace(**{name: functools.partial(native)}),  # type: ignore[arg-type]
                    python=python, report=None)  # type: ignore[arg-type]
        try:
            assert_same(pair, name, *args)
        except (AssertionError, ValueError) as exc:
            if name in LIBM_KERNELS and within_ulps(getattr(python, name)(*args),
                                                     native()):
                continue
            mismatches.append(f"{name}{str(args)[:80]}: {str(exc)[:300]}")
    assert not mismatches, "\n".join(mismatches[:20])


# ---- str, list, dict, set and T | None (docs/c-abi.md, Values) --------------------------------
# The value kernels' library is driven from here through a small aarch64 program under qemu
# that serves its memory and calls (one request a line: malloc, free, write, read, release,
# error, call), so that tests/c_values.py lays out and reads back every pyaot_value exactly
# as on the host and on wasm.

_VALUE_C_TYPES = {"int": "int64_t", "float": "double", "bool": "bool", "value": "pyaot_value*"}
_VALUE_PARSE = {"int": "std::strtoll(next_token(), nullptr, 10)",
                "float": "std::strtod(next_token(), nullptr)",
                "bool": "std::strtoll(next_token(), nullptr, 10) != 0",
                "value": "reinterpret_cast<pyaot_value*>(std::strtoull(next_token(), nullptr, 10))"}
_SERVER = r"""
static char* next_token() { char* t = std::strtok(nullptr, " \n"); return t ? t : (char*)"0"; }
static void* pointer() { return reinterpret_cast<void*>(std::strtoull(next_token(), nullptr, 10)); }
static void hex(const char* text, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) std::printf("%02x", static_cast<unsigned char>(text[i]));
}
static int call(const char* symbol);
int main() {
  static char line[1 << 20];
  while (std::fgets(line, sizeof line, stdin)) {
    const char* op = std::strtok(line, " \n");
    if (!op) continue;
    if (op[0] == 'm') {
      std::printf("%llu", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(
          std::malloc(std::strtoull(next_token(), nullptr, 10)))));
    } else if (op[0] == 'f') {
      std::free(pointer());
    } else if (op[0] == 'w') {
      auto* at = static_cast<unsigned char*>(pointer());
      const char* data = next_token();
      for (std::size_t i = 0; data[2 * i] && data[2 * i + 1]; ++i) {
        const char byte[3] = {data[2 * i], data[2 * i + 1], 0};
        at[i] = static_cast<unsigned char>(std::strtoul(byte, nullptr, 16));
      }
    } else if (op[0] == 'r') {
      const char* at = static_cast<const char*>(pointer());
      hex(at, std::strtoull(next_token(), nullptr, 10));
    } else if (op[0] == 'v') {
      pyaot_value_release(static_cast<pyaot_value*>(pointer()));
    } else if (op[0] == 'e') {
      hex(pyaot_error_type(), std::strlen(pyaot_error_type()));
      std::printf(" ");
      hex(pyaot_error_message(), std::strlen(pyaot_error_message()));
    } else {
      std::printf("%d", call(next_token()));
    }
    std::printf("\n");
    std::fflush(stdout);
  }
  return 0;
}
"""


def value_driver(headers: list[str], functions: list[dict[str, Any]]) -> str:
    lines = ["#include <cstdint>", "#include <cstdio>", "#include <cstdlib>", "#include <cstring>",
             *(f'#include "{h}"' for h in headers), _SERVER, "static int call(const char* symbol) {"]
    for f in functions:
        kinds = [p["type"] for p in f["params"]] + ["value"] * len(f["results"])
        args = [f"({_VALUE_C_TYPES[k]}){_VALUE_PARSE[k]}" if k != "value" else _VALUE_PARSE[k]
                for k in kinds[:len(f["params"])]]
        args += [f"({_VALUE_C_TYPES[r['type']]}*)pointer()" if r["type"] != "value"
                 else "(pyaot_value*)pointer()" for r in f["results"]]
        lines.append(f'  if (std::strcmp(symbol, "{f["symbol"]}") == 0) '
                     f'return {f["symbol"]}({", ".join(args)});')
    lines += ["  return -1;", "}", ""]
    return "\n".join(lines)


class QemuMemory:
    """The driver's memory over its stdin and stdout."""

    pointer_size = 8

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.p = process

    def ask(self, line: str) -> str:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().strip()

    def malloc(self, n: int) -> int:
        return int(self.ask(f"m {n}"))

    def free(self, address: int) -> None:
        self.ask(f"f {address}")

    def write(self, address: int, data: bytes) -> None:
        self.ask(f"w {address} {data.hex()}")

    def read(self, address: int, n: int) -> bytes:
        return bytes.fromhex(self.ask(f"r {address} {n}"))

    def release(self, address: int) -> None:
        self.ask(f"v {address}")

    def error(self) -> tuple[str, str]:
        kind, message = (bytes.fromhex(part).decode("utf-8", "surrogateescape")
                         for part in [*self.ask("e").split(" "), ""][:2])
        return kind, message

    def invoke(self, symbol: str, *args: Any) -> int:
        text = " ".join(v.hex() if isinstance(v, float) else str(int(v)) for v in args)
        return int(self.ask(f"c {symbol} {text}"))


def test_value_cases_on_android(cross_cache: Path, tmp_path: Path) -> None:
    """The CPython cases of the str, list, dict and Optional kernels on android-arm64."""
    from c_values import call
    from hatch_pyaot import crossbuild
    from hatch_pyaot.codegen import c_abi
    from hatch_pyaot.toolchains.targets import Artifact
    from hatch_pyaot.toolchains.zig import toolchain_for
    from test_c_abi_values import KERNELS as VALUE_KERNELS
    from test_c_abi_values import MODULES, describe, run_cases

    qemu = shutil.which("qemu-aarch64")
    if qemu is None:
        missing_tool("qemu-aarch64 is not installed (Debian: apt-get install qemu-user)")
    modules = [m for name in MODULES
               for m in crossbuild.compile_modules([VALUE_KERNELS / f"{name}.py"])[0]]
    functions = [describe(m.name, e) for m in modules for e in m.entries]
    for module in modules:
        (tmp_path / f"{module.name}.h").write_text(module.header)
        (tmp_path / f"{module.name}.cpp").write_text(module.cpp)
    (tmp_path / "runtime.cpp").write_text(c_abi.RUNTIME_SOURCE)
    (tmp_path / "driver.cpp").write_text(value_driver([f"{m.name}.h" for m in modules], functions))
    toolchain = toolchain_for("android-arm64", Artifact.EXECUTABLE, cross_cache)
    exe = toolchain.build([tmp_path / "driver.cpp", *(tmp_path / f"{m.name}.cpp" for m in modules),
                           tmp_path / "runtime.cpp"], Artifact.EXECUTABLE, tmp_path / "driver")
    with subprocess.Popen([qemu, str(exe)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          text=True) as process:
        memory = QemuMemory(process)
        try:
            run_cases(lambda name: SimpleNamespace(**{
                f["name"]: functools.partial(call, memory, memory.invoke, f)
                for f in functions if f["module"] == name}))
        finally:
            assert process.stdin is not None
            process.stdin.close()
