"""Type rules of objects of the program's classes (DESIGN §5.7).

``C(args)`` makes an object and specializes ``__init__`` at the argument types; ``obj.x`` reads
a field (typed by the class annotation or by what ``__init__`` assigns), a property or a class
constant; ``obj.m(args)`` specializes the method the object's class runs, one per overriding
subclass, and records the dispatch on the class id (codegen/classes.py). Operators and
builtins call the dunder methods (``a + b`` is ``a.__add__(b)``, ``a == b`` is ``__eq__``,
else identity; ``len(a)`` is ``__len__``, ``a[i]`` is ``__getitem__``, ``repr(a)``
``__repr__``). What Python would reject at run time (a missing attribute or method,
``<`` without ``__lt__``) is a diagnostic here, at its place.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Final

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, INT, STR, ClassType, OptionalType, Type, coercible, unify
from hatch_pyaot.tracer.classes import MISSING, ClassInfo
from hatch_pyaot.typing.typed import Dispatch, ObjectOp

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

NOT_MINE: Final = object()
"""What ``typed`` gives for an expression that is no operation on an object."""

_BINARY: Final = {ir.BinOpKind.ADD: "__add__", ir.BinOpKind.SUB: "__sub__",
                  ir.BinOpKind.MUL: "__mul__", ir.BinOpKind.TRUEDIV: "__truediv__",
                  ir.BinOpKind.FLOORDIV: "__floordiv__", ir.BinOpKind.MOD: "__mod__",
                  ir.BinOpKind.POW: "__pow__", ir.BinOpKind.LSHIFT: "__lshift__",
                  ir.BinOpKind.RSHIFT: "__rshift__", ir.BinOpKind.BITAND: "__and__",
                  ir.BinOpKind.BITOR: "__or__", ir.BinOpKind.BITXOR: "__xor__"}
_UNARY: Final = {ir.UnaryOpKind.NEG: ("__neg__", "unary -"),
                 ir.UnaryOpKind.POS: ("__pos__", "unary +"),
                 ir.UnaryOpKind.INVERT: ("__invert__", "unary ~")}
_ORDER: Final = {ir.CmpOpKind.LT: "__lt__", ir.CmpOpKind.LE: "__le__",
                 ir.CmpOpKind.GT: "__gt__", ir.CmpOpKind.GE: "__ge__"}
_BUILTINS: Final = {"builtins.len": "__len__", "builtins.repr": "__repr__",
                    "builtins.str": "__str__", "builtins.abs": "__abs__"}


def info_of(t: Type | None) -> ClassInfo | None:
    if isinstance(t, ClassType) and isinstance(t.info, ClassInfo):
        return t.info
    return None


def in_use(typer: FunctionTyper) -> bool:
    """Whether the program has classes at all (else nothing here needs looking at)."""
    return bool(typer.owner.program.resolver.classes)


def typed(typer: FunctionTyper, e: ir.Expr) -> object:
    """The type of an operation on objects, or NOT_MINE."""
    if isinstance(e, ir.Construct):
        return construct(typer, e)
    if not in_use(typer):
        return NOT_MINE
    if isinstance(e, ir.Attribute):
        return attribute(typer, e) if info_of(peek(typer, e.value)) else NOT_MINE
    if isinstance(e, ir.MethodCall):
        return method_call(typer, e) if info_of(peek(typer, e.obj)) else NOT_MINE
    if isinstance(e, ir.BinOp) and e.op in _BINARY and _reflected(typer, e):
        return reflected(typer, e)
    if isinstance(e, ir.BinOp) and e.op in _BINARY and info_of(peek(typer, e.left)):
        return dunder(typer, e, _BINARY[e.op], ir.BINOP_SYMBOL[e.op], e.left, [e.right])
    if isinstance(e, ir.Call) and e.func == "numpy.matmul" and len(e.args) == 2:
        return matmul(typer, e)
    if isinstance(e, ir.UnaryOp) and e.op in _UNARY and info_of(peek(typer, e.operand)):
        return dunder(typer, e, *_UNARY[e.op], e.operand, [])
    if isinstance(e, ir.Compare) and _compares_objects(typer, e):
        return compare(typer, e)
    if isinstance(e, ir.TypeCheck) and any("." in c for c in e.classes):
        return isinstance_check(typer, e)
    if isinstance(e, ir.Index | ir.TupleGet) and info_of(peek(typer, e.value)):
        index = e.index if isinstance(e, ir.Index) else ir.Const(e.loc, e.index)
        return dunder(typer, e, "__getitem__", "[]", e.value, [index])
    if isinstance(e, ir.Call) and e.func in _BUILTINS and len(e.args) == 1 and not e.kwargs \
            and info_of(peek(typer, e.args[0])):
        return builtin(typer, e, str(e.func))
    if isinstance(e, ir.CallValue) and (callee := info_of(peek(typer, e.callee))):
        return dispatch_call(typer, e, callee, "__call__", e.callee, e.args, e.kwargs)
    if isinstance(e, ir.Call) and e.func == "pyaot.same_class":
        for a in e.args:
            typer.expr(a)
        typer.spec.methods[e] = ObjectOp("same_class")
        return BOOL
    if isinstance(e, ir.Call) and e.func == "pyaot.as_class_of":
        typer.expr(e.args[0])
        typer.spec.methods[e] = ObjectOp("as_class_of")
        return typer.expr(e.args[1])
    if isinstance(e, ir.Call) and e.func == "pyaot.dataclass_repr":
        typer.expr(e.args[0])
        typer.spec.methods[e] = ObjectOp("repr")
        return STR
    return NOT_MINE


def _reflected(typer: FunctionTyper, e: ir.BinOp) -> bool:
    """``2 * v``: the right operand's ``__rmul__``, when the left one has no ``__mul__``."""
    left = info_of(peek(typer, e.left))  # typed first: the left operand comes first
    if left is not None and left.find_method(_BINARY[e.op]) is not None:
        return False
    right = info_of(peek(typer, e.right))
    return right is not None and right.find_method("__r" + _BINARY[e.op][2:]) is not None


