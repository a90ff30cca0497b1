"""The standalone executables' runtime (pyaot/standalone/*.hpp: .npy files, JSON results, the
command line) through tests/cpp/standalone_driver.cpp, built under AddressSanitizer and UBSan
and compared with NumPy and Python: numpy.save/numpy.load byte for byte, json.dumps text for
text, int() and float() on the same strings, argparse's wording. Hypothesis then feeds the
.npy reader mutated and lying files and the parser random command lines: every run must end
with a result or a clean error, never a crash or a sanitizer report. A slow test builds the
driver with zig for wasm32-wasi (run under wasmtime) and static musl aarch64 (under qemu)."""

from __future__ import annotations

import io
import json
import math
import os
import shutil
import struct
import subprocess
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from conftest import missing_tool
from cpp_build import CPP, FLAGS, SANITIZE, build
from wasi import run_wasi

DRIVER = CPP / "standalone_driver.cpp"
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64"]  # fmt: skip
ENV = {**os.environ, "ASAN_OPTIONS": "detect_leaks=1", "UBSAN_OPTIONS": "print_stacktrace=1"}
FUZZ = settings(max_examples=150, deadline=None, database=None)
NPY_FUZZ = settings(max_examples=300, deadline=None, database=None)
RNG = np.random.default_rng(2024)


