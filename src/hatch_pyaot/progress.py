"""Where a build stands: ``Step`` for a progress bar, and the two displays of ``pyaot build``.

``pipeline.build`` counts the steps (one per module analyzed, one per native module built)
and a display only draws them, so another front end (an IDE, a build hook) can draw its own.
On a terminal the CLI shows a rich bar; in logs and pipes it prints plain ``pyaot: ...``
lines, which stay greppable. rich is imported only when a bar is made: a wheel build and
``import hatch_pyaot`` never load it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console


@dataclass(frozen=True)
class Step:
    """``completed`` of ``total`` steps done; ``label`` says what happens now."""

    completed: int
    total: int
    """Modules to analyze, plus native modules to build once analysis knows how many."""
    label: str
    """Names the module: ``analyzing pkg/a.py``, ``built pkg/a.py`` (its native module)."""


class PlainLines:
    """One ``pyaot: ...`` line per event, no bar: for CI logs, pipes and ``--no-progress``."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream

    def line(self, text: str) -> None:
        print(f"pyaot: {text}", file=self._stream or sys.stdout, flush=True)

    def step(self, step: Step) -> None:
        pass

    def __enter__(self) -> PlainLines:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        pass


class RichBar:
    """A rich progress bar on stderr; the lines scroll above it. Use it as a context."""

    def __init__(self, console: Console | None = None) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._progress = Progress(
            TextColumn("{task.description}", markup=False),  # paths may hold "[...]"
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console or Console(stderr=True),
        )
        self._task = self._progress.add_task("pyaot", total=None)

    def line(self, text: str) -> None:
        self._progress.console.print(f"pyaot: {text}", markup=False, highlight=False,
                                     soft_wrap=True)

    def step(self, step: Step) -> None:
        self._progress.update(self._task, completed=step.completed, total=step.total,
                              description=step.label, refresh=True)

    def __enter__(self) -> RichBar:
        self._progress.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._progress.stop()

