"""Source locations and user-facing diagnostics.

Every IR node carries a ``Loc``; every error the compiler reports is a ``Diagnostic`` that
prints as ``file:line:col: error: message`` followed by the source line and a caret, the
way C compilers and Pythran do, so that editors and CI logs can jump to it.
"""

from __future__ import annotations

import linecache
from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True, slots=True)
class Loc:
    file: str
    """The path as given to the compiler (kept relative where possible, for stable output)."""
    line: int
    col: int
    """0-based column, as libcst reports it; printed 1-based."""
    end_col: int | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col + 1}"


UNKNOWN_LOC = Loc("<unknown>", 0, 0)

Severity = Literal["error", "warning", "note"]


@dataclass(frozen=True, slots=True)
class Diagnostic:
    loc: Loc
    message: str
    severity: Severity = "error"
    hint: str | None = None

    def format(self, source_lines: list[str] | None = None) -> str:
        """``file:line:col: error: message``, the source line, a caret, and the hint."""
        out = [f"{self.loc}: {self.severity}: {self.message}"]
        line = _source_line(self.loc, source_lines)
        if line is not None:
            text = line.rstrip("\n").expandtabs(1)
            width = 1
            if self.loc.end_col is not None and self.loc.end_col > self.loc.col:
                width = min(self.loc.end_col, len(text)) - self.loc.col
            out.append(f"    {text}")
            out.append("    " + " " * self.loc.col + "^" + "~" * max(0, width - 1))
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.format()


def _source_line(loc: Loc, source_lines: list[str] | None) -> str | None:
    if loc.line <= 0:
        return None
    if source_lines is not None:
        return source_lines[loc.line - 1] if loc.line <= len(source_lines) else None
    line = linecache.getline(loc.file, loc.line)
    return line or None


@dataclass
class CompileError(Exception):
    """Raised when a function (or a whole build) cannot be compiled; carries every error."""

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics)


@dataclass
class Diagnostics:
    """Collects diagnostics so that a stage reports every error, not only the first."""

    items: list[Diagnostic] = field(default_factory=list)

    def error(self, loc: Loc, message: str, hint: str | None = None) -> None:
        self.items.append(Diagnostic(loc, message, "error", hint))

    def warning(self, loc: Loc, message: str, hint: str | None = None) -> None:
        self.items.append(Diagnostic(loc, message, "warning", hint))

    @property
    def has_errors(self) -> bool:
        return any(d.severity == "error" for d in self.items)