@pytest.fixture(scope="session")
def driver(cxx: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The driver under the sanitizers, built once for all xdist workers (the build is most
    of this file's time)."""
    import fcntl

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    exe = shared / "standalone-driver"
    with open(shared / "standalone-driver.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not exe.exists():
            partial = shared / f"standalone-driver.{os.getpid()}"
            build([cxx, *FLAGS, "-O0", "-g", *SANITIZE, str(DRIVER), "-o", str(partial)])
            partial.rename(exe)
    return exe


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("files")
    (folder / "img.npy").write_bytes(saved(np.arange(6, dtype=np.uint8).reshape(2, 3)))
    return folder


def run(driver: Path, *args: str | bytes, stdin: bytes | None = None,
        cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:  # fmt: skip
    """Runs the driver; asserts it ended cleanly (0, 1 for an exception, 2 for usage) with no
    sanitizer report."""
    proc = subprocess.run([str(driver), *args], input=stdin, capture_output=True, timeout=60,
                          env=ENV, cwd=cwd)  # fmt: skip
    err = proc.stderr.decode(errors="replace")
    assert "Sanitizer" not in err and "runtime error" not in err, err
    assert proc.returncode in (0, 1, 2), (proc.returncode, err)
    return proc


def npy(header: str | bytes, data: bytes = b"", version: tuple[int, int] = (1, 0)) -> bytes:
    """A .npy file with this header text (unpadded) and data."""
    head = header.encode("latin1") if isinstance(header, str) else header
    size = struct.pack("<H" if version[0] == 1 else "<I", len(head))
    return b"\x93NUMPY" + bytes(version) + size + head + data


def saved(array: np.ndarray, version: tuple[int, int] | None = None) -> bytes:
    """What numpy writes for the array (numpy.save, or write_array with a version)."""
    buffer = io.BytesIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.lib.format.write_array(buffer, array, version=version)
    return buffer.getvalue()


def sample(dtype: str, shape: tuple[int, ...]) -> np.ndarray:
    """Values that cover the dtype: extremes for integers, NaN, ±inf, -0.0, subnormals and
    every magnitude for floats."""
    if dtype == "bool":
        return np.asarray(RNG.random(shape) < 0.5)
    if dtype.startswith(("int", "uint")):
        info = np.iinfo(dtype)
        return np.asarray(RNG.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True))
    values = np.asarray(RNG.standard_normal(shape) * 10.0 ** RNG.integers(-40, 40, size=shape))
    flat = values.reshape(-1)
    specials = [np.nan, np.inf, -np.inf, -0.0, 5e-324, 1e-45, 0.1, 1e16, 123456789.0]
    for k in range(min(flat.size, len(specials))):
        flat[RNG.integers(flat.size)] = specials[k]
    with np.errstate(over="ignore"):
        return values.astype(dtype)


SHAPES = {0: [()], 1: [(5,), (0,), (1,)], 2: [(3, 4), (0, 3), (1, 5)], 3: [(2, 3, 4), (2, 0, 2)]}
# (memory order, byte order, format version, driver mode)
VARIANTS = [("C", "<", (1, 0), "read"), ("F", ">", (2, 0), "bytes"), ("F", "<", (3, 0), "read"),
            ("C", ">", (1, 0), "bytes")]  # fmt: skip


def expected_strides(array: np.ndarray) -> str:
    return "".join(f"{s // array.itemsize}," for s in array.strides)


@pytest.mark.parametrize("dtype", DTYPES)
def test_npy_round_trips_like_numpy(driver: Path, folder: Path, dtype: str) -> None:
    """Every dtype and rank 0-3, C and Fortran order, both byte orders, versions 1-3, file and
    bytes: the values print as json.dumps(a.tolist()) and write back as numpy.save's bytes."""
    for ndim, shapes in SHAPES.items():
        for shape in shapes:
            for order, byteorder, version, mode in VARIANTS:
                values = sample(dtype, shape)
                stored = np.asarray(values, dtype=np.dtype(dtype).newbyteorder(byteorder),
                                    order=order)  # fmt: skip
                source = folder / f"{dtype}.npy"
                target = folder / f"{dtype}.out.npy"
                source.write_bytes(saved(stored, version))
                proc = run(driver, mode, dtype, str(ndim), str(source), str(target))
                case = f"{dtype}{shape} {order} {byteorder} {version} {mode}"
                assert proc.returncode == 0, (case, proc.stderr)
                assert proc.stdout.decode() == json.dumps(values.tolist()) + "\n", case
                assert target.read_bytes() == saved(np.array(values, order="C")), case
                loaded = np.load(source)
                if loaded.size > 1:
                    assert f"strides={expected_strides(loaded)}" in proc.stderr.decode(), case


F8_HEADER = "{{'descr': '<f8', 'fortran_order': False, 'shape': {shape}}}"


@pytest.mark.parametrize(
    ("header", "version"),
    [
        (F8_HEADER.format(shape="(2L,)"), (1, 0)),  # Python 2's longs: numpy filters them out
        (F8_HEADER.format(shape="(2L,)"), (3, 0)),  # ... but not in version 3.0
        (F8_HEADER.format(shape="(2l,)"), (1, 0)),
        (F8_HEADER.format(shape="(02,)"), (1, 0)),
        (F8_HEADER.format(shape="(0_2,)"), (1, 0)),
        (F8_HEADER.format(shape="(2_0,)"), (1, 0)),
        (F8_HEADER.format(shape="(-0,)"), (1, 0)),
        (F8_HEADER.format(shape="(+ 2,)"), (1, 0)),
        (F8_HEADER.format(shape="( 2\r,\f)"), (1, 0)),
        (F8_HEADER.format(shape="(1,\v)"), (1, 0)),
        ("\n\t " + F8_HEADER.format(shape="(2,)"), (1, 0)),  # an IndentationError
        (" \t\n\x0c" + F8_HEADER.format(shape="(2,)") + "\x0c\n", (1, 0)),
        ("\r\n" + F8_HEADER.format(shape="(2,)"), (1, 0)),
        (F8_HEADER.format(shape="(2,)") + "\v", (1, 0)),
        ("{'shape': (9,), 'descr': '<f8', 'fortran_order': True, 'shape': (2,)}", (2, 0)),
        ("{'shape': (2,), 'descr': '<i4', 'fortran_order': None}", (1, 0)),
        ("{'shape': (2,), 'descr': '<i4', 'fortran_order': False, 'descr': '<f8'}", (1, 0)),
        ("{'shape': (2,), 'descr': '<f8', 'fortran_order': False} {}", (1, 0)),
        ("{'shape': (2,), 'descr': '<f8', 'fortran_order': False,,}", (1, 0)),
        ("{'shape': (2,), \"descr\": \"<f8\", 'fortran_order': False}", (3, 0)),
    ],
)
def test_npy_headers_accepted_exactly_when_numpy_accepts_them(
    driver: Path, folder: Path, header: str, version: tuple[int, int]
) -> None:
    data = npy(header, GOOD_DATA[:16], version)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            loaded: np.ndarray | None = np.load(io.BytesIO(data))
    except (ValueError, SyntaxError):
        loaded = None
    path = folder / "layout.npy"
    path.write_bytes(data)
    proc = run(driver, "read", "float64", "1", str(path))
    if loaded is None:
        assert proc.returncode == 1, proc.stdout
    else:
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.decode() == json.dumps(loaded.tolist()) + "\n"


@pytest.mark.parametrize(
    ("descr", "dtype", "data"),
    [
        ("'=f8'", "float64", struct.pack("=d", 1.5)),
        ("'float64'", "float64", struct.pack("<d", -2.0)),
        ("'f4'", "float32", struct.pack("=f", 0.25)),
        ("'>u2'", "uint16", struct.pack(">H", 513)),
        ("'<u1'", "uint8", b"\xff"),
        ("'>i1'", "int8", b"\x80"),
        ("'?'", "bool", b"\x01"),
        ("'|b1'", "bool", b"\x07"),  # any non-zero byte is True
        ('"<i8"', "int64", struct.pack("<q", -(2**63))),
        ("'<h'", "int16", struct.pack("<h", -2)),
        ("'B'", "uint8", b"\x80"),
        ("'>d'", "float64", struct.pack(">d", 0.1)),
    ],
)
def test_npy_descr_spellings(driver: Path, folder: Path, descr: str, dtype: str,
                             data: bytes) -> None:  # fmt: skip
    """Other descr spellings numpy.load accepts (and a few other header layouts)."""
    header = "{'shape': (1,), 'fortran_order': False, 'descr': " + descr + "}\n"
    path = folder / "spelling.npy"
    path.write_bytes(npy(header, data))
    proc = run(driver, "read", dtype, "1", str(path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == json.dumps(np.load(path).tolist()) + "\n"


GOOD_DATA = struct.pack("<3d", 1.0, 2.0, 3.0)
DEEP = "(" * 40 + ")" * 40
DEEPER = "[" * 40 + "]" * 40  # nesting past the reader's 32 levels
MALFORMED = [
    (b"", "it does not start with the magic string \\x93NUMPY"),
    (b"\x93NUMP", "it does not start with the magic string \\x93NUMPY"),
    (b"PK\x03\x04" + b"\0" * 60, "it does not start with the magic string \\x93NUMPY"),
    (b"\x93NUMPY\x01", "it ends inside its format version"),
    (b"\x93NUMPY\x04\x00\x10\x00", "format version 4.0 is not supported (1.0, 2.0 and 3.0 are)"),
    (b"\x93NUMPY\x01\x01\x10\x00", "format version 1.1 is not supported (1.0, 2.0 and 3.0 are)"),
    (b"\x93NUMPY\x02\x00\x10\x00", "it ends inside its header length"),
    (b"\x93NUMPY\x02\x00\xff\xff\xff\xff", "its header is too long (4294967295 bytes)"),
    (b"\x93NUMPY\x01\x00\x40\x00{'descr'",
     "it ends inside its header (64 bytes announced, 8 present)"),
    (npy("['descr', 'shape']"), "cannot parse its header (not a dict): \"['descr', 'shape']\""),
    (npy("{'descr': '<f8' 'shape': (3,)}"), "cannot parse its header (a comma is missing): "
     "\"{'descr': '<f8' 'shape': (3,)}\""),
    (npy("{'descr': <f8, }"), "cannot parse its header (not a Python literal): "
     "\"{'descr': <f8, }\""),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), } x"),
     "cannot parse its header (text after the dict): "
     "\"{'descr': '<f8', 'fortran_order': False, 'shape': (3,), } x\""),
    (npy(DEEP), f"cannot parse its header (not a dict): '{DEEP}'"),
    (npy(f"{{'descr': {DEEPER}}}"),
     f"cannot parse its header (not a Python literal): \"{{'descr': {DEEPER}}}\""),
    (npy("{'descr': '<f8', 'shape': (3,)}"), "its header has no 'fortran_order' key"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), 'x': 1}"),
     "its header has an unexpected key 'x'"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': 3}"),
     "its shape 3 is not valid (not a tuple)"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3)}"),
     "its shape (3) is not valid (not a tuple)"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': [3]}"),
     "its shape [3] is not valid (not a tuple)"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3.0,)}"),
     "its shape (3.0,) is not valid (not a tuple of ints)"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (-3,)}"),
     "its shape (-3,) is not valid (a negative dimension)"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (9223372036854775808,)}"),
     "its shape (9223372036854775808,) is not valid (a dimension of 2**63 or more)"),
    (npy("{'descr': '<f8', 'fortran_order': 1, 'shape': (3,)}"),
     "its fortran_order 1 is not a bool"),
    (npy("{'descr': 3, 'fortran_order': False, 'shape': (3,)}"),
     "its descr 3 is not a valid dtype descriptor"),
    (npy("{'descr': 'x' 'y', 'fortran_order': False, 'shape': (3,)}"),
     "cannot parse its header (a comma is missing): "
     "\"{'descr': 'x' 'y', 'fortran_order': False, 'shape': (3,)}\""),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (3,)}", GOOD_DATA[:-1]),
     "its data is truncated (shape (3,) of float64 needs 24 bytes, 23 follow the header)"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904,)}"),
     "its shape (4611686018427387904,) is too large"),
    (npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,)}", GOOD_DATA),
     "its data is truncated (shape (1000000000000,) of float64 needs 8000000000000 bytes, "
     "24 follow the header)"),
]  # fmt: skip


