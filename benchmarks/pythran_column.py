"""Pythran as a column of the NumPy suite: one pythran module per kernel (its two forms),
built from a copy of the kernels file with ``#pythran export`` lines made from each
function's annotations.

The dtype of an array parameter comes from its annotation (``NDArray[np.float64]`` or
``np.ndarray[tuple[int, int], np.dtype[np.float64]]``), its rank from the argument the suite
passes (what the kernel is known to be called with), so ``NDArray[np.float64]`` of a 2-d
input exports as ``float64[:,:]``; ``int``, ``float``, ``bool`` and ``complex`` parameters
export as themselves. The copy drops the ``@compile`` decorators, the imports of
hatch_pyaot and numpy.typing and every annotation (pythran reads only the export lines).
A kernel pythran cannot build is reported with pythran's reason, and the others still run.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

SCALARS = {"int": "int", "float": "float", "bool": "bool", "complex": "complex"}
FORMS = ("_loops", "_vec")
BUILD_TIMEOUT_S = 900
WORKERS = 3


@dataclass
class PythranBuild:
    kernel: str
    seconds: float
    module: Path | None
    """The built extension module, or None when the build failed."""
    error: str = ""
    cached: bool = False
    """Taken from the cache: ``seconds`` is what the build took when it was made."""


def available() -> bool:
    return importlib.util.find_spec("pythran") is not None


def _dtype_name(annotation: ast.expr) -> str | None:
    """``float64`` of ``NDArray[np.float64]`` or of ``np.ndarray[..., np.dtype[np.float64]]``."""
    if not isinstance(annotation, ast.Subscript):
        return None
    inner = annotation.slice
    if isinstance(inner, ast.Tuple):  # np.ndarray[shape, np.dtype[...]]
        return _dtype_name(inner.elts[-1])
    return inner.attr if isinstance(inner, ast.Attribute) else None


def export_type(annotation: ast.expr | None, arg: Any) -> str:
    """Pythran's spelling of one parameter: the annotation's dtype, the argument's rank."""
    if isinstance(annotation, ast.Name) and annotation.id in SCALARS:
        return SCALARS[annotation.id]
    dtype = _dtype_name(annotation) if annotation is not None else None
    if dtype is None or not isinstance(arg, np.ndarray):
        got = ast.unparse(annotation) if annotation is not None else "no annotation"
        raise ValueError(f"no pythran type for {got} (argument {type(arg).__name__})")
    return f"{dtype}[{','.join(':' * arg.ndim)}]" if arg.ndim else dtype


def export_line(fn: ast.FunctionDef, args: tuple[Any, ...]) -> str:
    types_ = [export_type(a.annotation, v) for a, v in zip(fn.args.args, args, strict=True)]
    return f"#pythran export {fn.name}({', '.join(types_)})"


class _Plain(ast.NodeTransformer):
    """Drops ``@compile``, annotations and the imports pythran does not know."""

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.FunctionDef:
        node.decorator_list = []
        node.returns = None
        for a in node.args.args:
            a.annotation = None
        self.generic_visit(node)
        return node

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.ImportFrom | None:
        return None if node.module in ("hatch_pyaot", "numpy.typing") else node

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.stmt:
        if node.value is None:
            return ast.Pass()
        return ast.Assign(targets=[node.target], value=node.value, lineno=node.lineno)


def pythran_source(source: str, exports: dict[str, tuple[Any, ...]]) -> str:
    """The kernels file for pythran: the functions in ``exports`` (name -> the arguments
    they are called with) exported, the other kernels' forms left out (pythran compiles
    every function of a module), helpers kept."""
    tree = ast.parse(source)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    lines = [export_line(functions[name], args) for name, args in exports.items()]
    tree.body = [n for n in tree.body if not isinstance(n, ast.FunctionDef)
                 or n.name in exports or not n.name.endswith(FORMS)]  # helpers stay
    plain = ast.fix_missing_locations(_Plain().visit(tree))
    return "\n".join(lines) + "\n" + ast.unparse(plain) + "\n"