def _held_left(typer: FunctionTyper, left: ir.Expr) -> bool:
    if not isinstance(left, ir.Name | ir.Const):  # the right one is evaluated first here
        typer.diags.error(left.loc, "a reflected operator (__r*__) needs a variable or a "
                          "constant on its left when compiled", hint="assign it to a name first")
        return False
    return True


def reflected(typer: FunctionTyper, e: ir.BinOp) -> Type | None:
    if not _held_left(typer, e.left):
        return None
    return dunder(typer, e, "__r" + _BINARY[e.op][2:], ir.BINOP_SYMBOL[e.op], e.right,
                  [e.left])


def matmul(typer: FunctionTyper, e: ir.Call) -> object:
    """``a @ b`` of objects: ``a.__matmul__(b)``, else ``b.__rmatmul__(a)``."""
    left, right = e.args
    mine = info_of(peek(typer, left))
    if mine is not None and mine.find_method("__matmul__") is not None:
        return dunder(typer, e, "__matmul__", "@", left, [right])
    other = info_of(peek(typer, right))
    if other is not None and other.find_method("__rmatmul__") is not None:
        if not _held_left(typer, left):
            return None
        return dunder(typer, e, "__rmatmul__", "@", right, [left])
    if mine is not None:
        return dunder(typer, e, "__matmul__", "@", left, [right])  # its diagnostic
    return NOT_MINE


def peek(typer: FunctionTyper, e: ir.Expr) -> Type | None:
    """The type of ``e`` as an operand (an Optional's item), typed now if no earlier pass
    did."""
    t = typer.spec.expr_types.get(e)
    if t is None:
        t = typer.expr(e, raw=True)
    return _item(t)


def _typed_args(typer: FunctionTyper, args: list[ir.Expr],
                kwargs: list[tuple[str, ir.Expr]]) -> tuple[list[Type], list[Type]] | None:
    types = [typer.expr(a, raw=True) for a in args]
    kwtypes = [typer.expr(v, raw=True) for _, v in kwargs]
    if any(t is None for t in types) or any(t is None for t in kwtypes):
        return None
    return [t for t in types if t is not None], [t for t in kwtypes if t is not None]