@pytest.mark.parametrize(("content", "message"), MALFORMED,
                         ids=[f"{k}-{m[:30]}" for k, (_, m) in enumerate(MALFORMED)])
@pytest.mark.parametrize("mode", ["read", "bytes"])
def test_malformed_npy_is_a_value_error_naming_the_parameter(
    driver: Path, folder: Path, mode: str, content: bytes, message: str
) -> None:
    path = folder / f"malformed-{mode}.npy"
    path.write_bytes(content)
    proc = run(driver, mode, "float64", "1", str(path))
    assert proc.returncode == 1
    assert proc.stderr.decode() == (
        f"ValueError: argument 'img' is not a valid .npy file: {message}\n"
    )


@pytest.mark.parametrize(
    ("array", "want", "message"),
    [
        (np.zeros((2, 3, 4)), ("uint8", 2),
         "a uint8 array of rank 2, not a float64 array of rank 3"),
        (np.zeros(3, np.int8), ("int8", 2), "an int8 array of rank 2, not an int8 array of rank 1"),
        (np.zeros(3, ">i4"), ("uint32", 1),
         "a uint32 array of rank 1, not an int32 array of rank 1"),
        (np.zeros(3, np.float16), ("float64", 1),
         "a float64 array of rank 1, not a float16 array of rank 1 (unsupported dtype)"),
        (np.zeros(3, np.complex128), ("float64", 1),
         "a float64 array of rank 1, not a complex128 array of rank 1 (unsupported dtype)"),
        (np.array(["ab"]), ("float64", 1),
         "a float64 array of rank 1, not a <U2 array of rank 1 (unsupported dtype)"),
        (np.zeros(2, [("a", "<i4")]), ("int32", 1),
         "an int32 array of rank 1, not a [('a', '<i4')] array of rank 1 (unsupported dtype)"),
        (np.zeros(2, "<M8[s]"), ("int64", 1),
         "an int64 array of rank 1, not a <M8[s] array of rank 1 (unsupported dtype)"),
    ],
)
def test_wrong_dtype_or_rank_is_a_type_error(
    driver: Path, folder: Path, array: np.ndarray, want: tuple[str, int], message: str
) -> None:
    path = folder / "wrong.npy"
    path.write_bytes(saved(array))
    proc = run(driver, "read", want[0], str(want[1]), str(path))
    assert proc.returncode == 1
    assert proc.stderr.decode() == f"TypeError: argument 'img' must be {message}\n"


