"""Emit function values (typing/closures.py): environments, cells and direct calls.

A function value is the ``std::tuple`` of its environment; a call through it is the direct
call of the lifted function's specialization (``typing.closure_calls``), which the C++
compiler can inline. A shared local is declared as its cell plus a reference into it,
``pyaot::cell<T> c_x = pyaot::cell<T>::make(); T& v_x = c_x.get();``, so every other part
of the code generator reads and writes ``v_x`` as before. A nested function's captured
variables are references into its environment parameter.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import is_temp
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import CellType, ClosureType, FunctionUnion, Type
from hatch_pyaot.ir.walk import target_names
from hatch_pyaot.typing.typed import UserCall

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/cell.hpp"


def expr(em: FunctionEmitter,
         e: ir.MakeClosure | ir.CallValue | ir.EnvItem | ir.Alternative) -> str:
    if isinstance(e, ir.CallValue):
        return call(em, e)
    if isinstance(e, ir.EnvItem | ir.Alternative):
        value = em.held_values.get(e.value) or em.expr(e.value)
        return f"std::get<{e.index}>({value})"
    t = em.spec.type_of(e)
    assert isinstance(t, ClosureType)
    em.headers.add(HEADER)
    items = [f"c_{c.outer}" if c.by_cell else f"v_{c.outer}" for c in e.captures]
    items += [em.expr(d) for d in e.defaults]
    return f"{t.cpp()}{{{', '.join(items)}}}"


def call(em: FunctionEmitter, e: ir.CallValue) -> str:
    """A direct call; for a value that is one of several functions, a switch on which."""
    calls = [synth for _, synth in em.spec.closure_calls[e]]
    if len(calls) == 1 and isinstance(calls[0], ir.Call):
        return em.call(calls[0])
    which = em.held(e.callee)  # evaluated once, then read by each part of the call
    em.held_values[e.callee] = which
    if len(calls) == 1:
        return _direct(em, calls[0])[0]
    t = em.spec.type_of(e)
    out = em.temp(t)
    em.line(f"switch ({which}.index()) {{")
    for k, synth in enumerate(calls):
        em.line(f"case {k}: {{")
        with em.indented():
            result, result_t = _direct(em, synth)
            em.line(f"{out} = {em.cast(result, result_t, t)};")
            em.line("break;")
        em.line("}")
    em.line("default: break;")
    em.line("}")
    return out


def _direct(em: FunctionEmitter, synth: ir.Call | ir.CallValue) -> tuple[str, Type]:
    """A call made by typing, and its result's type."""
    if isinstance(synth, ir.CallValue):
        return em.expr(synth), em.spec.type_of(synth)
    target = em.spec.calls[synth]
    assert isinstance(target, UserCall) and target.spec.result is not None
    return em.call(synth), target.spec.result


def cast(em: FunctionEmitter, code: str, src: Type, dst: FunctionUnion) -> str:
    """A function value as one of several: the variant's alternative of that function."""
    em.headers.add(HEADER)
    refs = [repr(o.ref) for o in dst.options]
    if isinstance(src, ClosureType):
        return f"{dst.cpp()}(std::in_place_index<{refs.index(repr(src.ref))}>, {code})"
    assert isinstance(src, FunctionUnion)
    held = code if is_temp(code) or code.startswith("v_") else em.temp(src, code)
    cases = " ".join(f"case {i}: return {dst.cpp()}(std::in_place_index<"
                     f"{refs.index(repr(o.ref))}>, std::get<{i}>({held}));"
                     for i, o in enumerate(src.options))
    return f"[&]() -> {dst.cpp()} {{ switch ({held}.index()) {{ {cases} }} return {{}}; }}()"


def prologue(em: FunctionEmitter) -> None:
    """A nested function's captured variables: references into its environment."""
    fn = em.spec.function
    if not fn.captures:
        return
    env = em.spec.param_types[0]
    assert isinstance(env, ClosureType)
    em.headers.add(HEADER)
    for k, (c, t) in enumerate(zip(fn.captures, env.items, strict=False)):
        if isinstance(t, CellType):
            em.line(f"{t.cpp()}& c_{c.name} = std::get<{k}>(v_{ir.ENV});")
            em.line(f"{t.item.cpp()}& v_{c.name} = c_{c.name}.get();")
        else:
            em.line(f"{t.cpp()}& v_{c.name} = std::get<{k}>(v_{ir.ENV});")


def declare(em: FunctionEmitter, name: str, t: Type, param: Type | None) -> bool:
    """Declare a local that lives in a cell; False for any other local."""
    if name not in em.spec.function.cells:
        return False
    em.headers.add(HEADER)
    cell = CellType(t).cpp()
    init = "" if param is None else em.cast(f"p_{name}", param, t)
    em.line(f"{cell} c_{name} = {cell}::make({init});")
    em.line(f"{t.cpp()}& v_{name} = c_{name}.get();")
    return True



@contextmanager
def fresh_cells(em: FunctionEmitter, e: ir.Comprehension) -> Iterator[None]:
    """A comprehension's variables that closures capture get new cells each time it runs
    (Python makes a new scope per run): declared again in a block of its own."""
    names: list[str] = []
    loop: ir.Stmt | None = e.loop
    while isinstance(loop, ir.ForRange | ir.ForEach):
        names += [n for n in target_names(loop.target) if n in em.spec.function.cells]
        loop = next((s for s in loop.body if isinstance(s, ir.ForRange | ir.ForEach | ir.If)),
                    None)
        while isinstance(loop, ir.If):
            loop = next((s for s in loop.body if isinstance(s, ir.ForRange | ir.ForEach)), None)
    if not names:
        yield
        return
    em.line("{")
    with em.indented():
        for name in names:
            declare(em, name, em.spec.var_types[name], None)
        yield
    em.line("}")
