"""Typing of generators: a generator function's result, what consumes a generator.

A function whose body yields (``ir.Function.generator``) returns ``GeneratorType(item)``,
the item being the common type of what it yields (or its ``Iterator[T]`` annotation, which
each yield must fit). A generator is consumed by ``for``, by ``next(g)`` / ``next(g,
default)``, by ``zip``/``enumerate`` in a ``for`` (codegen/generators.py steps it), and by
the builtins that take an iterable: those are lowered here to what they mean on any
iterable, a comprehension over the generator (``sum(g)`` is ``sum(x for x in g)``,
``any(g)`` stops at the first true item, ``sorted(g)`` sorts ``[x for x in g]``), recorded
in ``Specialization.lowered`` and emitted in place of the call.

Free functions over the FunctionTyper of typing/infer.py, which calls them.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from hatch_pyaot.errors import Diagnostic, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    NONE,
    ArrayType,
    ClassType,
    DictType,
    GeneratorType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    coercible,
    unify,
)
from hatch_pyaot.typing import class_iterators
from hatch_pyaot.typing.typed import GeneratorNext

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_AS_COMPREHENSION = {"builtins.sum": "sum", "builtins.any": "any", "builtins.all": "all",
                     "math.prod": "prod", "builtins.list": "list", "builtins.set": "set",
                     "builtins.dict": "dict", "builtins.min": "min", "builtins.max": "max"}
"""Builtins that become a comprehension of their kind over the generator."""
_OF_A_LIST = ("builtins.sorted", "builtins.min", "builtins.max", "builtins.tuple")
"""Builtins given ``[x for x in g]`` (with their other arguments: key=, default=...)."""


def yield_(typer: FunctionTyper, s: ir.Yield, yields: list[tuple[Type, Loc]]) -> None:
    if not typer.spec.function.generator:  # a yield the tracer refused elsewhere
        return
    t = NONE if s.value is None else typer.expr(s.value, raw=True)
    if t is not None:
        yields.append((t, s.loc))
    if s.target is not None:  # x = yield v: what send() gives (None without a send type)
        returns = typer.spec.function.returns
        sent = returns.sent if isinstance(returns, GeneratorType) else None
        typer.bind_target(s.target, sent if sent is not None else NONE)


def result(typer: FunctionTyper, yields: list[tuple[Type, Loc]]) -> Type | None:
    """The generator type a generator function returns: its annotation's, or the yields'."""
    made = _result(typer, yields)
    if made is not None and typer.spec.function.context_manager:
        return dataclasses.replace(made, manager=True)
    return made


def _result(typer: FunctionTyper, yields: list[tuple[Type, Loc]]) -> GeneratorType | None:
    fn = typer.spec.function
    if fn.returns is not None:
        if not isinstance(fn.returns, GeneratorType):
            typer.diags.error(fn.loc, f"'{fn.ref.name}' yields, so it returns a generator, but "
                              f"it is annotated -> {fn.returns}",
                              hint="annotate it -> Iterator[T]")
            return None
        assert fn.returns.item is not None
        for t, loc in yields:
            if not coercible(t, fn.returns.item):
                typer.diags.error(loc, f"yields {t}, but '{fn.ref.name}' is annotated "
                                  f"-> {fn.returns}")
        return fn.returns
    item: Type | None = None
    for t, loc in yields:
        merged = t if item is None else unify(item, t)
        if merged is None:
            typer.diags.error(loc, f"yields {t} here but {item} elsewhere; a compiled "
                              "generator has one item type")
            return None
        item = merged
    return GeneratorType(item) if item is not None else None


def handles(name: object, types: list[Type]) -> bool:
    """Whether a builtin call consumes a generator given as its first argument (or an
    iterable object: ``list(obj)``, ``sum(obj)`` loop over it as ``for`` does)."""
    if types and class_iterators.is_iterable(types[0]):
        return name in _AS_COMPREHENSION or name in _OF_A_LIST
    return bool(types) and isinstance(types[0], GeneratorType) and (
        name in _AS_COMPREHENSION or name in _OF_A_LIST or name == "builtins.next")


def loop_items(typer: FunctionTyper, e: ir.Expr, t: GeneratorType) -> Type | None:
    """The items a loop (or a consumer) takes from a generator; a context manager made by a
    ``@contextlib.contextmanager`` function is not iterable (CPython's TypeError)."""
    if t.manager:
        typer.diags.error(e.loc, "a @contextlib.contextmanager function's result is not "
                          "iterable (CPython raises TypeError); use it in a 'with'")
        return None
    return t.item


def builtin(typer: FunctionTyper, e: ir.Call, types: list[Type]) -> Type | None:
    gen_t = types[0]
    assert isinstance(gen_t, GeneratorType | ClassType) and isinstance(e.func, str)
    if isinstance(gen_t, GeneratorType) and loop_items(typer, e.args[0], gen_t) is None:
        return None
    if e.func == "builtins.next":
        assert isinstance(gen_t, GeneratorType)
        return next_(typer, e, gen_t, types)
    lowered: ir.Expr | None = typer.spec.lowered.get(e)
    if lowered is None:
        lowered = _lower(typer, e, gen_t)
        if lowered is None:
            return None
        typer.spec.lowered[e] = lowered
    return typer.expr(lowered, raw=True)


def _lower(typer: FunctionTyper, e: ir.Call, gen_t: GeneratorType | ClassType
           ) -> ir.Expr | None:
    assert isinstance(e.func, str)
    loc = e.loc
    name = _fresh_local(typer)
    item: ir.Expr = ir.Name(loc, name)
    kind = _AS_COMPREHENSION.get(e.func)
    extra = e.args[1:]
    if kind == "dict":
        if not isinstance(gen_t, GeneratorType) or not isinstance(gen_t.item, TupleType) or len(gen_t.item.items) != 2:
            typer.diags.error(loc, f"dict() of a {gen_t} needs (key, value) pairs")
            return None
        item = ir.TupleExpr(loc, [ir.TupleGet(loc, item, 0), ir.TupleGet(loc, item, 1)])
    loop = ir.ForEach(loc, ir.NameTarget(name, loc), e.args[0], [ir.ReduceStep(loc, item)], [])
    simple = not e.kwargs and (not extra or (kind == "sum" and len(extra) == 1))
    if kind is not None and simple:
        return ir.Comprehension(loc, kind, loop, extra[0] if extra else None)
    if e.func in _OF_A_LIST:
        listed = ir.Comprehension(loc, "list", loop)
        return ir.Call(loc, e.func, [listed, *extra], list(e.kwargs))
    typer.diags.error(loc, f"{e.func.removeprefix('builtins.')}() of a generator takes no "
                      "other arguments here")
    return None


def _fresh_local(typer: FunctionTyper) -> str:
    """The loop variable of a lowered call: a local of the function, the same name in every
    specialization (the n-th lowering)."""
    fn = typer.spec.function
    name = f"gen_each{len(typer.spec.lowered) + 1}"
    if name not in fn.locals:
        fn.locals.append(name)
    return name


def next_(typer: FunctionTyper, e: ir.Call, gen_t: GeneratorType,
          types: list[Type]) -> Type | None:
    """``next(g)`` raises StopIteration at the end; ``next(g, default)`` gives the default,
    which must share the items' type (or make it Optional: ``next(g, None)``)."""
    if e.kwargs or len(types) > 2:
        typer.diags.error(e.loc, "next() takes a generator and an optional default")
        return None
    item = gen_t.item
    if item is None:
        return None
    if len(types) == 1:
        typer.spec.calls[e] = GeneratorNext(item)
        return item
    merged = unify(item, types[1])
    if merged is None:
        typer.diags.error(e.args[1].loc, f"next()'s default is a {types[1]}, but the "
                          f"generator yields {item}; a compiled value has one type")
        return None
    typer.spec.calls[e] = GeneratorNext(merged)
    return merged


def object_items(typer: FunctionTyper, s: ir.ForEach, t: ClassType) -> Type | None:
    """``for x in obj``: the loop iterates ``obj.__iter__()``, which must be a generator (a
    method that yields) or an object with ``__next__`` (typing/class_iterators.py)."""
    lowered = typer.spec.lowered.get(s)
    if lowered is None:
        lowered = ir.MethodCall(s.iterable.loc, s.iterable, "__iter__", [])
        typer.spec.lowered[s] = lowered
    made = typer.expr(lowered)
    if made is None:
        return None
    if isinstance(made, ClassType) and class_iterators.is_iterator(made):
        return class_iterators.items(typer, s, made)
    if not isinstance(made, GeneratorType):
        typer.diags.error(s.iterable.loc, f"a {t} is iterated through its __iter__, which "
                          f"must be a generator (a method that yields), not return {made}")
        return None
    return made.item


def entry_generator(fn: ir.Function, types: list[Type]) -> list[Diagnostic]:
    """An entry point that returns a generator to CPython runs lazily, after the call has
    converted its arguments: a list, dict, set, array or object parameter would be a copy
    that the caller's later changes do not reach (and the generator's changes would not
    be written back). Those are refused; immutable values are fine. Iterators are not
    taken from CPython."""
    out = []
    lazy = fn.generator or isinstance(fn.returns, GeneratorType)
    for p, t in zip((p for p in fn.params if p.annotation is not None), types, strict=False):
        if isinstance(t, GeneratorType):
            out.append(Diagnostic(p.loc, f"parameter '{p.name}': an iterator cannot be "
                                  "passed to a compiled function yet (pass a list)"))
        elif lazy and _mutable(t):
            out.append(Diagnostic(p.loc, f"parameter '{p.name}' is a {t}, which a "
                                  "generator returned to Python would read after the call, "
                                  "as a copy the caller's changes do not reach",
                                  hint="pass a tuple, or return a list of the items"))
    return out


def _mutable(t: Type) -> bool:
    if isinstance(t, TupleType):
        return any(_mutable(i) for i in t.items)
    if isinstance(t, OptionalType):
        return _mutable(t.item)
    return isinstance(t, ListType | DictType | SetType | ClassType | ArrayType)