def test_unreadable_files(driver: Path, folder: Path) -> None:
    proc = run(driver, "read", "float64", "1", str(folder / "missing.npy"))
    assert proc.stderr.decode() == (
        f"ValueError: argument 'img': cannot open '{folder / 'missing.npy'}': "
        "No such file or directory\n"
    )
    proc = run(driver, "read", "float64", "1", str(folder))
    assert proc.stderr.decode() == (
        f"ValueError: argument 'img': cannot read '{folder}': Is a directory\n"
    )
    # standard input, not seekable: read whole, then parsed
    data = saved(np.arange(4.0))
    proc = run(driver, "read", "float64", "1", "-", stdin=data)
    assert proc.stdout == b"[0.0, 1.0, 2.0, 3.0]\n"
    proc = run(driver, "read", "float64", "1", "-", stdin=data[:-1])
    assert b"its data is truncated" in proc.stderr


def test_strided_views_write_and_print_like_numpy(driver: Path, folder: Path) -> None:
    base = (np.arange(24) * 0.5 - 3).reshape(2, 3, 4)
    small = np.array([0.1, -1e-7, 3.4e38, 16777217.0], np.float32).reshape(2, 2)
    views = {
        "transposed": base.transpose(2, 0, 1),
        "reversed": base[::-1, :, ::-2],
        "broadcast": np.broadcast_to(base[0, 0], (3, 4)),
        "small_t": small.T,
        "flags_rev": np.array([True, False, True])[::-1],
        "empty_rows": np.zeros((0, 4)),
    }
    proc = run(driver, "views", str(folder))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.decode() == json.dumps([v.tolist() for v in views.values()]) + "\n"
    for name, view in views.items():
        assert (folder / f"{name}.npy").read_bytes() == saved(np.array(view, order="C")), name


SPECIAL_FLOATS = [0.0, -0.0, 1.0, 0.1, 0.1 + 0.2, 1e16, 1e15, 9999999999999998.0, 1e-4,
                  1e-5, 0.0001234, 123456789012345678.0, 5e-324, 2.2250738585072014e-308,
                  1.7976931348623157e308, math.inf, -math.inf, math.nan, 2.0**53, 2.0**63,
                  -1.5e-7, 3.14159, 1 / 3]  # fmt: skip


def test_json_floats_are_python_reprs(driver: Path) -> None:
    bits = RNG.integers(0, 2**64, size=6000, dtype=np.uint64)
    values = [*SPECIAL_FLOATS, *bits.view(np.float64).tolist(),
              *(RNG.standard_normal(3000) * 10.0 ** RNG.integers(-20, 25, 3000)).tolist(),
              *(round(x, d) for x, d in zip(RNG.standard_normal(2000) * 1000,
                                            RNG.integers(0, 6, 2000).tolist(), strict=True))]
    proc = run(driver, "floats", stdin="".join(f"{v.hex()}\n" for v in values).encode())
    got = proc.stdout.decode().splitlines()
    want = [json.dumps(v) for v in values]
    assert [(w, g) for w, g in zip(want, got, strict=True) if w != g] == []


def test_json_float32_prints_as_python_float(driver: Path) -> None:
    bits = [0, 0x80000000, 0x3DCCCCCD, 0x7F7FFFFF, 0x00000001, 0x7F800000, 0xFF800000,
            0x7FC00000, 0xFFC00001, *RNG.integers(0, 2**32, size=6000).tolist()]  # fmt: skip
    proc = run(driver, "floats32", stdin="".join(f"{b:x}\n" for b in bits).encode())
    got = proc.stdout.decode().splitlines()
    want = [json.dumps(struct.unpack("<f", struct.pack("<I", b))[0]) for b in bits]
    assert [(w, g) for w, g in zip(want, got, strict=True) if w != g] == []


def test_json_strings_escape_like_json_dumps(driver: Path) -> None:
    samples = [b"", b"plain", b'quote " backslash \\ slash /', bytes(range(0, 0x80)),
               "café ☃ 𝄞 \u2028".encode(), b"\xff\xfe", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
               b"\xe0\x80\x80", b"\xe2\x82", b"\xc3", b"\xf0\x9f\x98"]  # fmt: skip
    for _ in range(600):
        samples.append(RNG.integers(0, 256, RNG.integers(0, 12), dtype=np.uint8).tobytes())
        code_points = RNG.integers(1, 0x110000, RNG.integers(0, 6))
        text = "".join(chr(c) for c in code_points if not 0xD800 <= c < 0xE000)
        samples.append(text.encode())
    proc = run(driver, "strings", stdin="".join(f"{s.hex()}\n" for s in samples).encode())
    got = proc.stdout.decode().splitlines()
    want = [json.dumps(s.decode("utf-8", "surrogateescape")) for s in samples]
    assert [(s, w, g) for s, w, g in zip(samples, want, got, strict=True) if w != g] == []


