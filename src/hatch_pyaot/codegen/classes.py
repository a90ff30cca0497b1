"""Emit the classes of the program and the operations on their objects (typing/classes.py).

Each class is a struct ``C_<module>_<name>`` deriving from its base's (``pyaot::object`` at
the root, pyaot/builtins/object.hpp) with one member ``f_<name>`` per own field; objects are
``pyaot::ref<...>`` handles. A method call whose method some subclass overrides tests the
object's class id and calls the implementation of that class (no C++ ``virtual``: methods
are specialized per argument types, so they are free functions).

Free functions over the FunctionEmitter of codegen/function.py, which calls them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from hatch_pyaot.codegen import borrowed_params
from hatch_pyaot.codegen.literals import is_literal, is_temp, literal, string_literal
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    NONE,
    STR,
    ClassType,
    DictType,
    GeneratorType,
    ListType,
    OptionalType,
    Scalar,
    SetType,
    TupleType,
    Type,
    class_struct,
)
from hatch_pyaot.tracer.classes import ClassInfo
from hatch_pyaot.typing.typed import Dispatch, ObjectOp, Specialization, UserCall

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter

HEADER = "pyaot/builtins/object.hpp"
REPR_HEADER = "pyaot/builtins/repr.hpp"


def field_member(name: str) -> str:
    return f"f_{name}"


# ----- the structs ------------------------------------------------------------------------


def classes_of(specs: Iterable[Specialization]) -> list[ClassInfo]:
    """Every class the specializations use, with their bases and subclasses, bases first."""
    found: dict[str, ClassInfo] = {}

    def add_type(t: Type | None) -> None:
        if isinstance(t, ClassType) and isinstance(t.info, ClassInfo):
            if t.qualname not in found:
                for c in t.info.mro()[0].mro()[-1].descendants():
                    found.setdefault(c.qualname, c)
                    for ft in c.fields.values():
                        add_type(ft)
        elif isinstance(t, OptionalType | ListType | SetType | GeneratorType):
            add_type(t.item)
        elif isinstance(t, DictType):
            add_type(t.key)
            add_type(t.value)
        elif isinstance(t, TupleType):
            for item in t.items:
                add_type(item)

    for spec in specs:
        for t in [*spec.param_types, spec.result, *spec.var_types.values(),
                  *spec.expr_types.values()]:
            add_type(t)
    return sorted(found.values(), key=lambda c: (len(c.mro()), c.class_id))


def structs(classes: list[ClassInfo], specs: list[Specialization]) -> list[str]:
    """The forward declarations and definitions of the classes' structs."""
    if not classes:
        return []
    lines = [f"struct {class_struct(c.qualname)};" for c in classes]
    for c in classes:
        base = class_struct(c.base.qualname) if c.base is not None else "pyaot::object"
        name = class_struct(c.qualname)
        lines.append(f"struct {name} : {base} {{")
        own = [f for f in c.fields if c.base is None or f not in c.base.fields]
        for f in own:
            t = c.fields[f]
            assert t is not None, f"{c.name}.{f} is untyped"
            default = c.defaults.get(f)
            init = (literal(default.value.value, t) if default is not None
                    and default.value is not None else "")
            lines.append(f"  {t.cpp()} {field_member(f)}{{{init}}};")
        lines.append(f"  {name}() {{ class_id = {c.class_id}; "
                     f"box_class = pyaot::detail::size_class(sizeof({name})); }}")
        lines.append("  const char* type_name() const noexcept override { return "
                     f"{string_literal(c.qualname)}; }}")
        if c.special.get("__repr__") in specs:
            lines.append("  void repr_into(std::string& out) const override;")
        for method, func in _COMPARISONS.items():
            if c.special.get(method) in specs:
                lines.append(f"  static bool {func}(const pyaot::ref<{name}>& a, "
                             f"const pyaot::ref<{name}>& b);")
        if c.special.get("__hash__") in specs:
            lines.append(f"  static std::int64_t hash(const pyaot::ref<{name}>& a);")
        lines.append("};")
    lines.append("")
    return lines


