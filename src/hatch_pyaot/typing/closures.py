"""Types of function values (tracer/closures.py): a ``ClosureType`` per function, whose
items are its environment, and calls through them.

A call ``f(x)`` of a value of type ``function inner`` becomes, for typing and codegen, the
direct call ``inner(f, x)`` of the lifted function (its environment first), bound here with
Python's rules: a left-out argument whose default lives in the environment is read from it.
The lifted function is then specialized at these argument types like any helper, so a
function passed to a helper is specialized per call site and the C++ compiler can inline
it. A module-level function named as a value has an empty environment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hatch_pyaot.errors import Diagnostic, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    CallableType,
    CellType,
    ClosureType,
    DictType,
    FunctionUnion,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    unify,
)
from hatch_pyaot.typing.classes import NOT_MINE

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    """The type of a closure expression, or NOT_MINE."""
    if isinstance(e, ir.MakeClosure):
        return make(typer, e)
    if isinstance(e, ir.CallValue):
        return call(typer, e)
    if isinstance(e, ir.EnvItem):
        t = typer.expr(e.value)
        return t.items[e.index] if isinstance(t, ClosureType) else None
    if isinstance(e, ir.Alternative):
        t = typer.expr(e.value)
        return t.options[e.index] if isinstance(t, FunctionUnion) else None
    return NOT_MINE


def make(typer: FunctionTyper, e: ir.MakeClosure) -> Type | None:
    items: list[Type] = []
    for c in e.captures:
        t = typer.spec.var_types.get(c.outer)
        if t is None:
            return None  # not assigned yet on this pass: a later pass tells
        items.append(CellType(t) if c.by_cell else t)
    for d in e.defaults:
        t = typer.expr(d, raw=True)
        if t is None:
            return None
        items.append(t)
    made = ClosureType(e.ref, tuple(items))
    if _refers_to(made, e.ref, top=True):
        typer.diags.error(e.loc, f"'{_name(e.ref)}' is captured by a function it captures "
                          "(mutually recursive nested functions): their environments would "
                          "form a cycle, which the compiler does not make",
                          hint="define them at module level")
        return None
    return made


def _refers_to(t: Type, ref: object, top: bool = False) -> bool:
    if isinstance(t, ClosureType):
        if t.ref == ref and not top:
            return True
        return any(_refers_to(i, ref) for i in t.items)
    if isinstance(t, CellType):
        return _refers_to(t.item, ref)
    return False


def call(typer: FunctionTyper, e: ir.CallValue) -> Type | None:
    callee_t = typer.expr(e.callee)
    if callee_t is None:
        for a in [*e.args, *(v for _, v in e.kwargs)]:
            typer.expr(a, raw=True)
        return None
    if isinstance(callee_t, FunctionUnion):
        options = callee_t.options
    elif isinstance(callee_t, ClosureType):
        options = (callee_t,)
    else:
        typer.diags.error(e.callee.loc, f"'{callee_t}' object is not callable")
        return None
    made = typer.spec.closure_calls.get(e, [])
    if [ref for ref, _ in made] != [o.ref for o in options]:
        made = []
        for k, option in enumerate(options):
            callee = e.callee if len(options) == 1 else ir.Alternative(e.loc, e.callee, k)
            synth = _direct_call(typer, e, callee, option)
            if synth is None:
                return None
            made.append((option.ref, synth))
        typer.spec.closure_calls[e] = made
    results = [typer.call(synth) if isinstance(synth, ir.Call) else typer.expr(synth)
               for _, synth in made]
    return typer.merge(results, e.loc, "the results of the functions called here")


def _partial_call(typer: FunctionTyper, e: ir.CallValue, callee: ir.Expr,
                  ref: ir.PartialRef) -> ir.CallValue | None:
    """``p(args, k=v)`` of ``p = partial(f, a, k=w)``: ``f(a, args, k=v)``, the call's
    keywords replacing the bound ones, as functools does."""
    bound = [ir.EnvItem(e.loc, callee, 1 + i) for i in range(ref.positional)]
    given = {k for k, _ in e.kwargs}
    keywords = [(k, ir.EnvItem(e.loc, callee, 1 + ref.positional + j))
                for j, k in enumerate(ref.keywords) if k not in given]
    synth = ir.CallValue(e.loc, ir.EnvItem(e.loc, callee, 0), [*bound, *e.args],
                         [*keywords, *e.kwargs])
    return synth


def _direct_call(typer: FunctionTyper, e: ir.CallValue, callee: ir.Expr,
                 t: ClosureType) -> ir.Call | ir.CallValue | None:
    """``f(args)`` as ``inner(f, args)``, every argument in parameter order."""
    if isinstance(t.ref, ir.PartialRef):
        return _partial_call(typer, e, callee, t.ref)
    assert isinstance(t.ref, ir.FuncRef)
    traced = typer.owner.program.trace(t.ref)
    fn = traced.function
    if fn is None:
        typer.diags.error(e.loc, f"'{_name(t.ref)}' cannot be compiled (see its errors)")
        typer.diags.items.extend(traced.diagnostics)
        return None
    nested = bool(fn.params) and fn.params[0].name == ir.ENV
    params = fn.params[1:] if nested else fn.params
    if not fn.env_defaults:
        args = [callee, *e.args] if nested else list(e.args)
        return ir.Call(e.loc, fn.ref, args, list(e.kwargs))
    name = _name(t.ref)
    if len(e.args) > len(params):
        typer.diags.error(e.loc, f"{name}() takes {len(params)} positional arguments but "
                          f"{len(e.args)} were given")
        return None
    slots: list[ir.Expr | None] = [*e.args, *[None] * (len(params) - len(e.args))]
    names = [p.name for p in params]
    for k, v in e.kwargs:
        if k not in names or slots[names.index(k)] is not None:
            why = "an unexpected keyword" if k not in names else "multiple values for"
            typer.diags.error(v.loc, f"{name}() got {why} argument '{k}'")
            return None
        slots[names.index(k)] = v
    ordered: list[ir.Expr] = []
    for p, slot in zip(params, slots, strict=True):
        if slot is None and p.name in fn.env_defaults:
            if callee is e.callee and not _pure(e.callee):  # else read once (codegen)
                typer.diags.error(e.loc, "a default argument of a function value computed "
                                  "by a call cannot be compiled yet",
                                  hint="assign the function to a name first")
                return None
            slot = ir.EnvItem(e.loc, callee, fn.env_defaults[p.name])
        if slot is None:
            typer.diags.error(e.loc, f"{name}() missing required argument: '{p.name}'")
            return None
        ordered.append(slot)
    return ir.Call(e.loc, fn.ref, [callee, *ordered])


def _pure(e: ir.Expr) -> bool:
    """An expression that can be evaluated twice with the same effect (reads only)."""
    if isinstance(e, ir.Name | ir.Const):
        return True
    if isinstance(e, ir.TupleGet | ir.Attribute | ir.Alternative):
        return _pure(e.value)
    if isinstance(e, ir.Index):
        return _pure(e.value) and _pure(e.index)
    return False


def _name(ref: object) -> str:
    return str(getattr(ref, "name", ref)).rpartition(".<locals>.")[2]


def returned(values: Sequence[Type]) -> Type | None:
    """What a function annotated ``-> Callable[...]`` returns when its returns give several
    functions (``return add`` on one path, ``return lambda v: v`` on another): the value that
    is either, or None when they are not all functions."""
    out: Type | None = None
    for t in values:
        if not isinstance(t, ClosureType | FunctionUnion):
            return None
        out = t if out is None else unify(out, t)
        if out is None:
            return None
    return out


def seed(typer: FunctionTyper) -> None:
    """A nested function's captured variables, typed from its environment."""
    fn = typer.spec.function
    if not fn.captures:
        return
    env = typer.spec.param_types[0]
    assert isinstance(env, ClosureType)
    for c, t in zip(fn.captures, env.items, strict=False):
        typer.spec.var_types[c.name] = t.item if isinstance(t, CellType) else t