def test_json_of_tuples_none_and_every_integer_width(driver: Path) -> None:
    proc = run(driver, "misc")
    assert proc.stdout.decode().splitlines() == [
        json.dumps([-(2**63), 2.5, True, None, 'café "q"\n']),
        json.dumps([-128, 255, -32768, 65535, -(2**31), 2**32 - 1, 2**64 - 1,
                    float(np.float32(0.1))]),
        json.dumps([7, [[], []], [math.nan, math.inf, -math.inf], [False, -0.0], [], "x"]),
    ]


# ---- The command line -----------------------------------------------------------------------

DEFAULTS = [1, 2.5, False, "hi", 10, 3, 0, 1.0, True]


def args_result(driver: Path, *argv: str | bytes, cwd: Path | None = None) -> object:
    proc = run(driver, "args", *argv, cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.mark.parametrize(
    ("argv", "changed"),
    [
        (["--n", "1"], {}),
        (["--n=1", "--x", "-1e3", "--flag", "TRUE", "--s", "-x", "--max-iter", "7"],
         {1: -1000.0, 2: True, 3: "-x", 4: 7}),
        (["--n", " +0_1 ", "--x", "inf", "--s=--text"], {1: math.inf, 3: "--text"}),
        (["--n", "1", "--s", "it's \"quoted\""], {3: "it's \"quoted\""}),
        (["--n", "1", "--level", "-128", "--count", "18446744073709551615", "--gain", "0.1",
          "--on", "0"], {5: -128, 6: 2**64 - 1, 7: float(np.float32(0.1)), 8: False}),
        (["--x", " 1_000.5e-1\t", "--n", "1", "--flag=0", "--s", ""], {1: 100.05, 3: ""}),
        (["--n", "-0", "--x", "-nan"], {0: 0, 1: math.nan}),
        (["--n", "9223372036854775807", "--x", "1e400", "--gain", "1e39"],
         {0: 2**63 - 1, 1: math.inf, 7: math.inf}),
    ],
)
def test_arguments_parse_to_values(
    driver: Path, argv: list[str], changed: dict[int, object]
) -> None:
    want = list(DEFAULTS)
    for index, value in changed.items():
        want[index] = value
    got = args_result(driver, *argv)
    assert json.dumps(got) == json.dumps(want)


USAGE = """\
usage: demo [-h] --n N [--x X] [--flag FLAG] [--s S] [--max_iter MAX_ITER]
            [--img IMG] [--level LEVEL] [--count COUNT] [--gain GAIN]
            [--on ON] [--output FILE.npy] [--output-img FILE.npy]
"""


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        ([], "the following arguments are required: --n"),
        (["--x", "1"], "the following arguments are required: --n"),
        (["--n", "x"], "argument --n: invalid int value: 'x'"),
        (["--n", "1.0"], "argument --n: invalid int value: '1.0'"),
        (["--n", "1_"], "argument --n: invalid int value: '1_'"),
        (["--n", "0x10"], "argument --n: invalid int value: '0x10'"),
        (["--n", ""], "argument --n: invalid int value: ''"),
        (["--n", "a\x01'"], "argument --n: invalid int value: \"a\\x01'\""),
        (["--n", "9223372036854775808"],
         "argument --n: invalid int value: '9223372036854775808' (outside the int64 range)"),
        (["--n", "-99999999999999999999999"],
         "argument --n: invalid int value: '-99999999999999999999999' (outside the int64 range)"),
        (["--n", "1", "--n", "2"], "argument --n: may be given only once"),
        (["--n", "1", "--max_iter", "2", "--max-iter", "3"],
         "argument --max_iter: may be given only once"),
        (["--n"], "argument --n: expected one argument"),
        (["--n", "--x", "1"], "argument --n: expected one argument"),
        (["--nn", "1"], "unrecognized arguments: --nn (did you mean --n?)"),
        (["--iamge", "a"], "unrecognized arguments: --iamge (did you mean --img?)"),
        (["--maxiter=3"], "unrecognized arguments: --maxiter=3 (did you mean --max_iter?)"),
        (["--outptu", "a"], "unrecognized arguments: --outptu (did you mean --output?)"),
        (["--zzzzzz", "1"], "unrecognized arguments: --zzzzzz"),
        (["positional"], "unrecognized arguments: positional"),
        (["-n", "1"], "unrecognized arguments: -n"),
        (["--", "1"], "unrecognized arguments: --"),
        (["--help=1"], "argument -h/--help: ignored explicit argument '1'"),
        (["--n", "1", "--x", "0x1p3"], "argument --x: invalid float value: '0x1p3'"),
        (["--n", "1", "--x", "1e"], "argument --x: invalid float value: '1e'"),
        (["--n", "1", "--x", "infinite"], "argument --x: invalid float value: 'infinite'"),
        (["--n", "1", "--x", "1__0"], "argument --x: invalid float value: '1__0'"),
        (["--n", "1", "--flag", "yes"],
         "argument --flag: invalid bool value: 'yes' (choose from true, false, 1, 0)"),
        (["--n", "1", "--flag", " true"],
         "argument --flag: invalid bool value: ' true' (choose from true, false, 1, 0)"),
        (["--n", "1", "--level", "128"],
         "argument --level: invalid int8 value: '128' (out of bounds for int8)"),
        (["--n", "1", "--level", "-129"],
         "argument --level: invalid int8 value: '-129' (out of bounds for int8)"),
        (["--n", "1", "--count", "-1"],
         "argument --count: invalid uint64 value: '-1' (out of bounds for uint64)"),
        (["--n", "1", "--count", "18446744073709551616"],
         "argument --count: invalid uint64 value: '18446744073709551616' "
         "(out of bounds for uint64)"),
        (["--n", "1", "--gain", "x"], "argument --gain: invalid float32 value: 'x'"),
        (["--n", "1", "--on", "2"],
         "argument --on: invalid bool value: '2' (choose from true, false, 1, 0)"),
        (["--n", "1", "--output"], "argument --output: expected one argument"),
        (["--n", "1", "--output", "a", "--output", "b"],
         "argument --output: may be given only once"),
        (["--n", "1", "--output-img"], "argument --output-img: expected one argument"),
        (["--n", "1", "--output-img", "a", "--output_img=b"],
         "argument --output-img: may be given only once"),
        (["--outptu-img", "a"],
         "unrecognized arguments: --outptu-img (did you mean --output-img?)"),
    ],
)
def test_usage_errors_exit_2_like_argparse(driver: Path, argv: list[str], error: str) -> None:
    proc = run(driver, "args", *argv)
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.decode() == f"{USAGE}demo: error: {error}\n"