def _call(typer: FunctionTyper, e: ir.Expr | ir.Stmt, ref: ir.FuncRef, receiver: Type,
          args: list[ir.Expr], kwargs: list[tuple[str, ir.Expr]],
          typed_args: tuple[list[Type], list[Type]]) -> tuple[ir.Call, Type | None]:
    """The call of a method on a receiver of type ``receiver`` (a node of its own, which
    codegen replaces by the object)."""
    node = ir.Name(e.loc, "self")
    typer.spec.expr_types[node] = receiver
    call = ir.Call(e.loc, ref, [node, *args], kwargs)
    return call, typer.user_call(call, ref, [receiver, *typed_args[0]], typed_args[1])


def _compares_objects(typer: FunctionTyper, e: ir.Compare) -> bool:
    if len(e.ops) == 1 and e.ops[0] in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        # `x in obj` is obj.__contains__(x); `obj in xs` is the container's test
        return info_of(peek(typer, e.comparators[0])) is not None
    return any(info_of(_item(peek(typer, o))) for o in [e.left, *e.comparators])


def _item(t: Type | None) -> Type | None:
    return t.item if isinstance(t, OptionalType) else t


def construct(typer: FunctionTyper, e: ir.Construct) -> Type | None:
    info = typer.owner.program.resolver.classes[e.cls]
    if not use(typer, info, e):
        return None
    if abstract := info.abstract_left():
        typer.diags.error(e.loc, _abstract_message(info.name, abstract),
                          hint="Python raises this TypeError; the function stays Python")
        return None
    init = info.find_method("__init__")
    if init is None:
        if e.args or e.kwargs:
            typer.diags.error(e.loc, f"{info.name}() takes no arguments")
            return None
        typer.spec.methods[e] = ObjectOp("new")
        return info.type
    typed_args = _typed_args(typer, e.args, e.kwargs)
    if typed_args is None:
        return None
    call, t = _call(typer, e, init.method_ref("__init__"), info.type, e.args, e.kwargs,
                    typed_args)
    if t is None:
        return None
    dispatch = Dispatch((((info.class_id,), call, info.type),), None, tuple(e.args))
    typer.spec.methods[e] = ObjectOp("new", dispatch)
    return info.type


def _abstract_message(name: str, abstract: list[str]) -> str:
    """CPython's TypeError for an abstract class instantiated (its wording changed in 3.12)."""
    s = "s" if len(abstract) > 1 else ""
    if sys.version_info >= (3, 12):
        names = ", ".join(f"'{a}'" for a in abstract)
        return f"Can't instantiate abstract class {name} without an implementation for " \
            f"abstract method{s} {names}"
    return f"Can't instantiate abstract class {name} with abstract method{s} " \
        f"{', '.join(abstract)}"


def use(typer: FunctionTyper, info: ClassInfo, e: ir.Expr | ir.Stmt) -> bool:
    """A class whose objects the function handles: its ``__repr__`` (each object knows how
    to write itself, for ``print`` and the repr of lists) and its ``__lt__`` (sorting a list
    of them) are specialized, and become callees of the function. False, with its errors,
    for a class that cannot be compiled."""
    errors = info.all_errors()
    if errors:
        typer.diags.error(e.loc, f"class '{info.name}' cannot be compiled (see its errors)")
        typer.diags.items.extend(errors)
        return False
    if not info.used:
        info.used = True  # before the methods, which may use the class themselves
        for name, args in (("__repr__", (info.type,)), ("__lt__", (info.type, info.type)),
                           ("__eq__", (info.type, info.type)), ("__hash__", (info.type,))):
            impl = info.find_method(name)
            if impl is None:
                continue
            traced = typer.owner.program.trace(impl.method_ref(name))
            if traced.function is None:  # e.g. `def __eq__(self, other: object)`
                typer.diags.error(e.loc, f"'{info.name}.{name}' cannot be compiled (see its "
                                  "errors)")
                typer.diags.items.extend(traced.diagnostics)
                info.used = False  # each use reports it
                return False
            info.special[name] = typer.owner.specialize(impl.method_ref(name), args)
    for spec in info.special.values():
        if not spec.failed:
            typer.owner.callees.setdefault(typer.spec, set()).add(spec)
    return True


