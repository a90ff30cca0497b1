"""Our vectorizable math (pyaot/numpy/vmath/*.hpp) against the validation sets that ship inside
numpy (``numpy/_core/tests/data/umath-validation-set-<ufunc>.csv``: inputs, correctly rounded
outputs and numpy's own tolerance per row), read from the installed numpy.

tests/cpp/vector_math_driver.cpp runs each function over an array in the loop the compiler
vectorizes (built with -DPYAOT_VMATH_ALWAYS, so ours runs on every target). Every row must be
within ``ULP_BOUND`` (docs/math.md's table) and within numpy's tolerance; special values (nan,
+-inf, +-0, overflow and underflow edges, subnormals) give numpy's result bit for bit. The same
program built for wasm32-wasi, scalar and with SIMD128, prints the same bits as on the host.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from pathlib import Path

import pytest

from cpp_build import CPP, FLAGS, build, run_ok

np = pytest.importorskip("numpy")

ULP_BOUND: dict[tuple[str, str], int] = {
    ("exp", "float32"): 1, ("exp", "float64"): 1,
    ("log", "float32"): 1, ("log", "float64"): 1,
    ("sin", "float32"): 1, ("sin", "float64"): 1,
    ("cos", "float32"): 1, ("cos", "float64"): 1,
    ("tanh", "float32"): 1,
    ("log1p", "float32"): 1, ("log1p", "float64"): 1, ("expm1", "float32"): 1,
    ("sinh", "float32"): 1, ("cosh", "float32"): 1,
    ("tan", "float32"): 1, ("tan", "float64"): 1,
    ("arctan", "float32"): 1, ("arctan", "float64"): 1,
    ("arcsin", "float32"): 1, ("arcsin", "float64"): 1,
    ("arccos", "float32"): 1, ("arccos", "float64"): 1,
    ("cbrt", "float32"): 1, ("cbrt", "float64"): 1,
}  # fmt: skip
"""Largest error allowed, in units in the last place (numpy's: float32 exp 2.5, log 3.8,
sin and cos 1.5; float64 1)."""
CASES = tuple(ULP_BOUND)

DRIVER = CPP / "vector_math_driver.cpp"
BUILD = [*FLAGS, "-O3", "-fno-math-errno", "-DPYAOT_VMATH_ALWAYS"]
UINT = {"float32": np.uint32, "float64": np.uint64}


def validation_rows(function: str, dtype: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """numpy's validation set for ``function``: inputs, expected outputs, tolerances."""
    data = Path(np.__file__).parent / "_core" / "tests" / "data"
    path = data / f"umath-validation-set-{function}.csv"
    if not path.is_file():
        pytest.skip(f"this numpy ships without {path.name}")
    with path.open(encoding="utf-8") as f:
        rows = [r for r in csv.reader(line for line in f if not line.startswith(("#", "dtype")))
                if r and r[0] == f"np.{dtype}"]  # fmt: skip
    bits = UINT[dtype]
    inputs = np.array([int(r[1], 16) for r in rows], bits).view(dtype)
    outputs = np.array([int(r[2], 16) for r in rows], bits).view(dtype)
    return inputs, outputs, np.array([int(r[3]) for r in rows])


def special_values(dtype: str) -> np.ndarray:
    info = np.finfo(dtype)
    edges = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, 0.5, info.max, -info.max,
             info.tiny, -info.tiny, info.smallest_subnormal, -info.smallest_subnormal,
             info.tiny * 0.75, 88.72, 88.73, 89.0, -87.3, -103.9, -104.0, 709.78, 709.79,
             -708.4, -745.13, -745.14, 1e-30, -1e-30, 1e300, -1e300, 1e22,
             6381956970095103 * 2.0**797]  # fmt: skip
    # (the last is the double nearest a multiple of pi/2: 2**-61 from it)
    with np.errstate(over="ignore"):
        return np.array(edges, dtype)


def random_values(dtype: str) -> np.ndarray:
    """Seeded random arguments: uniform in [-12, 12], and of every magnitude from 2**-40 to
    float32's largest (float64: to 2**1000), either sign."""
    rng = np.random.default_rng(14)
    top = 127 if dtype == "float32" else 1000
    wide = rng.choice([-1.0, 1.0], 2000) * np.exp2(rng.uniform(-40, top, 2000))
    with np.errstate(over="ignore"):
        return np.concatenate([rng.uniform(-12, 12, 2000), wide]).astype(dtype)


