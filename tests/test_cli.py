"""The command line as a user runs it: a real ``python -m hatch_pyaot`` subprocess."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hatch_pyaot.progress import Step

KERNELS = '''\
import math
from hatch_pyaot import compile

def _f(x):
    return math.sin(x) * math.exp(-x)

@compile
def integrate(a: float, b: float, n: int) -> float:
    h = (b - a) / n
    s = 0.0
    for i in range(n):
        s += _f(a + (i + 0.5) * h)
    return s * h

@compile
def dynamic(n: int) -> int:
    return eval("n + 1")
'''


def pyaot(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hatch_pyaot", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_build_then_plain_import_is_native(tmp_path: Path) -> None:
    (tmp_path / "kernels.py").write_text(KERNELS)
    proc = pyaot("build", "kernels.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    # The uncompilable function is reported with location, line and caret, and stays Python.
    assert "kernels.py:17:12: error: eval() is not supported by the compiler" in proc.stderr
    assert "^" in proc.stderr
    assert "'dynamic' stays Python" in proc.stderr
    check = subprocess.run(
        [sys.executable, "-c", textwrap.dedent("""
            import math, kernels
            from hatch_pyaot import is_compiled
            assert is_compiled(kernels.integrate)
            assert not is_compiled(kernels.dynamic)
            assert kernels.dynamic(2) == 3
            r = kernels.integrate(0.0, 1.0, 1000)
            assert abs(r - 0.2458370) < 1e-6, r
            print("ok")
        """)], cwd=tmp_path, capture_output=True, text=True)
    assert check.stdout.strip() == "ok", check.stderr


def test_strict_fails_on_uncompilable(tmp_path: Path) -> None:
    (tmp_path / "kernels.py").write_text(KERNELS)
    proc = pyaot("build", "--strict", "kernels.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert "could not be compiled" in proc.stderr


def test_check_reports_per_function(tmp_path: Path) -> None:
    (tmp_path / "kernels.py").write_text(KERNELS)
    proc = pyaot("check", "kernels.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert "ok: 'integrate' compiles" in proc.stdout
    assert "error: 'dynamic' cannot be compiled" in proc.stdout


def test_explain_stages(tmp_path: Path) -> None:
    (tmp_path / "kernels.py").write_text(KERNELS)
    ir = pyaot("explain", "kernels.py::integrate", "--stage", "ir", cwd=tmp_path)
    assert "func kernels.integrate(a: float, b: float, n: int) -> float" in ir.stdout
    assert "call[kernels._f]" in ir.stdout
    types = pyaot("explain", "kernels.py::integrate", "--stage", "types", cwd=tmp_path)
    assert "func kernels._f(x: float) -> float" in types.stdout
    cpp = pyaot("explain", "kernels.py::integrate", "--stage", "cpp", cwd=tmp_path)
    assert "PyInit_kernels" in cpp.stdout and "pyaot::math::sin" in cpp.stdout
    missing = pyaot("explain", "kernels.py::nope", cwd=tmp_path)
    assert missing.returncode == 2


def test_ops_lists_registry() -> None:
    proc = pyaot("ops", "math", cwd=Path.cwd())
    assert proc.returncode == 0
    assert "math.sqrt(x: float) -> float" in proc.stdout
    assert "math.pi: float" in proc.stdout
    assert "builtins.abs" not in proc.stdout


def test_build_package_compiles_every_module(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "util.py").write_text("def twice(x):\n    return 2 * x\n\nOFFSET = 3\n")
    (pkg / "a.py").write_text(textwrap.dedent("""
        from hatch_pyaot import compile
        from .util import twice, OFFSET
        from . import util

        @compile
        def f(x: int) -> int:
            return twice(x) + util.twice(OFFSET)
    """))
    (pkg / "sub" / "b.py").write_text(textwrap.dedent("""
        import hatch_pyaot as h
        from ..util import twice
        from pkg import util as u

        @h.compile(tag="g")
        def g(x: float) -> float:
            return twice(x) + u.twice(1.5)
    """))
    proc = pyaot("build", "pkg", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    check = subprocess.run(
        [sys.executable, "-c", textwrap.dedent("""
            from pkg import a
            from pkg.sub import b
            from hatch_pyaot import is_compiled
            assert is_compiled(a.f) and is_compiled(b.g)
            assert a.f(5) == 16 and b.g(1.0) == 5.0
            assert a.f.__module__ == "pkg.a"
            print("ok")
        """)], cwd=tmp_path, capture_output=True, text=True)
    assert check.stdout.strip() == "ok", check.stderr
    # A change to the helper module makes the native modules stale: Python is used, with a
    # warning, until the next build.
    (pkg / "util.py").write_text("def twice(x):\n    return 3 * x\n\nOFFSET = 3\n")
    stale = subprocess.run(
        [sys.executable, "-W", "always", "-c",
         "from pkg import a; from hatch_pyaot import is_compiled; "
         "print(is_compiled(a.f), a.f(5))"],
        cwd=tmp_path, capture_output=True, text=True)
    assert stale.stdout.strip() == "False 24", stale.stderr
    assert "StaleNativeModuleWarning" in stale.stderr
    assert pyaot("build", "pkg", cwd=tmp_path).returncode == 0
    fresh = subprocess.run(
        [sys.executable, "-c",
         "from pkg import a; from hatch_pyaot import is_compiled; "
         "print(is_compiled(a.f), a.f(5))"],
        cwd=tmp_path, capture_output=True, text=True)
    assert fresh.stdout.strip() == "True 24", fresh.stderr


def test_a_syntax_error_is_a_diagnostic_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "kernels.py").write_text(KERNELS)
    (tmp_path / "broken.py").write_text("from hatch_pyaot import compile\n\n@compile\n"
                                        "def f(x: int) -> int:\n    return x +\n")
    proc = pyaot("build", "kernels.py", "broken.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "broken.py:5:" in proc.stderr and "invalid syntax" in proc.stderr
    assert (tmp_path / "kernels.py").exists() and "'integrate'" not in proc.stderr
    assert list(tmp_path.glob("kernels.pyaot*")), "the good module is still built"
    check = pyaot("check", "broken.py", cwd=tmp_path)
    assert check.returncode == 1 and "invalid syntax" in check.stdout


TWICE = "from hatch_pyaot import compile\n\n@compile\ndef twice(x: int) -> int:\n    return 2 * x\n"


def test_build_progress_lines_without_a_terminal(tmp_path: Path) -> None:
    (tmp_path / "kernels.py").write_text(KERNELS)
    (tmp_path / "twice.py").write_text(TWICE)
    first = pyaot("build", "kernels.py", "twice.py", cwd=tmp_path)  # pipes: no terminal
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert "pyaot: kernels.py: 1/2 functions compiled" in lines
    assert "pyaot: twice.py: 1/1 functions compiled" in lines
    for module in ("kernels", "twice"):
        built = [line for line in lines if line.startswith(f"pyaot: built {module}.pyaot")]
        assert len(built) == 1, first.stdout
        assert re.search(r" (in \d+\.\d s|\(cached\))$", built[0]), built[0]
    assert "\x1b[" not in first.stdout + first.stderr
    again = pyaot("build", "--no-progress", "kernels.py", "twice.py", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.count(" (cached)\n") == 2, again.stdout


def test_build_progress_bar_names_every_module(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from rich.console import Console

    from hatch_pyaot.pipeline import build
    from hatch_pyaot.progress import RichBar

    monkeypatch.chdir(tmp_path)
    Path("kernels.py").write_text(KERNELS)
    Path("plain.py").write_text("def f(x):\n    return x\n")
    out = io.StringIO()
    steps = []
    with RichBar(Console(file=out, force_terminal=True, width=120)) as bar:
        def step(s: Step) -> None:
            steps.append(s)
            bar.step(s)

        build([Path("kernels.py"), Path("plain.py")], progress=bar.line, on_step=step)
    text = out.getvalue()
    assert "kernels.py: 1/2 functions compiled" in text
    assert "pyaot: built kernels.pyaot" in text
    assert "3/3" in text  # two analyzed, one built: plain.py compiles nothing
    assert [s.label for s in steps] == ["analyzing kernels.py", "analyzing plain.py",
                                        "building 1 native module(s)", "built kernels.py"]
    assert steps[-1].completed == steps[-1].total == 3


def test_importing_the_cli_does_not_import_rich() -> None:
    proc = subprocess.run([sys.executable, "-c", "import sys, hatch_pyaot, hatch_pyaot.cli, "
                           "hatch_pyaot.progress; print('rich' in sys.modules)"],
                          capture_output=True, text=True)
    assert proc.stdout.strip() == "False", proc.stderr


def test_build_targets_refuses_two_programs_of_one_name(tmp_path: Path) -> None:
    (tmp_path / "d.py").write_text(
        "from hatch_pyaot import compile\n\n\n@compile(tag='x')\ndef a(n: int) -> int:\n"
        "    return n\n\n\n@compile(tag='x')\ndef b(n: int) -> int:\n    return n\n")
    proc = pyaot("build", "d.py", "--target", "host", "--out", "o", cwd=tmp_path)
    assert proc.returncode == 2
    assert "d.a and d.b are both tagged 'x'" in proc.stderr
    proc = pyaot("build", "d.py", "--target", "nowhere", cwd=tmp_path)
    assert proc.returncode == 2 and "nowhere" in proc.stderr


def _nested_tries(depth: int) -> str:
    source = "from hatch_pyaot import compile\n\n@compile\ndef f(x: int) -> int:\n"
    for level in range(1, depth + 1):
        source += "    " * level + "try:\n"
    source += "    " * (depth + 1) + "x += 1\n"
    for level in range(depth, 0, -1):
        source += "    " * level + "except ValueError:\n" + "    " * (level + 1) + "pass\n"
    return source + "    return x\n"


def test_check_refuses_what_cpython_refuses(tmp_path: Path) -> None:
    """libcst parses 60 nested try blocks; CPython's compiler stops at 20 (and so would the
    import): the module is refused with CPython's reason, where CPython locates it."""
    (tmp_path / "nested.py").write_text(_nested_tries(60))
    proc = pyaot("check", "nested.py", cwd=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    assert "nested.py:25:85: error: CPython rejects this module: too many statically " \
           "nested blocks" in proc.stdout
    assert "ok:" not in proc.stdout
    (tmp_path / "nested.py").write_text(_nested_tries(19))
    assert pyaot("check", "nested.py", cwd=tmp_path).returncode == 0


def test_a_huge_int_literal_is_a_located_diagnostic(tmp_path: Path) -> None:
    (tmp_path / "big.py").write_text("from hatch_pyaot import compile\n\n@compile\n"
                                     f"def f(x: int) -> int:\n    return x + {'9' * 5000}\n")
    (tmp_path / "hexbig.py").write_text("from hatch_pyaot import compile\n\n@compile\n"
                                        f"def f(x: int) -> int:\n    return x + 0x{'f' * 5000}\n")
    for command in ("check", "build"):
        proc = pyaot(command, "big.py", cwd=tmp_path)
        out = proc.stdout + proc.stderr
        assert proc.returncode == 1 and "Traceback" not in out
        assert "big.py:5:16: error: CPython rejects this module: Exceeds the limit (4300 " \
               "digits) for integer string conversion" in out
        assert "hint: a compiled int has 64 bits" in out
    # CPython converts any number of hexadecimal digits: the compiler's own limit applies.
    proc = pyaot("check", "hexbig.py", cwd=tmp_path)
    assert proc.returncode == 1 and "Traceback" not in proc.stdout + proc.stderr
    assert "hexbig.py:5:16: error: integer literal does not fit in 64 bits" in proc.stdout


def test_check_fails_on_a_module_level_error(tmp_path: Path) -> None:
    (tmp_path / "opts.py").write_text("from hatch_pyaot import compile\n\n"
                                      "@compile(fastmath=True)\ndef f(x: int) -> int:\n"
                                      "    return x\n")
    proc = pyaot("check", "opts.py", cwd=tmp_path)
    assert "opts.py:3:10: error: unknown @compile option 'fastmath'" in proc.stdout
    assert proc.returncode == 1


@pytest.mark.parametrize("command", ["build", "check"])
def test_a_path_that_is_no_module_is_a_clean_error(command: str, tmp_path: Path) -> None:
    (tmp_path / "kern.txt").write_text(TWICE)
    (tmp_path / "my-kern.py").write_text(TWICE)
    for target, message in [("kern.txt", "kern.txt is not a Python source file (.py)"),
                            ("/etc/passwd", "/etc/passwd is not a Python source file (.py)"),
                            ("my-kern.py", "'my-kern' is not an ASCII Python identifier")]:
        proc = pyaot(command, target, cwd=tmp_path)
        assert proc.returncode == 2, (target, proc.stderr)
        assert f"pyaot: error: {target}" in proc.stderr and message in proc.stderr
        assert "Traceback" not in proc.stderr + proc.stdout


@pytest.mark.parametrize("command", ["build", "check"])
def test_an_unusable_cache_dir_is_a_clean_error(command: str, tmp_path: Path) -> None:
    (tmp_path / "twice.py").write_text(TWICE)
    for cache_dir, why in [("/etc/passwd", "it is not a folder"),
                           ("/proc/nope", "No such file or directory")]:
        proc = subprocess.run([sys.executable, "-m", "hatch_pyaot", command, "twice.py"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYAOT_CACHE_DIR": cache_dir})
        assert proc.returncode == 2, proc.stderr
        assert (f"pyaot: error: the build cache folder {cache_dir} (from PYAOT_CACHE_DIR) "
                f"cannot be used: {why}; set PYAOT_CACHE_DIR to a writable folder") in proc.stderr
        assert "Traceback" not in proc.stderr
