"""The one place that lists the compiler's stages and passes, in order.

    parse      tracer/project.py    libcst, after CPython compiles the module (never runs it)
    discover   tracer/discover.py   find @compile functions in the source (no import)
    trace      tracer/build.py      libcst -> IR, names resolved, module constants folded
    passes     IR_PASSES below      IR -> IR, each one function
    infer      typing/infer.py      seed from annotations, propagate, specialize helpers
    emit       codegen/module.py    typed IR -> one C++ translation unit per module
    build      toolchains/host.py   CMake + Ninja, cached by content hash
    recover    recovery.py          C++ that does not compile: its functions stay Python

A function that fails any stage keeps its diagnostics and stays Python; the rest of the
module still compiles.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from hatch_pyaot.codegen import isa_variants
from hatch_pyaot.codegen.huge import HUGE_FUNCTION_LINES, opt_level_for
from hatch_pyaot.codegen.models import files as model_files
from hatch_pyaot.codegen.module import Entry, can_vary, emit_module, emit_module_units
from hatch_pyaot.deep import call_deep
from hatch_pyaot.errors import CompileError, Diagnostic, Diagnostics, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type
from hatch_pyaot.ops import default_registry
from hatch_pyaot.passes.fold import fold_constants
from hatch_pyaot.progress import Step
from hatch_pyaot.recovery import recover
from hatch_pyaot.runtime.loader import native_name
from hatch_pyaot.toolchains.host import (
    BuildOptions,
    BuiltExtension,
    CodeBuildFailed,
    ExtensionSpec,
    build_each,
)
from hatch_pyaot.tracer.discover import discover
from hatch_pyaot.tracer.program import Program
from hatch_pyaot.tracer.project import Project
from hatch_pyaot.typing.boundary import boundary_errors
from hatch_pyaot.typing.defaults import default_mismatch
from hatch_pyaot.typing.generators import entry_generator
from hatch_pyaot.typing.infer import Inferencer
from hatch_pyaot.typing.ranks import broadcast_variants, fix_ranks, rank_variants
from hatch_pyaot.typing.typed import Specialization

logger = logging.getLogger("hatch_pyaot")

IR_PASSES: tuple[Callable[[ir.Function], None], ...] = (
    fold_constants,  # literal arithmetic evaluated by CPython itself
)

def native_path(source: Path) -> Path:
    """Where the native module of a source file goes: ``kernels.pyaot<EXT_SUFFIX>``."""
    return source.with_name(native_name(source.stem))


@dataclass
class EntryResult:
    name: str
    loc: Loc
    options: dict[str, object]
    spec: Specialization | None = None
    variants: list[Specialization] = field(default_factory=list)
    """One specialization per combination of array ranks the body leaves open (else one);
    ``spec`` is the first."""
    broadcast: bool = False
    """The variants are one per rank, arrays of lower rank padded (typing/rank_broadcast.py)."""
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def compiled(self) -> bool:
        return self.spec is not None


@dataclass
class ModuleResult:
    path: Path
    module_name: str
    program: Program
    inferencer: Inferencer
    entries: list[EntryResult]
    module_diagnostics: list[Diagnostic]
    cpp: str | None = None

    @property
    def native_path(self) -> Path:
        return native_path(self.path)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        out = list(self.module_diagnostics)
        for e in self.entries:
            out.extend(e.diagnostics)
        return out

    def format_diagnostics(self) -> str:
        seen: set[str] = set()
        texts = []
        for d in self.diagnostics:
            text = d.format(self.program.source_lines(d.loc.file))
            if text not in seen:
                seen.add(text)
                texts.append(text)
        return "\n".join(texts)


def analyze(path: Path) -> ModuleResult:
    """Discover, trace, fold, infer and emit one module; nothing is built. Deep syntax trees
    and call chains are fine (deep.py)."""
    problem = not_a_module(path)
    if problem is not None:
        raise CompileError([Diagnostic(Loc(str(path), 0, 0), problem)])
    return call_deep(lambda: _analyze(path))


def _analyze(path: Path) -> ModuleResult:
    registry = default_registry()
    project, module_name = Project.for_file(path)
    program = Program(project, registry, IR_PASSES)
    module = project.module(module_name)
    if module is None:
        raise CompileError([Diagnostic(Loc(str(path), 0, 0), "not a module of a project")])
    diags = Diagnostics()
    inferencer = Inferencer(program)
    entries = []
    for found in discover(program.resolver, module, diags):
        name = found.node.name.value
        result = EntryResult(name, found.loc, found.options)
        entries.append(result)
        traced = program.trace(ir.FuncRef(module_name, name))
        if traced.function is None:
            result.diagnostics = traced.diagnostics
            continue
        param_types = _entry_types(traced.function, result)
        if param_types is None:
            continue
        padded = broadcast_variants(traced.function, list(param_types))
        result.broadcast = padded is not None
        variants = padded or rank_variants(traced.function, list(param_types))
        if isinstance(variants, Diagnostic):
            result.diagnostics = [variants]
            continue
        first_errors: list[Diagnostic] = []
        try:
            for types in variants:
                spec = inferencer.specialize(traced.function.ref, types)
                errors = inferencer.errors_of(spec) or boundary_errors(
                    traced.function, spec.param_types, spec.result, found.loc)
                if errors:
                    first_errors = first_errors or errors
                else:
                    result.variants.append(spec)
        except Exception as exc:  # a bug of the compiler: this function stays Python
            result.variants = []
            first_errors = [internal_error(found.loc, exc)]
        if result.variants:
            result.spec = result.variants[0]
            result.diagnostics = inferencer.errors_of(result.spec, "warning")  # compiled
        else:
            result.diagnostics = first_errors
    inferencer.mark_cycles()
    out = ModuleResult(path, module_name, program, inferencer, entries, diags.items)
    try:
        out.cpp = emit(out) if any(e.compiled for e in entries) else None
    except Exception:  # a bug of the code generator: find the functions it is in
        for entry in [e for e in entries if e.compiled]:
            try:
                emit(out, only=[entry])
            except Exception as exc:  # this one stays Python; the others compile
                entry.spec, entry.variants = None, []
                entry.diagnostics = [internal_error(entry.loc, exc)]
        try:
            out.cpp = emit(out) if any(e.compiled for e in entries) else None
        except Exception as exc:  # they only fail together: the module stays Python
            for entry in entries:
                if entry.compiled:
                    entry.spec, entry.variants = None, []
                    entry.diagnostics = [internal_error(entry.loc, exc)]
            out.cpp = None
    return out


def not_a_module(path: Path) -> str | None:
    """Why ``path`` cannot be compiled as a module (not a ``.py`` file, not importable by
    its name), or None."""
    if path.suffix != ".py":
        return f"{path} is not a Python source file (.py)"
    if not (path.stem.isidentifier() and path.stem.isascii()):
        return (f"{path} cannot be imported as a module: '{path.stem}' is not an ASCII "
                "Python identifier")
    return None


def internal_error(loc: Loc, exc: Exception) -> Diagnostic:
    """The diagnostic of a compiler bug, so that one function's crash does not take the whole
    module (or build) down with it."""
    where = traceback.extract_tb(exc.__traceback__)[-1]
    return Diagnostic(loc, f"internal compiler error: {type(exc).__name__}: {exc} (at "
                      f"{Path(where.filename).name}:{where.lineno}); the function stays "
                      "Python", hint="please report this with the function's source")


def _entry_types(fn: ir.Function, result: EntryResult) -> tuple[Type, ...] | None:
    types = []
    for p in fn.params:
        if p.star is not None:
            result.diagnostics.append(Diagnostic(
                p.loc, f"'{p.star}{p.name}': @compile functions take named parameters only, "
                "so far (a helper may take *args and **kwargs)"))
        elif p.annotation is None:
            result.diagnostics.append(Diagnostic(
                p.loc, f"parameter '{p.name}' of a @compile function needs a type annotation"))
        else:
            mismatch = default_mismatch(p, p.annotation)
            if mismatch is not None:
                result.diagnostics.append(mismatch)
            types.append(p.annotation)
    result.diagnostics += boundary_errors(fn, [p.annotation for p in fn.params], None, fn.loc)
    if not result.diagnostics:
        result.diagnostics += entry_generator(fn, types)
    if not result.diagnostics:
        result.diagnostics += fix_ranks(fn, types)
    return tuple(types) if not result.diagnostics else None


def emit(result: ModuleResult, only: Sequence[EntryResult] | None = None) -> str:
    """The module's C++: of every compiled entry point, or of those in ``only``."""
    entries, specs = entries_and_specs(result, only)
    return emit_module(result.module_name, entries, specs,
                       display_path(result), source_hashes(result, specs),
                       [e.name for e in result.entries if not e.compiled])