def ensure_fields(typer: FunctionTyper, info: ClassInfo) -> None:
    """Fields typed only by ``__init__``: specialize it at its parameters' annotations (an
    object that came from the caller, never made here)."""
    if all(t is not None for t in info.fields.values()):
        return
    init = info.find_method("__init__")
    if init is None:
        return
    traced = typer.owner.program.trace(init.method_ref("__init__"))
    fn = traced.function
    if fn is None or any(p.annotation is None for p in fn.params[1:]):
        return
    key = (fn.ref, (info.type, *(p.annotation for p in fn.params[1:] if p.annotation)))
    if key not in typer.owner.specs:
        typer.owner.specialize(*key)


def field_type(typer: FunctionTyper, info: ClassInfo, e: ir.Attribute) -> Type | None:
    t = info.fields[e.name]
    if t is None:
        ensure_fields(typer, info)
        t = info.fields[e.name]
    return t


def attribute(typer: FunctionTyper, e: ir.Attribute) -> Type | None:
    info = info_of(typer.expr(e.value))
    assert info is not None
    if not use(typer, info, e):
        return None
    if e.name in info.fields:
        return field_type(typer, info, e)
    if info.find_property(e.name) is not None:
        return dispatch_call(typer, e, info, e.name, e.value, [])
    if info.constant(e.name) is not MISSING:
        return class_constant(typer, e, info)
    typer.diags.error(e.loc, f"'{info.name}' object has no attribute '{e.name}'")
    return None


def class_constant(typer: FunctionTyper, e: ir.Attribute, info: ClassInfo) -> Type | None:
    """``obj.K`` of a class attribute: the value of the object's own class (a subclass may
    set its own), one constant when no subclass does."""
    groups: dict[object, list[int]] = {}
    for c in info.descendants():
        groups.setdefault(c.constant(e.name), []).append(c.class_id)
    consts = [(tuple(ids), ir.Const(e.loc, value))  # type: ignore[arg-type]
              for value, ids in groups.items()]
    types = [typer.expr(const) for _, const in consts]
    result = typer.merge(types, e.loc, f"the values of {info.name}.{e.name} in its subclasses")
    typer.spec.methods[e] = ObjectOp("constant", value=tuple(consts))
    return result


def set_attribute(typer: FunctionTyper, s: ir.SetAttr) -> None:
    t = typer.expr(s.target)
    info = info_of(t)
    if info is None:
        if t is not None:
            typer.diags.error(s.loc, f"cannot set attribute '{s.name}' of a {t}")
        return
    value = typer.expr(s.value, raw=True)
    current = info.fields.get(s.name)
    if isinstance(value, OptionalType) and current is not None and not isinstance(
            current, OptionalType):
        value = typer.unwrap(s.value, value)  # checked for None where it is stored
    if info.dataclass is not None and info.dataclass.frozen and not (
            typer.spec.function.ref.name.endswith(".__init__")):
        typer.diags.error(s.loc, f"cannot assign to field '{s.name}' of a frozen dataclass "
                          "(Python raises FrozenInstanceError)")
        return
    if s.name not in info.fields and info.find_method(f"{s.name}.setter") is not None:
        dispatch_call(typer, s, info, f"{s.name}.setter", s.target, [s.value])
        return
    if s.name not in info.fields and info.find_property(s.name) is not None:
        typer.diags.error(s.loc, f"property '{s.name}' of '{info.name}' has no setter")
        return
    if s.name not in info.fields:
        typer.diags.error(s.loc, f"'{info.name}' object has no attribute '{s.name}': a compiled "
                          "class has the attributes its body annotates and its __init__ "
                          "assigns", hint=f"assign self.{s.name} in __init__ or annotate it in "
                          "the class body")
        return
    if value is None:
        return
    if isinstance(s.value, ir.Name) and isinstance(s.target, ir.Name) and (
            s.value.id == s.target.id):
        typer.diags.warning(s.loc, f"'{s.target.id}' refers to itself: compiled objects are "
                            "reference counted, so this cycle is never freed (CPython's "
                            "collector would free it)", hint="see docs/objects.md, Cycles")
    if current is None:
        for c in info.field_owner(s.name).descendants():
            c.fields[s.name] = value
        typer.changed = True
        return
    if not coercible(value, current) and not (isinstance(value, OptionalType | ClassType)
                                              and unify(value, current) == current):
        typer.diags.error(s.loc, f"attribute '{s.name}' of '{info.name}' is a {current}, "
                          f"not a {value}", hint="annotate the attribute in the class body")


