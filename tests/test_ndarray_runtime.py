"""The runtime's numpy arrays on their own: the C++ unit tests in tests/cpp/test_ndarray.cpp
under AddressSanitizer, UBSan and LeakSanitizer, and the CPython boundary
(pyaot/python/ndarray.hpp) through a small extension module (tests/cpp/ndarray_module.cpp)
compared with numpy itself."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import sysconfig
import tracemalloc
import weakref
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cpp_build import CPP, FLAGS, assert_clean_run, build, build_and_run, load_extension

np = pytest.importorskip("numpy")

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64"]  # fmt: skip
CPP_TYPES = ["bool", "std::int8_t", "std::int16_t", "std::int32_t", "std::int64_t",
             "std::uint8_t", "std::uint16_t", "std::uint32_t", "std::uint64_t", "float",
             "double"]  # fmt: skip


@pytest.mark.parametrize("boundscheck", [1, 0])
def test_cpp_unit_tests_under_sanitizers(cxx: str, tmp_path: Path, boundscheck: int) -> None:
    run = build_and_run(
        cxx, CPP / "test_ndarray.cpp", tmp_path / "test_ndarray",
        f"-DPYAOT_BOUNDSCHECK={boundscheck}",
        # allocator_may_return_null: the MemoryError checks ask for exabytes
        asan_options="allocator_may_return_null=1:detect_leaks=1",
    )  # fmt: skip
    assert_clean_run(run)


@pytest.mark.parametrize("api", ["full", "limited"])
def test_every_dtype_and_rank_instantiates(cxx: str, tmp_path: Path, api: str) -> None:
    """Every operation and both conversions, for all dtypes and ranks 0-3, through
    pyaot/python/convert.hpp alone (its tuple templates must find the array overloads),
    with the full C API and with the limited one (3.11)."""
    lines = []
    for i, t in enumerate(CPP_TYPES):
        for n in range(4):
            a = f"pyaot::numpy::ndarray<{t}, {n}>"
            idx = ", ".join(["0"] * n)
            lines.append(f"""