def emit_units(result: ModuleResult, levels: Sequence[str]) -> dict[str, str] | None:
    """The module's C++ in ISA variants (codegen/isa_variants.py): the main unit and one per
    level above baseline; None where variants do not apply (not an x86-64 host, no level
    above baseline asked for, or kernels that define classes)."""
    entries, specs = entries_and_specs(result)
    if not (isa_variants.extra_levels(levels) and isa_variants.host_can_vary()
            and can_vary(specs)):
        return None
    return emit_module_units(result.module_name, entries, specs, display_path(result),
                             source_hashes(result, specs),
                             [e.name for e in result.entries if not e.compiled],
                             result.path.stem, levels)


def entries_and_specs(result: ModuleResult, only: Sequence[EntryResult] | None = None,
                      ) -> tuple[list[Entry], list[Specialization]]:
    """The compiled entry points of a module (or those in ``only``), and every
    specialization their code needs (callees first)."""
    compiled = [e for e in result.entries if e.spec is not None
                and (only is None or any(e is o for o in only))]
    specs: list[Specialization] = []
    for e in compiled:
        for variant in e.variants:
            for s in result.inferencer.closure(variant):
                if s not in specs:
                    specs.append(s)
    specs.sort(key=result.inferencer.order.index)
    entries = []
    for e in compiled:
        assert e.spec is not None
        doc = e.spec.function.docstring or ""
        first_line = doc.strip().splitlines()[0] if doc.strip() else ""
        entries.append(Entry(e.spec, e.name, doc, tuple(e.variants), broadcast=e.broadcast,
                             tag=str(e.options.get("tag") or e.name),
                             description=str(e.options.get("description") or first_line)))
    return entries, specs