def test_help(driver: Path) -> None:
    for argv in (["-h"], ["--n", "1", "--help", "--bogus"], ["--help", "--n", "x"]):
        proc = run(driver, "args", *argv)
        assert proc.returncode == 0
        assert proc.stderr == b""
        assert proc.stdout.decode() == USAGE + """
Demonstrates every kind of parameter.

options:
  -h, --help            show this help message and exit
  --n N                 int (required)
  --x X                 the step (float; default: 2.5)
  --flag FLAG           bool: true or false (default: False)
  --s S                 str (default: 'hi')
  --max_iter MAX_ITER   int (default: 10)
  --img IMG             a .npy file of a uint8 array of rank 2 (default: None)
  --level LEVEL         numpy.int8 (default: 3)
  --count COUNT         numpy.uint64 (default: 0)
  --gain GAIN           numpy.float32 (default: 1.0)
  --on ON               numpy.bool (default: True)
  --output FILE.npy     write the result to this .npy file instead of printing it as JSON
  --output-img FILE.npy
                        write img, as the call left it, to this .npy file
"""
    # an error before --help wins, as in argparse
    assert run(driver, "args", "--n", "x", "--help").returncode == 2


def test_exceptions_arrays_and_output(driver: Path, folder: Path) -> None:
    proc = run(driver, "args", "--n", "-1")
    assert (proc.returncode, proc.stdout) == (1, b"")
    assert proc.stderr == b"ValueError: n must not be negative (at kernels.py:12)\n"
    image = np.arange(6, dtype=np.uint8).reshape(2, 3)
    assert args_result(driver, "--n", "1", "--img", "img.npy", cwd=folder) == image.tolist()
    proc = run(driver, "args", "--n", "1", "--img", "img.npy", "--output", "out.npy", cwd=folder)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")
    assert (folder / "out.npy").read_bytes() == saved(image)
    proc = run(driver, "args", "--n", "1", "--img", "img.npy", "--output-img", "arg.npy",
               cwd=folder)  # fmt: skip
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert (folder / "arg.npy").read_bytes() == saved(image)
    proc = run(driver, "args", "--n", "1", "--img", "img.npy", "--output-img", "no/such.npy",
               cwd=folder)  # fmt: skip
    assert (proc.returncode, proc.stdout) == (1, b"")
    assert proc.stderr == b"ValueError: cannot write 'no/such.npy': No such file or directory\n"
    proc = run(driver, "args", "--n", "1", "--img", "img.npy", "--output", "no/such/out.npy",
               cwd=folder)  # fmt: skip
    assert proc.stderr == b"ValueError: cannot write 'no/such/out.npy': No such file or directory\n"
    proc = run(driver, "args", "--n", "1", "--img", "missing.npy", cwd=folder)
    assert proc.stderr == (
        b"ValueError: argument 'img': cannot open 'missing.npy': No such file or directory\n"
    )
    (folder / "wrong.npy").write_bytes(saved(np.zeros((2, 2))))
    proc = run(driver, "args", "--n", "1", "--img=wrong.npy", cwd=folder)
    assert proc.stderr == (b"TypeError: argument 'img' must be a uint8 array of rank 2, "
                           b"not a float64 array of rank 2\n")  # fmt: skip


NUMBER_TEXT = st.text(alphabet=" \t\n\x0b\x0c\r\x1c0123456789_+-.eEinfatyINFATYx", max_size=12)