def special_methods(classes: list[ClassInfo], specs: list[Specialization]) -> list[str]:
    """``repr_into`` and ``less`` of the classes with a ``__repr__`` or ``__lt__``: calls of
    their specializations. They cannot fail: an exception stays pending, and the sort or
    print that called them checks for it."""
    lines = []
    for c in classes:
        name = class_struct(c.qualname)
        spec = c.special.get("__repr__")
        if spec in specs:
            assert spec is not None
            lines += [f"void {name}::repr_into(std::string& out) const {{",
                      "  pyaot::str text;",
                      f"  if ({spec.cpp_name}(text{_depth(spec)}, pyaot::ref<{name}>::borrow("
                      f"const_cast<{name}*>(this)))) pyaot::format::append_str(out, text);",
                      "}", ""]
        for method, func in _COMPARISONS.items():
            spec = c.special.get(method)
            if spec in specs:
                assert spec is not None
                lines += [f"bool {name}::{func}(const pyaot::ref<{name}>& a, "
                          f"const pyaot::ref<{name}>& b) {{",
                          f"  {spec.result.cpp() if spec.result else 'bool'} out{{}};",
                          f"  return {spec.cpp_name}(out{_depth(spec)}, a, b) && out;",
                          "}", ""]
        spec = c.special.get("__hash__")
        if spec in specs:
            assert spec is not None
            lines += [f"std::int64_t {name}::hash(const pyaot::ref<{name}>& a) {{",
                      "  std::int64_t out = 0;",
                      f"  if (!{spec.cpp_name}(out{_depth(spec)}, a)) return 0;",
                      "  return out == -1 ? -2 : out;",
                      "}", ""]
    return lines


_COMPARISONS = {"__lt__": "less", "__eq__": "equal"}
"""The comparisons a sort (``less``) and list equality (``equal``) call."""


def _depth(spec: Specialization) -> str:
    return ", 0" if spec.cycle is not None else ""


# ----- operations -------------------------------------------------------------------------


def expr(em: FunctionEmitter, e: ir.Expr, op: ObjectOp) -> str:
    em.headers.add(HEADER)
    if op.kind == "new":
        return construct(em, e, op.dispatch)
    if op.kind == "call":
        assert op.dispatch is not None
        return dispatch(em, e, op.dispatch)
    if op.kind == "static":
        assert isinstance(op.value, ir.Call)
        return em.call(op.value)
    if op.kind == "class_method":
        assert isinstance(e, ir.MethodCall) and isinstance(op.value, tuple)
        return class_method(em, e, op.value)
    if op.kind == "constant":
        assert isinstance(e, ir.Attribute) and isinstance(op.value, tuple)
        return class_constant(em, e, op.value)
    if op.kind in ("is", "is_not"):
        assert isinstance(e, ir.Compare)
        left, right = em.expr(e.left), em.expr(e.comparators[0])
        test = "==" if op.kind == "is" else "!="
        return f"(pyaot::address_of({left}) {test} pyaot::address_of({right}))"
    if op.kind == "isinstance":
        assert isinstance(e, ir.TypeCheck) and isinstance(op.value, frozenset)
        return isinstance_test(em, e, op.value)
    if op.kind == "same_class":
        assert isinstance(e, ir.Call)
        a, b = (em.expr(x) for x in e.args)
        if not isinstance(em.spec.type_of(e.args[1]), ClassType):
            return "false"
        return f"({a}->class_id == {b}->class_id)"
    if op.kind == "as_class_of":  # where the classes are known to be the same
        assert isinstance(e, ir.Call)
        other, mine = em.expr(e.args[0]), em.expr(e.args[1])
        t = em.spec.type_of(e)
        assert isinstance(t, ClassType)
        if not isinstance(em.spec.type_of(e.args[0]), ClassType):
            return mine  # never reached: same_class was false
        return f"{t.cpp()}::borrow(static_cast<pyaot_gen::{class_struct(t.qualname)}*>(" \
               f"{other}.raw()))"
    if op.kind == "repr":
        assert isinstance(e, ir.Call)
        return dataclass_repr(em, e.args[0])
    if op.kind == "truth":
        assert isinstance(e, ir.Call)
        return em.truth(e.args[0])
    if op.kind == "next_or":
        assert isinstance(e, ir.Call) and op.dispatch is not None and isinstance(op.value, Type)
        from hatch_pyaot.codegen.class_iterators import next_or

        return next_or(em, e, op.dispatch, op.value)
    if op.kind == "hash":
        assert isinstance(e, ir.Call)
        em.headers.add("pyaot/builtins/hash.hpp")
        return f"pyaot::py_hash({em.expr(e.args[0])})"
    if op.kind == "default_repr":
        assert isinstance(e, ir.Call)
        em.headers.add(REPR_HEADER)
        return f"pyaot::text_of({em.expr(e.args[0])}, true)"
    raise AssertionError(op.kind)