def display_path(result: ModuleResult) -> str:
    module = result.program.project.module(result.module_name)
    assert module is not None
    return module.display_path


def source_hashes(result: ModuleResult, specs: Sequence[Specialization]) -> list[tuple[str, str]]:
    """(path relative to the native file, sha256) of every file the code came from."""
    names = sorted({result.module_name} | {s.function.ref.module for s in specs})
    out = []
    for name in names:
        module = result.program.project.module(name)
        assert module is not None
        if not result.program.project.is_own(module):
            continue  # a traced standard module (heapq) is the interpreter's, not the package's
        rel = os.path.relpath(module.path.resolve(), result.path.resolve().parent)
        out.append((Path(rel).as_posix(), hashlib.sha256(module.path.read_bytes()).hexdigest()))
    for path in model_files(specs):  # an ONNX model is a source too: its weights are built in
        rel = os.path.relpath(path.resolve(), result.path.resolve().parent)
        out.append((Path(rel).as_posix(), hashlib.sha256(path.read_bytes()).hexdigest()))
    return out


@dataclass
class BuildReport:
    modules: list[ModuleResult]
    built: list[Path]
    unreadable: list[tuple[Path, CompileError]] = field(default_factory=list)
    """Modules that could not even be parsed (a syntax error): nothing of them is compiled."""

    @property
    def failed_entries(self) -> list[EntryResult]:
        return [e for m in self.modules for e in m.entries if not e.compiled]


