"""Standalone programs (codegen/standalone.py) with str, list, dict, set and T | None
parameters: str as text, the others as JSON or @FILE.json, results printed as json.dumps
prints CPython's (a set as a list), malformed JSON a usage error (status 2), a wrong item a
TypeError (status 1). Built with the host's compiler, and for wasm32-wasi by crossbuild and
run under wasmtime."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cpp_build import INCLUDE
from cross_cases import build_wasm
from support import import_file
from wasi import run_wasi

SOURCE = Path(__file__).parent / "fixtures" / "standalone" / "wordy.py"
TEXT = "The cat and the hat. The END, the end! Straße straße"

Run = Callable[[str, list[str], Path], subprocess.CompletedProcess[str]]


def _python() -> Any:
    return import_file(SOURCE, "wordy_reference")


def _sources(folder: Path, source: Path) -> dict[str, Path]:
    from hatch_pyaot import crossbuild
    from hatch_pyaot.codegen import standalone

    (module,) = crossbuild.compile_modules([source])[0]
    (folder / f"{module.name}.cpp").write_text(module.cpp)
    mains = {}
    for entry in module.entries:
        assert standalone.supported(entry) is None
        mains[entry.tag] = folder / f"main_{entry.tag}.cpp"
        mains[entry.tag].write_text(standalone.emit_main(module.name, entry))
    return mains


def host_programs(cxx: str, folder: Path, source: Path) -> Run:
    """The source's programs built with the host's compiler (two at a time), to run."""
    builds = [subprocess.Popen([cxx, "-std=c++20", "-O1", "-fno-exceptions", "-fno-rtti",
                                f"-I{INCLUDE}", f"-I{folder}", str(main), "-o", str(folder / tag)])
              for tag, main in _sources(folder, source).items()]
    assert [b.wait() for b in builds] == [0] * len(builds)

    def run(tag: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(folder / tag), *args], capture_output=True, text=True,
                              cwd=cwd, check=False, timeout=60)
    return run


def wasm_programs(source: Path, folder: Path, cache: Path) -> Run:
    """The source's programs built for wasm32-wasi, to run under wasmtime."""
    bin_dir = build_wasm([source], folder, source.stem, cache, programs=True) / "bin"

    def run(tag: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
        return run_wasi(bin_dir / f"{tag}.wasm", [tag, *args], cwd)
    return run


def program_fixtures(source: Path, name: str) -> tuple[Any, Any, Any]:
    """The fixtures ``host``, ``wasm`` and ``run`` (either, wasm marked slow) of a test module
    whose programs are the entries of ``source``."""
    @pytest.fixture(scope="module")
    def host(cxx: str, tmp_path_factory: pytest.TempPathFactory) -> Run:
        return host_programs(cxx, tmp_path_factory.mktemp(name), source)

    @pytest.fixture(scope="module")
    def wasm(tmp_path_factory: pytest.TempPathFactory, cross_cache: Path) -> Run:
        return wasm_programs(source, tmp_path_factory.mktemp(f"{name}-wasm"), cross_cache)

    @pytest.fixture(params=["host", pytest.param("wasm", marks=pytest.mark.slow)])
    def run(request: pytest.FixtureRequest) -> Run:
        return request.getfixturevalue(request.param)  # type: ignore[no-any-return]
    return host, wasm, run


host, wasm, run = program_fixtures(SOURCE, "standalone-values")


def _same(result: subprocess.CompletedProcess[str], expected: Any) -> None:
    assert result.returncode == 0, result.stderr
    assert result.stdout == json.dumps(expected) + "\n"


def test_results_are_what_cpython_prints(run: Run, tmp_path: Path) -> None:
    py = _python()
    _same(run("longest", ["--text", TEXT], tmp_path), py.longest(TEXT))
    _same(run("longest", ["--text=", "--k", "2"], tmp_path), py.longest("", 2))
    groups = {"a": [1, 2, 3], "ß": [], "z": [-5]}
    _same(run("merge", ["--groups", json.dumps(groups)], tmp_path), py.merge(groups))
    _same(run("merge", ["--groups", json.dumps(groups), "--extra", "10"], tmp_path),
          py.merge(groups, 10))
    _same(run("merge", ["--groups", "{}", "--extra", "null"], tmp_path), py.merge({}, None))
    xs, names = {4, 1, 2, 9, 16}, ["x", None, "\u00e9\U0001f600"]
    s, missing = py.evens(set(sorted(xs)), names)
    _same(run("evens", ["--xs", json.dumps(sorted(xs)), "--names", json.dumps(names)], tmp_path),
          [list(s), missing])


def test_unions_are_the_json_of_their_member(run: Run, tmp_path: Path) -> None:
    py = _python()
    items: list[int | str] = [1, "a", 2]
    for key in (2, "a", "b"):
        _same(run("tally", ["--items", json.dumps(items), "--key", json.dumps(key)], tmp_path),
              py.tally(items, key))
    result = run("tally", ["--items", "[1.5]", "--key", "1"], tmp_path)
    assert (result.returncode, result.stderr) == (
        1, "TypeError: tally() argument 'items[0]' must be int | str, not float\n")


def test_a_json_file_argument(run: Run, tmp_path: Path) -> None:
    groups = {"k": [1, 1], "j": [2]}
    (tmp_path / "groups.json").write_text(json.dumps(groups, indent=2), encoding="utf-8")
    _same(run("merge", ["--groups", "@groups.json"], tmp_path), _python().merge(groups))


def test_malformed_json_is_a_usage_error(run: Run, tmp_path: Path) -> None:
    result = run("merge", ["--groups", '{"a": [1, 2'], tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.endswith("merge: error: argument --groups: invalid JSON: Expecting "
                                  "',' delimiter: line 1 column 12 (char 11)\n")


def test_a_wrong_item_is_a_type_error(run: Run, tmp_path: Path) -> None:
    result = run("merge", ["--groups", '{"a": [1, "2"]}'], tmp_path)
    assert result.returncode == 1
    assert result.stderr == "TypeError: merge() argument 'groups['a'][1]' must be int, not str\n"
    result = run("evens", ["--xs", "[1]", "--names", "[null, 3]"], tmp_path)
    assert (result.returncode, result.stderr) == (
        1, "TypeError: evens() argument 'names[1]' must be str, not int\n")