def method_call(typer: FunctionTyper, e: ir.MethodCall) -> Type | None:
    info = info_of(typer.expr(e.obj))
    assert info is not None
    if info.find_classmethod(e.name) is not None:
        return class_method_call(typer, e, info)
    for c in info.mro():
        if e.name in c.static:
            call = ir.Call(e.loc, c.method_ref(e.name), e.args, e.kwargs)
            result = typer.call(call)
            typer.spec.methods[e] = ObjectOp("static", value=call)
            return result
    return dispatch_call(typer, e, info, e.name, e.obj, e.args, e.kwargs)


def class_method_call(typer: FunctionTyper, e: ir.MethodCall, info: ClassInfo) -> Type | None:
    """``obj.m(args)`` of a class method: the method traced for the object's own class (one
    call per class it may be, chosen by class id)."""
    calls: list[tuple[tuple[int, ...], ir.Call]] = []
    types = []
    for c in info.descendants():
        if c.abstract_left():
            continue
        call = ir.Call(e.loc, c.method_ref(e.name), e.args, e.kwargs)
        types.append(typer.expr(call))
        calls.append(((c.class_id,), call))
    if not calls or any(t is None for t in types):
        return None
    result = typer.merge(types, e.loc, f"the results of {info.name}.{e.name} for its "
                         "subclasses")
    typer.spec.methods[e] = ObjectOp("class_method", value=tuple(calls))
    return result


def dunder(typer: FunctionTyper, e: ir.Expr | ir.Stmt, name: str, symbol: str, obj: ir.Expr,
           args: list[ir.Expr], negate: bool = False) -> Type | None:
    info = info_of(typer.expr(obj))
    assert info is not None
    if info.find_method(name) is None:
        other = [str(typer.expr(a)) for a in args]
        typer.diags.error(e.loc, f"unsupported operand for {symbol}: '{info.name}'"
                          + (f" and '{other[0]}'" if other else "")
                          + f" ('{info.name}' has no {name} method)")
        return None
    return dispatch_call(typer, e, info, name, obj, args, negate=negate)


def dispatch_call(typer: FunctionTyper, e: ir.Expr | ir.Stmt, info: ClassInfo, name: str,
                  obj: ir.Expr, args: list[ir.Expr],
                  kwargs: list[tuple[str, ir.Expr]] | None = None,
                  negate: bool = False) -> Type | None:
    """``obj.name(args)``: the implementation of each class ``obj`` may be an instance of."""
    found = method_dispatch(typer, e, info, name, obj, args, kwargs, negate)
    if found is None:
        return None
    typer.spec.methods[e] = ObjectOp("call", found[0])
    return found[1]


def method_dispatch(typer: FunctionTyper, e: ir.Expr | ir.Stmt, info: ClassInfo, name: str,
                    obj: ir.Expr, args: list[ir.Expr],
                    kwargs: list[tuple[str, ir.Expr]] | None = None,
                    negate: bool = False) -> tuple[Dispatch, Type | None] | None:
    """The dispatch of ``obj.name(args)`` and its result type (None, with a diagnostic, when
    it cannot be compiled)."""
    if not use(typer, info, e):
        return None
    impl = info.find_method(name) or info.find_property(name)
    if impl is None:
        typer.diags.error(e.loc, f"'{info.name}' object has no attribute '{name}'")
        return None
    groups: dict[int, tuple[list[int], ClassInfo]] = {}
    for c in info.descendants():
        if c.abstract_left():
            continue  # never instantiated: no object has its class id
        owner = c.find_method(name) or c.find_property(name)
        assert owner is not None
        # the receiver is seen as the static class, or as the subclass that overrides it
        as_class = info if owner is impl else owner
        groups.setdefault(id(as_class), ([], as_class))[0].append(c.class_id)
    if not groups:
        typer.diags.error(e.loc, f"'{info.name}' and its subclasses are abstract: no object "
                          f"of them can exist to call {name} on")
        return None
    calls = []
    result: Type | None = None
    typed_args = _typed_args(typer, args, kwargs or [])
    if typed_args is None:
        return None
    for ids, as_class in groups.values():
        owner = as_class.find_method(name) or as_class.find_property(name)
        assert owner is not None
        call, t = _call(typer, e, owner.method_ref(name), as_class.type, args, kwargs or [],
                        typed_args)
        if t is None:
            return None
        merged = t if result is None else unify(result, t)
        if merged is None:
            typer.diags.error(e.loc, f"the implementations of {name} return different types "
                              f"({result} and {t}); a compiled method has one result type")
            return None
        result = merged
        calls.append((tuple(ids), call, as_class.type))
    return Dispatch(tuple(calls), obj, tuple(args), negate), BOOL if negate else result


