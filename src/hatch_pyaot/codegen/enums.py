"""Emit enum members (typing/enums.py): the tag struct of each enum the program uses (its
module, name, member codes and names, for pyaot/enum.hpp and the CPython boundary,
pyaot/python/enum.hpp) and the operations on members: a member is ``{code}``, ``.name``
and ``.value`` select among the literals by code, ``Color(v)`` tests each value in turn and
raises CPython's ValueError when none is ``v``."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from hatch_pyaot.codegen.literals import literal, string_literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, EnumType, ListType, Type, enum_struct
from hatch_pyaot.tracer.enums import EnumInfo
from hatch_pyaot.typing.enums import value_type
from hatch_pyaot.typing.typed import EnumOp, Specialization

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/enum.hpp"
REPR_HEADER = "pyaot/builtins/repr.hpp"


def codes(info: EnumInfo) -> list[int]:
    """Each member's ``v``: its value, or its position."""
    if info.by_value:
        return [int(v) for v in info.values]
    return list(range(len(info.values)))


def enums_of(specs: Iterable[Specialization]) -> list[EnumInfo]:
    found: dict[str, EnumInfo] = {}
    for spec in specs:
        for op in spec.enums.values():
            if isinstance(op.info, EnumInfo):
                found.setdefault(op.info.qualname, op.info)
        for t in [*spec.param_types, spec.result, *spec.var_types.values()]:
            for part in _parts(t):
                if isinstance(part, EnumType) and isinstance(part.info, EnumInfo):
                    found.setdefault(part.qualname, part.info)
    return sorted(found.values(), key=lambda i: i.qualname)


def _parts(t: Type | None) -> list[Type]:
    """``t`` and the types inside it (a list's items, a tuple's, an Optional's)."""
    if t is None:
        return []
    inner = [getattr(t, a) for a in ("item", "key", "value") if hasattr(t, a)]
    inner += list(getattr(t, "items", ()) or ())
    return [t, *(p for i in inner if isinstance(i, Type) for p in _parts(i))]


def structs(infos: list[EnumInfo]) -> list[str]:
    lines = []
    for info in infos:
        module, _, short = info.qualname.rpartition(".")
        names = ", ".join(string_literal(n) for n in info.names)
        values = ", ".join(f"INT64_C({c})" for c in codes(info))
        reprs = ", ".join(string_literal(repr(v)) for v in info.values)
        lines += [f"struct {enum_struct(info.qualname)} {{",
                  f"  static constexpr const char* module = {string_literal(module)};",
                  f"  static constexpr const char* name = {string_literal(short)};",
                  f"  static constexpr int count = {len(info.names)};",
                  f"  static constexpr std::int64_t codes[] = {{{values}}};",
                  f"  static constexpr const char* names[] = {{{names}}};",
                  f"  static constexpr const char* reprs[] = {{{reprs}}};",
                  f"  static constexpr bool int_enum = {str(info.kind == 'IntEnum').lower()};",
                  "};", ""]
    return lines


def handles(spec: Specialization, e: ir.Expr) -> bool:
    return e in spec.enums


def expr(em: FunctionEmitter, e: ir.Expr) -> str:
    op = em.spec.enums[e]
    em.headers.add(HEADER)
    info = op.info if isinstance(op.info, EnumInfo) else None
    if op.kind == "member":
        assert isinstance(e, ir.Call) and info is not None
        index = e.args[1]
        assert isinstance(index, ir.Const) and isinstance(index.value, int)
        return f"{info.type.cpp()}{{{codes(info)[index.value]}}}"
    if op.kind == "members":
        assert info is not None
        em.headers.add("pyaot/builtins/list.hpp")
        items = ", ".join(f"{info.type.cpp()}{{{c}}}" for c in codes(info))
        t = f"pyaot::list<{info.type.cpp()}>"
        return em.temp(ListType(info.type), f"{t}::of({{{items}}})")
    if op.kind in ("name", "value"):
        assert isinstance(e, ir.Attribute) and info is not None
        return _select(em, em.held(e.value), info, op.kind)
    if op.kind == "lookup":
        assert isinstance(e, ir.Call) and info is not None
        return _lookup(em, e, info)
    if op.kind in ("never", "always"):
        assert isinstance(e, ir.Compare)
        for side in (e.left, e.comparators[0]):
            em.held(side)
        return "false" if op.kind == "never" else "true"
    if op.kind == "compare":
        assert isinstance(e, ir.Compare)
        left, right = _int(em, e.left), _int(em, e.comparators[0])
        symbol = {"is_": "==", "is_not": "!="}.get(e.ops[0].value) or ir.CMP_SYMBOL[e.ops[0]]
        return f"({left} {symbol} {right})"
    assert op.kind == "binop" and isinstance(e, ir.BinOp) and op.op is not None
    left, right = _int(em, e.left), _int(em, e.right)
    lt, rt = (INT if isinstance(em.spec.type_of(x), EnumType) else em.spec.type_of(x)
              for x in (e.left, e.right))
    return em.binop(op.op, left, lt, right, rt, e.loc.line)


def _int(em: FunctionEmitter, e: ir.Expr) -> str:
    """A member's code (an IntEnum's value), or an int (a bool as 0 or 1)."""
    code = em.expr(e)
    t = em.spec.type_of(e)
    if isinstance(t, EnumType):
        return f"{code}.v"
    return f"static_cast<std::int64_t>({code})" if t == BOOL else code


def _select(em: FunctionEmitter, member: str, info: EnumInfo, kind: str) -> str:
    items = info.names if kind == "name" else info.values
    t = value_type(info) if kind == "value" else None
    if kind == "value" and info.by_value:
        return f"{member}.v"
    from hatch_pyaot.ir.types import STR

    shown = [literal(v, t or STR) for v in items]
    code = shown[-1]
    for c, text in zip(codes(info)[-2::-1], shown[-2::-1], strict=True):
        code = f"({member}.v == {c} ? {text} : {code})"
    return code


def _lookup(em: FunctionEmitter, e: ir.Call, info: EnumInfo) -> str:
    value = em.held(e.args[1])
    out = em.temp(info.type)
    t = value_type(info)
    em.headers.add(REPR_HEADER)
    first = True
    for c, v in zip(codes(info), info.values, strict=True):
        test = f"{value} == {literal(v, t)}"
        em.line(f"{'if' if first else '} else if'} ({test}) {{")
        em.line(f"  {out}.v = {c};")
        first = False
    message = string_literal(f" is not a valid {info.name}")
    em.line("} else {")
    em.line("  std::string message;")
    em.line(f"  pyaot::append_text(message, {value}, true);")
    em.line(f"  message += {message};")
    em.line("  pyaot::raise(pyaot::Exc::ValueError, message);")
    em.line(f"  {em.fail(e.loc.line)}")
    em.line("}")
    return out


__all__ = ["EnumOp", "enums_of", "expr", "handles", "structs"]
