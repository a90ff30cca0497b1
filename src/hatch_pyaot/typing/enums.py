"""Type rules of enum members (tracer/enums.py, tracer/enum_forms.py).

``Color.RED`` is an EnumType; ``.name`` a str and ``.value`` the members' value type;
``Color(v)`` the member of value ``v``; ``Color`` as a value the list of its members (so
``for c in Color`` and ``len(Color)`` are list operations). ``==``/``!=``/``is``/``is not``
compare members. An IntEnum member is an int in arithmetic and comparisons (``Prio.HIGH + 1``,
``p < 3``): its value, as in Python. ``c.describe()`` and a property ``c.label`` call the
enum's own functions. What Python would reject (``<`` of Enum members) is a
diagnostic here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, STR, EnumType, ListType, Type
from hatch_pyaot.tracer.enum_methods import method_ref
from hatch_pyaot.tracer.enums import EnumInfo
from hatch_pyaot.typing.classes import NOT_MINE
from hatch_pyaot.typing.typed import EnumOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_CALLS: Final = ("pyaot.enum_member", "pyaot.enum_members", "pyaot.enum_lookup")
_IDENTITY: Final = (ir.CmpOpKind.EQ, ir.CmpOpKind.NE, ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT)


def info_of(t: Type | None) -> EnumInfo | None:
    if isinstance(t, EnumType) and isinstance(t.info, EnumInfo):
        return t.info
    return None


def value_type(info: EnumInfo) -> Type:
    first = info.values[0]
    return INT if isinstance(first, int) else FLOAT if isinstance(first, float) else STR


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    if not typer.owner.program.resolver.enums:
        return NOT_MINE
    if isinstance(e, ir.Call) and e.func in _CALLS:
        return _call(typer, e)
    if isinstance(e, ir.MethodCall):
        info = info_of(typer.spec.expr_types.get(e.obj) or typer.expr(e.obj, raw=True))
        if info is None:
            return NOT_MINE
        if e.name not in info.methods or e.name in info.properties or (
                e.name in info.class_level):
            typer.diags.error(e.loc, f"'{info.name}' object has no method '{e.name}'")
            return None
        return _method(typer, e, info, e.name, [e.obj, *e.args], e.kwargs)
    if isinstance(e, ir.Attribute):
        info = info_of(typer.spec.expr_types.get(e.value) or typer.expr(e.value, raw=True))
        if info is None:
            return NOT_MINE
        if e.name in info.properties:
            return _method(typer, e, info, e.name, [e.value], [])
        if e.name not in ("name", "value"):
            typer.diags.error(e.loc, f"'{info.name}' object has no attribute '{e.name}' the "
                              "compiler supports (name, value and its properties)")
            return None
        typer.spec.enums[e] = EnumOp(e.name, info)
        return STR if e.name == "name" else value_type(info)
    if isinstance(e, ir.Compare) and len(e.ops) == 1:
        return _compare(typer, e)
    if isinstance(e, ir.BinOp):
        return _binop(typer, e)
    return NOT_MINE


def _method(typer: FunctionTyper, e: ir.Expr, info: EnumInfo, name: str, args: list[ir.Expr],
            kwargs: list[tuple[str, ir.Expr]]) -> Type | None:
    """``c.describe(x)`` or the property ``c.label``: a call of the enum's function, the
    member its first argument (tracer/enum_methods.py)."""
    call = ir.Call(e.loc, method_ref(info, name), args, kwargs)
    typer.spec.lowered[e] = call
    return typer.expr(call)


def _call(typer: FunctionTyper, e: ir.Call) -> Type | None:
    name = e.args[0]
    assert isinstance(name, ir.Const) and isinstance(name.value, str)
    info = typer.owner.program.resolver.enums[name.value]
    if info.errors:
        typer.diags.error(e.loc, f"enum '{info.name}' cannot be compiled (see its errors)")
        typer.diags.items.extend(info.errors)
        return None
    typer.spec.enums[e] = EnumOp(str(e.func).removeprefix("pyaot.enum_"), info)
    if e.func == "pyaot.enum_members":
        return ListType(info.type)
    if e.func == "pyaot.enum_lookup":
        t = typer.expr(e.args[1])
        if t is not None and t != value_type(info) and not (t == BOOL and value_type(info) == INT):
            typer.diags.error(e.args[1].loc, f"{info.name}() takes a {value_type(info)} "
                              f"(its members' values), not a {t}")
            return None
    return info.type


def as_number(t: Type | None) -> Type | None:
    """An IntEnum member where arithmetic takes it (``total += prio``): an int."""
    return INT if _int_enum(t) else t


def _int_enum(t: Type | None) -> bool:
    info = info_of(t)
    return info is not None and info.kind == "IntEnum"


def _compare(typer: FunctionTyper, e: ir.Compare) -> object:
    left, right = e.left, e.comparators[0]
    lt = typer.spec.expr_types.get(left) or typer.expr(left, raw=True)
    rt = typer.spec.expr_types.get(right) or typer.expr(right, raw=True)
    if info_of(lt) is None and info_of(rt) is None:
        return NOT_MINE
    kind = e.ops[0]
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        return NOT_MINE  # a container's own test, with == of members
    if lt == rt and kind in _IDENTITY:
        typer.spec.enums[e] = EnumOp("compare", info_of(lt))
        return BOOL
    if (_int_enum(lt) or lt in (INT, BOOL)) and (_int_enum(rt) or rt in (INT, BOOL)) and (
            kind not in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN, ir.CmpOpKind.IS,
                         ir.CmpOpKind.IS_NOT)):
        typer.spec.enums[e] = EnumOp("compare", None)
        return BOOL
    if kind in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE):  # an Enum member is no other value
        typer.spec.enums[e] = EnumOp("never" if kind == ir.CmpOpKind.EQ else "always", None)
        return BOOL
    typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' not supported between instances of "
                      f"'{lt}' and '{rt}'")
    return None


def _binop(typer: FunctionTyper, e: ir.BinOp) -> object:
    lt = typer.spec.expr_types.get(e.left) or typer.expr(e.left, raw=True)
    rt = typer.spec.expr_types.get(e.right) or typer.expr(e.right, raw=True)
    if not (_int_enum(lt) or _int_enum(rt)):
        if info_of(lt) is not None or info_of(rt) is not None:
            typer.diags.error(e.loc, f"unsupported operand type(s) for "
                              f"{ir.BINOP_SYMBOL[e.op]}: '{lt}' and '{rt}'")
            return None
        return NOT_MINE
    types = [INT if _int_enum(t) else t for t in (lt, rt)]
    if any(t is None for t in types):
        return None
    resolved = typer.owner.program.registry.resolve(f"operator.{e.op.value}",
                                                    [t for t in types if t is not None])
    if resolved is None:
        typer.diags.error(e.loc, f"unsupported operand type(s) for {ir.BINOP_SYMBOL[e.op]}: "
                          f"'{lt}' and '{rt}'")
        return None
    typer.spec.enums[e] = EnumOp("binop", None, resolved.op)
    return resolved.op.result