def build(paths: Sequence[Path], options: BuildOptions | None = None,
          progress: Callable[[str], None] | None = None,
          destination: Callable[[Path], Path] = native_path,
          on_step: Callable[[Step], None] | None = None) -> BuildReport:
    """Analyze every module, then build all native modules (in parallel, cached).

    ``destination(source)`` is where a module's native file goes: by default next to its
    source; a wheel build stages them elsewhere. A module with nothing compiled gets no
    native file (an old one there is removed).

    ``progress`` gets a line per module analyzed (``a.py: 2/3 functions compiled``) and per
    native module built (``built <output> in 1.2 s``, or ``(cached)``); ``on_step`` gets a
    ``Step`` before each analysis and after each build, for a bar. For built modules both
    are called from build worker threads, but never two calls at once.
    """

    options = options or BuildOptions()
    results = []
    specs = []
    plains: dict[Path, ExtensionSpec] = {}  # without ISA variants: built if those fail
    sources: dict[Path, Path] = {}
    by_output: dict[Path, ModuleResult] = {}
    unreadable = []
    steps = len(paths)

    def step(completed: int, label: str) -> None:
        if on_step:
            on_step(Step(completed, steps, label))

    for index, path in enumerate(paths):
        step(index, f"analyzing {path}")
        try:
            result = analyze(path)
        except CompileError as exc:
            unreadable.append((path, exc))
            continue
        results.append(result)
        if progress and result.entries:
            done = sum(e.compiled for e in result.entries)
            progress(f"{path}: {done}/{len(result.entries)} functions compiled")
        output = destination(path)
        if result.cpp is None:
            output.unlink(missing_ok=True)
            continue
        opt_level = opt_level_for(result.cpp, options.opt_level)
        if opt_level is not None and progress:
            progress(f"{path}: a function of over {HUGE_FUNCTION_LINES} lines of C++: built "
                     f"at -O{opt_level} (higher levels take minutes on functions this long)")
        plain = ExtensionSpec(module=result.module_name.rpartition(".")[2],
                              sources={f"{result.path.stem}.cpp": result.cpp},
                              output=output, opt_level=opt_level)
        units = emit_units(result, options.isa_variants) if opt_level is None else None
        specs.append(plain if units is None else
                     replace(plain, sources=units, source_levels=isa_variants.unit_levels(units)))
        plains[output] = plain
        sources[output] = path
        by_output[output] = result
    steps += len(specs)
    finished = len(paths)
    step(finished, f"building {len(specs)} native module(s)")
    lock = threading.Lock()

    def on_done(built: BuiltExtension) -> None:
        nonlocal finished
        how = "(cached)" if built.cached else f"in {built.seconds:.1f} s"
        with lock:
            finished += 1
            step(finished, f"built {sources[built.output]}")
            if progress:
                progress(f"built {built.output} {how}")

    outcomes = build_each(specs, options, on_done) if specs else []
    built = []
    for spec, outcome in zip(specs, outcomes, strict=True):
        if isinstance(outcome, CodeBuildFailed) and spec.source_levels:
            logger.warning("%s: its ISA variants did not build; building it portable only: %s",
                           sources[spec.output], outcome)
            spec = plains[spec.output]
            (outcome,) = build_each([spec], options, on_done)
        if isinstance(outcome, CodeBuildFailed):  # a bug of ours: find it, build the rest
            logger.info("%s", outcome)
            rest = recover(by_output[spec.output], spec, outcome, options, emit, on_done)
            if rest is None:
                spec.output.unlink(missing_ok=True)
                continue
            outcome = rest
        built.append(outcome)
    return BuildReport(results, built, unreadable)


def module_files(target: Path) -> list[Path]:
    """A file, or every module of a package folder that mentions ``compile``."""
    if target.is_file():
        return [target]
    files = []
    for path in sorted(target.rglob("*.py")):
        if any(part.startswith(".") or part in {"build", "dist", "__pycache__"}
               for part in path.relative_to(target).parts[:-1]):
            continue
        if "compile" in path.read_text(encoding="utf-8", errors="replace"):
            files.append(path)
    return files
