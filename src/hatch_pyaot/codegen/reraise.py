"""A bare ``raise`` in an ``except`` block: the handler that holds one sets the exception it
caught aside in a local (which also clears the thread's error state) and the ``raise`` puts
it back, location included (the traceback points where it was first raised, as CPython's
does), then passes it on."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.walk import all_statements

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


@contextmanager
def handler(gen: FunctionEmitter, body: Sequence[ir.Stmt]) -> Iterator[None]:
    """While an ``except`` block is emitted, its exception caught (cleared, or kept)."""
    if not any(isinstance(s, ir.Reraise) for s in all_statements(body)):
        gen.line("pyaot::clear_error();")
        yield
        return
    gen.temps += 1
    caught = f"caught{gen.temps}"
    gen.line(f"pyaot::ErrorState {caught} = std::exchange(pyaot::error_state(), "
             "pyaot::ErrorState{});")
    gen.caught.append(caught)
    try:
        yield
    finally:
        gen.caught.pop()


def reraise(gen: FunctionEmitter) -> None:
    gen.line(f"pyaot::error_state() = {gen.caught[-1]};")
    gen.line(gen.propagate())
