"""The generated code under AddressSanitizer and UndefinedBehaviorSanitizer: the scalar
kernels built with -fsanitize=address,undefined run every differential case of
test_differential.py in a separate Python (a sanitizer report aborts that process)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import missing_tool
from hatch_pyaot.pipeline import build
from hatch_pyaot.toolchains.host import BuildOptions
from support import SANITIZE

TESTS = Path(__file__).resolve().parent


def _runtime_library(cxx: str, name: str) -> str:
    path = subprocess.run([cxx, f"-print-file-name={name}"], capture_output=True, text=True,
                          check=True).stdout.strip()
    if not os.path.isabs(path) or not os.path.exists(path):
        missing_tool(f"{cxx} has no {name} (the sanitizer runtimes)")
    return path


@pytest.mark.slow
def test_every_differential_case_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    shutil.copyfile(TESTS / "kernels" / "scalar_kernels.py", tmp_path / "scalar_kernels.py")
    report = build([tmp_path / "scalar_kernels.py"],
                   BuildOptions(opt_level="1", extra_cxx_flags=SANITIZE))
    assert report.built and not report.failed_entries
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(TESTS)!r})
        from pathlib import Path
        import test_differential as cases
        from hatch_pyaot import is_compiled
        from support import Pair, assert_same, import_file
        path = Path("scalar_kernels.py")
        native = import_file(path, "scalar_kernels")
        assert is_compiled(native.iadd), "the sanitized module did not load"
        pair = Pair(native, import_file(path, "scalar_kernels_python", disable=True), None)
        for func, args in cases.CASES:
            assert_same(pair, func, *args)
        print("checked", len(cases.CASES))
    """)
    proc = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=_sanitized_env(cxx),
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-6000:]
    assert proc.stdout.startswith("checked ")


@pytest.mark.slow
def test_array_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_arrays.py again, its kernels built with the sanitizers: the array runtime
    (storage, views, the buffer-protocol boundary) under ASan and UBSan."""
    _tests_under_sanitizers(cxx, tmp_path, "test_arrays.py")


@pytest.mark.slow
def test_fusion_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_fusion_statements.py again under ASan and UBSan: the blocks of fused
    reductions and the storage that arrays made in loops reuse."""
    _tests_under_sanitizers(cxx, tmp_path, "test_fusion_statements.py")


@pytest.mark.slow
def test_rank_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_numpy_ranks.py again under ASan and UBSan: views of rows, and arrays of
    every rank padded at the call (python/rank_padding.hpp)."""
    _tests_under_sanitizers(cxx, tmp_path, "test_numpy_ranks.py")


@pytest.mark.slow
def test_split_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_numpy_split.py again under ASan and UBSan: the pieces of a split are views
    in a list, which keep the array's storage alive after it is gone."""
    _tests_under_sanitizers(cxx, tmp_path, "test_numpy_split.py")


@pytest.mark.slow
def test_einsum_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_numpy_einsum.py again under ASan and UBSan: the odometer's strides over
    broadcast, strided and empty operands."""
    _tests_under_sanitizers(cxx, tmp_path, "test_numpy_einsum.py")


@pytest.mark.slow
def test_list_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_lists.py again, its kernels built with the sanitizers: the list runtime and
    its CPython boundary (conversion, write-back, identity) under ASan and UBSan."""
    _tests_under_sanitizers(cxx, tmp_path, "test_lists.py")


@pytest.mark.slow
def test_str_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_str.py and tests/test_value_reuse.py again under ASan and UBSan: the str
    runtime, its Unicode tables and its boundary (strings that keep their Python object)."""
    _tests_under_sanitizers(cxx, tmp_path, "test_str.py", "test_value_reuse.py")


@pytest.mark.slow
def test_bytes_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_bytes.py again under ASan and UBSan: the bytes runtime, its codecs (the
    UTF-8 decoder reads no byte past the end) and its boundary."""
    _tests_under_sanitizers(cxx, tmp_path, "test_bytes.py")


@pytest.mark.slow
def test_var_tuple_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_var_tuples.py again, its kernels built with the sanitizers: tuple_of<T> (a
    list<T> read through its base), zip(*rows), hashing and the boundary."""
    _tests_under_sanitizers(cxx, tmp_path, "test_var_tuples.py")


@pytest.mark.slow
def test_dict_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_dicts.py again, its kernels built with the sanitizers: the dict and set
    runtime and their CPython boundary (conversion, the mirrored set table, write-back)."""
    _tests_under_sanitizers(cxx, tmp_path, "test_dicts.py")


