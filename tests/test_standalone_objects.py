"""Standalone programs (codegen/standalone.py) with bytes, complex, enum, object and iterator
parameters and results, as JSON (docs/targets.md): bytes a list of ints, complex
{"real": x, "imag": y}, an enum member its value, an object its fields by name, an
iterator's items an array; printed as json.dumps prints the same of CPython's result. Bad
input is a located TypeError or ValueError (status 1), malformed JSON a usage error
(status 2). Built with the host's compiler, and for wasm32-wasi by crossbuild and run under
wasmtime."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from c_values import Obj
from support import import_file
from test_c_abi_objects import plain
from test_standalone_values import Run, program_fixtures

SOURCE = Path(__file__).parent / "fixtures" / "standalone" / "shapes.py"


def as_json(value: Any) -> str:
    """json.dumps of a value as the programs write it."""
    def default(v: Any) -> Any:
        if isinstance(v, bytes):
            return list(v)
        if isinstance(v, complex):
            return {"real": v.real, "imag": v.imag}
        raise TypeError(v)
    return json.dumps(plain(value), default=default)


@pytest.fixture(scope="module")
def py() -> Any:
    return import_file(SOURCE, "shapes_reference")


host, wasm, run = program_fixtures(SOURCE, "standalone-objects")


def _same(result: subprocess.CompletedProcess[str], expected: Any) -> None:
    assert result.returncode == 0, result.stderr
    assert result.stdout == as_json(expected) + "\n"


def test_results_are_the_json_of_cpythons(run: Run, py: Any, tmp_path: Path) -> None:
    for data in (b"", b"\x00\xffab"):
        _same(run("doubled", ["--data", json.dumps(list(data))], tmp_path), py.doubled(data))
    _same(run("swap", ["--z", '{"real": 1, "imag": 2.5}', "--k", "3"], tmp_path),
          py.swap(1 + 2.5j, 3))
    _same(run("swap", ["--z", "[0.5, -1]", "--k", "1"], tmp_path), py.swap(0.5 - 1j, 1))
    _same(run("swap", ["--z", "2", "--k", "0"], tmp_path), py.swap(2 + 0j, 0))
    seg = py.Segment(py.Point(1, 1), py.Point(3), py.Color.RED)
    _same(run("scaled", ["--s", as_json(seg), "--k", "2"], tmp_path), py.scaled(seg, 2))
    points = [py.Point(1, 1), py.Point(5, 5)]
    for x in (4, 9):
        _same(run("nearest", ["--points", as_json(points), "--x", str(x)], tmp_path),
              py.nearest(points, x))
    _same(run("countdown", ["--n", "5"], tmp_path), py.countdown(5))
    _same(run("countdown", ["--n", "0"], tmp_path), py.countdown(0))


def test_an_object_is_a_json_object(run: Run, tmp_path: Path) -> None:
    """Fields with defaults may be left out; the fields print in declaration order."""
    result = run("scaled", ["--s", json.dumps({"color": "green", "end": {"y": 2, "x": 1},
                                               "start": {"x": 0}}), "--k", "3"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == json.dumps(Obj(start=Obj(x=0, y=0), end=Obj(x=3, y=6),
                                           color="red")) + "\n"


@pytest.mark.parametrize(("tag", "args", "status", "message"), [
    ("scaled", ["--s", '{"start": {"x": 1}, "end": {"x": 2}, "color": "teal"}', "--k", "1"], 1,
     "ValueError: scaled() argument 's.color': 'teal' is not a valid Color"),
    ("scaled", ["--s", '{"start": {"x": 1}, "color": "red"}', "--k", "1"], 1,
     "TypeError: scaled() argument 's': Segment() missing field 'end'"),
    ("scaled", ["--s", '{"start": {"x": 1, "z": 0}, "end": {"x": 2}, "color": "red"}', "--k",
                "1"], 1, "TypeError: scaled() argument 's.start': Point() got an unexpected "
                         "field 'z'"),
    ("nearest", ["--points", '[{"x": 1}, 2]', "--x", "0"], 1,
     "TypeError: nearest() argument 'points[1]' must be Point, not int"),
    ("doubled", ["--data", "[1, 256]"], 1,
     "ValueError: doubled() argument 'data[1]': bytes must be in range(0, 256)"),
    ("doubled", ["--data", '"abc"'], 1,
     "TypeError: doubled() argument 'data' must be bytes, not str"),
    ("swap", ["--z", '{"real": 1}', "--k", "1"], 1,
     "TypeError: swap() argument 'z': complex() missing field 'imag'"),
    ("swap", ["--z", "[1, 2", "--k", "1"], 2, "invalid JSON"),
])
def test_bad_input_is_a_located_error(run: Run, tmp_path: Path, tag: str, args: list[str],
                                      status: int, message: str) -> None:
    result = run(tag, args, tmp_path)
    assert result.returncode == status, result.stderr
    assert message in result.stderr and result.stdout == ""
