"""One module, analyzed as ``pyaot build`` would (nothing is built), line by line: what
each source line became, the C++ made from it, and the diagnostics reported at it."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

from hatch_pyaot.annotate import kinds
from hatch_pyaot.annotate.origins import cpp_by_line
from hatch_pyaot.codegen.module import entry_point
from hatch_pyaot.deep import call_deep
from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.pipeline import ModuleResult, analyze, display_path, entries_and_specs
from hatch_pyaot.typing.typed import Specialization

ENTRY_POINT = "the CPython entry point"

_RANK = {kinds.PLAIN: 0, kinds.NATIVE: 1, kinds.CHECKED: 2, kinds.PYTHON: 3,
         kinds.NOT_COMPILED: 4}
"""A line made into several specializations takes the kind of the least native one."""


@dataclass
class Line:
    number: int
    text: str
    kind: kinds.Kind = kinds.PLAIN
    reasons: list[str] = field(default_factory=list)
    """The checks left, or what calls Python (a compiled line)."""
    cpp: list[tuple[str, list[str]]] = field(default_factory=list)
    """(specialization, its C++ lines) for each specialization made from this line."""
    diagnostics: list[str] = field(default_factory=list)


@dataclass
class AnnotatedModule:
    path: Path
    module_name: str
    display_path: str
    lines: list[Line]

    def count(self, kind: kinds.Kind) -> int:
        return sum(1 for line in self.lines if line.kind is kind)


def annotate(path: Path) -> AnnotatedModule:
    """Raises CompileError for a module that cannot be read or parsed."""
    result = analyze(path)
    return call_deep(lambda: _annotate(result))  # the code generator recurses


def _annotate(result: ModuleResult) -> AnnotatedModule:
    file = display_path(result)
    text = result.program.source_lines(file) or result.path.read_text().splitlines()
    lines = [Line(i, source) for i, source in enumerate(text, start=1)]
    compiled, specs = entries_and_specs(result)
    for spec in specs:
        if spec.function.loc.file == file:
            _add_cpp(lines, spec)
    for point in compiled:  # shown, but no part of the line's kind: it is the call's cost
        def_line = lines[point.spec.function.loc.line - 1]
        def_line.cpp.append((f"{point.name}: {ENTRY_POINT}", entry_point(point)))
    spans = _function_spans("\n".join(text))
    for entry in result.entries:
        if entry.compiled:
            continue
        first, last = spans.get(entry.loc.line, (entry.loc.line, entry.loc.line))
        for line in lines[first - 1:last]:
            line.kind, line.reasons = kinds.NOT_COMPILED, []
        _add_diagnostics(lines, result, file, entry.diagnostics, entry.loc.line)
    _add_diagnostics(lines, result, file, result.module_diagnostics, 1)
    return AnnotatedModule(result.path, result.module_name, file, lines)


def _add_cpp(lines: list[Line], spec: Specialization) -> None:
    function = cpp_by_line(spec)
    params = ", ".join(str(t) for t in spec.param_types)
    label = f"{spec.function.ref.name}({params}) -> {spec.result}"
    for number, cpp in function.by_line.items():
        if not 1 <= number <= len(lines):
            continue
        line = lines[number - 1]
        line.cpp.append((label, cpp))
        kind, reasons = kinds.kind_of(cpp)
        if _RANK[kind] > _RANK[line.kind]:
            line.kind = kind
        line.reasons = list(dict.fromkeys([*line.reasons, *reasons]))


def _add_diagnostics(lines: list[Line], result: ModuleResult, file: str,
                     diagnostics: list[Diagnostic], fallback: int) -> None:
    """Each on its line; one of another file (a helper's) on ``fallback``."""
    for d in diagnostics:
        number = d.loc.line if d.loc.file == file and 1 <= d.loc.line <= len(lines) \
            else fallback
        text = d.format(result.program.source_lines(d.loc.file))
        if text not in lines[number - 1].diagnostics:
            lines[number - 1].diagnostics.append(text)


def _function_spans(source: str) -> dict[int, tuple[int, int]]:
    """``def`` line -> (first line with its decorators, last line) of each function."""
    spans: dict[int, tuple[int, int]] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            spans[node.lineno] = (first, node.end_lineno or node.lineno)
    return spans