def rebinds_capture(typer: FunctionTyper, name: str) -> bool:
    """Whether ``name`` is a captured variable, whose type the enclosing function fixed."""
    return any(c.name == name for c in typer.spec.function.captures)


def holds(t: Type | None, kinds: type | tuple[type, ...]) -> bool:
    """Whether ``t`` is of one of ``kinds`` or holds one (in a tuple, list, set, dict or
    Optional)."""
    if isinstance(t, kinds):
        return True
    if isinstance(t, TupleType):
        return any(holds(i, kinds) for i in t.items)
    if isinstance(t, ListType | SetType | OptionalType):
        return holds(t.item, kinds)
    if isinstance(t, DictType):
        return holds(t.key, kinds) or holds(t.value, kinds)
    return False


def _holds_function(t: Type | None) -> bool:
    return holds(t, (ClosureType, FunctionUnion, CellType, CallableType))


def boundary_errors(fn: ir.Function, param_types: Sequence[Type | None], result: Type | None,
                    loc: Loc) -> list[Diagnostic]:
    """A function value cannot cross into CPython, nor come from it (so far): the
    ``@compile`` function that would take or give one stays Python."""
    errors = [Diagnostic(p.loc, f"parameter '{p.name}' of a @compile function is a function "
                         f"({t}): functions cannot be passed from CPython to compiled code "
                         "yet", hint="make it a helper called by a @compile function")
              for p, t in zip(fn.params, param_types, strict=False) if _holds_function(t)]
    if _holds_function(result):
        errors.append(Diagnostic(loc, f"'{fn.ref.name}' returns a function value ({result}), "
                                 "which cannot be handed to CPython yet",
                                 hint="return what the function computes instead"))
    return errors
