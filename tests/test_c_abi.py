"""The C ABI of a module (codegen/c_abi.py) built with the host's compiler and called through
ctypes: parameter names that are C or C++ keywords or clash with the wrapper's own names,
tuples flattened into C values, NumPy scalars, statuses and error texts."""

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
'''


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> ctypes.CDLL:
    compiler = shutil.which("c++") or shutil.which("g++")
    if compiler is None:
        pytest.skip("no C++ compiler")
    folder = tmp_path_factory.mktemp("cabi")
    (folder / "m.py").write_text(textwrap.dedent(SOURCE))
    (module,) = crossbuild.compile_modules([folder / "m.py"])[0]
    (folder / "m.cpp").write_text(module.cpp)
    (folder / "runtime.cpp").write_text(c_abi.RUNTIME_SOURCE)
    (folder / "m.h").write_text(module.header)
    subprocess.run([compiler, "-std=c++20", "-shared", "-fPIC", "-fno-exceptions", "-fno-rtti",
                    f"-I{INCLUDE}", str(folder / "m.cpp"), str(folder / "runtime.cpp"), "-o",
                    str(folder / "libm.so")], check=True, capture_output=True, timeout=600)
    c = shutil.which("cc") or shutil.which("gcc")
    if c is not None:  # the header is valid C99 with these names
        (folder / "probe.c").write_text('#include "m.h"\nint main(void) { return 0; }\n')
        subprocess.run([c, "-std=c99", "-Wall", "-Werror", "-fsyntax-only", "-I", str(folder),
                        str(folder / "probe.c")], check=True, capture_output=True)
    return ctypes.CDLL(str(folder / "libm.so"))


def test_names_that_clash_are_renamed(library: ctypes.CDLL) -> None:
    first, second = ctypes.c_int64(), ctypes.c_double()
    status = library.pyaot_m_clash(ctypes.c_int64(6), ctypes.c_int64(7), ctypes.c_double(5.0),
                                   ctypes.c_int64(1), ctypes.byref(first), ctypes.byref(second))
    assert (status, first.value, second.value) == (0, 43, 2.5)


def test_tuples_are_flattened_and_numpy_scalars_pass_as_their_c_type(library) -> None:
    out = ctypes.c_double()
    assert library.pyaot_m_pair_sum(ctypes.c_int64(2), ctypes.c_double(0.5), ctypes.c_bool(True),
                                    ctypes.byref(out)) == 0
    assert out.value == 2.5
    value = ctypes.c_float()
    assert library.pyaot_m_scaled(ctypes.c_float(1.5), ctypes.c_int64(3),
                                  ctypes.byref(value)) == 0
    assert value.value == 4.5


def test_an_exception_is_a_status_with_its_type_and_message(library) -> None:
    out = ctypes.c_int64(-1)
    status = library.pyaot_m_div(ctypes.c_int64(1), ctypes.c_int64(0), ctypes.byref(out))
    assert status == 16 and out.value == -1  # 1 + ZeroDivisionError; out untouched
    library.pyaot_error_type.restype = library.pyaot_error_message.restype = ctypes.c_char_p
    assert library.pyaot_error_type() == b"ZeroDivisionError"
    assert library.pyaot_error_message().startswith(b"integer division or modulo by zero (at ")
    assert library.pyaot_m_div(ctypes.c_int64(1), ctypes.c_int64(1), None) == 13  # TypeError


def test_header_declares_the_renamed_parameters(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text(textwrap.dedent(SOURCE))
    (module,) = crossbuild.compile_modules([tmp_path / "m.py"])[0]
    assert ("int32_t pyaot_m_clash(int64_t value, int64_t new_, double result, "
            "int64_t pyaot_arg0_, int64_t* result_0, double* result_1);") in module.header
    assert "int32_t pyaot_m_scaled(float x, int64_t k, float* result);" in module.header