@pytest.mark.slow
def test_generated_programs_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """The fuzzer's fixed-seed modules (tests/test_fuzz.py) built with the sanitizers."""
    _tests_under_sanitizers(cxx, tmp_path,
                            "test_fuzz.py::test_generated_modules_agree_with_cpython")


@pytest.mark.slow
def test_formatting_and_collections_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_formatting.py and tests/test_collections.py again under ASan and UBSan:
    the format-spec layout, Counter, deque and bisect runtimes."""
    _tests_under_sanitizers(cxx, tmp_path, "test_formatting.py", "test_collections.py")


@pytest.mark.slow
def test_refusals_fixed_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_refusals_fixed.py again under ASan and UBSan: the text of dicts and sets,
    generators fed to containers, starred displays, heapq's selections."""
    _tests_under_sanitizers(cxx, tmp_path, "test_refusals_fixed.py")


@pytest.mark.slow
def test_class_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_classes.py again under ASan and UBSan: objects, their reference counts and
    their CPython boundary (conversion, pairing, write-back)."""
    _tests_under_sanitizers(cxx, tmp_path, "test_classes.py")


@pytest.mark.slow
def test_match_enum_named_tuple_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_match.py, test_enums.py and test_named_tuples.py again under ASan and UBSan:
    the subject seen as a subclass (``ref::down``), the items and the ``*rest`` of sequence
    patterns, enum members and NamedTuples at the boundary, unions (their tags, narrowed
    reads and members at the boundary)."""
    _tests_under_sanitizers(cxx, tmp_path, "test_match.py", "test_enums.py",
                            "test_named_tuples.py", "test_unions.py")


_LEAK_CHECK = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    from pathlib import Path
    import {test} as cases
    from support import import_file
    native = import_file(Path("{module}.py"), "{module}")
    for func, make in {cases!s}:
        try:
            getattr(native, func)(*make(native))
        except Exception:
            pass
    print("ran")
""")


@pytest.mark.slow
def test_acyclic_objects_leak_nothing_under_lsan(cxx: str, tmp_path: Path) -> None:
    """Every class kernel but the cyclic one run with LeakSanitizer on: no leak comes from
    compiled code (an allocation made in the compiled module: CPython's own allocations at
    exit are not ours; interned attribute names are immortal); the cyclic one does
    leak its node, as docs/objects.md says, which shows the check sees our objects."""
    _sanitized_kernels(tmp_path, "class_kernels")
    ours = [_our_leaks(cxx, tmp_path, _LEAK_CHECK.format(
        tests=str(TESTS), test="test_classes", module="class_kernels", cases=cases),
        "class_kernels")
            for cases in ("cases.ACYCLIC", "[c for c in cases.CASES if c[0] == 'make_cycle']")]
    assert ours[0] == [], "\n\n".join(ours[0])[-6000:]
    assert ours[1], "LeakSanitizer did not see the node of the cycle"


@pytest.mark.slow
def test_class_protocols_under_asan_ubsan_and_lsan(cxx: str, tmp_path: Path) -> None:
    """Every case of tests/test_class_protocols.py in one sanitized build: dunder dispatch,
    objects as dict keys, iterator objects ended by StopIteration; no ASan error, no UBSan
    report, and no leak (none of these kernels makes a cycle)."""
    _sanitized_kernels(tmp_path, "protocol_kernels")
    stderr: list[str] = []
    script = _LEAK_CHECK.format(tests=str(TESTS), test="test_class_protocols",
                                module="protocol_kernels", cases="cases.CASES")
    leaks = _our_leaks(cxx, tmp_path, script, "protocol_kernels", stderr)
    assert leaks == [], "\n\n".join(leaks)[-6000:]
    assert "runtime error:" not in stderr[0], stderr[0][-6000:]


@pytest.mark.slow
def test_borrowed_parameters_under_asan_ubsan_and_lsan(cxx: str, tmp_path: Path) -> None:
    """Every case of tests/test_borrowed_params.py in one sanitized build: a borrowed handle
    whose owner drops it during the call (a field, a cell) would be a use after free that ASan
    reports; objects made and freed in bulk leak nothing."""
    _sanitized_kernels(tmp_path, "borrowed_kernels")
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(TESTS)!r})
        from pathlib import Path
        import test_borrowed_params as cases
        from support import import_file
        native = import_file(Path("borrowed_kernels.py"), "borrowed_kernels")
        for func, args in cases.CASES:
            getattr(native, func)(*args)
        print("ran")
    """)
    stderr: list[str] = []
    leaks = _our_leaks(cxx, tmp_path, script, "borrowed_kernels", stderr)
    assert leaks == [], "\n\n".join(leaks)[-6000:]
    assert "runtime error:" not in stderr[0], stderr[0][-6000:]