@FUZZ
@given(text=NUMBER_TEXT)
def test_int_arguments_follow_python_int(driver: Path, text: str) -> None:
    proc = run(driver, "args", "--n", "1", f"--max_iter={text}")
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not -(2**63) <= value < 2**63:
        assert proc.returncode == 2, (text, proc.stdout)
    else:
        assert proc.returncode == 0, (text, proc.stderr)
        assert json.loads(proc.stdout)[4] == value


@FUZZ
@given(text=NUMBER_TEXT | st.floats().map(repr) | st.floats().map(lambda x: f"{x:.25e}"))
def test_float_arguments_follow_python_float(driver: Path, text: str) -> None:
    proc = run(driver, "args", "--n", "1", f"--x={text}")
    try:
        value = float(text)
    except ValueError:
        assert proc.returncode == 2, (text, proc.stdout)
        return
    assert proc.returncode == 0, (text, proc.stderr)
    assert proc.stdout.decode().split(", ")[1] == json.dumps(value)


TOKENS = ["--n", "--x", "--flag", "--s", "--max_iter", "--max-iter", "--img", "--level",
          "--count", "--gain", "--on", "--output", "--output-img", "--output_img=o.npy", "-h",
          "--help", "--", "-", "1", "-1", "2.5", "nan", "true", "0", "x", "img.npy", "out.npy",
          "missing.npy", "--n=3", "--x=", "--img=img.npy", "=", "--=", "---n", "--n==1"]  # fmt: skip


@FUZZ
@given(argv=st.lists(st.sampled_from(TOKENS) | st.text(max_size=8).filter(lambda t: "\0" not in t),
                     max_size=8))  # fmt: skip
def test_fuzz_command_lines_never_crash(driver: Path, folder: Path, argv: list[str]) -> None:
    proc = run(driver, "args", *argv, cwd=folder)
    out, err = proc.stdout.decode(), proc.stderr.decode(errors="replace")
    if proc.returncode == 0:
        assert out.startswith("usage: demo") or json.loads(out) is not None or out == ""
    elif proc.returncode == 2:
        assert err.startswith("usage: demo") and "\ndemo: error: " in err, err
    else:
        assert err.count("\n") == 1 and "Error: " in err, err


# ---- Fuzzing the .npy reader ----------------------------------------------------------------


DESCRS = ["'<f8'", "'>i4'", "'|u1'", "'=i2'", "'?'", "'b1'", "'<c16'", "'<U3'", "'float64'",
          "[('a', '<f8')]", "'<f8x'", "3", "'<i8'", "''", "'\\x00'", "'<f4'",
          "'\\x3cf8'"]  # fmt: skip


@st.composite
def npy_files(draw: st.DrawFn) -> tuple[bytes, str, int]:
    """A valid file of some dtype and rank, then mutated: truncated, bytes overwritten, bytes
    inserted into the header, or its header replaced by a generated (often lying) one."""
    dtype = draw(st.sampled_from(DTYPES))
    ndim = draw(st.integers(0, 3))
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=ndim, max_size=ndim)))
    stored = np.asarray(sample(dtype, shape),
                        np.dtype(dtype).newbyteorder(draw(st.sampled_from("<>"))),
                        order=draw(st.sampled_from("CF")))  # fmt: skip
    data = saved(stored, draw(st.sampled_from([(1, 0), (2, 0), (3, 0)])))
    mutation = draw(st.sampled_from(["header", "none", "overwrite", "header", "insert",
                                     "truncate"]))  # fmt: skip
    if mutation == "truncate":
        data = data[: len(data) - draw(st.integers(1, len(data)))]
    elif mutation == "overwrite":
        changes = draw(st.lists(st.tuples(st.integers(6, len(data) - 1), st.integers(0, 255)),
                                min_size=1, max_size=6))  # fmt: skip
        buffer = bytearray(data)
        for at, byte in changes:
            buffer[at] = byte
        data = bytes(buffer)
    elif mutation == "insert":
        at = draw(st.integers(10, min(len(data), 80)))
        data = data[:at] + draw(st.binary(min_size=1, max_size=8)) + data[at:]
    elif mutation == "header":
        dims = st.integers(0, 5) | st.integers(-3, 2**70) | st.sampled_from([2**62, 2**64])
        shape_text = repr(shape)
        shape_text = draw(
            st.just(shape_text) | st.just(shape_text)
            | st.lists(dims, max_size=70).map(lambda d: repr(tuple(d)))
            | st.sampled_from(["()", "(3)", "[2, 3]", "(1,2,)", "(3, 'x')", "(2L, 3L)", "None",
                               "(True,)", "(+2, 3)", "(1_0,)", "( 2 ,\n 3 )", "((2,),)",
                               "(02,)", "(-0,)", "(2l,)"])
        )  # fmt: skip
        descr = draw(st.sampled_from([repr(stored.dtype.str)] * 8 + DESCRS))
        order = draw(st.sampled_from(["False", "True"] * 3 + ["0", "None", "'True'"]))
        entries = [f"'descr': {descr}", f"'fortran_order': {order}", f"'shape': {shape_text}"]
        entries = draw(st.permutations(entries))
        extra = draw(st.sampled_from(["", "", "", ",", ", 'x': 1", ", 'shape': (2,)", " junk",
                                      ", }", "\v"]))  # fmt: skip
        header = "{" + ", ".join(entries) + extra + "}" + " " * draw(st.integers(0, 3)) + "\n"
        version = draw(st.sampled_from([(1, 0), (2, 0), (3, 0)]))
        data = npy(header, stored.tobytes() + draw(st.binary(max_size=200)), version)
    if draw(st.integers(0, 3)) == 0:
        return data, draw(st.sampled_from(DTYPES)), draw(st.integers(0, 3))
    return data, dtype, ndim