def class_constant(em: FunctionEmitter, e: ir.Attribute,
                   consts: tuple[tuple[tuple[int, ...], ir.Const], ...]) -> str:
    """A class attribute read through an object: the value of the object's class."""
    t = em.spec.type_of(e)
    values = [em.cast(literal(c.value, em.spec.type_of(c)), em.spec.type_of(c), t)
              for _, c in consts]
    if len(consts) == 1:
        return values[0]
    obj = _held(em, e.value, e.name)
    code = values[-1]
    for (ids, _), value in zip(consts[-2::-1], values[-2::-1], strict=True):
        test = " || ".join(f"{obj}->class_id == {i}" for i in ids)
        code = f"(({test}) ? {value} : {code})"
    return code


def class_method(em: FunctionEmitter, e: ir.MethodCall,
                 calls: tuple[tuple[tuple[int, ...], ir.Call], ...]) -> str:
    """``obj.m()`` of a class method: the call for the object's class."""
    if len(calls) == 1:
        return em.call(calls[0][1])
    obj = _held(em, e.obj, e.name)
    t = em.spec.type_of(e)
    out = em.temp(t)
    for k, (ids, call) in enumerate(calls):
        test = " || ".join(f"{obj}->class_id == {i}" for i in ids)
        em.line("{" if k == len(calls) - 1 else f"if ({test}) {{")
        em.depth += 1
        em.line(f"{out} = {em.cast(em.expr(call), em.spec.type_of(call), t)};")
        em.depth -= 1
        em.line("}" if k == len(calls) - 1 else "} else")
    return out


def isinstance_test(em: FunctionEmitter, e: ir.TypeCheck, ids: frozenset[int]) -> str:
    t = em.spec.type_of(e.value)
    code = em.expr(e.value)
    item = t.item if isinstance(t, OptionalType) else t
    if not isinstance(item, ClassType) or not ids:
        if not is_temp(code) and not is_literal(code):
            em.line(f"(void)({code});")
        return "false"
    held = code if is_temp(code) or code.startswith("v_") else em.temp(t, code)
    obj = f"(*{held})" if isinstance(t, OptionalType) else held
    test = " || ".join(f"{obj}->class_id == {i}" for i in sorted(ids))
    return f"({held}.has_value() && ({test}))" if isinstance(t, OptionalType) else f"({test})"


def dataclass_repr(em: FunctionEmitter, obj_e: ir.Expr) -> str:
    """``Point(x=1, y=2)``: the class's name, then each field's repr."""
    em.headers.add(REPR_HEADER)
    t = em.spec.type_of(obj_e)
    assert isinstance(t, ClassType) and isinstance(t.info, ClassInfo)
    obj = em.expr(obj_e)
    text = em.temp(_TEXT)
    em.line(f"{text} += {string_literal(t.info.name + '(')};")
    for i, f in enumerate(t.info.fields):
        sep = ", " if i else ""
        em.line(f"{text} += {string_literal(f'{sep}{f}=')};")
        em.line(f"pyaot::append_text({text}, {obj}->{field_member(f)}, true);")
    em.line(f"{text} += ')';")
    return em.temp(STR, f"pyaot::str::from_utf8({text})")


def receiver(em: FunctionEmitter, e: ir.Expr, name: str) -> str:
    """The object whose attribute ``name`` is read or called: an Optional one that is None
    raises AttributeError, as CPython does."""
    if e not in em.spec.unwrapped:
        return em.expr(e)
    return em.item_of(e, "AttributeError", f"'NoneType' object has no attribute '{name}'")


def attribute(em: FunctionEmitter, e: ir.Attribute) -> str:
    """A field of an object."""
    em.headers.add(HEADER)
    return f"{_pointer(receiver(em, e.value, e.name))}->{field_member(e.name)}"


def _pointer(code: str) -> str:
    """An object whose field is read or written: one seen as a subclass (``x.down<C>()``,
    after a class id test) is its pointer cast, not a new handle."""
    m = re.fullmatch(r"(.+)\.(template )?down<([\w:]+)>\(\)", code)
    return code if m is None else f"{m.group(1)}.{m.group(2) or ''}as<{m.group(3)}>()"


def set_attribute(em: FunctionEmitter, s: ir.SetAttr) -> None:
    """``obj.x = value``: the value first, then the object, as Python evaluates them (a
    property's setter is called on them)."""
    em.headers.add(HEADER)
    op = em.spec.methods.get(s)
    if op is not None:
        assert op.dispatch is not None
        dispatch(em, s, op.dispatch)
        return
    t = em.spec.type_of(s.target)
    assert isinstance(t, ClassType) and isinstance(t.info, ClassInfo)
    field_t = t.info.fields[s.name]
    assert field_t is not None
    value = em.expr(s.value)
    vt = em.spec.type_of(s.value)
    if not (is_temp(value) or is_literal(value) or value.startswith("v_")):
        value = em.temp(vt, value)
    obj = receiver(em, s.target, s.name)
    em.line(f"{_pointer(obj)}->{field_member(s.name)} = {em.cast(value, vt, field_t)};")


