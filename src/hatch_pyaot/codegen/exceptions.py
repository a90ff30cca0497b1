"""Emit exception values (typing/exceptions.py). ``except E as e`` copies the pending
error's kind, message and payload into ``v_e`` (a ``pyaot::exception_value``) before the
handler clears it, or, for a handler of one class of the program, takes the payload object
itself; it unbinds ``e`` when the block ends, as Python deletes it. ``raise e`` puts it back
in the error state; ``raise ParseError(...)`` raises the object as its built-in base's kind,
its str() the message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen import exit_arguments
from hatch_pyaot.codegen.classes import field_member
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import NONE, ClassType, ExceptionType, class_struct
from hatch_pyaot.tracer import exception_classes
from hatch_pyaot.typing.exceptions import class_named, kinds
from hatch_pyaot.typing.typed import Specialization

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter
    from hatch_pyaot.tracer.classes import ClassInfo

HEADER = "pyaot/exception_value.hpp"
_ARGS = field_member("args")


def handles(spec: Specialization, e: ir.Expr) -> bool:
    return e in spec.exceptions


def expr(em: FunctionEmitter, e: ir.Expr) -> str:
    em.headers.add(HEADER)
    op = em.spec.exceptions[e]
    if op in exit_arguments.OPS:
        return exit_arguments.expr(em, e, op)
    if op in ("str", "repr"):
        assert isinstance(e, ir.Call)
        return f"{em.held(e.args[0])}.text({'true' if op == 'repr' else 'false'})"
    if op == "object_repr":
        assert isinstance(e, ir.Call)
        obj = em.held(e.args[0])
        return f"pyaot::exception_value::of({obj}, std::get<0>({obj}->{_ARGS})).text(true)"
    if op == "type_name":
        assert isinstance(e, ir.Attribute)
        named = class_named(e)
        assert named is not None
        value = em.held(named)
        if isinstance(em.spec.type_of(named), ClassType):
            return (f"pyaot::str::from_utf8(pyaot::short_name("
                    f"{value}->type_name()))")
        return f"{value}.type_name()"
    if op == "args":
        assert isinstance(e, ir.Attribute)
        return f"{em.held(e.value)}.args()"
    if op == "cause":
        assert isinstance(e, ir.Attribute)
        return f"{em.held(e.value)}.cause_value()"
    if op == "init":
        assert isinstance(e, ir.Call)
        obj, message = em.held(e.args[0]), em.held(e.args[1])
        em.line(f"{obj}->{_ARGS} = std::tuple<pyaot::str>{{{message}}};")
        return "pyaot::none"
    if op == "always":
        em.held(e.value if isinstance(e, ir.TypeCheck) else e)
        return "true"
    assert op == "isinstance" and isinstance(e, ir.TypeCheck)
    return _isinstance(em, e)


def _isinstance(em: FunctionEmitter, e: ir.TypeCheck) -> str:
    value = em.held(e.value)
    t = em.spec.type_of(e.value)
    assert isinstance(t, ExceptionType)
    return kind_test(value, t.name, e.classes)


def kind_test(value: str, name: str, classes: list[str]) -> str:
    """Whether the exception ``value``, known to be a ``name``, is one of ``classes``."""
    known = kinds(None if name == "BaseException" else [name])
    if {"object", "BaseException"} & set(classes):
        return "true"
    wanted = [k for k in kinds(classes) if k in known]
    if set(known) <= set(wanted):
        return "true"
    tests = " || ".join(f"{value}.type == pyaot::Exc::{k}" for k in wanted)
    return f"({tests})" if tests else "false"


def handler_test(em: FunctionEmitter, h: ir.Handler) -> str:
    """Whether the pending exception is one ``h`` catches: its kind, by Python's hierarchy,
    or the class of its payload object for a class of the program."""
    em.headers.add("pyaot/exceptions.hpp")
    builtin = [c for c in h.types if "." not in c] if h.types is not None else None
    caught = kinds(builtin) if builtin is None or builtin else []
    if builtin is None or "BaseException" in builtin:  # a generator closed at its yield
        caught.append("GeneratorExit")
    tests = [_kinds_test(caught, h.types)] if caught else []
    ids = em.spec.caught_classes.get(h, ())
    if ids:
        tests.append(f"pyaot::error_is_object({{{', '.join(str(i) for i in sorted(ids))}}})")
    return " || ".join(tests) or "false"


# ``pyaot::Exc``'s enumerators in their order (error.hpp): the bits of ``error_in``'s mask.
_NUMBERED = (*ir.EXCEPTIONS, "Interrupted", "GeneratorExit")


def _kinds_test(caught: list[str], named: list[str] | None) -> str:
    """One or two kinds: a test each; more (``except Exception`` catches 29): one test of a
    bit mask over ``pyaot::Exc``, spelled with the clause it comes from."""
    if len(caught) <= 2:
        return " || ".join(f"pyaot::error_is(pyaot::Exc::{c})" for c in caught)
    mask = sum(1 << _NUMBERED.index(c) for c in caught)
    clause = ", ".join(named) if named else "bare except"
    return f"pyaot::error_in(0x{mask:x}ULL /* {clause}: {len(caught)} kinds */)"


def bind(em: FunctionEmitter, h: ir.Handler) -> None:
    """At the start of the handler, before the error state is cleared."""
    if h.name is None:
        return
    em.headers.add(HEADER)
    t = em.spec.var_types.get(h.name)
    if isinstance(t, ClassType):
        em.store(h.name, f"pyaot::error_state().payload.down<pyaot_gen::"
                         f"{class_struct(t.qualname)}>()")
    else:
        em.store(h.name, "pyaot::exception_value::caught()")


def unbind(em: FunctionEmitter, h: ir.Handler) -> None:
    """At the end of the handler: a later read of the name finds it unbound."""
    if h.name is not None and h.name in em.unbound.flagged:
        em.line(f"has_{h.name} = false;")


def raise_value(em: FunctionEmitter, s: ir.RaiseValue) -> None:
    assert s.message is not None
    em.headers.add(HEADER)
    value = em.held(s.message)
    t = em.spec.type_of(s.message)
    if isinstance(t, ClassType):
        assert s.text is not None
        text = em.message(s.text)
        kind = exception_classes.kind(t.info)  # type: ignore[arg-type]
        em.line(f"pyaot::raise_object(pyaot::Exc::{kind}, {text}, {value});")
    else:
        em.line(f"{value}.raise_again();")
    cause(em, s)
    em.line(em.fail(s.loc.line))


def cause(em: FunctionEmitter, s: ir.Raise) -> None:
    """After the raise: ``from cause`` (kept as __cause__ in CPython) or ``from None``."""
    if s.cause is None:
        return
    em.headers.add(HEADER)
    t = em.spec.type_of(s.cause)
    if isinstance(s.cause, ir.Const) or t == NONE:
        em.line("pyaot::suppress_context();")
        return
    value = em.held(s.cause)
    if isinstance(t, ClassType):
        kind = exception_classes.kind(t.info)  # type: ignore[arg-type]
        value = f"pyaot::exception_value{{pyaot::Exc::{kind}, {{}}, {value}}}"
    em.line(f"pyaot::set_cause({value});")


def key_message(em: FunctionEmitter, message: str) -> str:
    """``raise KeyError("k")``: the runtime words a KeyError's message as the key's repr, so
    that str() of it is CPython's ``'k'``."""
    em.headers.add(HEADER)
    return f"pyaot::key_message({message})"


def boundary(classes: list[ClassInfo]) -> list[str]:
    """The Python instance of a raised object of an exception class of the program (its
    class's boundary, pyaot/python/object.hpp): what the pending error becomes in CPython."""
    mine = [c for c in classes if exception_classes.is_exception(c)]
    if not mine:
        return []
    lines = ["namespace pyaot::python {", "",
             "inline PyObject* user_exception(pyaot::object* raised) {"]
    for c in sorted(mine, key=lambda c: -len(c.mro())):
        name = f"pyaot_gen::{class_struct(c.qualname)}"
        lines.append(f"  if (raised->class_id == {c.class_id}) return boundary<{name}>::to("
                     f"pyaot::ref<{name}>::borrow(static_cast<{name}*>(raised)));")
    lines += ["  return nullptr;", "}", "",
              "[[maybe_unused]] inline const bool user_exceptions_known = "
              "(user_exception_to_python = &user_exception, true);", "",
              "}  // namespace pyaot::python", ""]
    return lines