@pytest.mark.slow
def test_closures_under_asan_ubsan_and_lsan(cxx: str, tmp_path: Path) -> None:
    """Every closure case of tests/test_closures.py in one sanitized build: no ASan error
    (it would abort the run), no UBSan report, and no leak: environments and cells are
    acyclic, so reference counting frees them all."""
    _sanitized_kernels(tmp_path, "closure_kernels")
    script = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(TESTS)!r})
        from pathlib import Path
        import test_closures as cases
        from support import import_file
        native = import_file(Path("closure_kernels.py"), "closure_kernels")
        for func, args in cases.CASES:
            try:
                getattr(native, func)(*args)
            except Exception:
                pass
        print("ran")
    """)
    stderr: list[str] = []
    leaks = _our_leaks(cxx, tmp_path, script, "closure_kernels", stderr)
    assert leaks == [], "\n\n".join(leaks)[-6000:]
    assert "runtime error:" not in stderr[0], stderr[0][-6000:]


@pytest.mark.slow
def test_with_under_asan_ubsan_and_lsan(cxx: str, tmp_path: Path) -> None:
    """Every case of tests/test_with.py in one sanitized build: managers entered and exited
    on each way out of the block, exceptions suppressed (their values and objects of the
    program's exception classes freed), passed on or replaced; no ASan error, no UBSan
    report, no leak."""
    _sanitized_kernels(tmp_path, "with_kernels")
    stderr: list[str] = []
    script = _LEAK_CHECK.format(tests=str(TESTS), test="test_with", module="with_kernels",
                                cases="[(f, lambda _, a=a: a) for f, a in cases.CASES]")
    leaks = _our_leaks(cxx, tmp_path, script, "with_kernels", stderr)
    assert leaks == [], "\n\n".join(leaks)[-6000:]
    assert "runtime error:" not in stderr[0], stderr[0][-6000:]


@pytest.mark.slow
@pytest.mark.parametrize(("test", "module"), [("test_contextmanager", "contextmanager_kernels"),
                                              ("test_generator_protocol",
                                               "generator_protocol_kernels")])
def test_generator_methods_under_asan_ubsan_and_lsan(cxx: str, tmp_path: Path, test: str,
                                                     module: str) -> None:
    """Every case of tests/test_contextmanager.py (blocks that raise into the generator,
    suppressed, passed on, replaced) and of tests/test_generator_protocol.py (send, throw,
    close) in one sanitized build each: no ASan error, no UBSan report, no leak."""
    _sanitized_kernels(tmp_path, module)
    stderr: list[str] = []
    script = _LEAK_CHECK.format(tests=str(TESTS), test=test, module=module,
                                cases="[(f, lambda _, a=a: a) for f, a in cases.CASES]")
    leaks = _our_leaks(cxx, tmp_path, script, module, stderr)
    assert leaks == [], "\n\n".join(leaks)[-6000:]
    assert "runtime error:" not in stderr[0], stderr[0][-6000:]
    assert "ERROR: AddressSanitizer" not in stderr[0], stderr[0][-6000:]


def _sanitized_kernels(tmp_path: Path, name: str) -> None:
    shutil.copyfile(TESTS / "kernels" / f"{name}.py", tmp_path / f"{name}.py")
    report = build([tmp_path / f"{name}.py"],
                   BuildOptions(opt_level="1", extra_cxx_flags=SANITIZE))
    assert report.built and not report.failed_entries


def _our_leaks(cxx: str, tmp_path: Path, script: str, module: str,
               stderr: list[str] | None = None) -> list[str]:
    """The leaks LeakSanitizer reports of allocations made in the compiled ``module``
    (CPython's own allocations at exit are not ours; interned attribute names are
    immortal); the whole report is appended to ``stderr`` when given."""
    env = {**_sanitized_env(cxx), "ASAN_OPTIONS": "detect_leaks=1:allocator_may_return_null=1"}
    proc = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.stdout.startswith("ran"), proc.stdout[-3000:] + proc.stderr[-6000:]
    if stderr is not None:
        stderr.append(proc.stderr)
    return [block for block in proc.stderr.split("\n\n")
            if "leak of" in block and f"{module}.pyaot" in block
            and "PyUnicode_InternFromString" not in block]


def test_generator_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_generators.py again under ASan and UBSan: coroutine frames, their shared
    handles, closing a suspended generator, the lazy iterators of the boundary."""
    _tests_under_sanitizers(cxx, tmp_path, "test_generators.py")


_GENERATOR_LEAKS = textwrap.dedent("""
    import sys
    sys.path.insert(0, {tests!r})
    from pathlib import Path
    import test_generators as cases
    from support import import_file
    native = import_file(Path("generator_kernels.py"), "generator_kernels")
    for func, args in cases.LEAK_CASES:
        try:
            result = getattr(native, func)(*args)
            if func.startswith("lazy_"):
                next(result, None)  # then dropped half-way: the generator is closed
        except Exception:
            pass
    print("ran")
""")


@pytest.mark.slow
def test_generators_leak_nothing_under_lsan(cxx: str, tmp_path: Path) -> None:
    """Every generator kernel run with LeakSanitizer on (finished, raising, closed early,
    recursive, returned to Python and dropped): no coroutine frame or item leaks."""
    _sanitized_kernels(tmp_path, "generator_kernels")
    leaks = _our_leaks(cxx, tmp_path, _GENERATOR_LEAKS.format(tests=str(TESTS)),
                       "generator_kernels")
    assert leaks == [], "\n\n".join(leaks)[-6000:]


def _tests_under_sanitizers(cxx: str, tmp_path: Path, *test_files: str) -> None:
    """A test file of differential tests again, in a pytest of its own whose kernels are
    built with the sanitizers (tests/support.py reads PYAOT_TEST_SANITIZE)."""
    env = {**_sanitized_env(cxx), "PYAOT_TEST_SANITIZE": "1"}
    proc = subprocess.run([sys.executable, "-m", "pytest", *(str(TESTS / f) for f in test_files),
                           "-q",
                           "-n", "0", "-p", "no:cacheprovider",
                           "--basetemp", str(tmp_path / "t")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-6000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout


def _sanitized_env(cxx: str) -> dict[str, str]:
    return {
        **os.environ,
        "LD_PRELOAD": " ".join(_runtime_library(cxx, lib) for lib in ("libasan.so",
                                                                      "libubsan.so")),
        # CPython's own allocations are not ours to check: no leak report, and its
        # MemoryError paths (huge shifts) must get NULL rather than an abort.
        "ASAN_OPTIONS": "detect_leaks=0:allocator_may_return_null=1",
        "UBSAN_OPTIONS": "print_stacktrace=1",
    }


@pytest.mark.slow
def test_cv2_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_cv2.py and tests/test_cv2_analysis.py again under ASan and UBSan: the cv2
    runtime's borders, windows and fixed-point paths on random sizes and strided views, the
    padded maps of Canny and findContours, the union-find of the components, the clipping of
    the drawing functions."""
    _tests_under_sanitizers(cxx, tmp_path, "test_cv2.py", "test_cv2_analysis.py")

@pytest.mark.slow
def test_complex_array_tests_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_numpy_complex.py again under ASan and UBSan: the complex kernels, the
    pairwise sums and the boundary's complex buffers."""
    _tests_under_sanitizers(cxx, tmp_path, "test_numpy_complex.py")


@pytest.mark.slow
def test_dict_counting_under_asan_and_ubsan(cxx: str, tmp_path: Path) -> None:
    """tests/test_dict_counting.py again under ASan and UBSan: the one-probe store of
    pyaot/builtins/dict_slot.hpp (an empty table, a rebuild, a place after deletes)."""
    _tests_under_sanitizers(cxx, tmp_path, "test_dict_counting.py")
