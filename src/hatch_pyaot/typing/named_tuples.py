"""Type rules of ``typing.NamedTuple`` objects beyond those of a frozen dataclass (tracer/
classes.py makes one): ``p[i]`` with a constant index is the i-th field, ``len(p)`` the
number of fields, ``p._replace(y=...)`` a new object with the other fields copied. Each is
typed as the plain expression it stands for, kept in ``spec.lowered`` for codegen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type
from hatch_pyaot.tracer.classes import ClassInfo
from hatch_pyaot.typing.classes import NOT_MINE, info_of

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper


def items(t: Type | None) -> list[tuple[str, Type | None]] | None:
    """The fields of a NamedTuple type (what ``x, y = p`` unpacks), or None for any other."""
    info = info_of(t)
    if info is None or not info.mro()[-1].named_tuple:
        return None
    return list(info.fields.items())


def _named(typer: FunctionTyper, e: ir.Expr) -> ClassInfo | None:
    t = typer.spec.expr_types.get(e) or typer.expr(e, raw=True)
    info = info_of(t)
    return info if info is not None and info.mro()[-1].named_tuple else None


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if not typer.owner.program.resolver.classes:
        return NOT_MINE
    lowered: ir.Expr | None = None
    if isinstance(e, ir.TupleGet) and (info := _named(typer, e.value)) is not None:
        fields = list(info.fields)
        index = e.index + len(fields) if e.index < 0 else e.index
        if not 0 <= index < len(fields):
            typer.diags.error(e.loc, "tuple index out of range")
            return None
        lowered = ir.Attribute(e.loc, e.value, fields[index])
    elif isinstance(e, ir.Call) and e.func == "builtins.len" and len(e.args) == 1 and (
            info := _named(typer, e.args[0])) is not None:
        lowered = ir.Const(e.loc, len(info.fields))
    elif isinstance(e, ir.MethodCall) and e.name == "_replace" and (
            info := _named(typer, e.obj)) is not None:
        lowered = _replace(typer, e, info)
        if lowered is None:
            return None
    elif isinstance(e, ir.Attribute) and e.name == "_fields" and (
            info := _named(typer, e.value)) is not None:
        lowered = ir.TupleExpr(e.loc, [ir.Const(e.loc, f) for f in info.fields])
    elif isinstance(e, ir.MethodCall) and e.name == "_asdict" and not e.args and not e.kwargs \
            and (info := _named(typer, e.obj)) is not None:
        lowered = _asdict(typer, e, info)
        if lowered is None:
            return None
    if lowered is None:
        return NOT_MINE
    typer.spec.lowered[e] = lowered
    return typer.expr(lowered, raw=True)


def _asdict(typer: FunctionTyper, e: ir.MethodCall, info: ClassInfo) -> ir.Expr | None:
    """``p._asdict()``: a dict of the fields in order (a compiled dict has one value type, so
    the fields must share theirs). The object is read once per field: a name only."""
    if not isinstance(e.obj, ir.Name):
        typer.diags.error(e.loc, "_asdict() is compiled on a named variable",
                          hint="assign the NamedTuple to a name first")
        return None
    keys: list[ir.Expr] = [ir.Const(e.loc, f) for f in info.fields]
    values: list[ir.Expr] = [ir.Attribute(e.loc, e.obj, f) for f in info.fields]
    return ir.DictExpr(e.loc, keys, values)


def _replace(typer: FunctionTyper, e: ir.MethodCall, info: ClassInfo) -> ir.Expr | None:
    if e.args or not isinstance(e.obj, ir.Name):
        typer.diags.error(e.loc, "_replace() takes keyword arguments, on a named variable, "
                          "when compiled")
        return None
    given = dict(e.kwargs)
    unknown = [k for k in given if k not in info.fields]
    if unknown:
        typer.diags.error(e.loc, f"got unexpected field name(s): {unknown!r}")
        return None
    args = [given.get(f) or ir.Attribute(e.loc, e.obj, f) for f in info.fields]
    return ir.Construct(e.loc, info.qualname, args)
