"""Typing of ``list[T]``: literals and comprehensions, ``l[i]``/``l[a:b:c]`` reads and
``l[i] = v``/``del l[i]`` writes, the methods, ``+ * += *=``, comparisons and ``in``,
iteration, and the builtins that take a list (``len sum min max any all sorted list``).

A list is invariant and its items keep one type. Inside compiled code a value must have that
type exactly to go in: CPython would keep ``1`` an int in a ``list[float]`` (and ``True`` a
bool in a ``list[int]``), which a list of C++ doubles cannot show, so that is a diagnostic
(write ``1.0``, ``float(x)``), never a silent conversion. Only at the CPython boundary does a
``list[float]`` argument take ints, as PEP 484 allows (pyaot/python/list.hpp).
An empty literal's item type comes from later uses: ``out = []`` then ``out.append(x)``
refines ``out``'s type, and the typer's fixed point runs the function again.

Free functions over the FunctionTyper of typing/infer.py, which calls them for values of
type ListType (the table ``VALUE_TYPES`` there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.errors import Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    FLOAT,
    INT,
    NONE,
    STR,
    ClassType,
    ClosureType,
    DequeType,
    DTypeScalar,
    FunctionUnion,
    ListType,
    OptionalType,
    TupleType,
    Type,
    UnionType,
    VarTupleType,
    coercible,
    unify,
)
from hatch_pyaot.ops.registry import Op, Param
from hatch_pyaot.typing import tuples, union_literals, var_tuples
from hatch_pyaot.typing.typed import ListBuiltin

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

_NUMBERS = (BOOL, INT, FLOAT)


def same_items(typer: FunctionTyper, types: list[Type | None], loc: Loc,
               what: str, expected: Type | None = None) -> Type | None:
    """The one type of items that go into one list: equal types (lists of an unknown item
    type take the others'), the union ``expected`` where all are its members
    (typing/union_literals.py), else a diagnostic."""
    if any(t is None for t in types):
        return None
    known = [t for t in types if t is not None]
    if (declared := union_literals.fitting(expected, known)) is not None:
        return declared
    if expected is not None and (stray := union_literals.stray(expected, known)) is not None:
        typer.diags.error(loc, f"{what} are declared {expected}: no member of it takes the "
                          f"{stray} item", hint="convert the item, or add its type to the union")
        return None
    result = types[0]
    for t in types[1:]:
        assert result is not None and t is not None
        optional = NONE in (result, t) or isinstance(result, OptionalType) or isinstance(
            t, OptionalType)
        merged = unify(result, t) if isinstance(
            result, ListType | ClassType | ClosureType | FunctionUnion) or optional else (
            result if result == t else None)
        if merged is None:
            typer.diags.error(loc, f"{what} have different types ({result} and {t}); a "
                              "compiled list holds one item type",
                              hint="convert them to one type (float(x), 1.0)")
            return None
        result = merged
    if isinstance(result, DTypeScalar):
        typer.diags.error(loc, f"a NumPy scalar ({result}) cannot be put in a list yet; "
                          "convert it with int() or float()")
        return None
    return result


def literal(typer: FunctionTyper, e: ir.ListExpr) -> Type | None:
    types = [typer.expr(i, raw=True) for i in e.items]
    if not types:
        return ListType(None)
    item = same_items(typer, types, e.loc, "the items of a list",
                      union_literals.item(typer, e))
    return ListType(item) if item is not None else None


def comprehension(typer: FunctionTyper, e: ir.Comprehension) -> Type | None:
    elements = typer.elements_of(e)
    if not elements:
        return None
    item = same_items(typer, list(elements), e.loc, "the items of a list comprehension")
    return ListType(item) if item is not None else None


def fits(typer: FunctionTyper, loc_of: ir.Expr, value: Type, item: Type, what: str) -> bool:
    """Whether a value may go into a list of `item`s: the same type (see the module's
    docstring), or a list of an unknown item type into a list of lists."""
    if value == item or (isinstance(value, ListType | ClassType | ClosureType) and coercible(
            value, item)) or (isinstance(value, TupleType) and isinstance(
                item, VarTupleType) and coercible(value, item)):
        return True  # an object of a subclass into a list of its base class too
    if isinstance(item, OptionalType) and (value in (NONE, item.item) or (
            isinstance(value, ClassType) and coercible(value, item.item))):
        return True  # a T or None into a list[T | None]
    if isinstance(item, UnionType | OptionalType) and coercible(value, item):
        return True  # a member into a list of a union (stored as that member)
    hint = "write float(x) (or 1.0)" if item == FLOAT and value in (INT, BOOL) else None
    typer.diags.error(loc_of.loc, f"{what} must be {item}, not {value} (a list keeps one item "
                      "type)", hint=hint)
    return False


def refine(typer: FunctionTyper, target: ir.Expr, t: ListType) -> None:
    """``target``, a list of unknown item type, holds `t`'s: the variable it is read from gets
    the refined type (also through ``rows[i]`` of a list of lists, ``groups[k]`` of a dict
    of lists: typing/dicts.py)."""
    from hatch_pyaot.typing import dicts

    dicts.refine(typer, target, t)


def item_in(typer: FunctionTyper, obj: ir.Expr, lt: ListType, value: ir.Expr,
             what: str) -> bool:
    """Type ``value`` as an item going into the list ``obj``; refines an unknown item type.
    An Optional value stays one (it fits a list of Optionals only)."""
    vt = typer.expr(value, raw=True)
    if vt is None:
        return False
    if lt.item is None:
        item = same_items(typer, [vt], value.loc, what)
        if item is None:
            return False
        refine(typer, obj, ListType(item))
        return True
    return fits(typer, value, vt, lt.item, what)


def index(typer: FunctionTyper, e: ir.Index | ir.TupleGet, lt: ListType) -> Type | None:
    if isinstance(e, ir.Index) and isinstance(e.index, ir.SliceExpr):
        if isinstance(lt, DequeType):
            typer.diags.error(e.loc, "sequence index must be integer, not 'slice' (a deque "
                              "cannot be sliced: Python raises TypeError)")
            return None
        slice_bounds(typer, e.index)
        return lt
    if isinstance(e, ir.Index):
        _int_index(typer, e.index)
    if lt.item is None:
        typer.diags.error(e.loc, "an item of a list that is always empty cannot be read")
        return None
    return lt.item


def slice_bounds(typer: FunctionTyper, s: ir.SliceExpr) -> None:
    for bound in (s.start, s.stop, s.step):
        if bound is None:
            continue
        t = typer.expr(bound, raw=True)  # an int | None bound: None is no bound
        if isinstance(t, OptionalType):
            t = t.item
        if t is not None and t not in (INT, BOOL, NONE):
            typer.diags.error(bound.loc, "slice indices must be integers or None, not "
                              f"{t}")


def setitem(typer: FunctionTyper, s: ir.SetItem, lt: ListType) -> None:
    if isinstance(lt, VarTupleType):
        var_tuples.item_write(typer, s, deleting=False)
        return
    if isinstance(s.index, ir.SliceExpr):  # xs[a:b:c] = a list of xs's items
        slice_bounds(typer, s.index)
        vt = typer.expr(s.value)
        if vt is not None and (not isinstance(vt, ListType) or unify(lt, vt) != lt):
            typer.diags.error(s.value.loc, f"a slice of a {lt} can be assigned a {lt} here, "
                              f"not a {vt}")
        return
    _int_index(typer, s.index)
    item_in(typer, s.target, lt, s.value, "the value assigned to an item")


def delitem(typer: FunctionTyper, s: ir.DelItem, lt: ListType) -> None:
    if isinstance(lt, VarTupleType):
        var_tuples.item_write(typer, s, deleting=True)
        return
    if isinstance(s.index, ir.SliceExpr):
        slice_bounds(typer, s.index)
        return
    _int_index(typer, s.index)


def _int_index(typer: FunctionTyper, index: ir.Expr) -> None:
    it = typer.expr(index)
    if it is not None and it not in (INT, BOOL):
        typer.diags.error(index.loc, f"list indices must be integers or slices, not {it}")


def _ints(typer: FunctionTyper, e: ir.MethodCall, args: list[ir.Expr], what: str) -> bool:
    ok = True
    for a in args:
        t = typer.expr(a)
        if t is not None and t not in (INT, BOOL):
            typer.diags.error(a.loc, f"{what} must be int, not {t}")
            ok = False
    return ok


def _arity(typer: FunctionTyper, e: ir.MethodCall, low: int, high: int) -> bool:
    n = len(e.args)
    if e.kwargs and e.name != "sort":
        typer.diags.error(e.loc, f"list.{e.name}() takes no keyword arguments")
        return False
    if not low <= n <= high:
        takes = f"exactly {low}" if low == high else f"from {low} to {high}"
        typer.diags.error(e.loc, f"list.{e.name}() takes {takes} arguments ({n} given)")
        return False
    return True


_ARITY = {"append": (1, 1), "extend": (1, 1), "insert": (2, 2), "pop": (0, 1),
          "remove": (1, 1), "index": (1, 3), "count": (1, 1), "clear": (0, 0),
          "reverse": (0, 0), "copy": (0, 0), "sort": (0, 0)}
METHODS = tuple(_ARITY)


def method(typer: FunctionTyper, e: ir.MethodCall, lt: ListType) -> Type | None:
    from hatch_pyaot.typing import deques

    if isinstance(lt, DequeType) and (e.name in deques.METHODS or e.name == "sort"):
        return deques.method(typer, e, lt)
    if isinstance(lt, VarTupleType) and var_tuples.method_refused(typer, e):
        return None
    if e.name not in _ARITY:
        typer.diags.error(e.loc, f"list.{e.name}() is not supported by the compiler",
                          hint="supported: " + ", ".join(METHODS))
        return None
    if not _arity(typer, e, *_ARITY[e.name]):
        return None
    name, args = e.name, e.args
    if name == "append":
        item_in(typer, e.obj, lt, args[0], "the item appended")
        return NONE
    if name == "insert":
        _ints(typer, e, args[:1], "the index of list.insert()")
        item_in(typer, e.obj, lt, args[1], "the item inserted")
        return NONE
    if name == "extend":
        other = typer.expr(args[0])
        if other is None:
            return None
        if not isinstance(other, ListType):
            typer.diags.error(args[0].loc, f"list.extend() takes a list here, not {other}")
            return None
        if lt.item is None and other.item is not None:
            refine(typer, e.obj, other)
        elif other.item is not None and lt.item is not None and other != lt:
            typer.diags.error(args[0].loc, f"cannot extend a {lt} with a {other}")
        return NONE
    if name == "pop":
        _ints(typer, e, args, "the index of list.pop()")
        if lt.item is None:
            typer.diags.error(e.loc, "pop() of a list that is always empty (CPython raises "
                              "IndexError here): its items have no type to compile")
        return lt.item
    if name in ("remove", "index", "count"):
        vt = typer.expr(args[0])
        _ints(typer, e, args[1:], f"the bounds of list.{name}()")
        if vt is not None and lt.item is not None and not comparable(vt, lt.item):
            typer.diags.error(args[0].loc, f"list.{name}() of a {lt} cannot compare a {vt}")
        return NONE if name == "remove" else INT
    if name == "copy":
        return lt
    if name == "sort":
        for key, value in e.kwargs:
            vt = typer.expr(value)
            if key == "reverse":
                if vt is not None and vt not in (BOOL, INT):
                    typer.diags.error(value.loc, f"reverse= must be a bool, not {vt}")
            elif key == "key":
                key_of(typer, e, e.kwargs, lt)
            else:
                typer.diags.error(value.loc, f"'{key}' is an invalid keyword argument for "
                                  "sort()")
        if lt.item is not None and "key" not in dict(e.kwargs) and not orderable(lt.item):
            typer.diags.error(e.loc, f"the items of a {lt} cannot be ordered")
        return NONE
    return NONE  # clear, reverse


def key_of(typer: FunctionTyper, e: ir.Expr, kwargs: list[tuple[str, ir.Expr]],
           lt: ListType) -> bool:
    """Type the key= lambda of a sort, min or max on the items of lt: its parameter takes an
    item, its value must be orderable. The key's type is recorded as the lambda's."""
    lam = dict(kwargs)["key"]
    if not isinstance(lam, ir.Lambda):
        typer.diags.error(lam.loc, "key= must be a lambda or a function defined at module "
                          "level (or a builtin)")
        return False
    if len(lam.params) != 1:
        typer.diags.error(lam.loc, f"the key function takes 1 argument, not {len(lam.params)}")
        return False
    if lt.item is None:
        return True  # an always-empty list: the key is never called
    typer.bind(lam.params[0], lt.item, lam.loc)
    key = typer.expr(lam.body)
    if key is None:
        return False
    if not orderable(key):
        typer.diags.error(lam.loc, f"the key's values ({key}) cannot be ordered")
        return False
    typer.spec.expr_types[lam] = key
    return True


def comparable(a: Type, b: Type) -> bool:
    """Whether ``==`` between values of these types is computed item by item here."""
    if a in _NUMBERS and b in _NUMBERS:
        return True
    if var_tuples.mixed(a, b):
        return False
    if isinstance(a, ListType) and isinstance(b, ListType):
        return a.item is None or b.item is None or comparable(a.item, b.item)
    if isinstance(a, TupleType) and isinstance(b, TupleType):
        return len(a.items) == len(b.items) and all(
            comparable(x, y) for x, y in zip(a.items, b.items, strict=True))
    return a == b and a != NONE


def orderable(t: Type) -> bool:
    if t in _NUMBERS or t in (STR, BYTES):
        return True
    if isinstance(t, ClassType):  # by its __lt__ (typing/classes.py)
        special = getattr(t.info, "special", {})
        return "__lt__" in special and not special["__lt__"].failed
    if isinstance(t, ListType):
        return t.item is None or orderable(t.item)
    if isinstance(t, TupleType):
        return all(orderable(i) for i in t.items)
    return False


def binop(typer: FunctionTyper, e: ir.BinOp | ir.AugAssign, kind: ir.BinOpKind, lt: Type,
          rt: Type) -> Type | None:
    if kind == ir.BinOpKind.ADD and (isinstance(lt, VarTupleType) or isinstance(
            rt, VarTupleType)):
        return var_tuples.concat(typer, e, lt, rt)
    if kind == ir.BinOpKind.ADD and isinstance(lt, ListType) and isinstance(rt, ListType):
        merged = unify(lt, rt)
        if merged is None:
            typer.diags.error(e.loc, f"can only concatenate lists of one item type here, not "
                              f"{lt} and {rt}")
        return merged
    if kind == ir.BinOpKind.MUL:
        list_t, times = (lt, rt) if isinstance(lt, ListType) else (rt, lt)
        if times in (INT, BOOL):
            return list_t
        typer.diags.error(e.loc, f"can't multiply sequence by non-int of type '{times}'")
        return None
    typer.diags.error(e.loc, f"unsupported operand types for {ir.BINOP_SYMBOL[kind]}: "
                      f"'{lt}' and '{rt}'")
    return None


def list_op(kind: ir.BinOpKind, lt: Type, rt: Type, result: Type) -> Op:
    """``+``/``*`` of lists as typing records it (codegen/lists.py emits it)."""
    return Op(f"list.{kind.value}", (Param("a", lt), Param("b", rt)), result, "",
              include="pyaot/builtins/list.hpp")


def compare(typer: FunctionTyper, e: ir.Compare, kind: ir.CmpOpKind, lt: Type,
            rt: Type) -> bool:
    """``==``/``!=``/``<``... between two lists, or ``x in l``; False after an error."""
    if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN):
        assert isinstance(rt, ListType)
        if rt.item is not None and not comparable(lt, rt.item):
            typer.diags.error(e.loc, f"'in' cannot compare a {lt} with the items of a {rt}")
            return False
        return True
    if not (isinstance(lt, ListType) and isinstance(rt, ListType)) or not comparable(lt, rt):
        if kind in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE):
            typer.diags.error(e.loc, f"comparing a {lt} with a {rt} is always "
                              f"{kind == ir.CmpOpKind.NE}; compare values of one type")
        else:
            typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between "
                              f"'{lt}' and '{rt}'")
        return False
    if kind not in (ir.CmpOpKind.EQ, ir.CmpOpKind.NE) and not orderable(lt):
        typer.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between items "
                          f"of {lt}")
        return False
    return True


BUILTINS = ("builtins.len", "builtins.bool", "builtins.sum", "builtins.min", "builtins.max", "builtins.any",
            "builtins.all", "builtins.sorted", "builtins.list", "builtins.tuple")


def handles(name: object, types: list[Type]) -> bool:
    """Whether a builtin call takes a list (or makes one: ``list(t)`` of a tuple)."""
    if name not in BUILTINS or not types:
        return False
    return isinstance(types[0], ListType) or _snapshot(types[0]) is not None or (
        name in ("builtins.list", "builtins.sorted", "builtins.tuple") and isinstance(
            types[0], TupleType))


def _snapshot(t: Type) -> ListType | None:
    """A dict, dict view or set as the list of what iterating it gives: the builtins see
    that list (codegen/lists.py makes it, except for ``len``)."""
    from hatch_pyaot.typing import dicts, sets

    return dicts.as_list(t) or sets.as_list(t)


def builtin(typer: FunctionTyper, e: ir.Call, name: str, types: list[Type],
            kwtypes: dict[str, Type]) -> Type | None:
    short = name.removeprefix("builtins.")
    first = types[0]
    if isinstance(first, TupleType):  # list(t) and sorted(t) of a tuple of one item type
        item = typer.merge(first.items, e.loc, f"the items of a tuple given to {short}()") \
            if first.items else None
        if first.items and item is None:
            return None
        first = ListType(item)
        if item is not None:
            typer.spec.item_types[e] = item
    first = _snapshot(first) or first
    assert isinstance(first, ListType)
    allowed = {"sorted": {"reverse", "key"}, "min": {"default", "key"},
               "max": {"default", "key"}}.get(short, set())
    for k in kwtypes:
        if k not in allowed:
            typer.diags.error(e.loc, f"{short}() of a list does not take {k}= here")
            return None
    if "key" in kwtypes and not key_of(typer, e, e.kwargs, first):
        return None
    if len(types) > (2 if short == "sum" else 1):
        typer.diags.error(e.loc, f"{short}() of a list takes one argument"
                          + (" and a start value" if short == "sum" else ""))
        return None
    typer.spec.calls[e] = ListBuiltin(short)
    if short == "len":
        return INT
    if short == "bool":
        return BOOL
    if short in ("any", "all"):
        return BOOL
    if short in ("list", "sorted", "tuple"):
        if short == "sorted":
            if "reverse" in kwtypes and kwtypes["reverse"] not in (BOOL, INT):
                typer.diags.error(e.loc, "reverse= must be a bool")
            if first.item is not None and "key" not in kwtypes and not orderable(first.item):
                typer.diags.error(e.loc, f"the items of a {first} cannot be ordered")
        if short == "tuple":
            return VarTupleType(first.item)
        return ListType(first.item)  # a list, also of a deque
    item = first.item
    if item is None:
        if short == "sum":
            return types[1] if len(types) > 1 else INT
        if "default" in kwtypes:
            return kwtypes["default"]
        typer.diags.error(e.loc, f"{short}() of a list that is always empty")
        return None
    if short in ("min", "max"):
        if "key" not in kwtypes and not orderable(item):  # a key's values are ordered
            typer.diags.error(e.loc, f"{short}() cannot order the items of a {first}")
            return None
        if "default" in kwtypes:
            merged = unify(item, kwtypes["default"])
            if merged is None:
                typer.diags.error(e.loc, f"{short}()'s default= must be a {item}, not "
                                  f"{kwtypes['default']}")
            return merged
        return item
    start = types[1] if len(types) > 1 else INT
    return tuples.running_total(typer, e, "sum", start, item)
