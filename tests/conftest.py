"""Shared fixtures: the source tree on the path, a per-session build cache, helpers to
write modules and run Python in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
if str(SRC) not in sys.path:
    sys.path.insert(0, str(SRC))


@pytest.fixture(scope="session", autouse=True)
def pyaot_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A build cache for this test session (never ~/.cache); subprocesses see ``src``."""
    cache_dir = tmp_path_factory.mktemp("pyaot-cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYAOT_CACHE_DIR", str(cache_dir))
        mp.setenv("PYTHONPATH", os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]))
        mp.delenv("PYAOT_DISABLE", raising=False)
        yield cache_dir


@pytest.fixture
def tmp_module(tmp_path: Path) -> Callable[..., Path]:
    """``tmp_module(source, name="kernels")`` writes ``<tmp_path>/<name>.py`` (dedented);
    a dotted name (``pkg.kernels``) creates the packages."""

    def write(source: str, name: str = "kernels") -> Path:
        *packages, stem = name.split(".")
        folder = tmp_path.joinpath(*packages)
        for depth in range(len(packages)):
            init = tmp_path.joinpath(*packages[: depth + 1], "__init__.py")
            init.parent.mkdir(parents=True, exist_ok=True)
            init.touch()
        path = folder / f"{stem}.py"
        path.write_text(textwrap.dedent(source), encoding="utf-8")
        return path

    return write


@pytest.fixture
def run_python() -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_python(code, cwd, env=None, check=True)``: ``python -c code`` in ``cwd``
    (``env`` entries are added to, or with value None removed from, the environment)."""

    def run(
        code: str,
        cwd: Path,
        env: Mapping[str, str | None] | None = None,
        check: bool = True,
        args: tuple[str, ...] = (),
    ) -> subprocess.CompletedProcess[str]:
        environ = dict(os.environ)
        for key, value in (env or {}).items():
            if value is None:
                environ.pop(key, None)
            else:
                environ[key] = value
        argv = [sys.executable, *args] if args else [sys.executable, "-c", textwrap.dedent(code)]
        proc = subprocess.run(
            argv, cwd=cwd, env=environ, capture_output=True, text=True, timeout=120
        )
        if check and proc.returncode != 0:
            raise AssertionError(f"python failed ({proc.returncode}):\n{proc.stdout}{proc.stderr}")
        return proc

    return run


NATIVE_TEMPLATE = """\
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <cstdint>
{functions}
static PyMethodDef methods[] = {{
{entries}    {{nullptr, nullptr, 0, nullptr}}}};
static PyModuleDef module_def = {{PyModuleDef_HEAD_INIT, "{module}", nullptr, -1, methods}};
PyMODINIT_FUNC PyInit_{module}() {{
    PyObject* m = PyModule_Create(&module_def);
    if (m == nullptr) return nullptr;
    PyObject* sources = Py_BuildValue("({tuple_format})"{tuple_args});
    if (sources == nullptr || PyModule_AddIntConstant(m, "__pyaot_abi__", {abi}) < 0 ||
        PyModule_AddObject(m, "__pyaot_sources__", sources) < 0) {{
        Py_XDECREF(sources);
        Py_DECREF(m);
        return nullptr;
    }}
    return m;
}}
"""

NATIVE_FUNCTION = """\
static PyObject* fn_{name}(PyObject*, PyObject* const* args, Py_ssize_t nargs) {{
    if (nargs != 2) {{
        PyErr_SetString(PyExc_TypeError, "{name}() takes exactly 2 arguments");
        return nullptr;
    }}
    const std::int64_t a = PyLong_AsLongLong(args[0]);
    if (a == -1 && PyErr_Occurred()) return nullptr;
    const std::int64_t b = PyLong_AsLongLong(args[1]);
    if (b == -1 && PyErr_Occurred()) return nullptr;
    return PyLong_FromLongLong({expression});
}}
"""


def native_source(
    module: str, functions: Mapping[str, str], sources: Mapping[str, str], abi: int = 1
) -> str:
    """A hand-written pyaot-style extension: ``functions`` maps a name to a C++ expression
    in ``a`` and ``b`` (two int64 parameters); ``sources`` maps relpath -> sha256."""
    return NATIVE_TEMPLATE.format(
        module=module,
        abi=abi,
        functions="".join(
            NATIVE_FUNCTION.format(name=name, expression=expr) for name, expr in functions.items()
        ),
        entries="".join(
            f'    {{"{name}", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>('
            f"fn_{name})), METH_FASTCALL, nullptr}},\n"
            for name in functions
        ),
        tuple_format="(ss)" * len(sources),
        tuple_args="".join(f', "{rel}", "{sha}"' for rel, sha in sources.items()),
    )


@pytest.fixture
def build_native() -> Callable[..., Path]:
    """``build_native(folder, module="kernels", functions={"add": "a + b"}, sources=None,
    abi=1, **options)`` builds ``<folder>/<module>.pyaot<EXT_SUFFIX>`` from a hand-written
    extension; ``sources`` defaults to the sha256 of ``<folder>/<module>.py``."""

    def build(
        folder: Path,
        module: str = "kernels",
        functions: Mapping[str, str] | None = None,
        sources: Mapping[str, str] | None = None,
        abi: int = 1,
        **options: object,
    ) -> Path:
        import hashlib
        import sysconfig

        from hatch_pyaot.toolchains import BuildOptions, ExtensionSpec, build_extensions

        if sources is None:
            digest = hashlib.sha256((folder / f"{module}.py").read_bytes()).hexdigest()
            sources = {f"{module}.py": digest}
        text = native_source(module, functions or {"add": "a + b"}, sources, abi)
        output = folder / f"{module}.pyaot{sysconfig.get_config_var('EXT_SUFFIX')}"
        spec = ExtensionSpec(module=module, sources={f"{module}.cpp": text}, output=output)
        (built,) = build_extensions([spec], BuildOptions(**options))  # type: ignore[arg-type]
        return built

    return build


def missing_tool(reason: str) -> None:
    """Skip locally when a tool is missing; under CI (CI=true) that is a failure, because
    CI installs every tool the tests need."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"CI must provide this tool: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def cxx() -> str:
    """The GCC/Clang compiler driver that the runtime's own C++ tests use."""
    from hatch_pyaot.toolchains.compiler import find_compiler
    from hatch_pyaot.toolchains.process import ToolchainError

    try:
        compiler = find_compiler()
    except ToolchainError as exc:
        missing_tool(str(exc))
        raise
    if compiler.family == "msvc":
        missing_tool("the runtime headers need GCC or Clang")
    return compiler.path


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding hatch-pyaot's own wheel, built once per session (tests/wheels.py).
    The xdist workers' temp folders share a parent that is new each session; without xdist
    that parent outlives the session, so the session's own folder is used."""
    from wheels import build_hatch_pyaot_wheel

    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    return build_hatch_pyaot_wheel(shared).parent


@pytest.fixture(scope="session")
def cross_cache(request: pytest.FixtureRequest,
                tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One pyaot cache for every cross build of every session and xdist worker (zig builds
    libc/libc++ once per target there: a minute or two each on two cores)."""
    from hatch_pyaot.toolchains import targets

    if targets.find_zig() is None:
        missing_tool("ziglang is not installed (pip install -e '.[dev]')")
    cache = getattr(request.config, "cache", None)
    if cache is not None:
        return Path(cache.mkdir("pyaot-cross"))
    return tmp_path_factory.mktemp("pyaot-cross")