def compare(typer: FunctionTyper, e: ir.Compare) -> Type | None:
    if len(e.ops) != 1:
        typer.diags.error(e.loc, "chained comparisons of objects are not supported yet")
        return None
    kind, left, right = e.ops[0], e.left, e.comparators[0]
    if kind in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT):
        lt, rt = typer.expr(left, raw=True), typer.expr(right, raw=True)
        if lt is None or rt is None:
            return None
        typer.spec.methods[e] = ObjectOp(kind.name.lower())
        return BOOL
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        return contains(typer, e, kind, left, right)
    info = info_of(typer.expr(left))
    if info is None:
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' of an object on the right side "
                          "only is not supported yet")
        return None
    if kind in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE):
        if kind == ir.CmpOpKind.NE and info.find_method("__ne__") is not None:
            return dunder(typer, e, "__ne__", "!=", left, [right])
        if info.find_method("__eq__") is not None:
            return dunder(typer, e, "__eq__", ir.CMP_SYMBOL[kind], left, [right],
                          negate=kind == ir.CmpOpKind.NE)
        typer.expr(right)
        typer.spec.methods[e] = ObjectOp("is" if kind == ir.CmpOpKind.EQ else "is_not")
        return BOOL
    if kind in _ORDER:
        return dunder(typer, e, _ORDER[kind], ir.CMP_SYMBOL[kind], left, [right])
    typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' with an object is not supported yet")
    return None


def contains(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, left: ir.Expr,
             right: ir.Expr) -> Type | None:
    """``x in obj``: ``obj.__contains__(x)``, negated for ``not in``."""
    if not isinstance(left, ir.Name | ir.Const):  # the object is evaluated first here
        typer.diags.error(left.loc, "the left operand of 'in' an object needs to be a "
                          "variable or a constant when compiled", hint="assign it to a name "
                          "first")
        return None
    return dunder(typer, e, "__contains__", ir.CMP_SYMBOL[kind], right, [left],
                  negate=kind == ir.CmpOpKind.NOT_IN)


def isinstance_check(typer: FunctionTyper, e: ir.TypeCheck) -> Type | None:
    t = _item(typer.expr(e.value, raw=True))
    classes = typer.owner.program.resolver.classes
    ids = {d.class_id for c in e.classes if c in classes for d in (
        [classes[c]] if e.exact else classes[c].descendants())}
    typer.spec.methods[e] = ObjectOp("isinstance", value=frozenset(ids))
    if info_of(t) is None and t is not None:
        typer.spec.methods[e] = ObjectOp("isinstance", value=frozenset())
    return BOOL


def builtin(typer: FunctionTyper, e: ir.Call, name: str) -> Type | None:
    info = info_of(typer.expr(e.args[0]))
    assert info is not None
    method = _BUILTINS[name]
    if method == "__str__" and info.find_method("__str__") is None:
        method = "__repr__"
    if info.find_method(method) is None:
        if method == "__repr__":
            typer.spec.methods[e] = ObjectOp("default_repr")
            return STR
        typer.diags.error(e.loc, f"object of type '{info.name}' has no {method}()")
        return None
    result = dispatch_call(typer, e, info, method, e.args[0], [])
    expected = {"__len__": INT, "__repr__": STR, "__str__": STR}.get(method)
    if result is not None and expected is not None and result != expected and not coercible(
            result, expected):
        typer.diags.error(e.loc, f"{method} should return {expected}, not {result}")
    return result
