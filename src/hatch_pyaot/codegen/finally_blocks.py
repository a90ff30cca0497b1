"""Control flow out of ``try ... finally``: a ``return``, ``break`` or ``continue`` that leaves
a try (its body, handlers or ``else``) runs each finally block it passes first, innermost
first, as CPython does. Each such block is emitted again at the jump, where a failure goes to
the handlers around its own ``try`` and a jump in it sees only the tries around that one (so a
``return`` in a finally overrides the pending one, and an exception raised there replaces it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


@dataclass(frozen=True)
class Finally:
    body: Sequence[ir.Stmt]
    handlers: tuple[str, ...]
    """The exception targets around the ``try`` (where a failure in the block goes)."""
    loops: int
    """How many loops enclose the ``try``: a break or continue unwinds the blocks inside the
    innermost loop only."""


@contextmanager
def guarding(gen: FunctionEmitter, body: Sequence[ir.Stmt]) -> Iterator[None]:
    """While the parts of a ``try`` with this finally ``body`` are emitted."""
    if not body:
        yield
        return
    gen.finallies.append(Finally(body, tuple(gen.handlers), len(gen.loops)))
    try:
        yield
    finally:
        gen.finallies.pop()


def unwind(gen: FunctionEmitter, jump: ir.Stmt) -> None:
    """Run the finally blocks that ``jump`` leaves (every one for a return)."""
    stack = gen.finallies
    for k in range(len(stack) - 1, -1, -1):
        block = stack[k]
        if not isinstance(jump, ir.Return) and block.loops < len(gen.loops):
            break
        saved = gen.handlers, gen.finallies
        gen.handlers, gen.finallies = list(block.handlers), stack[:k]
        try:
            gen.line("{")
            with gen.indented():
                gen.block(block.body)
            gen.line("}")
        finally:
            gen.handlers, gen.finallies = saved


def leaves(gen: FunctionEmitter, jump: ir.Stmt) -> bool:
    """Whether ``jump`` passes a finally block."""
    if not gen.finallies:
        return False
    return isinstance(jump, ir.Return) or gen.finallies[-1].loops >= len(gen.loops)
