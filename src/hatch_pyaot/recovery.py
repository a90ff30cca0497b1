"""When a module's generated C++ does not compile: find the functions responsible, keep them
in Python, and build the rest.

Generated code that the C++ compiler rejects is a bug of ours, and a bug in one function
must not cost the user the module (or a wheel). So a module whose build fails is rebuilt
once per compiled entry point, each alone and in parallel (a throw-away build in a
temporary folder); the entry points whose module alone still fails get an "internal
compiler error" diagnostic and stay Python, like any other function the compiler cannot
take, and the module is built again with the others. Should that fail too (a clash only
the entry points together make), every function of the module stays Python: a module
without native code is always a correct result.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.toolchains.host import (
    BuildOptions,
    BuiltExtension,
    CodeBuildFailed,
    ExtensionSpec,
    build_each,
)

if TYPE_CHECKING:
    from hatch_pyaot.pipeline import EntryResult, ModuleResult

Emit = Callable[["ModuleResult", Sequence["EntryResult"]], str]
"""``pipeline.emit``: the module's C++ with only the given entry points."""

_ERROR = re.compile(r"\b(?:fatal )?error\b[: ]\s*(?P<text>.+)")


def recover(result: ModuleResult, spec: ExtensionSpec, failure: CodeBuildFailed,
            options: BuildOptions, emit: Emit,
            on_done: Callable[[BuiltExtension], None] | None = None) -> Path | None:
    """Mark the entry points of ``result`` whose C++ fails, then build ``spec`` with the
    others; returns its output, or None when no function is left to build (``result.cpp``
    is then None)."""
    compiled = [e for e in result.entries if e.compiled]
    if len(compiled) == 1:
        failed = {0: failure}
    else:
        failed = _failing_alone(result, spec, compiled, options, emit)
    if not failed:  # each compiles alone, not together
        failed = dict.fromkeys(range(len(compiled)), failure)
    for index, error in failed.items():
        _mark(compiled[index], error)
    if not any(e.compiled for e in result.entries):
        result.cpp = None
        return None
    result.cpp = emit(result, [e for e in result.entries if e.compiled])
    rest = replace(spec, sources={_source_name(spec): result.cpp})
    (outcome,) = build_each([rest], options, on_done)
    if isinstance(outcome, CodeBuildFailed):
        for entry in result.entries:
            if entry.compiled:
                _mark(entry, outcome)
        result.cpp = None
        return None
    return outcome


def _failing_alone(result: ModuleResult, spec: ExtensionSpec, compiled: list[EntryResult],
                   options: BuildOptions, emit: Emit) -> dict[int, CodeBuildFailed]:
    """{index in ``compiled``: its failure} of the entry points whose module alone fails."""
    with tempfile.TemporaryDirectory(prefix="pyaot-probe-") as folder:
        probes = [replace(spec, sources={_source_name(spec): emit(result, [entry])},
                          output=Path(folder, str(index), spec.output.name))
                  for index, entry in enumerate(compiled)]
        outcomes = build_each(probes, options)
    return {index: outcome for index, outcome in enumerate(outcomes)
            if isinstance(outcome, CodeBuildFailed)}


def _mark(entry: EntryResult, failure: CodeBuildFailed) -> None:
    entry.spec, entry.variants = None, []
    entry.diagnostics = [Diagnostic(
        entry.loc, f"internal compiler error: the C++ generated for '{entry.name}' does not "
        f"compile ({first_error(failure.output)}); the function stays Python",
        hint="please report this with the function's source")]


def first_error(output: str) -> str:
    """The compiler's first error message, shortened, for the diagnostic."""
    for line in output.splitlines():
        found = _ERROR.search(line)
        if found:
            text = found["text"].strip()
            return text if len(text) <= 160 else text[:157] + "..."
    return "the compiler gave no message"


def _source_name(spec: ExtensionSpec) -> str:
    return next(iter(spec.sources))