def _held(em: FunctionEmitter, e: ir.Expr, attribute: str | None = None) -> str:
    """The value of ``e`` in a name the rest of the call cannot change: a temporary, a
    literal or a local of the function's own (not in a cell), which nothing rebinds while the
    other arguments are evaluated."""
    code = em.expr(e) if attribute is None else receiver(em, e, attribute)
    if borrowed_params.stable(code, em.spec):
        return code
    return em.temp(em.spec.type_of(e), code)


def construct(em: FunctionEmitter, e: ir.Expr, d: Dispatch | None) -> str:
    """The arguments, then a new object, then its ``__init__``."""
    t = em.spec.type_of(e)
    assert isinstance(t, ClassType)
    held = {a: _held(em, a) for a in d.args} if d is not None else {}
    obj = em.temp(t, f"{t.cpp()}::make()")
    if d is not None:
        _, call, _ = d.calls[0]
        _call_one(em, call, obj, held, None)
    return obj


def dispatch(em: FunctionEmitter, e: ir.Expr | ir.Stmt, d: Dispatch,
             result_t: Type | None = None) -> str:
    """The receiver and the arguments once each, then the implementation of the receiver's
    class (its result as ``result_t``: by default the type of ``e``)."""
    assert d.receiver is not None
    name = e.name if isinstance(e, ir.MethodCall | ir.Attribute | ir.SetAttr) else None
    obj = _held(em, d.receiver, name)
    static = em.spec.type_of(d.receiver)
    held = {a: _held(em, a) for a in d.args}
    if result_t is None:
        result_t = em.spec.type_of(e) if isinstance(e, ir.Expr) else NONE
    if d.negate:
        result_t = BOOL
    out = em.temp(result_t) if result_t != NONE else None
    if len(d.calls) == 1:
        _, call, as_class = d.calls[0]
        _call_one(em, call, _seen_as(obj, static, as_class), held, out, result_t, d.negate)
        return out or "pyaot::none"
    opened = 0
    for k, (ids, call, as_class) in enumerate(d.calls):
        last = k == len(d.calls) - 1
        if not last:
            test = " || ".join(f"{obj}->class_id == {i}" for i in ids)
            em.line(f"if ({test}) {{")
        else:
            em.line("{")
        em.depth += 1
        _call_one(em, call, _seen_as(obj, static, as_class), held, out, result_t, d.negate)
        em.depth -= 1
        em.line("}" + (" else" if not last else ""))
        if not last:
            em.lines[-1] += " {"
            em.depth += 1
            opened += 1
    for _ in range(opened):
        em.depth -= 1
        em.line("}")
    return out or "pyaot::none"


def _seen_as(receiver: str, static: Type, as_class: Type) -> str:
    if static == as_class:
        return receiver
    assert isinstance(as_class, ClassType)
    return f"{receiver}.template down<pyaot_gen::{class_struct(as_class.qualname)}>()"


def _call_one(em: FunctionEmitter, call: ir.Call, receiver: str, held: dict[ir.Expr, str],
              out: str | None, out_t: Type = NONE, negate: bool = False) -> None:
    target = em.spec.calls[call]
    assert isinstance(target, UserCall)
    callee = target.spec
    assert callee.result is not None
    lent = borrowed_params.borrowed(callee)
    args = [receiver]
    for a, pt, p in zip(target.args[1:], callee.param_types[1:], callee.function.params[1:],
                        strict=True):
        if a in held:
            args.append(em.converted(a, held[a], pt))
        else:
            args.append(em.argument(a, pt, p.name in lent))
    if callee.function.generator:  # a generator method: the coroutine starts suspended
        result = em.temp(callee.result, f"{callee.cpp_name}({', '.join(args)})")
    else:
        result = em.temp(callee.result)
        if callee.cycle is not None:
            args.insert(0, "depth + 1" if callee.cycle == em.spec.cycle else "0")
        em.line(f"if (!{callee.cpp_name}({', '.join([result, *args])})) [[unlikely]] "
                f"{em.fail(call.loc.line)}")
    if out is not None:
        moved = f"std::move({result})" if borrowed_params.is_object(callee.result) else result
        value = f"!{result}" if negate else em.cast(moved, callee.result, out_t)
        em.line(f"{out} = {value};")


_TEXT = Scalar("text", "std::string")
