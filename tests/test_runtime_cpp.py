"""The C++ runtime on its own: the unit tests in tests/cpp/test_runtime.cpp under
AddressSanitizer and UBSan, and the CPython boundary headers (pyaot/python/*.hpp) through a
small extension module (tests/cpp/boundary_module.cpp)."""

from __future__ import annotations

import sys
import sysconfig
from pathlib import Path
from types import ModuleType

import pytest

from cpp_build import (
    CPP,
    FLAGS,
    INCLUDE,
    assert_clean_run,
    build,
    build_and_run,
    load_extension,
    run,
)


def test_cpp_unit_tests_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    exe = tmp_path / "test_runtime"
    build(
        [
            cxx, "-std=c++20", "-O1", "-g", "-fno-exceptions", "-fno-rtti",
            "-ffp-contract=off", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer", "-Wall", "-Wextra", "-Werror", f"-I{INCLUDE}",
            str(CPP / "test_runtime.cpp"), "-o", str(exe), "-pthread",
        ]
    )  # fmt: skip
    assert_clean_run(run(exe), leaks=False)


@pytest.fixture(scope="module")
def boundary(cxx: str, tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    folder = tmp_path_factory.mktemp("boundary")
    target = folder / f"pyaot_boundary{sysconfig.get_config_var('EXT_SUFFIX')}"
    build(
        [
            cxx, "-std=c++20", "-O1", "-shared", "-fPIC", "-fno-exceptions", "-fno-rtti",
            "-fvisibility=hidden", "-Wall", "-Wextra", "-Werror", f"-I{INCLUDE}",
            f"-I{sysconfig.get_paths()['include']}", str(CPP / "boundary_module.cpp"),
            "-o", str(target),
        ]
    )  # fmt: skip
    return load_extension("pyaot_boundary", target)


def _message(call: object) -> tuple[str, str]:
    assert callable(call)
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, str(info.value)


def integrate(a: float, b: float, n: int = 3) -> None:
    """The Python signature the extension's integrate() binds like."""


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((1.0, 2.0, 3, 4), {}),
        ((1.0, 2.0, 3, 4, 5), {}),
        ((1.0, 2.0, 3, 4), {"q": 1}),
        ((1.0, 2.0, 3, 4), {"a": 1}),
        ((1.0,), {"q": 2.0}),
        ((1.0,), {"a": 2.0}),
        ((1.0, 2.0, 3), {"n": 4}),
        ((1.0,), {}),
        ((), {}),
        ((), {"b": 1.0}),
        ((), {"n": 1}),
    ],
)
def test_bind_arguments_words_errors_like_cpython(
    boundary: ModuleType, args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    assert _message(lambda: boundary.integrate(*args, **kwargs)) == _message(
        lambda: integrate(*args, **kwargs)  # type: ignore[arg-type]
    )


def test_bind_arguments_fills_defaults_and_keywords(boundary: ModuleType) -> None:
    assert boundary.integrate(1.0, 2.0) == (1.0, 2.0, 3)
    assert boundary.integrate(1, b=2.5, n=7) == (1.0, 2.5, 7)
    assert boundary.integrate(n=5, b=1.0, a=0.5) == (0.5, 1.0, 5)
    assert boundary.nothing() is None
    assert _message(lambda: boundary.nothing(1)) == (
        "TypeError",
        "nothing() takes 0 positional arguments but 1 was given",
    )
    assert _message(lambda: boundary.nothing(a=1)) == (
        "TypeError",
        "nothing() got an unexpected keyword argument 'a'",
    )


def test_int_conversion(boundary: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    assert boundary.as_int(2**63 - 1) == 2**63 - 1
    assert boundary.as_int(-(2**63)) == -(2**63)
    assert boundary.as_int(True) == 1 and type(boundary.as_int(True)) is int
    assert boundary.as_int(np.int32(-5)) == -5
    assert boundary.as_int(np.uint8(200)) == 200
    assert _message(lambda: boundary.as_int(2**63)) == (
        "OverflowError",
        "as_int() argument 'x' does not fit in the compiled int (64-bit)",
    )
    assert _message(lambda: boundary.as_int(np.uint64(2**63))) == (
        "OverflowError",
        "as_int() argument 'x' does not fit in the compiled int (64-bit)",
    )
    for bad, name in ((1.0, "float"), ("1", "str"), (np.float64(1.0), "numpy.float64"),
                      (None, "NoneType"), (np.bool_(True), "numpy.bool")):  # fmt: skip
        assert _message(lambda bad=bad: boundary.as_int(bad)) == (
            "TypeError",
            f"as_int() argument 'x' must be int, not {name}",
        )


def test_float_conversion(boundary: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    assert boundary.as_float(1.5) == 1.5
    assert boundary.as_float(2**53 + 1) == 9007199254740992.0  # rounded like float(int)
    assert boundary.as_float(False) == 0.0
    assert boundary.as_float(np.float32(0.1)) == float(np.float32(0.1))
    assert boundary.as_float(np.int64(7)) == 7.0
    assert _message(lambda: boundary.as_float(10**400)) == _message(lambda: float(10**400))
    for bad, name in (("1.0", "str"), (1j, "complex"), (None, "NoneType"), (b"1", "bytes")):
        assert _message(lambda bad=bad: boundary.as_float(bad)) == (
            "TypeError",
            f"as_float() argument 'x' must be float, not {name}",
        )


def test_bool_none_and_tuple_conversion(boundary: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    assert boundary.as_bool(True) is True and boundary.as_bool(False) is False
    assert boundary.as_bool(np.bool_(True)) is True
    assert _message(lambda: boundary.as_bool(1)) == (
        "TypeError",
        "as_bool() argument 'x' must be bool, not int",
    )
    assert boundary.as_none(None) is None
    assert _message(lambda: boundary.as_none(0)) == (
        "TypeError",
        "as_none() argument 'x' must be None, not int",
    )
    assert boundary.as_pair((3, (2, True))) == (3, (2.0, True))
    assert _message(lambda: boundary.as_pair([3, (2.0, True)])) == (
        "TypeError",
        "as_pair() argument 'x' must be tuple, not list",
    )
    assert _message(lambda: boundary.as_pair((3, (2.0, True), 4))) == (
        "TypeError",
        "as_pair() argument 'x' must be a tuple of length 2, not 3",
    )
    assert _message(lambda: boundary.as_pair((3, (2.0, 1)))) == (
        "TypeError",
        "as_pair() argument 'x[1][1]' must be bool, not int",
    )
    assert _message(lambda: boundary.as_pair(("3", (2.0, True)))) == (
        "TypeError",
        "as_pair() argument 'x[0]' must be int, not str",
    )


EXC_NAMES = [
    "Exception", "ArithmeticError", "AssertionError", "IndexError", "KeyError", "LookupError",
    "MemoryError", "NotImplementedError", "OverflowError", "RecursionError", "RuntimeError",
    "StopIteration", "TypeError", "UnboundLocalError", "ValueError", "ZeroDivisionError",
]  # fmt: skip


@pytest.mark.parametrize(("kind", "name"), list(enumerate(EXC_NAMES)))
def test_to_python_error_maps_every_exception(boundary: ModuleType, kind: int, name: str) -> None:
    with pytest.raises(BaseException) as info:
        boundary.fail(kind, 12)
    assert type(info.value) is getattr(sys.modules["builtins"], name)
    assert info.value.args == (f"boom {kind} (at kernels.py:12)",)
    assert boundary.error_pending() is False  # the state was cleared
    with pytest.raises(BaseException) as info:
        boundary.fail(kind, 0)
    assert info.value.args == (f"boom {kind}",)


def test_to_python_error_without_a_pending_error(boundary: ModuleType) -> None:
    assert _message(boundary.fail_without_error)[0] == "SystemError"


def test_list_runtime_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    """pyaot/builtins/list.hpp: sharing, the reference count and CPython's errors, with
    LeakSanitizer on (every list freed, nested ones too)."""
    assert_clean_run(build_and_run(cxx, CPP / "test_list.cpp", tmp_path / "test_list"))


def test_free_lists_go_back_when_their_thread_ends(cxx: str, tmp_path: Path) -> None:
    """pyaot/small_heap.hpp with its free lists on (no AddressSanitizer, which turns them
    off): a thread reuses the boxes it freed, and gives them back when it ends."""
    exe = tmp_path / "test_small_heap"
    build([cxx, *FLAGS, "-O1", "-pthread", str(CPP / "test_small_heap.cpp"),
           "-o", str(exe)])
    assert_clean_run(run(exe), leaks=False)


def test_dict_runtime_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    """pyaot/builtins/dict.hpp: sharing, insertion order through deletions and rebuilds,
    popitem, the iteration checks and CPython's errors, with LeakSanitizer on."""
    assert_clean_run(build_and_run(cxx, CPP / "test_dict.cpp", tmp_path / "test_dict"))


def test_set_runtime_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    """pyaot/builtins/set.hpp: sharing, the operators, pop and the iteration check, with
    LeakSanitizer on."""
    assert_clean_run(build_and_run(cxx, CPP / "test_set.cpp", tmp_path / "test_set"))


def test_c_values_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    """pyaot/c_value.hpp (the C ABI's values) and the standalone programs' JSON reader."""
    assert_clean_run(build_and_run(cxx, CPP / "test_c_value.cpp", tmp_path / "test_c_value"))


def test_hash_is_cpythons(cxx: str, tmp_path: Path) -> None:
    """pyaot::py_hash gives hash() of CPython for ints across int64 (the reduction modulo
    2**61 - 1, -1 -> -2), floats (fractions, huge, tiny, infinities, -0.0), bools, tuples and
    frozensets."""
    import math
    import random

    exe = tmp_path / "print_hashes"
    build([cxx, "-std=c++20", "-O1", f"-I{INCLUDE}", str(CPP / "print_hashes.cpp"), "-o",
           str(exe)])
    rnd = random.Random(5)
    ints = [0, 1, -1, -2, 2**61 - 2, 2**61 - 1, 2**61, -(2**61 - 1), -(2**61), 2**62,
            2**63 - 1, -(2**63), -(2**63) + 1, *(rnd.randint(-(2**63), 2**63 - 1)
                                                 for _ in range(300))]
    floats = [0.0, -0.0, 1.0, -1.0, 0.5, 1.5, -2.5, 1e308, -1e-308, 5e-324, math.inf,
              -math.inf, 2.0**61, 2.0**62, 2.0**63, 0.1, 1 / 3,
              *(rnd.uniform(-1e6, 1e6) for _ in range(200)),
              *(rnd.random() * 10.0 ** rnd.randint(-300, 300) for _ in range(200))]
    lines = [f"i {v}" for v in ints] + [f"f {v.hex()}" for v in floats] + ["b 0", "b 1"]
    pairs = list(zip(ints[:100], floats[:100], strict=True))
    lines += [f"t {i} {f.hex()}" for i, f in pairs]
    expected = [hash(v) for v in ints] + [hash(v) for v in floats] + [hash(False), hash(True)]
    expected += [hash((i, f, (True,))) for i, f in pairs]
    groups = [ints[k:k + n] for k, n in zip(range(0, 200, 20), range(10), strict=False)]
    lines += [f"z {len(g)} " + " ".join(map(str, g)) for g in groups]
    expected += [hash(frozenset(g)) for g in groups]
    proc = run(exe, input="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    got = [int(x) for x in proc.stdout.split()]
    wrong = [(line, e, g) for line, e, g in zip(lines, expected, got, strict=True) if e != g]
    assert not wrong, wrong[:5]


def test_str_pages_under_sanitizers(cxx: str, tmp_path: Path) -> None:
    """pyaot/builtins/str_pool.hpp with its pages on under ASan (each page one allocation it
    sees): short strings in order, pages reused and given back, on one thread and across
    threads, with LeakSanitizer on."""
    exe = tmp_path / "test_str_pool"
    assert_clean_run(build_and_run(cxx, CPP / "test_str_pool.cpp", exe, "-DPYAOT_STR_POOL=1",
                                   "-pthread"))