def cache_dir() -> Path:
    """Where built pythran modules are kept between runs, by the hash of their source
    (``PYAOT_BENCH_PYTHRAN_CACHE``, default ``~/.cache/pyaot-bench-pythran``)."""
    default = Path.home() / ".cache" / "pyaot-bench-pythran"
    return Path(os.environ.get("PYAOT_BENCH_PYTHRAN_CACHE", default))


def build_kernel(source: str, kernel: str, exports: dict[str, tuple[Any, ...]],
                 folder: Path) -> PythranBuild:
    """Build one pythran module named ``<kernel>_pythran`` in ``folder``, or take it from
    the cache when the same source was built before (with the seconds that build took)."""
    name = f"{kernel}_pythran"
    try:
        text = pythran_source(source, exports)
    except ValueError as exc:
        return PythranBuild(kernel, 0.0, None, f"no export line: {exc}")
    import pythran

    key = hashlib.sha256(f"{pythran.__version__}\n{sys.version}\n{text}".encode()).hexdigest()
    cached = cache_dir() / key[:24]
    if (cached / "build.json").exists():
        record = json.loads((cached / "build.json").read_text(encoding="utf-8"))
        module = cached / f"{name}.so" if record["ok"] else None
        return PythranBuild(kernel, record["seconds"], module, record["error"], cached=True)
    built = _build(text, kernel, name, folder)
    if built.error.startswith("timed out"):
        return built  # not kept: a build on a less busy machine may finish
    cached.mkdir(parents=True, exist_ok=True)
    if built.module is not None:
        shutil.copyfile(built.module, cached / f"{name}.so")
        built.module = cached / f"{name}.so"
    (cached / "build.json").write_text(json.dumps(
        {"ok": built.module is not None, "seconds": built.seconds, "error": built.error}),
        encoding="utf-8")
    return built


def _build(text: str, kernel: str, name: str, folder: Path) -> PythranBuild:
    folder.mkdir(parents=True, exist_ok=True)
    src = folder / f"{name}.py"
    src.write_text(text, encoding="utf-8")
    pythran = shutil.which("pythran", path=str(Path(sys.executable).parent)) or "pythran"
    t0 = time.perf_counter()
    try:
        done = subprocess.run([pythran, "-O3", str(src), "-o", str(folder / f"{name}.so")],
                              capture_output=True, text=True, cwd=folder, check=False,
                              timeout=BUILD_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return PythranBuild(kernel, time.perf_counter() - t0, None,
                            f"timed out after {BUILD_TIMEOUT_S} s")
    seconds = time.perf_counter() - t0
    built = folder / f"{name}.so"
    if done.returncode != 0 or not built.exists():
        return PythranBuild(kernel, seconds, None, failure_reason(done.stdout + done.stderr))
    return PythranBuild(kernel, seconds, built)


def failure_reason(output: str) -> str:
    """The first line of pythran's output that says what went wrong."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    for marker in ("Pythran spec error", "PythranSyntaxError", "TypeError", "error:",
                   "Error"):
        for line in lines:
            if marker in line:
                return line[:300]
    return (lines[-1] if lines else "no output")[:300]


def build_all(source: str, kernels: Iterable[tuple[str, dict[str, tuple[Any, ...]]]],
              folder: Path, progress: Callable[[str], None]) -> dict[str, PythranBuild]:
    """One pythran module per kernel: (kernel, {function: arguments}) pairs; ``WORKERS``
    builds at a time."""

    def one(job: tuple[str, dict[str, tuple[Any, ...]]]) -> PythranBuild:
        progress(f"pythran: building {job[0]}")
        return build_kernel(source, job[0], job[1], folder / job[0])

    with ThreadPoolExecutor(WORKERS) as pool:
        return {b.kernel: b for b in pool.map(one, kernels)}


@functools.cache
def load(path: Path) -> types.ModuleType:
    """Import a built pythran extension module from its file."""
    name = path.name.split(".")[0]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
