"""The C ABI of modules (codegen/c_abi.py) built with the host's compiler into one library and
called through ctypes: parameter names that are C or C++ keywords or clash with the wrapper's
own names, tuples flattened into C values, NumPy scalars, statuses and error texts; function
names that joined with ``_`` would collide with each other or with the runtime's exports,
and non-ASCII names, mangled to ASCII (codegen/c_names.py)."""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import textwrap
from pathlib import Path

import pytest

from cpp_build import INCLUDE
from hatch_pyaot import crossbuild
from hatch_pyaot.codegen import c_abi

SOURCE = '''\
import numpy as np

from hatch_pyaot import compile


@compile
def clash(value: int, new: int, result: float, pyaot_arg0: int) -> tuple[int, float]:
    return value * new + pyaot_arg0, result / 2


@compile
def pair_sum(t: tuple[int, tuple[float, bool]]) -> float:
    return t[0] + t[1][0] if t[1][1] else 0.0


@compile
def scaled(x: np.float32, k: int) -> np.float32:
    return x * np.float32(k)


@compile
def div(a: int, b: int) -> int:
    return a // b


@compile
def größe(länge: int, lange: int) -> int:
    return länge * 10 + lange
'''

CLASHING = {  # joined with '_', these would be pyaot_pkg_a_b_c twice and the runtime's names
    "pkg/__init__.py": "",
    "pkg/a.py": "@compile\ndef b_c(x: int) -> int:\n    return x + 1\n",
    "pkg/a_b.py": "@compile\ndef c(x: int) -> int:\n    return x + 2\n",
    "error.py": "@compile\ndef message(x: int) -> int:\n    return x + 3\n",
    "array.py": "@compile\ndef release(x: int) -> int:\n    return x + 4\n",
}


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> ctypes.CDLL:
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no C++ compiler")
    folder = tmp_path_factory.mktemp("cabi")
    (folder / "m.py").write_text(textwrap.dedent(SOURCE))
    (folder / "pkg").mkdir()
    for name, text in CLASHING.items():
        (folder / name).write_text("from hatch_pyaot import compile\n\n\n" + text)
    modules = crossbuild.compile_modules([folder / name for name in ("m.py", *CLASHING)])[0]
    sources = []
    for module in modules:
        (folder / f"{module.name}.cpp").write_text(module.cpp)
        (folder / f"{module.name}.h").write_text(module.header)
        sources.append(str(folder / f"{module.name}.cpp"))
    (folder / "runtime.cpp").write_text(c_abi.RUNTIME_SOURCE)
    proc = subprocess.run([compiler, "-std=c++20", "-shared", "-fPIC", "-fno-exceptions",
                           "-fno-rtti", f"-I{INCLUDE}", *sources, str(folder / "runtime.cpp"),
                           "-o", str(folder / "libm.so")], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]  # no symbol defined twice
    c = shutil.which("cc") or shutil.which("gcc")
    if c is not None:  # the headers are valid C99 with these names, and can go together
        includes = "".join(f'#include "{m.name}.h"\n' for m in modules)
        (folder / "probe.c").write_text(includes + "int main(void) { return 0; }\n")
        subprocess.run([c, "-std=c99", "-Wall", "-Werror", "-fsyntax-only", "-I", str(folder),
                        str(folder / "probe.c")], check=True, capture_output=True)
    return ctypes.CDLL(str(folder / "libm.so"))


def test_names_that_clash_are_renamed(library: ctypes.CDLL) -> None:
    first, second = ctypes.c_int64(), ctypes.c_double()
    status = library.pyaot_1m5clash(ctypes.c_int64(6), ctypes.c_int64(7), ctypes.c_double(5.0),
                                   ctypes.c_int64(1), ctypes.byref(first), ctypes.byref(second))
    assert (status, first.value, second.value) == (0, 43, 2.5)


def test_tuples_are_flattened_and_numpy_scalars_pass_as_their_c_type(library) -> None:
    out = ctypes.c_double()
    assert library.pyaot_1m8pair_sum(ctypes.c_int64(2), ctypes.c_double(0.5), ctypes.c_bool(True),
                                    ctypes.byref(out)) == 0
    assert out.value == 2.5
    value = ctypes.c_float()
    assert library.pyaot_1m6scaled(ctypes.c_float(1.5), ctypes.c_int64(3),
                                  ctypes.byref(value)) == 0
    assert value.value == 4.5


def test_an_exception_is_a_status_with_its_type_and_message(library) -> None:
    out = ctypes.c_int64(-1)
    status = library.pyaot_1m3div(ctypes.c_int64(1), ctypes.c_int64(0), ctypes.byref(out))
    assert status == 16 and out.value == -1  # 1 + ZeroDivisionError; out untouched
    library.pyaot_error_type.restype = library.pyaot_error_message.restype = ctypes.c_char_p
    assert library.pyaot_error_type() == b"ZeroDivisionError"
    assert library.pyaot_error_message().startswith(b"integer division or modulo by zero (at ")
    assert library.pyaot_1m3div(ctypes.c_int64(1), ctypes.c_int64(1), None) == 13  # TypeError


def test_header_declares_the_renamed_parameters(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(textwrap.dedent(SOURCE))
    (module,) = crossbuild.compile_modules([tmp_path / "m.py"])[0]
    assert ("int32_t pyaot_1m5clash(int64_t value, int64_t new_, double result, "
            "int64_t pyaot_arg0_, int64_t* result_0, double* result_1);") in module.header
    assert "int32_t pyaot_1m6scaled(float x, int64_t k, float* result);" in module.header
    assert ("int32_t pyaot_1mu15gr_u00f6_u00dfe(int64_t l_u00e4nge, int64_t lange, "
            "int64_t* result);") in module.header
    assert module.header.isascii()


def test_names_that_would_collide_when_joined_with_underscores_do_not(library) -> None:
    out = ctypes.c_int64()
    for symbol, added in (("pyaot_3pkg1a3b_c", 1), ("pyaot_3pkg3a_b1c", 2),
                          ("pyaot_5error7message", 3), ("pyaot_5array7release", 4)):
        assert getattr(library, symbol)(ctypes.c_int64(10), ctypes.byref(out)) == 0
        assert out.value == 10 + added
    # the runtime's own functions are still the runtime's
    assert library.pyaot_1m3div(ctypes.c_int64(1), ctypes.c_int64(0), ctypes.byref(out)) == 16
    library.pyaot_error_type.restype = ctypes.c_char_p
    assert library.pyaot_error_type() == b"ZeroDivisionError"


def test_names_are_injective() -> None:
    names = [("pkg.a", "b_c"), ("pkg.a_b", "c"), ("pkg", "a_b_c"), ("pkg_a", "b_c"),
             ("error", "message"), ("m", "größe"), ("m", "gr_u00f6_u00dfe"), ("m", "u1x"),
             ("m1", "x"), ("m", "\U0001d400")]
    symbols = [c_abi.symbol(module, function) for module, function in names]
    assert len(set(symbols)) == len(symbols)
    assert all(s.isascii() and s.replace("_", "").isalnum() for s in symbols)
    assert not set(symbols) & set(c_abi.RUNTIME_EXPORTS)


def test_a_non_ascii_function_is_called_by_its_ascii_name(library) -> None:
    out = ctypes.c_int64()
    assert library.pyaot_1mu15gr_u00f6_u00dfe(ctypes.c_int64(4), ctypes.c_int64(2),
                                              ctypes.byref(out)) == 0
    assert out.value == 42
