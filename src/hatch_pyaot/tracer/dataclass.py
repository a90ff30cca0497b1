"""The methods ``@dataclass`` writes, as IR: ``__init__`` (fields in order, defaults,
``field(default_factory=...)``, then ``__post_init__``), ``__eq__`` (same class and equal
field tuples), ``__repr__`` (``Point(x=1, y=2)``) and, with ``order=True``, ``__lt__``
``__le__`` ``__gt__`` ``__ge__`` (field tuples compared); with ``eq`` and ``frozen``, ``__hash__`` (the hash of
the field tuple). A method the class body defines
itself is kept, as ``dataclasses`` does.

A ``default_factory`` field's parameter defaults to None, which stands for "make a new
one" (``dataclasses`` uses a private sentinel): passing None explicitly also makes one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import optional

if TYPE_CHECKING:
    from hatch_pyaot.tracer.classes import ClassInfo

_ORDER = {"__lt__": ir.CmpOpKind.LT, "__le__": ir.CmpOpKind.LE, "__gt__": ir.CmpOpKind.GT,
          "__ge__": ir.CmpOpKind.GE}
_FACTORIES = {"list": ir.ListExpr, "dict": ir.DictExpr, "set": ir.SetExpr}


def synthesize(info: ClassInfo) -> None:
    options = info.dataclass
    assert options is not None
    loc = info.module.loc(info.node.name)
    if "__init__" not in info.methods:
        info.synthetic["__init__"] = _init(info, loc)
    if "__repr__" not in info.methods:
        info.synthetic["__repr__"] = _method(info, "__repr__", ["self"], loc, ir.Call(
            loc, "pyaot.dataclass_repr", [ir.Name(loc, "self")]))
    if options.eq and "__eq__" not in info.methods:
        info.synthetic["__eq__"] = _eq(info, loc)
    if options.eq and options.frozen and "__hash__" not in info.methods:
        fields = [ir.Attribute(loc, ir.Name(loc, "self"), f) for f in info.fields]
        info.synthetic["__hash__"] = _method(info, "__hash__", ["self"], loc, ir.Call(
            loc, "builtins.hash", [ir.TupleExpr(loc, list[ir.Expr](fields))]))
    if options.order:
        for name, kind in _ORDER.items():
            if name not in info.methods:
                info.synthetic[name] = _ordering(info, name, kind, loc)


def _eq(info: ClassInfo, loc: Loc) -> ir.Function:
    """Objects of one class with equal fields, compared field by field (a list field as lists
    compare); of different classes never equal (NotImplemented both ways, then identity)."""
    self_, other = ir.Name(loc, "self"), ir.Name(loc, "other")
    same = ir.Call(loc, "pyaot.same_class", [self_, other])
    # `other` seen as self's class: only read once same_class held
    theirs = ir.Call(loc, "pyaot.as_class_of", [ir.Name(loc, "other"), ir.Name(loc, "self")])
    body: list[ir.Stmt] = [ir.If(loc, ir.UnaryOp(loc, ir.UnaryOpKind.NOT, same),
                                 [ir.Return(loc, ir.Const(loc, False))], [])]
    if info.fields:
        body.append(ir.Assign(loc, ir.NameTarget("theirs", loc), theirs))
    equal: list[ir.Expr] = [
        ir.Compare(loc, ir.Attribute(loc, ir.Name(loc, "self"), f), [ir.CmpOpKind.EQ],
                   [ir.Attribute(loc, ir.Name(loc, "theirs"), f)]) for f in info.fields]
    result = equal[0] if len(equal) == 1 else ir.BoolOp(loc, ir.BoolOpKind.AND, equal) \
        if equal else ir.Const(loc, True)
    body.append(ir.Return(loc, result))
    return ir.Function(ref=info.method_ref("__eq__"), params=_params(info, ["self", "other"], loc),
                       returns=None, body=body, loc=loc, locals=["self", "other", "theirs"])


def _ordering(info: ClassInfo, name: str, kind: ir.CmpOpKind, loc: Loc) -> ir.Function:
    """The field tuples compared as Python compares tuples: the first pair of fields that
    differ decides; all equal, the order holds when it allows equality."""
    body: list[ir.Stmt] = []
    for f in info.fields:
        mine = ir.Attribute(loc, ir.Name(loc, "self"), f)
        theirs = ir.Attribute(loc, ir.Name(loc, "other"), f)
        differ = ir.Compare(loc, mine, [ir.CmpOpKind.NE], [theirs])
        decide = ir.Compare(loc, ir.Attribute(loc, ir.Name(loc, "self"), f), [kind],
                            [ir.Attribute(loc, ir.Name(loc, "other"), f)])
        body.append(ir.If(loc, differ, [ir.Return(loc, decide)], []))
    body.append(ir.Return(loc, ir.Const(loc, kind in (ir.CmpOpKind.LE, ir.CmpOpKind.GE))))
    return ir.Function(ref=info.method_ref(name), params=_params(info, ["self", "other"], loc),
                       returns=None, body=body, loc=loc, locals=["self", "other"])


def _params(info: ClassInfo, names: list[str], loc: Loc) -> list[ir.Param]:
    """``self`` of the class, then parameters typed by their arguments."""
    return [ir.Param(p, info.type if i == 0 else None, None, loc) for i, p in enumerate(names)]


def _method(info: ClassInfo, name: str, params: list[str], loc: Loc,
            value: ir.Expr) -> ir.Function:
    return ir.Function(ref=info.method_ref(name), params=_params(info, params, loc),
                       returns=None, body=[ir.Return(loc, value)], loc=loc, locals=params)


def _init(info: ClassInfo, loc: Loc) -> ir.Function:
    params = _params(info, ["self"], loc)
    body: list[ir.Stmt] = []
    self_ = ir.Name(loc, "self")
    for name, t in info.fields.items():
        default = info.defaults.get(name)
        ann = t
        const = default.value if default is not None else None
        store: ir.Stmt = ir.SetAttr(loc, self_, name, ir.Name(loc, name))
        if default is not None and default.factory is not None:
            # None stands for "not given": a new container for each instance
            ann = optional(t) if t is not None else None
            const = ir.Const(loc, None)
            empty = _FACTORIES[default.factory](loc, *(([], []) if default.factory == "dict"
                                                      else ([],)))
            store = ir.If(loc, ir.Compare(loc, ir.Name(loc, name), [ir.CmpOpKind.IS],
                                          [ir.Const(loc, None)]),
                          [ir.SetAttr(loc, self_, name, empty)], [store])
        params.append(ir.Param(name, ann, const, info.field_locs.get(name, loc)))
        body.append(store)
    if info.find_method("__post_init__") is not None:
        body.append(ir.ExprStmt(loc, ir.MethodCall(loc, self_, "__post_init__", [])))
    return ir.Function(ref=info.method_ref("__init__"), params=params, returns=None,
                       body=body, loc=loc, locals=[p.name for p in params])