def reference(function: str, values: np.ndarray) -> np.ndarray:
    """``function`` of ``values`` to more than their precision, rounded to their dtype:
    computed in float64 for float32, in long double (x86-64: 64-bit mantissas) for float64."""
    wider = np.float64 if values.dtype == np.float32 else np.longdouble
    with np.errstate(all="ignore"):
        return getattr(np, function)(values.astype(wider)).astype(values.dtype)


def ulp_distance(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """How many representable values lie between a and b (0 for two nans)."""
    signed = {"float32": np.int64, "float64": object}[a.dtype.name]
    bits = UINT[a.dtype.name]

    def ordinal(x: np.ndarray) -> np.ndarray:
        u = x.view(bits).astype(object)
        top = 1 << (8 * x.dtype.itemsize - 1)
        return np.array([v if v < top else top - v for v in u], signed)

    d = np.abs(ordinal(a) - ordinal(b))
    both_nan = np.isnan(a) & np.isnan(b)
    return np.where(both_nan, 0, d)


def jobs(cases: dict[tuple[str, str], np.ndarray]) -> str:
    lines: list[str] = []
    for (function, dtype), values in cases.items():
        lines.append(f"{function} {dtype} {len(values)}")
        lines.extend(f"{int(v):x}" for v in values.view(UINT[dtype]))
    return "\n".join(lines) + "\n"


def outputs(lines: list[str], cases: dict[tuple[str, str], np.ndarray]) -> Iterator[np.ndarray]:
    at = 0
    for (_, dtype), values in cases.items():
        chunk = lines[at: at + len(values)]
        at += len(values)
        yield np.array([int(v, 16) for v in chunk], UINT[dtype]).view(dtype)
    assert at == len(lines)


@pytest.fixture(scope="module")
def cases() -> dict[tuple[str, str], np.ndarray]:
    """Per function and dtype: the validation set's inputs, the special values, random ones."""
    return {(f, d): np.concatenate([validation_rows(f, d)[0], special_values(d),
                                    random_values(d)])
            for f, d in CASES}  # fmt: skip


@pytest.fixture(scope="module")
def host_lines(cxx: str, tmp_path_factory: pytest.TempPathFactory,
               cases: dict[tuple[str, str], np.ndarray]) -> tuple[list[str], str]:
    """The driver's output lines on the host, and the compiler's vectorization report."""
    exe = tmp_path_factory.mktemp("vector_math") / "driver"
    report = build([cxx, *BUILD, "-fopt-info-vec-optimized", str(DRIVER), "-o", str(exe)])
    return run_ok(exe, input=jobs(cases)), report.stderr


@pytest.mark.parametrize(("function", "dtype"), CASES)
def test_within_the_ulp_bound_on_numpys_validation_set(
        function: str, dtype: str, cases: dict[tuple[str, str], np.ndarray],
        host_lines: tuple[list[str], str]) -> None:  # fmt: skip
    got = dict(zip(cases, outputs(host_lines[0], cases), strict=True))[function, dtype]
    inputs, expected, tolerance = validation_rows(function, dtype)
    errors = ulp_distance(got[: len(inputs)], expected)
    worst = int(np.argmax(errors))
    assert errors.max() <= ULP_BOUND[function, dtype], (
        f"{function}({inputs[worst]!r}) = {got[worst]!r}, want {expected[worst]!r}")
    assert (errors <= tolerance).all()


@pytest.mark.parametrize(("function", "dtype"), CASES)
def test_special_values_as_numpy(function: str, dtype: str,
                                 cases: dict[tuple[str, str], np.ndarray],
                                 host_lines: tuple[list[str], str]) -> None:  # fmt: skip
    got = dict(zip(cases, outputs(host_lines[0], cases), strict=True))[function, dtype]
    specials = special_values(dtype)
    at = len(validation_rows(function, dtype)[0])
    mine = got[at: at + len(specials)]
    with np.errstate(all="ignore"):
        want = getattr(np, function)(specials)
    errors = ulp_distance(mine, reference(function, specials))
    assert (errors <= ULP_BOUND[function, dtype]).all(), (specials, mine, want)
    exact = ~np.isfinite(want) | (want == 0) | (np.abs(want) == 1) | (specials == 0)
    same = np.where(np.isnan(want), np.isnan(mine), mine.view(UINT[dtype]) == want.view(UINT[dtype]))
    assert same[exact].all(), (specials[exact], mine[exact], want[exact])


@pytest.mark.parametrize(("function", "dtype"), CASES)
def test_within_the_ulp_bound_on_random_arguments(
        function: str, dtype: str, cases: dict[tuple[str, str], np.ndarray],
        host_lines: tuple[list[str], str]) -> None:  # fmt: skip
    got = dict(zip(cases, outputs(host_lines[0], cases), strict=True))[function, dtype]
    values = random_values(dtype)
    mine = got[len(got) - len(values):]
    errors = ulp_distance(mine, reference(function, values))
    worst = int(np.argmax(errors))
    assert errors.max() <= ULP_BOUND[function, dtype], (
        f"{function}({values[worst]!r}) = {mine[worst]!r}, want "
        f"{reference(function, values)[worst]!r}")


def documented_accuracy() -> dict[tuple[str, str], tuple[int, int]]:
    """docs/math.md's accuracy table: per function and dtype, our bound and our largest error
    on numpy's validation set."""
    text = (Path(__file__).resolve().parents[1] / "docs" / "math.md").read_text()
    table = text[text.index("### Accuracy"):]
    rows: dict[tuple[str, str], tuple[int, int]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 6 and cells[1] in ("float32", "float64"):
            rows[cells[0], cells[1]] = (int(cells[2]), int(cells[3]))
    return rows


def test_the_documented_table_is_the_measured_one(
        cases: dict[tuple[str, str], np.ndarray], host_lines: tuple[list[str], str]) -> None:
    """docs/math.md states each bound of ULP_BOUND and the largest error measured here."""
    got = dict(zip(cases, outputs(host_lines[0], cases), strict=True))
    measured = {}
    for function, dtype in CASES:
        inputs, expected, _ = validation_rows(function, dtype)
        largest = int(ulp_distance(got[function, dtype][: len(inputs)], expected).max())
        measured[function, dtype] = (ULP_BOUND[function, dtype], largest)
    assert documented_accuracy() == measured


def test_the_loops_vectorize(host_lines: tuple[list[str], str]) -> None:
    """GCC reports the loop of every function and dtype as vectorized (SSE2 and up)."""
    report = host_lines[1]
    if "optimized: loop vectorized" not in report and "vectorized" not in report:
        pytest.skip("the compiler does not report vectorized loops (-fopt-info is GCC's)")
    loop_line = next(i for i, line in enumerate(DRIVER.read_text().splitlines(), 1)
                     if "out[j] = F(in[j])" in line)  # fmt: skip
    vectorized = [line for line in report.splitlines()
                  if f":{loop_line}:" in line and "loop vectorized using 16 byte" in line]
    assert len(vectorized) >= len(CASES), report


@pytest.mark.slow
@pytest.mark.parametrize("simd", [False, True], ids=["scalar", "simd128"])
def test_wasm32_wasi_gives_the_same_bits(simd: bool, tmp_path: Path,
                                         cases: dict[tuple[str, str], np.ndarray],
                                         host_lines: tuple[list[str], str]) -> None:  # fmt: skip
    from hatch_pyaot.toolchains import targets
    from wasi import run_wasi

    zig = targets.find_zig()
    if zig is None:
        pytest.skip("ziglang is not installed")
    exe = tmp_path / "driver.wasm"
    build([str(zig.path), "c++", "-target", "wasm32-wasi", *BUILD,
           *(["-msimd128"] if simd else []), str(DRIVER), "-o", str(exe)])  # fmt: skip
    proc = run_wasi(exe, ["driver"], stdin=jobs(cases))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == host_lines[0]


def test_the_tables_are_the_generators() -> None:
    """pyaot/numpy/vmath/trig_tables.hpp is what tools/trig_tables.py writes."""
    import subprocess
    import sys

    from cpp_build import INCLUDE, ROOT

    tool = ROOT / "tools" / "trig_tables.py"
    written = subprocess.run([sys.executable, str(tool)], capture_output=True, text=True,
                             check=True, timeout=60).stdout  # fmt: skip
    assert written == (INCLUDE / "pyaot" / "numpy" / "vmath" / "trig_tables.hpp").read_text()