void use_{i}_{n}(PyObject* obj) {{
  {a} a, b;
  {t} v{{}};
  std::array<std::int64_t, {n}> shape{{}};
  (void)(pyaot::numpy::empty(a, shape) && pyaot::numpy::zeros(a, shape) &&
         pyaot::numpy::ones(a, shape) && pyaot::numpy::full(a, shape, 1) &&
         pyaot::numpy::empty_like(b, a) && pyaot::numpy::zeros_like(b, a) &&
         pyaot::numpy::ones_like(b, a) && pyaot::numpy::full_like(b, a, v) &&
         pyaot::numpy::getitem(v, a{", " + idx if n else ""}) &&
         pyaot::numpy::setitem(a, v{", " + idx if n else ""}));
  v = pyaot::numpy::at(a{", " + idx if n else ""});
  (void)pyaot::numpy::offset(a{", " + idx if n else ""});
  (void)(a.size() + a.is_c_contiguous());
  std::tuple<{a}, double> t;
  if (pyaot::python::from_python(obj, a, "f", "x") &&
      pyaot::python::from_python(obj, t, "f", "t")) {{
    Py_XDECREF(pyaot::python::to_python(a));
    Py_XDECREF(pyaot::python::to_python(t));
  }}
}}""")
    source = tmp_path / "instantiate.cpp"
    source.write_text(
        '#include "pyaot/python/convert.hpp"\n#include <array>\n#include <cstdint>\n'
        '#include <tuple>\n#include "pyaot/numpy/ndarray.hpp"\n' + "".join(lines),
        encoding="utf-8",
    )
    limited = ["-DPy_LIMITED_API=0x030b0000"] if api == "limited" else []
    include = f"-I{sysconfig.get_paths()['include']}"
    build([cxx, *FLAGS, *limited, include, "-fsyntax-only", str(source)])


@pytest.fixture(scope="module")
def mod(cxx: str, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    folder = tmp_path_factory.mktemp("ndarray")
    target = folder / f"pyaot_ndarray{sysconfig.get_config_var('EXT_SUFFIX')}"
    build(
        [
            cxx, *FLAGS, "-O1", "-shared", "-fPIC", "-fvisibility=hidden",
            f"-I{sysconfig.get_paths()['include']}", str(CPP / "ndarray_module.cpp"),
            "-o", str(target),
        ]
    )  # fmt: skip
    return load_extension("pyaot_ndarray", target)


def _message(call: Callable[[], object]) -> tuple[str, str]:
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, str(info.value)


def _sample(dtype: str) -> Any:
    """Seven values of dtype, the extremes included."""
    if dtype == "bool":
        return np.array([True, False, True, True, False, False, True])
    if dtype.startswith("float"):
        info = np.finfo(dtype)
        return np.array([0.5, -0.0, np.inf, -np.inf, np.nan, info.max, info.tiny], dtype=dtype)
    info = np.iinfo(dtype)
    return np.array([info.min, info.max, 0, 1, 2, info.max - 1, 7], dtype=dtype)


def _same(a: Any, b: Any) -> bool:
    """Same dtype, shape and bytes (NaN equal to NaN, -0.0 not equal to 0.0)."""
    return bool(a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes())


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_round_trips(mod: ModuleType, dtype: str) -> None:
    identity, copy = getattr(mod, f"identity_{dtype}"), getattr(mod, f"copy_{dtype}")
    reverse, fill = getattr(mod, f"reverse_{dtype}"), getattr(mod, f"fill_{dtype}")
    x = _sample(dtype)
    assert identity(x) is x
    for view in (x, x[::2], x[::-2], x[1:4], x[:0], x[::-1][::3]):
        c = copy(view)
        assert _same(c, view.copy()) and c.flags.c_contiguous and c.flags.writeable
        assert not np.shares_memory(c, x)
        r = reverse(view)
        assert _same(r, view[::-1].copy()) and r.strides == view[::-1].strides
        if view.size:
            assert np.shares_memory(r, x)
    y = x.copy()
    fill(y[1::3], 1)
    expected = x.copy()
    expected[1::3] = 1
    assert _same(y, expected)
    other = "float64" if dtype != "float64" else "int64"
    article = "an" if dtype.startswith("i") else "a"
    assert _message(lambda: copy(np.zeros(3, other))) == (
        "TypeError",
        f"copy() argument 'x' must be {article} {dtype} array of rank 1, "
        f"not {other} array of rank 1",
    )


def test_results_equal_numpy(mod: ModuleType) -> None:
    x = np.arange(24.0).reshape(4, 6)
    for view in (x, x.T, x[::2, 1::2], x[::-1, ::-2], x[:0], np.asfortranarray(x)):
        assert mod.sum2d(view) == view.sum()
    f = np.linspace(-1, 1, 9, dtype=np.float32)
    for view in (f, f[::-3]):
        expected = (view.astype(np.float64) * 0.1).astype(np.float32)
        assert _same(mod.scale(view, 0.1), expected)
    assert _same(mod.transpose(x), x.T) and mod.transpose(x).strides == x.T.strides
    assert _same(mod.row(x, -1), x[-1]) and _same(mod.row(x.T, 2), x.T[2])
    assert _same(mod.every_other(x[0]), x[0, ::2]) and _same(mod.every_other(x[0, :0]), x[0, :0])
    b = mod.repeat_rows(x[1, ::-1], 3)
    assert _same(b, np.broadcast_to(x[1, ::-1], (3, 6))) and b.strides == (0, -8)
    assert _same(mod.zeros(2, 3), np.zeros((2, 3))) and mod.zeros(2, 3).flags.c_contiguous
    assert _same(mod.zeros(0, 3), np.zeros((0, 3))) and _same(mod.zeros(3, 0), np.zeros((3, 0)))
    assert mod.get(x[2], -1) == x[2, -1] and mod.get(x.T[1], 3) == x.T[1, 3]


def test_views_share_memory_and_writes_are_seen(mod: ModuleType) -> None:
    x = np.arange(10.0)
    r = mod.reverse_float64(x)
    assert np.shares_memory(r, x) and r.flags.writeable and not r.flags.owndata
    r[0] = 100.0
    assert x[-1] == 100.0
    t = mod.transpose(x.reshape(2, 5))
    t[4, 1] = -1.0
    assert x[9] == -1.0
    mod.fill_float64(x[::3], 7)
    assert x.tolist() == [7.0, 1.0, 2.0, 7.0, 4.0, 5.0, 7.0, 7.0, 8.0, 7.0]
    first, second = mod.halves(x)
    assert _same(first, x[:5]) and _same(second, x[5:])
    assert np.shares_memory(first, x) and np.shares_memory(second, x)
    a, b = np.arange(3.0), np.arange(4)
    swapped = mod.swap((a, b))
    assert type(swapped) is tuple and swapped[0] is b and swapped[1] is a


def test_identity_returns_the_argument(mod: ModuleType) -> None:
    x = np.arange(12.0).reshape(3, 4)
    for view in (x[1], x[:, 1], x[::-1, 2], x[0, ::-2], x[:0, 0], x.T[1]):
        assert mod.identity_float64(view) is view
        assert mod.transpose(view.reshape(1, -1)) is not view
    s = np.arange(3.0).view(type("Sub", (np.ndarray,), {}))
    assert mod.identity_float64(s) is s and type(mod.reverse_float64(s)) is np.ndarray
    # a stride that never moves need not be a multiple of the itemsize
    odd = np.ndarray((1,), np.float64, buffer=bytearray(8), strides=(3,))
    assert mod.identity_float64(odd) is odd and mod.copy_float64(odd).tolist() == [0.0]


def test_zero_dimensional_and_empty(mod: ModuleType) -> None:
    a = np.array(2.5)
    assert mod.identity0(a) is a and mod.get0(a) == 2.5
    full = mod.full0(4.0)
    assert _same(full, np.full((), 4.0)) and full.flags.writeable
    assert mod.get0(np.arange(3.0)[1, ...]) == 1.0
    e = np.zeros((0, 3))
    assert mod.sum2d(e) == 0.0 and mod.transpose(e).shape == (3, 0)
    assert _same(mod.copy_int64(np.zeros(0, np.int64)), np.zeros(0, np.int64))
    assert _message(lambda: mod.get(np.zeros(0), 0)) == (
        "IndexError",
        "index 0 is out of bounds for axis 0 with size 0",
    )
    assert _message(lambda: mod.get0(np.float64(1.0))) == (
        "TypeError",
        "get0() argument 'x' must be a float64 array of rank 0, not numpy.float64",
    )


def test_read_only_arrays_stay_read_only(mod: ModuleType) -> None:
    ro = np.arange(4)
    ro.flags.writeable = False
    assert mod.identity_int64(ro) is ro
    r = mod.reverse_int64(ro)
    assert not r.flags.writeable and np.shares_memory(r, ro)
    with pytest.raises(ValueError, match="read-only"):
        r[0] = 1
    assert mod.copy_int64(ro).flags.writeable
    assert _message(lambda: mod.fill_int64(ro, 1)) == (
        "ValueError",
        "assignment destination is read-only",
    )
    assert ro.tolist() == [0, 1, 2, 3]
    assert not mod.repeat_rows(np.broadcast_to(np.arange(3.0), (3,)), 2).flags.writeable


def test_argument_errors_name_function_and_parameter(mod: ModuleType) -> None:
    def check(call: Callable[[], object], kind: str, message: str) -> None:
        assert _message(call) == (kind, message)

    want = "sum2d() argument 'x' must be a float64 array of rank 2, not"
    check(lambda: mod.sum2d([[1.0]]), "TypeError", f"{want} list")
    check(lambda: mod.sum2d(None), "TypeError", f"{want} NoneType")
    check(lambda: mod.sum2d(np.zeros(3)), "TypeError", f"{want} float64 array of rank 1")
    check(lambda: mod.sum2d(np.zeros((2, 2), np.int32)), "TypeError",
          f"{want} int32 array of rank 2")  # fmt: skip
    check(lambda: mod.sum2d(np.zeros((2, 2), ">f8")), "TypeError",
          "sum2d() argument 'x' must be a float64 array in native byte order, "
          "not >f8 array of rank 2 (byte-swapped)")  # fmt: skip
    for dtype in ("object", "float16", "longdouble", "clongdouble", "datetime64[ns]", "U3",
                  "i4,f8"):  # fmt: skip
        bad = np.zeros((1, 1), dtype)
        check(lambda bad=bad: mod.sum2d(bad), "TypeError",
              f"{want} {bad.dtype} array of rank 2 (unsupported dtype)")  # fmt: skip
    misaligned = "must be an aligned array: its data address or strides are not multiples"
    data = np.frombuffer(bytearray(17), np.float64, offset=1)
    assert _message(lambda: mod.get(data, 0))[0] == "ValueError"
    assert misaligned in _message(lambda: mod.get(data, 0))[1]
    strides = np.ndarray((2,), np.float64, buffer=bytearray(32), strides=(12,))
    assert _message(lambda: mod.get(strides, 0))[0] == "ValueError"
    assert "get() argument 'x' " + misaligned in _message(lambda: mod.get(strides, 0))[1]
    check(lambda: mod.swap([np.zeros(1), np.zeros(1, np.int64)]), "TypeError",
          "swap() argument 't' must be tuple, not list")  # fmt: skip
    check(lambda: mod.swap((np.zeros(1), np.zeros(1))), "TypeError",
          "swap() argument 't[1]' must be an int64 array of rank 1, "
          "not float64 array of rank 1")  # fmt: skip
    check(lambda: mod.scale(np.zeros(2, np.float32), "k"), "TypeError",
          "scale() argument 'k' must be float, not str")  # fmt: skip


def test_runtime_errors_become_python_exceptions(mod: ModuleType) -> None:
    assert _message(lambda: mod.zeros(2, -1)) == (
        "ValueError",
        "negative dimensions are not allowed",
    )
    assert _message(lambda: np.zeros((2**62, 2))) == _message(lambda: mod.zeros(2**62, 2))
    assert _message(lambda: mod.get(np.arange(3.0), 5)) == (
        "IndexError",
        "index 5 is out of bounds for axis 0 with size 3",
    )
    assert _message(lambda: mod.get(np.arange(3.0), -4)) == _message(lambda: np.arange(3.0)[-4])


def test_references_are_not_leaked(mod: ModuleType) -> None:
    x = np.arange(10.0)
    ro = np.arange(3)
    ro.flags.writeable = False
    before = sys.getrefcount(x), sys.getrefcount(ro)
    for _ in range(10_000):
        mod.identity_float64(x)
        mod.reverse_float64(x)
        mod.halves(x)
        mod.swap((x, ro))
        mod.sum2d(x.reshape(2, 5))
        with pytest.raises(IndexError):
            mod.get(x, 10)
        with pytest.raises(ValueError):
            mod.fill_int64(ro, 0)
        with pytest.raises(TypeError):
            mod.get(ro, 0)
    assert (sys.getrefcount(x), sys.getrefcount(ro)) == before


def test_a_view_keeps_its_argument_alive_and_no_longer(mod: ModuleType) -> None:
    x = np.arange(4.0)
    alive = weakref.ref(x)
    r = mod.reverse_float64(x)
    del x
    gc.collect()
    assert alive() is not None and r.tolist() == [3.0, 2.0, 1.0, 0.0]
    base = r.base
    assert type(base).__name__ == "ArrayBuffer"
    with pytest.raises(TypeError):
        type(base)()
    del r, base
    assert alive() is None  # without gc: no reference cycle either
    pair = mod.halves(np.arange(4.0))
    alive = weakref.ref(pair[0])
    del pair
    assert alive() is None


def test_results_are_freed(mod: ModuleType) -> None:
    """Python objects through tracemalloc; the runtime's own allocations (not traced) through
    the process's resident memory: 2000 leaked 400 kB arrays would be 800 MB."""
    x = np.arange(1000.0)
    for _ in range(100):
        mod.zeros(50, 1000)
    tracemalloc.start()
    try:
        snapshot = tracemalloc.take_snapshot()
        for _ in range(10_000):
            mod.scale(x.astype(np.float32), 2.0)
            mod.reverse_float64(x)
            mod.halves(x)
            mod.full0(1.0)
        diff = tracemalloc.take_snapshot().compare_to(snapshot, "filename")
        grown = sum(stat.size_diff for stat in diff)
    finally:
        tracemalloc.stop()
    assert grown < 100_000
    statm = Path("/proc/self/statm")
    if not statm.exists():
        return
    page = os.sysconf("SC_PAGE_SIZE")
    rss = int(statm.read_text().split()[1]) * page
    for _ in range(2000):
        mod.zeros(50, 1000)
    assert int(statm.read_text().split()[1]) * page - rss < 50 * 2**20


def test_no_numpy_import_until_an_array_is_made(
    mod: ModuleType, run_python: Callable[..., subprocess.CompletedProcess[str]], tmp_path: Path
) -> None:
    path = Path(mod.__file__ or "")
    code = f"""
import importlib.util, sys
spec = importlib.util.spec_from_file_location("pyaot_ndarray", {str(path)!r})
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
try:
    mod.get([1.0], 0)
except TypeError as exc:
    print(exc)
print("numpy" in sys.modules)
print(mod.zeros(1, 2).tolist(), "numpy" in sys.modules)
"""
    out = run_python(code, tmp_path).stdout.splitlines()
    assert out == [
        "get() argument 'x' must be a float64 array of rank 1, not list",
        "False",
        "[[0.0, 0.0]] True",
    ]
