"""Which Python line each generated C++ line comes from.

The code generator emits one statement at a time (``FunctionEmitter.stmt``); this emitter
puts a marker line before and after each, and ``cpp_by_line`` splits the output at them:
the lines between a statement's markers, less those of the statements nested in it, are
that statement's. The signature and the locals' declarations belong to the ``def`` line.
The C++ is the same as the module's, markers aside (the compiled module is emitted without
them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hatch_pyaot.codegen.function import FunctionEmitter
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.typing.typed import Specialization

_OPEN = "\0open "
_CLOSE = "\0close"


@dataclass
class _MarkingEmitter(FunctionEmitter):
    def stmt(self, s: ir.Stmt) -> None:
        self.lines.append(f"{_OPEN}{s.loc.line}")
        super().stmt(s)
        self.lines.append(_CLOSE)


@dataclass
class FunctionCpp:
    """The C++ of one specialization, by the Python line each of its lines comes from."""

    spec: Specialization
    by_line: dict[int, list[str]] = field(default_factory=dict)


def cpp_by_line(spec: Specialization) -> FunctionCpp:
    lines = _MarkingEmitter(spec, set()).emit()
    out = FunctionCpp(spec)
    open_lines = [spec.function.loc.line]
    for text in lines:
        if text.startswith(_OPEN):
            open_lines.append(int(text[len(_OPEN):]))
        elif text == _CLOSE:
            open_lines.pop()
        else:
            out.by_line.setdefault(open_lines[-1], []).append(text)
    return out
