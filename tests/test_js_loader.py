"""The JavaScript loader (src/hatch_pyaot/js): its WASI shim and manifest checks under Node,
then a reactor written by hand to docs/c-abi.md (tests/fixtures/js/demo.cpp), built with zig
for wasm32-wasi and called through the loader from Node."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from conftest import missing_tool
from hatch_pyaot.toolchains import zig
from hatch_pyaot.toolchains.targets import Artifact

ROOT = Path(__file__).resolve().parents[1]
LOADER_DIR = ROOT / "src" / "hatch_pyaot" / "js"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "js"
NODE_MIN_MAJOR = 18
NODE_MISSING = "node is not installed (Debian/Ubuntu: apt-get install nodejs)"

DEMO_EXPORTS = (
    "pyaot_error_type", "pyaot_error_message", "pyaot_array_release", "pyaot_demo_scale",
    "pyaot_demo_div", "pyaot_demo_flip", "pyaot_demo_fill", "pyaot_demo_big", "pyaot_demo_live",
)  # fmt: skip


@pytest.fixture(scope="session")
def node() -> str:
    """Node 18 or later (the loader's floor: BigInt64Array, fetch, WebAssembly i64)."""
    path = shutil.which("node")
    if path is None:
        missing_tool(NODE_MISSING)
        raise AssertionError("unreachable")
    version = subprocess.run(
        [path, "--version"], capture_output=True, text=True, timeout=60
    ).stdout.strip()
    if int(version.lstrip("v").split(".")[0]) < NODE_MIN_MAJOR:
        missing_tool(f"node {version} is older than {NODE_MIN_MAJOR}")
    return path


def run_node(node: str, script: Path, *args: object) -> Any:
    """Runs a fixture script and returns the JSON object it prints (BigInts as "123n")."""
    proc = subprocess.run(
        [node, str(script), *map(str, args)], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


# ---- Without a compiled library --------------------------------------------------------------


@pytest.fixture(scope="session")
def unit(node) -> Any:
    """What tests/fixtures/js/loader_unit.mjs prints: the shim on a bare memory, hand-assembled
    modules, manifest errors, the layout constants."""
    return run_node(node, FIXTURES / "loader_unit.mjs", LOADER_DIR)


def test_loader_imports_nothing_from_node_statically():
    """Browsers load the same files: static imports are relative, Node modules dynamic."""
    for path in LOADER_DIR.glob("*.mjs"):
        for source in re.findall(
            r'^(?:import|export)\b.*?from\s+"([^"]+)"', path.read_text(), re.MULTILINE | re.DOTALL
        ):
            assert source.startswith("./"), f"{path.name} imports {source}"


def test_wasi_shim_and_imports(unit):
    assert unit["fd_write"] == [0, 13, 0, 8]  # fd 5: EBADF
    assert unit["before_flush"] == {"out": ["hello", "wörld"], "err": []}
    assert unit["lines"] == {"out": ["hello", "wörld"], "err": ["oops"]}
    assert unit["fdstat"] == [0, 2, "0n", 8]  # a character device without seek/tell: a tty
    assert unit["fd"] == [70, 0, 8, 8]
    assert unit["environ"] == [0, 0, 0, 0]
    assert unit["clock"] == [0, True, True, 28]
    assert unit["random"] == [0, True]
    assert unit["random_missing"] == 52
    assert unit["proc_exit"] == [True, 3, "WasiExit"]
    assert unit["enosys"] == 52  # a WASI function the shim lacks
    assert unit["foreign"].startswith("the module imports function env.foo")


def test_manifest_errors(unit):
    assert unit["manifest_errors"] == [
        'manifest: top level: expected {"functions": [...]}',
        "manifest: version: 2 is not supported (this loader reads 1)",
        'manifest: functions[0]: "name" must be a (dotted) identifier',
        'manifest: functions[0]: "symbol" is missing',
        'manifest: f params[0]: unknown type "str"',
        "manifest: f results[0]: unknown dtype undefined",
        "manifest: f params[0]: ndim must be an integer from 0 to 8",
        'manifest: f results[0]: "readonly" is for parameters',
        'manifest: functions[1]: "f.g" is also another function or its namespace',
        "the module does not export memory: not a hatch-pyaot wasm library",
        "load(source, manifest): pass the manifest when the source is not a .wasm path or URL",
        "ENOENT",
    ]


def test_layout_matches_the_c_struct_and_the_dtype_enum(unit):
    """The loader's pyaot_array offsets are the fixture's static_asserts (checked by the
    wasm32 compile below); its dtype codes are docs/c-abi.md's enum."""
    cpp = (FIXTURES / "demo.cpp").read_text()
    offsets = dict(re.findall(r"offsetof\(pyaot_array, (\w+)\) == (\d+)", cpp))
    assert {field: int(offset) for field, offset in offsets.items()} == {
        field: unit["layout"][field]
        for field in ("data", "dtype", "ndim", "shape", "strides", "owner")}  # fmt: skip
    assert f"sizeof(pyaot_array) == {unit['layout']['size']}" in cpp
    assert f"alignof(pyaot_array) == {unit['layout']['align']}" in cpp
    docs = (ROOT / "docs" / "c-abi.md").read_text()
    enum = re.findall(r"PYAOT_(?!VALUE_)(\w+) = (\d+)", docs)
    assert {name.lower(): int(code) for name, code in enum} == unit["dtypes"]
    # and values.mjs's pyaot_kind codes are the enum's too
    kinds = dict(re.findall(r"PYAOT_VALUE_(\w+) = (\d+)", docs))
    table = re.search(r"const KIND = \{(.*?)\};", (LOADER_DIR / "values.mjs").read_text(), re.S)
    assert table is not None
    assert {name.upper(): code for name, code in re.findall(r"(\w+): (\d+)", table[1])} == kinds


# ---- A reactor built with zig ----------------------------------------------------------------


@pytest.fixture
def demo_wasm(tmp_path, cross_cache) -> Path:
    """demo.wasm with demo.json next to it, where load() looks for the manifest."""
    tc = zig.toolchain_for("wasm32-wasi", Artifact.SHARED_LIBRARY, cache_dir=cross_cache)
    wasm = tc.build(
        [FIXTURES / "demo.cpp"],
        Artifact.SHARED_LIBRARY,
        tmp_path / "demo.wasm",
        exports=DEMO_EXPORTS,
    )
    shutil.copy(FIXTURES / "demo.json", tmp_path / "demo.json")
    return wasm


def type_error(message: str) -> dict[str, object]:
    return {
        "error": "TypeError",
        "message": message,
        "status": None,
        "pyaot": False,
        "isError": True,
    }


def range_error(message: str) -> dict[str, object]:
    return {**type_error(message), "error": "RangeError"}


EXPECTED = {
    "functions": ["div", "fill", "flip", "live", "scale", "stats"],
    "namespace": ["big"],
    "div": [3, -4, -4, "4611686018427387904n"],
    "div_zero": {"error": "ZeroDivisionError", "message": "integer division or modulo by zero",
                 "status": 16, "pyaot": True, "isError": True},
    "div_float": type_error("div() argument 1 (a): expected an integer"),
    "div_range": range_error(
        "div() argument 1 (a): 9223372036854775808 is out of range for int64"),
    "div_count": type_error("div() takes 2 arguments (1 given)"),
    "scale": {"dtype": "float64", "shape": [2, 3], "data": [0.5, 1, 1.5, 2, 2.5, 3]},
    "scale_type": "Float64Array",
    "scale_again": {"dtype": "float64", "shape": [2, 3], "data": [2, 4, 6, 8, 10, 12]},
    "scale_empty": {"dtype": "float64", "shape": [0, 3], "data": []},
    "scale_dtype": type_error(
        "scale() argument 1 (a): expected a Float64Array for dtype float64, got Int32Array"),
    "scale_ndim": type_error("scale() argument 1 (a): expected a 2-d array, got 1-d"),
    "scale_size": type_error(
        "scale() argument 1 (a): shape [2,3] holds 6 elements, the data 5"),
    # a.T[::-1] of [[1, 2, 3], [4, 5, 6]]: strides (-1, 3), copied out in C order
    "flip": {"dtype": "int32", "shape": [3, 2], "data": [3, 6, 2, 5, 1, 4]},
    "fill": [256, False, 64],
    "fill_wrote": [7, 7, 7, 7],
    "fill_empty": [0, True, 0],
    "fill_list": [3, False, 1.5],
    "fill_range": range_error("fill() argument 2 (value): 256 is out of range for uint8"),
    "fill_bool": type_error("fill() argument 3 (verbose): expected a boolean"),
    "printed": ["fill: 4 elements, sum 256"],
    "big": ["2305843009213693957n", "18446744073709551615n",
            {"dtype": "int64", "shape": [3],
             "data": ["2305843009213693952n", "2305843009213693952n", "10n"]}],
    "loop": {"total": 1999000, "grew": 0},
    "live": 0,
    "bigint": ["3n", "0n"],
    "c_type_error": {"error": "TypeError", "message":
                     "expected a 2-d array of dtype 3, got 1-d of 10",
                     "status": 13, "pyaot": True, "isError": True},
    "no_manifest":
        "load(source, manifest): pass the manifest when the source is not a .wasm path or URL",
    "missing_symbol": "the module does not export pyaot_demo_nope (the manifest's nope)",
    "http": [2, {"dtype": "float64", "shape": [1, 1], "data": [6]}],
    "http_missing": "fetching ORIGIN/missing.* failed: HTTP 404",
    "imports": ["wasi_snapshot_preview1.fd_close", "wasi_snapshot_preview1.fd_fdstat_get",
                "wasi_snapshot_preview1.fd_seek", "wasi_snapshot_preview1.fd_write"],
}  # fmt: skip


@pytest.mark.slow
def test_demo_library_through_the_loader(node, demo_wasm):
    result = run_node(node, FIXTURES / "run_demo.mjs", LOADER_DIR / "pyaot.mjs", demo_wasm)
    assert result == EXPECTED


# ---- str, list, dict, set and None values (js/values.mjs) --------------------------------------


@pytest.mark.slow
def test_values_through_the_loader(node, tmp_path, cross_cache):
    """JS strings, Arrays, Maps, objects, Sets and null in and out of a library built by
    crossbuild from tests/fixtures/js/textkit.py; the results are CPython's."""
    from cross_cases import build_wasm
    from support import import_file

    out = build_wasm([FIXTURES / "textkit.py"], tmp_path, "textkit", cross_cache)
    result = run_node(node, FIXTURES / "run_values.mjs", LOADER_DIR / "pyaot.mjs",
                      out / "lib" / "textkit.wasm", out / "manifest.json")
    py = import_file(FIXTURES / "textkit.py", "textkit_reference")
    assert result["initials"] == py.initials("the cat ßig égal 😀x")
    assert result["shout"] == [py.shout("zoë 😀"), py.shout(None)]
    assert result["pushed"] == [4, [1, 2, 3, 4]]  # the caller's Array grew
    assert result["failed"][0]["error"] == "IndexError"
    assert result["failed"][1] == [1.5, 0.5]  # written back although the call raised
    assert result["bumped"] == {"Map": [["a", 2], ["b", 1]]}
    assert result["bumped_object"] == {"x": 2, "y": 1}
    assert result["inverted"] == {"Map": [["one", 1], ["two", 2]]}
    assert result["common"] == [{"Set": [2, 3]}, True]
    assert result["key_error"]["error"] == "KeyError"
    assert result["key_error"]["message"].startswith("'zz' (at textkit.py:")
    assert result["wrong_item"] == {
        "error": "TypeError", "message": "push_all() argument 1 (xs)[1] must be int, not a string"}
    assert result["wrong_type"] == {
        "error": "TypeError", "message": "shout() argument 1 (name) must be str | None, not a number"}
    assert result["unions"][:4] == [py.doubled(21), py.doubled("ab"), [7, 0], [7, 0]]
    assert result["unions"][4] == {
        "error": "TypeError", "message": "doubled() argument 1 (x) must be int | list[int] | str, "
                                         "not a number"}
    assert result["bad_key"] == {
        "error": "TypeError", "message": 'invert() argument 1 (d) key "1" must be int, not a string'}


@pytest.mark.slow
def test_objects_through_the_loader(node, tmp_path, cross_cache):
    """Uint8Arrays, { real, imag }, enum values and plain objects in and out of a library
    built from tests/fixtures/standalone/shapes.py; an object the call changed is changed in
    place in the caller's Array; the results are CPython's."""
    from cross_cases import build_wasm
    from support import import_file

    source = FIXTURES.parent / "standalone" / "shapes.py"
    out = build_wasm([source], tmp_path, "shapes", cross_cache)
    result = run_node(node, FIXTURES / "run_objects.mjs", LOADER_DIR / "pyaot.mjs",
                      out / "lib" / "shapes.wasm", out / "manifest.json")
    py = import_file(source, "shapes_js_reference")
    assert result["doubled"] == [{"bytes": list(py.doubled(b"\x00\xffa"))},
                                 {"bytes": list(py.doubled(b"\x01\x02"))}]
    z = py.swap(1 + 2.5j, 3)
    assert result["swapped"] == [{"real": z.real, "imag": z.imag}, {"real": 0, "imag": 2}]
    seg = py.scaled(py.Segment(py.Point(1, 1), py.Point(3), py.Color.RED), 2)
    assert result["scaled"] == [
        {"start": {"x": 1, "y": 1}, "end": {"x": seg.end.x, "y": seg.end.y},
         "color": seg.color.value},
        # unchanged, but for the field left out: the object the call saw had its default
        {"start": {"x": 1, "y": 1}, "end": {"x": 3, "y": 0}, "color": "red"}]
    assert result["far"] == [{"x": 5, "y": 5}, None]
    assert result["nudged"] == [2, [{"x": 1, "y": 3}, {"x": 5, "y": 7}], True, {"x": 1, "y": 3}]
    assert result["countdown"] == list(py.countdown(4))
    assert result["teal"]["error"] == "ValueError"
    assert result["teal"]["message"].startswith(
        "scaled() argument 's.color': 'teal' is not a valid Color")
    assert result["missing"] == {"error": "TypeError",
                                 "message": "scaled() argument 's': Segment() missing field 'end'"}
    assert result["extra"] == {
        "error": "TypeError",
        "message": "scaled() argument 1 (s).start: Point() got an unexpected field 'z'"}
    assert result["wrong"] == {
        "error": "TypeError", "message": "doubled() argument 1 (data) must be bytes, not a string"}
