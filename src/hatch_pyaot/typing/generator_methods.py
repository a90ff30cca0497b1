"""Typing of a generator's methods: ``g.send(v)``, ``g.throw(e)``, ``g.close()``, and the
``__enter__``/``__exit__`` that ``with`` calls (tracer/context_managers.py) on a generator
of a ``@contextlib.contextmanager`` function (``GeneratorType.manager``).

``send()`` takes the generator's send type (``Generator[Y, S, None]``; None without one) and
gives an item, as ``throw()`` does; ``throw()`` takes a caught exception (``except E as
e``) or a built-in exception made where it is written (``ValueError("bad")``).
Emitted by codegen/generator_methods.py; a typing slice of typing/infer.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    NONE,
    ExceptionType,
    GeneratorType,
    OptionalType,
    Type,
    coercible,
)
from hatch_pyaot.typing.classes import NOT_MINE

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

METHODS = ("send", "throw", "close", "__enter__", "__exit__")
_ARITY = {"send": 1, "throw": 1, "close": 0, "__enter__": 0, "__exit__": 3}


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if not isinstance(e, ir.MethodCall) or e.name not in METHODS:
        return NOT_MINE
    gen = typer.expr(e.obj)
    if not isinstance(gen, GeneratorType):
        return NOT_MINE
    if gen.item is None:
        return None
    if e.kwargs or len(e.args) != _ARITY[e.name]:
        typer.diags.error(e.loc, f"a generator's {e.name}() takes {_ARITY[e.name]} "
                          "positional argument(s) here")
        return None
    if e.name in ("__enter__", "__exit__") and not gen.manager:
        typer.diags.error(e.loc, f"a {gen} is not a context manager (CPython raises "
                          "TypeError)", hint="decorate its function @contextlib.contextmanager")
        return None
    kind = _kind(typer, e, gen)
    if kind is None:
        return None
    typer.spec.generator_methods[e] = kind
    return {"close": NONE, "exit": BOOL, "exit_error": BOOL}.get(kind, gen.item)


def _kind(typer: FunctionTyper, e: ir.MethodCall, gen: GeneratorType) -> str | None:
    if e.name == "send":
        return _send(typer, e.args[0], gen.sent if gen.sent is not None else NONE)
    if e.name == "throw":
        return "throw" if _thrown(typer, e.args[0]) else None
    if e.name == "__exit__":
        types = [typer.expr(a, raw=True) for a in e.args]
        if any(t is None for t in types):
            return None
        return "exit" if types[1] == NONE else "exit_error"
    return {"close": "close", "__enter__": "enter"}[e.name]


def _send(typer: FunctionTyper, arg: ir.Expr, sent: Type) -> str | None:
    t = typer.expr(arg, raw=True)
    if t is None:
        return None
    if t == NONE:  # send(None): starts it; sent to a paused yield only if S takes None
        return "send" if sent == NONE or isinstance(sent, OptionalType) else "send_none"
    if not coercible(t, sent):
        typer.diags.error(arg.loc, f"send() of {t} to a generator whose yields take "
                          f"{sent}", hint="annotate it -> Generator[Y, S, None]")
        return None
    return "send"


def _thrown(typer: FunctionTyper, arg: ir.Expr) -> bool:
    """``ValueError("m")`` (``ValueError()``) written as the argument, or an exception value."""
    if isinstance(arg, ir.Call) and isinstance(arg.func, str) and arg.func.removeprefix(
            "builtins.") in ir.RAISABLE and len(arg.args) <= 1 and not arg.kwargs:
        if arg.args:
            typer.message(arg.args[0])
        return True
    t = typer.expr(arg)
    if t is not None and not isinstance(t, ExceptionType):
        typer.diags.error(arg.loc, f"throw() of a {t}: compiled code throws a caught "
                          "exception (except E as e) or a built-in one made here "
                          "(ValueError(\"...\"))")
        return False
    return t is not None