@NPY_FUZZ
@given(case=npy_files(), mode=st.sampled_from(["read", "bytes"]))
def test_fuzz_npy_never_crashes_and_agrees_with_numpy(driver: Path, case: tuple[bytes, str, int],
                                                      mode: str) -> None:  # fmt: skip
    data, dtype, ndim = case
    with tempfile.NamedTemporaryFile(suffix=".npy", delete=False) as file:
        file.write(data)
    try:
        proc = run(driver, mode, dtype, str(ndim), file.name)
    finally:
        os.unlink(file.name)
    err = proc.stderr.decode(errors="replace")
    event("read" if proc.returncode == 0 else err.split(" (")[0].split(": ")[-1][:40])
    if proc.returncode != 0:
        assert proc.returncode == 1 and err.count("\n") == 1, err
        assert err.startswith(("ValueError: argument 'img'", "TypeError: argument 'img'")), err
        return
    # what we read, numpy reads too, with the same dtype, rank and values
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded = np.load(io.BytesIO(data))
    assert loaded.dtype.newbyteorder("=") == np.dtype(dtype) and loaded.ndim == ndim
    assert proc.stdout.decode() == json.dumps(loaded.tolist()) + "\n"


# ---- Cross targets --------------------------------------------------------------------------

Runner = Callable[..., tuple[int, str, str]]


def wasmtime_runner(exe: Path, folder: Path) -> Runner:
    """Runs a WASI command under wasmtime with `folder` as its current directory."""

    def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        proc = run_wasi(exe, ["driver", *argv], folder, stdin)
        return proc.returncode, proc.stdout, proc.stderr

    return run


def qemu_runner(exe: Path, folder: Path) -> Runner:
    """Runs a static aarch64 Linux executable under qemu-aarch64 in `folder`."""
    qemu = shutil.which("qemu-aarch64")
    if qemu is None:
        missing_tool("qemu-aarch64 is not installed (Debian/Ubuntu: apt-get install qemu-user)")

    def run_qemu(*argv: str, stdin: str = "") -> tuple[int, str, str]:
        proc = subprocess.run([str(qemu), str(exe), *argv], input=stdin, capture_output=True,
                              text=True, timeout=120, cwd=folder)  # fmt: skip
        return proc.returncode, proc.stdout, proc.stderr

    return run_qemu


@pytest.mark.slow
@pytest.mark.parametrize(
    ("target", "flags", "runner"),
    [("wasm32-wasi", [], wasmtime_runner), ("aarch64-linux-musl", ["-static"], qemu_runner)],
)
def test_driver_on_cross_targets(tmp_path: Path, target: str, flags: list[str],
                                 runner: Callable[[Path, Path], Runner]) -> None:  # fmt: skip
    """The same headers built by zig for wasm32-wasi (no exceptions, no threads; run under
    wasmtime) and static musl aarch64 Linux (under qemu): .npy files in and out, JSON
    floats, usage errors."""
    from hatch_pyaot.toolchains import targets

    zig = targets.find_zig()
    if zig is None:
        missing_tool("ziglang is not installed (pip install -e '.[dev]')")
        return
    exe = tmp_path / "driver.exe"
    build([str(zig.path), "c++", "-target", target, *FLAGS, "-O1", *flags, str(DRIVER),
           "-o", str(exe)])  # fmt: skip
    run_driver = runner(exe, tmp_path)

    values = sample("float64", (3, 4))
    (tmp_path / "in.npy").write_bytes(saved(np.asfortranarray(values.astype(">f8")), (2, 0)))
    code, out, err = run_driver("read", "float64", "2", "in.npy", "out.npy")
    assert (code, out) == (0, json.dumps(values.tolist()) + "\n"), err
    assert (tmp_path / "out.npy").read_bytes() == saved(values)
    floats = [*SPECIAL_FLOATS, *RNG.standard_normal(500).tolist()]
    code, out, _ = run_driver("floats", stdin="".join(f"{v.hex()}\n" for v in floats))
    assert out.splitlines() == [json.dumps(v) for v in floats]
    code, _, err = run_driver("args", "--nn", "1")
    assert code == 2
    assert err == f"{USAGE}demo: error: unrecognized arguments: --nn (did you mean --n?)\n"
    code, out, _ = run_driver("args", "--n", "3", "--x", "1e-5", "--gain", "0.1")
    assert (code, json.loads(out)[:2]) == (0, [3, 1e-05])
    (tmp_path / "bad.npy").write_bytes(npy(F8_HEADER.format(shape="(99,)")))
    code, _, err = run_driver("read", "float64", "1", "bad.npy")
    assert code == 1 and "its data is truncated" in err
