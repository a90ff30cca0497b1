"""Innermost array loops run in chunks between interrupt checks, so that GCC can vectorize
them.

A ``for i in range(start, stop)`` loop normally counts ``ticks`` down in every iteration and
checks for Ctrl-C when it reaches zero (FunctionEmitter.loop_body): a call in the loop body,
which keeps GCC from vectorizing it. When the body has no loop and no ``break`` of its own
and stores an element proven in range (codegen/bounds.py), the loop instead runs as many
iterations as ``ticks`` has left in one plain inner loop, then checks: the same interval
between checks, nothing in the loop that GCC cannot vectorize.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.walk import all_statements

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

_NOT_INSIDE = (ir.ForRange, ir.ForEach, ir.While, ir.Break)


def applies(em: FunctionEmitter, s: ir.ForRange) -> bool:
    if s.orelse or not (isinstance(s.step, ir.Const) and type(s.step.value) is int
                        and s.step.value == 1):
        return False
    inside = all_statements(s.body)
    return not any(isinstance(b, _NOT_INSIDE) for b in inside) and \
        any(isinstance(b, ir.SetItem) and b in em.in_range for b in inside)


def emit(em: FunctionEmitter, s: ir.ForRange) -> None:
    """The loop (``applies(em, s)``): chunks of at most ``ticks`` iterations, each checked
    after it runs (``ticks`` is at least 1 before each chunk)."""
    start = em.int_value(s.start)
    stop = em.int_value(s.stop)
    k = f"k{em.temps}"
    end = f"e{em.temps}"
    em.ticking = True
    em.line(f"for (std::int64_t {k} = {start}; {k} < {stop};) {{")
    with em.indented():
        em.line(f"const std::int64_t {end} = static_cast<std::uint64_t>({stop}) - "
                f"static_cast<std::uint64_t>({k}) > ticks ? {k} + ticks : {stop};")
        em.line(f"ticks -= static_cast<std::uint32_t>({end} - {k});")
        em.line(f"for (; {k} < {end}; ++{k}) {{")
        with em.indented():
            em.store(s.target.id, k)
        em.loop_body(s.body, None)
        em.line("}")
        em.line("if (ticks == 0) [[unlikely]] {")
        with em.indented():
            em.line("ticks = pyaot::interrupt_interval;")
            em.line(f"if (!pyaot::check_interrupt()) {em.fail(s.loc.line)}")
        em.line("}")
    em.line("}")
