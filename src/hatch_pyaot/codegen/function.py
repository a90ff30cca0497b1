"""Emit one specialization as a C++ function.

Every generated function has the shape ``bool name(Result& out, Params...)``: it returns
false when a Python exception is pending (DESIGN §3.6, no C++ exceptions). Expressions are
emitted inline while they cannot fail; an operation that can fail is hoisted into a checked
temporary, in Python's evaluation order, followed by
``if (!ok) [[unlikely]] return pyaot::fail_at("file.py", line);``. Python locals become C++
locals declared at the top, so they outlive the loop that assigns them, as in Python.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from hatch_pyaot.codegen import (
    array_calls,
    array_functions,
    array_literal,
    arrays,
    axis_tuples,
    bisects,
    borrowed_params,
    bounds,
    chunked_loops,
    class_statements,
    classes,
    closures,
    complex_arrays,
    default_dicts,
    deques,
    dicts,
    elementwise,
    enums,
    exceptions,
    finally_blocks,
    formatting,
    generator_methods,
    generators,
    iteration,
    lists,
    loop_buffers,
    match,
    models,
    printing,
    ranges,
    reraise,
    sets,
    sorting,
    statement_fusion,
    strings,
    tuple_tables,
    tuples,
    unbound,
    unions,
    var_tuples,
)
from hatch_pyaot.codegen.literals import (
    is_literal,
    is_temp,
    literal,
    paren,
    string_literal,
    truth_of,
)
from hatch_pyaot.codegen.test_hooks import bad_cpp_line
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    FLOAT,
    INT,
    NONE,
    STR,
    ArrayType,
    ClassType,
    DictType,
    DictView,
    DTypeScalar,
    FunctionUnion,
    GeneratorType,
    ListType,
    OptionalType,
    Scalar,
    SetType,
    TupleType,
    Type,
    UnionType,
    VarTupleType,
)
from hatch_pyaot.ops.format_spec import field_format
from hatch_pyaot.ops.registry import Op
from hatch_pyaot.typing import array_functions as array_functions_typing
from hatch_pyaot.typing import array_literal as array_literal_typing
from hatch_pyaot.typing import iteration as iteration_typing
from hatch_pyaot.typing import named_tuples
from hatch_pyaot.typing import sorting as sorting_typing
from hatch_pyaot.typing.models import ModelTarget
from hatch_pyaot.typing.typed import (
    ArrayCall,
    GeneratorNext,
    ListBuiltin,
    NumpyCall,
    OpCall,
    Specialization,
    TupleComparison,
    TupleLen,
    TupleReduce,
    UserCall,
)

STR_BUFFER = Scalar("str", "std::string")
"""A message being built from an f-string."""
_INLINE_LIMIT = 1500
"""Characters of inline code beyond which an operation's result is held in a temporary."""


_CONTAINER_HEADERS = {"list": lists.HEADER, "set": sets.HEADER, "dict": dicts.HEADER}
"""The runtime header of each container a comprehension makes."""


def signature(spec: Specialization) -> str:
    assert spec.result is not None
    generator = spec.function.generator  # a coroutine: codegen/generators.py
    params = [] if generator else [f"{spec.result.cpp()}& out"]
    if spec.cycle is not None and not generator:
        params.append("int depth")
    for p, t in zip(spec.function.params, spec.param_types, strict=True):
        params.append(f"{borrowed_params.param_cpp(spec, p.name, t)} {_param_name(spec, p.name)}")
    result = spec.result.cpp() if generator else "bool"
    return f"static {result} {spec.cpp_name}({', '.join(params)})"


def _param_name(spec: Specialization, name: str) -> str:
    i = [p.name for p in spec.function.params].index(name)
    same = spec.var_types.get(name) == spec.param_types[i] and name not in spec.function.cells
    return f"v_{name}" if same else f"p_{name}"


@dataclass
class _Loop:
    broke: str | None
    """The flag a ``break`` sets, when the loop has an ``else`` clause."""


@dataclass
class FunctionEmitter:
    spec: Specialization
    headers: set[str]
    lines: list[str] = field(default_factory=list)
    depth: int = 1
    temps: int = 0
    loops: list[_Loop] = field(default_factory=list)
    reducers: list[tuple[ir.Comprehension, str, str]] = field(default_factory=list)
    """The comprehensions being emitted: (node, accumulator, found flag), innermost last."""
    handlers: list[str] = field(default_factory=list)
    """Labels of the enclosing ``try`` blocks' exception dispatch, innermost last."""
    finallies: list[finally_blocks.Finally] = field(default_factory=list)
    """The finally blocks a jump out of the code being emitted runs, innermost last."""
    caught: list[str] = field(default_factory=list)
    """The exceptions the enclosing ``except`` blocks caught, that a bare ``raise`` raises."""
    in_range: set[ir.Expr | ir.Stmt] = field(default_factory=set)
    """The element accesses proven in range (codegen/bounds.py): no index check."""
    writeable: set[ir.Stmt] = field(default_factory=set)
    """The stores among them into arrays made in the function: no read-only check either."""
    ticking: bool = False
    """A loop counts down ``ticks`` to its interrupt check (pyaot/interrupt.hpp)."""
    unbound: unbound.MaybeUnbound = field(default_factory=unbound.MaybeUnbound)
    """The reads that may find their local unbound (codegen/unbound.py): checked."""
    no_overflow: set[ir.BinOp] = field(default_factory=set)
    """The int operations whose result fits int64 (codegen/ranges.py): not checked."""
    held_values: dict[ir.Expr, str] = field(default_factory=dict)
    """Expressions already evaluated into a temporary, read again from it (the function
    value of a call that dispatches on it: codegen/closures.py)."""

    exit: str = "return"
    """How the function returns: ``co_return`` in a generator's coroutine."""
    substituted: dict[str, ir.Expr] = field(default_factory=dict)
    """Array intermediates computed inside their one use (codegen/statement_fusion.py)."""
    fused_away: set[ir.Stmt] = field(default_factory=set)
    """Their assignments, not emitted."""
    renewed: dict[ir.Expr, str] = field(default_factory=dict)
    """Array creations in loops that reuse their local's storage (codegen/loop_buffers.py)."""

    def __post_init__(self) -> None:
        if self.spec.function.generator:
            self.exit = "co_return"
        proof = bounds.prove(self.spec.function, self.spec.indices)
        self.in_range, self.writeable = proof.in_range, proof.writeable
        self.unbound = unbound.maybe_unbound(self.spec.function)
        self.no_overflow = ranges.cannot_overflow(self.spec)
        self.substituted, self.fused_away = statement_fusion.plan(self)
        self.renewed = loop_buffers.plan(self)

    # ----- output helpers ----------------------------------------------------------------

    def line(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    @contextmanager
    def indented(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    @contextmanager
    def captured(self) -> Iterator[list[str]]:
        saved = self.lines
        self.lines = []
        buffer = self.lines
        try:
            yield buffer
        finally:
            self.lines = saved

    def collect(self, e: ir.Comprehension) -> str:
        """A list, set or dict comprehension: an empty container, and the loop whose
        ReduceStep adds to it (codegen/lists.py, sets.py, dicts.py ``reduce_step``)."""
        self.headers.add(_CONTAINER_HEADERS[e.kind])
        t = self.spec.type_of(e)
        acc = self.temp(t, f"{t.cpp()}::make()")
        self.reducers.append((e, acc, ""))
        with closures.fresh_cells(self, e):
            self.stmt(e.loop)
        self.reducers.pop()
        return acc

    def held(self, e: ir.Expr) -> str:
        """The value of ``e`` in a name: a temporary, unless it already is a local or one."""
        code = self.expr(e)
        if is_temp(code) or code.startswith("v_"):
            return code
        return self.temp(self.spec.type_of(e), code)

    def temp(self, t: Type, init: str | None = None) -> str:
        self.temps += 1
        name = f"t{self.temps}"
        self.line(f"{t.cpp()} {name}{' = ' + init if init is not None else '{}'};")
        return name

    def fail(self, line: int) -> str:
        """Record the Python file and line of the failing operation, then propagate."""
        record = f"pyaot::fail_at({string_literal(self.spec.function.loc.file)}, {line})"
        if not self.handlers:
            return f"{self.exit} {record};"
        return f"{{ {record}; {self.propagate()} }}"

    def propagate(self) -> str:
        """Pass a pending exception on: to the enclosing ``except`` dispatch, or the caller."""
        return f"goto {self.handlers[-1]};" if self.handlers else f"{self.exit} false;"

    # ----- function ----------------------------------------------------------------------

    def emit(self) -> list[str]:
        spec = self.spec
        fn = spec.function
        self.lines.append(signature(spec) + " {")
        bad = bad_cpp_line(fn.ref.name)
        if bad is not None:
            self.lines.append(bad)
        if spec.cycle is not None and fn.generator:
            generators.recursion_guard(self)
        elif spec.cycle is not None:
            self.headers.add("pyaot/recursion.hpp")
            self.line("if (depth > pyaot::max_recursion_depth) [[unlikely]] {")
            with self.indented():
                self.line("pyaot::raise_recursion_error();")
                self.line(self.fail(fn.loc.line))
            self.line("}")
        params = {p.name: t for p, t in zip(fn.params, spec.param_types, strict=True)}
        closures.prologue(self)
        for name in fn.locals:
            t = spec.var_types.get(name)
            if t is None or closures.declare(self, name, t, params.get(name)):
                continue
            if name in params:
                if _param_name(spec, name).startswith("p_"):
                    self.line(f"{t.cpp()} v_{name} = {self.cast(f'p_{name}', params[name], t)};")
            else:
                self.line(f"{t.cpp()} v_{name}{{}};")
        for name in fn.locals:
            if name in self.unbound.flagged and name in spec.var_types:
                self.line(f"bool has_{name} = false;")
        prologue = len(self.lines)
        self.block(fn.body)
        if self.ticking:
            self.lines.insert(prologue, "  std::uint32_t ticks = pyaot::interrupt_interval;")
        if fn.generator:
            self.headers.add(generators.HEADER)
            self.line("co_return true;")
        elif spec.result == NONE or isinstance(spec.result, OptionalType):
            self.line(f"out = {self.cast('pyaot::none', NONE, spec.result)};")
            self.line("return true;")
        self.lines.append("}")
        return self.lines

    # ----- statements --------------------------------------------------------------------

    def block(self, stmts: Sequence[ir.Stmt]) -> None:
        for s in stmts:
            self.stmt(s)

    def store(self, name: str, code: str) -> None:
        """``name = code`` for a local, noting that it is bound where a read checks it."""
        self.line(f"v_{name} = {code};")
        if name in self.unbound.flagged:
            self.line(f"has_{name} = true;")

    def check_bound(self, name: str, line: int) -> None:
        """Python's UnboundLocalError for a read of a local that may not be assigned."""
        self.line(f"if (!has_{name}) [[unlikely]] {{")
        with self.indented():
            self.line(f"pyaot::raise(pyaot::Exc::UnboundLocalError, "
                      f"{string_literal(unbound.message(name))});")
            self.line(self.fail(line))
        self.line("}")

    def stmt(self, s: ir.Stmt) -> None:
        if s in self.fused_away:
            return
        if isinstance(s, ir.AugAssign) and s in self.unbound.augmented:
            self.check_bound(s.target.id, s.loc.line)
        if isinstance(s, ir.Assign):
            self.assign(s.target, s.value)
        elif isinstance(s, ir.AugAssign | ir.SetItem | ir.DelItem) and s in self.spec.methods:
            class_statements.stmt(self, s)
        elif isinstance(s, ir.AugAssign) and isinstance(self.spec.var_types[s.target.id],
                                                        ArrayType):
            elementwise.augassign(self, s)
        elif isinstance(s, ir.AugAssign) and isinstance(self.spec.var_types[s.target.id],
                                                        VarTupleType):
            var_tuples.augassign(self, s)  # a new tuple, where a list changes in place
        elif isinstance(s, ir.AugAssign) and isinstance(self.spec.var_types[s.target.id],
                                                        ListType):
            lists.augassign(self, s)
        elif isinstance(s, ir.AugAssign) and isinstance(self.spec.var_types[s.target.id],
                                                        DictType):
            dicts.augassign(self, s)
        elif isinstance(s, ir.AugAssign) and isinstance(self.spec.var_types[s.target.id],
                                                        SetType):
            sets.augassign(self, s)
        elif isinstance(s, ir.AugAssign):
            var_t = self.spec.var_types[s.target.id]
            value = self.expr(s.value)
            op = self.spec.ops[s]
            held, held_t = unions.augmented(self, s, f"v_{s.target.id}", var_t)
            code = self.binop(op, held, held_t, value, self.spec.type_of(s.value), s.loc.line)
            self.store(s.target.id, self.cast(code, op.result, var_t))
        elif isinstance(s, ir.SetItem) and isinstance(self.spec.type_of(s.target), ListType):
            lists.setitem(self, s)
        elif isinstance(s, ir.SetItem) and isinstance(self.spec.type_of(s.target), DictType):
            dicts.setitem(self, s)
        elif isinstance(s, ir.SetItem):
            arrays.setitem(self, s)
        elif isinstance(s, ir.DelItem) and isinstance(self.spec.type_of(s.target), DictType):
            dicts.delitem(self, s)
        elif isinstance(s, ir.DelItem):
            lists.delitem(self, s)
        elif isinstance(s, ir.SetAttr):
            classes.set_attribute(self, s)
        elif isinstance(s, ir.ExprStmt):
            if isinstance(s.value, ir.Const | ir.FormatStr):
                return  # a lone (f-)string statement has no effect
            code = self.expr(s.value)
            if not is_temp(code) and code != "pyaot::none":
                self.line(f"(void)({code});")
        elif isinstance(s, ir.If):
            if not match.dead(self.spec, s):
                self.if_(s)
        elif isinstance(s, ir.While):
            self.while_(s)
        elif isinstance(s, ir.ForRange):
            self.for_range(s)
        elif isinstance(s, ir.ForEach) and generators.steps(self, s):
            generators.for_iterator(self, s)
        elif isinstance(s, ir.ForEach) and iteration_typing.handles(s.iterable):
            iteration.for_each(self, s)
        elif isinstance(s, ir.ForEach) and (s in self.spec.lowered or isinstance(
                self.spec.type_of(s.iterable), GeneratorType)):
            generators.for_each(self, s)
        elif isinstance(s, ir.ForEach) and isinstance(self.spec.type_of(s.iterable), ListType):
            lists.for_each(self, s)
        elif isinstance(s, ir.ForEach) and self.spec.type_of(s.iterable) in (STR, BYTES):
            strings.for_each(self, s)
        elif isinstance(s, ir.ForEach) and isinstance(self.spec.type_of(s.iterable),
                                                      DictType | DictView):
            dicts.for_each(self, s)
        elif isinstance(s, ir.ForEach) and isinstance(self.spec.type_of(s.iterable), SetType):
            sets.for_each(self, s)
        elif isinstance(s, ir.ForEach):
            tuples.for_each(self, s)
        elif isinstance(s, ir.Try):
            self.try_(s)
        elif isinstance(s, ir.ReduceStep) and self.reducers[-1][0].kind == "list":
            lists.reduce_step(self, s, self.reducers[-1][0], self.reducers[-1][1])
        elif isinstance(s, ir.ReduceStep) and self.reducers[-1][0].kind == "dict":
            dicts.reduce_step(self, s, self.reducers[-1][0], self.reducers[-1][1])
        elif isinstance(s, ir.ReduceStep) and self.reducers[-1][0].kind == "set":
            sets.reduce_step(self, s, self.reducers[-1][0], self.reducers[-1][1])
        elif isinstance(s, ir.ReduceStep):
            tuples.reduce_step(self, s)
        elif isinstance(s, ir.Break):
            finally_blocks.unwind(self, s)
            loop = self.loops[-1]
            if loop.broke:
                self.line(f"{loop.broke} = true;")
            self.line("break;")
        elif isinstance(s, ir.Continue):
            finally_blocks.unwind(self, s)
            self.line("continue;")
        elif isinstance(s, ir.Pass):
            pass
        elif isinstance(s, ir.Return) and self.spec.function.generator:
            finally_blocks.unwind(self, s)
            self.line("co_return true;")
        elif isinstance(s, ir.Yield):
            generators.yield_(self, s)
        elif isinstance(s, ir.Return):
            assert self.spec.result is not None
            if s.value is None:
                code = self.cast('pyaot::none', NONE, self.spec.result)
            else:
                code = self.cast(self.expr(s.value), self.spec.type_of(s.value), self.spec.result)
            if finally_blocks.leaves(self, s):
                code = self.temp(self.spec.result, code)
                finally_blocks.unwind(self, s)
            self.line(f"out = {self.last_use(code)};")
            self.line("return true;")
        elif isinstance(s, ir.Reraise):
            reraise.reraise(self)
        elif isinstance(s, ir.RaiseValue):
            exceptions.raise_value(self, s)
        elif isinstance(s, ir.Raise):
            msg = self.message(s.message)
            if s.exc == "KeyError" and s.message is not None and self.spec.type_of(
                    s.message) == STR:
                msg = exceptions.key_message(self, msg)
            if s.message is None:  # no arguments: args == ()
                self.line(f"pyaot::raise_bare(pyaot::Exc::{s.exc});")
            else:
                self.line(f"pyaot::raise(pyaot::Exc::{s.exc}, {msg});")
            exceptions.cause(self, s)
            self.line(self.fail(s.loc.line))
        elif isinstance(s, ir.Assert):
            test = self.truth(s.test)
            self.line(f"if (!({test})) [[unlikely]] {{")
            with self.indented():
                msg = self.message(s.message)
                self.line(f"pyaot::raise(pyaot::Exc::AssertionError, {msg});")
                self.line(self.fail(s.loc.line))
            self.line("}")
        else:
            raise AssertionError(f"unknown statement {type(s).__name__}")

    def message(self, e: ir.Expr | None) -> str:
        """The UTF-8 text of an exception message (or of an f-string being built)."""
        if e is None:
            return '""'
        if isinstance(e, ir.Const):
            assert isinstance(e.value, str)
            return string_literal(e.value)
        if not isinstance(e, ir.FormatStr):  # any other str value
            self.headers.add(strings.HEADER)
            text = self.temp(STR_BUFFER)
            self.line(f"pyaot::format::append_str({text}, {self.expr(e)});")
            return text
        self.headers.add("pyaot/builtins/format.hpp")
        values = [(p, self.expr(p.value)) for p in e.parts if isinstance(p, ir.FormatField)]
        text = self.temp(STR_BUFFER)
        fields = iter(values)
        for part in e.parts:
            if isinstance(part, str):
                self.line(f"{text} += {string_literal(part)};")
                continue
            field, code = next(fields)
            t = self.spec.type_of(field.value)
            plan = field_format(t, field.conversion, field.spec)
            if plan.kind == "spec":
                formatting.append_field(self, text, plan, code, t, field.value.loc.line)
                continue
            if plan.as_float:
                code = self.cast(code, t, FLOAT)
            elif plan.as_int:
                code = self.cast(code, t, INT)
            if plan.kind == "repr":
                self.headers.add(strings.CONVERT_HEADER)
                self.line(f"pyaot::format::append_str({text}, pyaot::str_repr({code}));")
            elif plan.kind == "str" and plan.width:
                self.line(f"pyaot::format::append_padded({text}, {code}, {plan.width}, "
                          f"{'true' if plan.left else 'false'});")
            elif plan.kind == "str":
                self.line(f"pyaot::format::append_str({text}, {code});")
            else:
                func = "append_percent" if plan.kind == "percent" else "append_printf"
                self.line(f"pyaot::format::{func}({text}, {string_literal(plan.printf)}, "
                          f"{code});")
        return text

    def assign(self, target: ir.Target, value: ir.Expr) -> None:
        if isinstance(target, ir.NameTarget):
            code = self.expr(value)
            var_t = self.spec.var_types[target.id]
            src = self.spec.type_of(value)
            if src == var_t and is_temp(code) and not isinstance(value, ir.Name) and \
                    value not in self.held_values and borrowed_params.is_object(src):
                code = f"std::move({code})"  # the temporary of this value's own evaluation
            self.store(target.id, self.cast(code, src, var_t))
            return
        if isinstance(value, ir.TupleExpr) and len(value.items) == len(target.items):
            # a, b = b, a: evaluate every item before assigning any.
            parts = [(self.expr(v), self.spec.type_of(v)) for v in value.items]
            held = [(code if is_literal(code) else self.temp(t, code), t) for code, t in parts]
            for sub, (code, t) in zip(target.items, held, strict=True):
                self.assign_code(sub, code, t)
            return
        t = self.spec.type_of(value)
        code = self.expr(value)
        self.assign_code(target, code if is_temp(code) else self.temp(t, code), t)

    def assign_code(self, target: ir.Target, code: str, t: Type) -> None:
        if isinstance(target, ir.NameTarget):
            var_t = self.spec.var_types[target.id]
            self.store(target.id, self.cast(code, t, var_t))
            return
        fields = named_tuples.items(t)
        if fields is not None:  # x, y = point (a NamedTuple)
            for sub, (name, ft) in zip(target.items, fields, strict=True):
                assert ft is not None
                self.assign_code(sub, f"{code}->{classes.field_member(name)}", ft)
            return
        if isinstance(t, VarTupleType):  # a, b = t: its length checked first
            for sub, item in var_tuples.unpacked(self, target, code, t):
                self.assign_code(sub, item, t.item or NONE)
            return
        assert isinstance(t, TupleType)
        for i, (sub, it) in enumerate(zip(target.items, t.items, strict=True)):
            self.assign_code(sub, f"std::get<{i}>({code})", it)

    def if_(self, s: ir.If) -> None:
        test = self.truth(s.test)
        self.line(f"if ({test}) {{")
        with self.indented():
            self.block(s.body)
        if s.orelse:
            self.line("} else {")
            with self.indented():
                self.block(s.orelse)
        self.line("}")

    def while_(self, s: ir.While) -> None:
        broke = self.flag() if s.orelse else None
        with self.indented(), self.captured() as cond_lines:
            test = self.truth(s.test)
        if cond_lines:
            self.line("while (true) {")
            self.lines.extend(cond_lines)
            with self.indented():
                self.line(f"if (!({test})) break;")
        else:
            self.line(f"while ({test}) {{")
        self.loop_body(s.body, broke, s.loc.line)
        self.line("}")
        self.loop_else(s.orelse, broke)

    def try_(self, s: ir.Try) -> None:
        """Each part in its own scope. A failure in the body jumps to a dispatch that clears
        the error and runs the first matching handler, or passes the exception on; with a
        ``finally``, every exit (normal, with an exception pending, or a jump out:
        codegen/finally_blocks.py) runs it first."""
        self.temps += 1
        label, pending, done = (f"except{self.temps}", f"finally{self.temps}",
                                f"try_end{self.temps}")
        has_finally = bool(s.finalbody)
        with finally_blocks.guarding(self, s.finalbody):
            if has_finally:
                self.handlers.append(pending)
            self.try_parts(s, label, done)
        if has_finally:
            self.handlers.pop()
            self.line(f"goto {done};")
            self.line(f"{pending}: {{")
            with self.indented():
                # the pending exception is set aside while the finally runs (a try in it may
                # raise and catch its own), then raised again, as CPython does
                self.line(f"pyaot::ErrorState {pending}_error = std::exchange("
                          "pyaot::error_state(), pyaot::ErrorState{});")
                self.block(s.finalbody)
                self.line(f"pyaot::error_state() = std::move({pending}_error);")
                self.line(self.propagate())
            self.line("}")
        self.line(f"{done}:;")
        if has_finally:
            self.scoped(s.finalbody)

    def try_parts(self, s: ir.Try, label: str, done: str) -> None:
        """The body and ``else`` of a ``try``, then its ``except`` dispatch at ``label``."""
        self.scoped(s.body, label if s.handlers else None)
        self.scoped(s.orelse)
        self.line(f"goto {done};")
        if not s.handlers:
            return
        self.line(f"{label}: {{")
        with self.indented():
            self.headers.add("pyaot/exceptions.hpp")
            keyword = "if"
            for h in s.handlers:
                self.line(f"{keyword} ({exceptions.handler_test(self, h)}) {{")
                with self.indented():
                    exceptions.bind(self, h)
                    with reraise.handler(self, h.body):
                        self.block(h.body)
                    exceptions.unbind(self, h)
                self.line("}")
                keyword = "else if"
            self.line("else {")
            with self.indented():
                self.line(self.propagate())
            self.line("}")
        self.line("}")

    def scoped(self, body: Sequence[ir.Stmt], failures_to: str | None = None) -> None:
        """A block in braces (so that a goto past it skips no initialization), its failures
        going to the label given, else to the enclosing target."""
        if not body:
            return
        if failures_to:
            self.handlers.append(failures_to)
        self.line("{")
        with self.indented():
            self.block(body)
        self.line("}")
        if failures_to:
            self.handlers.pop()

    def for_range(self, s: ir.ForRange) -> None:
        if chunked_loops.applies(self, s):
            chunked_loops.emit(self, s)
            return
        broke = self.flag() if s.orelse else None
        start = self.int_value(s.start)
        stop = self.int_value(s.stop)
        target = s.target.id
        if isinstance(s.step, ir.Const) and s.step.value == 1:
            self.line(f"for (std::int64_t k{self.temps} = {start}; k{self.temps} < {stop}; "
                      f"++k{self.temps}) {{")
            counter = f"k{self.temps}"
            with self.indented():
                self.store(target, counter)
        else:
            step = self.int_value(s.step)
            self.headers.add("pyaot/range.hpp")
            count = self.temp(INT)
            self.line(f"if (!pyaot::range_length({count}, {start}, {stop}, {step})) "
                      f"[[unlikely]] {self.fail(s.loc.line)}")
            counter = f"k{self.temps}"
            self.line(f"for (std::int64_t {counter} = 0; {counter} < {count}; ++{counter}) {{")
            with self.indented():
                self.store(target, f"pyaot::range_item({start}, {step}, {counter})")
        self.loop_body(s.body, broke, s.loc.line)
        self.line("}")
        self.loop_else(s.orelse, broke)

    def int_value(self, e: ir.Expr) -> str:
        """A range bound, evaluated once into a temporary (or kept if literal)."""
        code = self.cast(self.expr(e), self.spec.type_of(e), INT)
        return code if is_literal(code) else self.temp(INT, code)

    def flag(self) -> str:
        self.temps += 1
        name = f"broke{self.temps}"
        self.line(f"bool {name} = false;")
        return name

    def loop_body(self, body: Sequence[ir.Stmt], broke: str | None,
                  line: int | None = None) -> None:
        """The body of a loop; with the loop's ``line``, one that can run long, the check for
        Ctrl-C every ``pyaot::interrupt_interval`` iterations first (a ``continue`` also
        passes it)."""
        self.loops.append(_Loop(broke))
        with self.indented():
            if line is not None:
                self.ticking = True
                self.line("if (--ticks == 0) [[unlikely]] {")
                with self.indented():
                    self.line("ticks = pyaot::interrupt_interval;")
                    self.line(f"if (!pyaot::check_interrupt()) {self.fail(line)}")
                self.line("}")
            self.block(body)
        self.loops.pop()

    def loop_else(self, orelse: Sequence[ir.Stmt], broke: str | None) -> None:
        if not orelse:
            return
        self.line(f"if (!{broke}) {{")
        with self.indented():
            self.block(orelse)
        self.line("}")

    # ----- expressions -------------------------------------------------------------------

    def truth(self, e: ir.Expr) -> str:
        if e in self.spec.truths:
            return class_statements.truth(self, e, self.spec.truths[e])
        return truth_of(self.expr(e), self.spec.type_of(e))

    def cast(self, code: str, src: Type, dst: Type) -> str:
        if src == dst:
            return code
        if isinstance(dst, OptionalType):
            if src == NONE:
                return f"{dst.cpp()}{{}}"
            if isinstance(src, OptionalType):  # int | None as float | None
                held = code if is_temp(code) or code.startswith("v_") else self.temp(src, code)
                inner = self.cast(f"(*{held})", src.item, dst.item)
                return f"({held}.has_value() ? {dst.cpp()}({inner}) : {dst.cpp()}{{}})"
            return f"{dst.cpp()}({self.cast(code, src, dst.item)})"
        if isinstance(dst, FunctionUnion):
            return closures.cast(self, code, src, dst)
        if isinstance(dst, UnionType):
            return unions.cast(self, code, src, dst)
        if isinstance(dst, VarTupleType) and isinstance(src, TupleType):
            return var_tuples.from_fixed(self, code, src, dst)
        if isinstance(src, ListType) and isinstance(dst, ListType):
            return lists.cast(code, src, dst)
        if isinstance(src, DictType) and isinstance(dst, DictType):
            return dicts.cast(code, src, dst)
        if isinstance(src, SetType) and isinstance(dst, SetType):
            return sets.cast(code, src, dst)
        if isinstance(dst, TupleType) and isinstance(src, TupleType):
            held = code if is_temp(code) else self.temp(src, code)
            items = [self.cast(f"std::get<{i}>({held})", s, d)
                     for i, (s, d) in enumerate(zip(src.items, dst.items, strict=True))]
            return f"{dst.cpp()}{{{', '.join(items)}}}"
        if complex_arrays.needs_cast(src, dst):
            return complex_arrays.cast(self, code, dst)
        return f"static_cast<{dst.cpp()}>({code})"

    def expr(self, e: ir.Expr) -> str:
        """The C++ of an expression; an Optional used as its item is checked for None first
        (TypeError, as CPython's operation on None would raise)."""
        if e not in self.spec.unwrapped:
            return self.expr_value(e)
        item = str(self.spec.expr_types[e]).removesuffix(" | None")
        return self.item_of(e, "TypeError", f"a value that is None is used as {item} here "
                            "(Python raises TypeError)")

    def item_of(self, e: ir.Expr, exc: str, message: str) -> str:
        """The item of an Optional ``e`` that is used as its item: ``exc`` when it is None."""
        self.spec.unwrapped.discard(e)
        try:
            raw = self.expr_value(e)
        finally:
            self.spec.unwrapped.add(e)
        t = self.spec.expr_types[e]
        held = raw if is_temp(raw) or raw.startswith("v_") else self.temp(t, raw)
        self.line(f"if (!{held}.has_value()) [[unlikely]] {{")
        with self.indented():
            self.line(f"pyaot::raise(pyaot::Exc::{exc}, {string_literal(message)});")
            self.line(self.fail(e.loc.line))
        self.line("}")
        return f"(*{held})"

    def expr_value(self, e: ir.Expr) -> str:
        if e in self.held_values:
            return self.held_values[e]
        if e in self.spec.lowered:
            return self.expr(self.spec.lowered[e])
        t = self.spec.type_of(e)
        if e in self.spec.lowered:
            return self.expr(self.spec.lowered[e])
        if e in self.spec.unions:
            return unions.expr(self, e, self.spec.unions[e])
        if e in self.spec.methods:
            return classes.expr(self, e, self.spec.methods[e])
        if match.handles(e):
            return match.expr(self, e)
        if enums.handles(self.spec, e):
            return enums.expr(self, e)
        if exceptions.handles(self.spec, e):
            return exceptions.expr(self, e)
        if generator_methods.handles(self.spec, e):
            return generator_methods.expr(self, e)
        if isinstance(e, ir.Attribute) and isinstance(self.spec.type_of(e.value), ClassType):
            return classes.attribute(self, e)
        if isinstance(e, ir.Const):
            return literal(e.value, t)
        if isinstance(e, ir.MakeClosure | ir.CallValue | ir.EnvItem | ir.Alternative):
            return closures.expr(self, e)
        if isinstance(e, ir.Name) and e.id in self.substituted:  # codegen/statement_fusion.py
            return self.expr(self.substituted[e.id])
        if isinstance(e, ir.Name):
            if e in self.unbound.reads:
                self.check_bound(e.id, e.loc.line)
            return f"v_{e.id}"
        if isinstance(e, ir.ListExpr):
            return lists.literal_list(self, e)
        if isinstance(e, ir.DictExpr):
            return dicts.literal_dict(self, e)
        if isinstance(e, ir.SetExpr):
            return sets.literal_set(self, e)
        if isinstance(e, ir.TupleGet | ir.Index) and isinstance(
                self.spec.type_of(e.value), DictType):
            return dicts.getitem(self, e)
        if isinstance(e, ir.MethodCall) and isinstance(self.spec.type_of(e.obj), DictType):
            return dicts.method_call(self, e)
        if isinstance(e, ir.MethodCall) and isinstance(self.spec.type_of(e.obj), SetType):
            return sets.method_call(self, e)
        if isinstance(e, ir.BinOp) and isinstance(t, DictType):
            return dicts.binop(self, e)
        if isinstance(e, ir.BinOp) and isinstance(t, SetType):
            return sets.binop(self, e)
        if isinstance(e, ir.Comprehension) and e.kind in _CONTAINER_HEADERS:
            return self.collect(e)
        if isinstance(e, ir.TupleGet | ir.Index) and isinstance(
                self.spec.type_of(e.value), ListType):
            return lists.getitem(self, e)
        if isinstance(e, ir.MethodCall) and isinstance(self.spec.type_of(e.obj), ListType):
            return lists.method_call(self, e)
        if isinstance(e, ir.MethodCall) and self.spec.type_of(e.obj) in (STR, BYTES):
            target = self.spec.calls[e]
            assert isinstance(target, OpCall)
            return self.op_call(target, e.loc.line)
        if isinstance(e, ir.TupleGet | ir.Index) and self.spec.type_of(e.value) in (STR, BYTES):
            return strings.getitem(self, e)
        if isinstance(e, ir.FormatStr):
            return strings.format_value(self, e)
        if isinstance(e, ir.BinOp) and self.spec.ops[e].name.startswith("list."):
            return lists.binop(self, e, e.op)
        if isinstance(e, ir.TupleExpr):
            assert isinstance(t, TupleType)
            items = [self.cast(self.expr(i), self.spec.type_of(i), it)
                     for i, it in zip(e.items, t.items, strict=True)]
            return f"{t.cpp()}{{{', '.join(items)}}}"
        if isinstance(e, ir.TupleGet | ir.Index) and isinstance(
                self.spec.type_of(e.value), ArrayType):
            if isinstance(t, ArrayType):
                return arrays.view_of(self, e, e.value)
            return arrays.getitem(self, e, e.value)
        if elementwise.is_elementwise(self, e):
            return elementwise.fused(self, e)
        if isinstance(e, ir.Attribute):
            return arrays.attribute(self, e)
        if isinstance(e, ir.MethodCall):
            return arrays.method_call(self, e)
        if isinstance(e, ir.TupleGet):
            tt = self.spec.type_of(e.value)
            at = e.index % len(tt.items) if isinstance(tt, TupleType) else e.index
            return f"std::get<{at}>({self.expr(e.value)})"
        if isinstance(e, ir.Index):
            table, _ = tuples.items_array(self, e, e.value)
            index = self.cast(self.expr(e.index), self.spec.type_of(e.index), INT)
            out = self.temp(t)
            self.line(f"if (!pyaot::tuple_index({out}, {table}, {index})) [[unlikely]] "
                      f"{self.fail(e.loc.line)}")
            return out
        if isinstance(e, ir.BinOp):
            lt, rt = self.spec.type_of(e.left), self.spec.type_of(e.right)
            left = self.expr(e.left)
            right = self.expr(e.right)
            if e in self.no_overflow:
                return f"({left} {ir.BINOP_SYMBOL[e.op]} {right})"
            return self.binop(self.spec.ops[e], left, lt, right, rt, e.loc.line)
        if isinstance(e, ir.UnaryOp):
            if e.op == ir.UnaryOpKind.NOT:
                return f"!{paren(self.truth(e.operand))}"
            op = self.spec.ops[e]
            ot = self.spec.type_of(e.operand)
            return self.call_op(op, [self.cast(self.expr(e.operand), ot, op.params[0].type)],
                                e.loc.line)
        if isinstance(e, ir.Compare):
            return self.compare(e)
        if isinstance(e, ir.BoolOp):
            return self.boolop(e, t)
        if isinstance(e, ir.Comprehension):
            return tuples.comprehension(self, e, t)
        if isinstance(e, ir.TypeCheck):
            value_t = self.spec.type_of(e.value)
            code = self.expr(e.value)
            if isinstance(value_t, OptionalType):  # the item's class when there is one
                held = code if is_temp(code) or code.startswith("v_") else self.temp(value_t, code)
                if "NoneType" in e.classes or not _is_instance(value_t.item, e):
                    return "false"
                return f"{held}.has_value()"
            if not is_temp(code) and not is_literal(code):
                self.line(f"(void)({code});")
            return "true" if _is_instance(value_t, e) else "false"
        if isinstance(e, ir.IfExp):
            test = self.truth(e.test)
            result = self.temp(t)
            self.line(f"if ({test}) {{")
            with self.indented():
                self.line(f"{result} = {self.cast(self.expr(e.body), self.spec.type_of(e.body), t)};")
            self.line("} else {")
            with self.indented():
                self.line(f"{result} = "
                          f"{self.cast(self.expr(e.orelse), self.spec.type_of(e.orelse), t)};")
            self.line("}")
            return result
        if isinstance(e, ir.Call):
            return self.call(e)
        raise AssertionError(f"unknown expression {type(e).__name__}")

    def binop(self, op: Op, left: str, lt: Type, right: str, rt: Type, line: int) -> str:
        args = [self.operand(left, lt, op.params[0].type, line),
                self.operand(right, rt, op.params[1].type, line)]
        return self.call_op(op, args, line)

    def operand(self, code: str, src: Type, dst: Type, line: int) -> str:
        """An operand converted to the parameter type of its operation. A Python int that
        meets a narrower NumPy integer must fit it (NEP 50: OverflowError otherwise)."""
        if src == INT and isinstance(dst, DTypeScalar) and dst.dtype.kind in "iu" \
                and dst.dtype.name != "int64":
            return elementwise.weak_int(self, code, dst, line)
        return self.cast(code, src, dst)

    def call_op(self, op: Op, args: list[str], line: int) -> str:
        self.headers.add(op.header)
        if op.fallible:
            out = self.temp(op.result)
            self.line(f"if (!{op.cpp}({', '.join([out, *args])})) [[unlikely]] "
                      f"{self.fail(line)}")
            return out
        code = f"{op.cpp}({', '.join(args)})"
        # A long chain (x + x + ... with hundreds of terms) nests one call per term; clang
        # stops at 256 nested parentheses, so a long operand goes to a temporary.
        return self.temp(op.result, code) if len(code) > _INLINE_LIMIT else code

    def compare(self, e: ir.Compare) -> str:
        operands = [e.left, *e.comparators]
        if len(e.ops) == 1:
            return self.compare_pair(e, 0, self.expr(e.left), e.left,
                                     self.expr(e.comparators[0]), e.comparators[0])
        result = self.temp(BOOL, "false")
        left = self.expr(e.left)
        left = left if is_literal(left) else self.temp(self.spec.type_of(e.left), left)
        opened = 0
        for i in range(len(e.ops)):
            right_e = operands[i + 1]
            right = self.expr(right_e)
            right = right if is_literal(right) else self.temp(self.spec.type_of(right_e), right)
            code = self.compare_pair(e, i, left, operands[i], right, right_e)
            self.line(f"{result} = {code};")
            if i < len(e.ops) - 1:
                self.line(f"if ({result}) {{")
                self.depth += 1
                opened += 1
            left = right
        for _ in range(opened):
            self.depth -= 1
            self.line("}")
        return result

    def compare_pair(self, e: ir.Compare, i: int, left: str, left_e: ir.Expr, right: str,
                     right_e: ir.Expr) -> str:
        lt, rt = self.spec.type_of(left_e), self.spec.type_of(right_e)
        op = self.spec.compare_ops[e][i]
        if op is None and e.ops[i] not in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT):
            membership = e.ops[i] in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN)
            sides = [rt] if membership else [lt, rt]
            if any(isinstance(t, DictType | DictView) for t in sides):
                return dicts.compare(e.ops[i], left, lt, right, rt)
            if any(isinstance(t, SetType) for t in sides):
                return sets.compare(e.ops[i], left, lt, right, rt)
            return lists.compare(e.ops[i], left, lt, right, rt)
        if op is None and OptionalType in (type(lt), type(rt)):  # x is None, at run time
            value = left if isinstance(lt, OptionalType) else right
            test = f"{paren(value)}.has_value()"
            return f"!{test}" if e.ops[i] == ir.CmpOpKind.IS else test
        if op is None:  # ``is`` / ``is not``: decided by the static types
            same = lt == NONE and rt == NONE
            return "true" if same == (e.ops[i] == ir.CmpOpKind.IS) else "false"
        if isinstance(op, TupleComparison):
            return tuples.compare_tuples(self, e.ops[i], op, left, lt, right, rt, e.loc.line)
        if isinstance(op, list):  # ``in``: one ``==`` per item, short-circuit
            assert isinstance(rt, TupleType)
            looped = tuple_tables.contains(self, op, left, lt, right_e, e.loc.line)
            if looped is not None:
                return looped if e.ops[i] == ir.CmpOpKind.IN else f"!{looped}"
            held = right if is_temp(right) or not op else self.temp(rt, right)
            tests = [self.call_op(eq, [self.cast(left, lt, eq.params[0].type),
                                       self.cast(f"std::get<{k}>({held})", it,
                                                 eq.params[1].type)], e.loc.line)
                     for k, (eq, it) in enumerate(zip(op, rt.items, strict=True))]
            found = "(" + " || ".join(tests) + ")" if tests else "false"
            return found if e.ops[i] == ir.CmpOpKind.IN else f"!{found}"
        args = [self.cast(left, lt, op.params[0].type), self.cast(right, rt, op.params[1].type)]
        return self.call_op(op, args, e.loc.line)

    def boolop(self, e: ir.BoolOp, t: Type) -> str:
        """``a and b``: the operand that decides, converted to the common type; of type bool
        with operands of other types, the truth of that operand (typing gives such a BoolOp
        only where its truth alone is used: a condition)."""
        def value_of(v: ir.Expr) -> str:
            vt = self.spec.type_of(v)
            if t == BOOL and vt != BOOL:
                return self.truth(v)
            return self.cast(self.expr(v), vt, t)

        if e.op == ir.BoolOpKind.OR and not isinstance(t, OptionalType) and any(
                isinstance(self.spec.type_of(v), OptionalType) for v in e.values[:-1]):
            return self.or_of_optionals(e, t)
        first = e.values[0]
        result = self.temp(t, value_of(first))
        opened = 0
        for value in e.values[1:]:
            test = truth_of(result, t)
            self.line(f"if ({test if e.op == ir.BoolOpKind.AND else '!' + paren(test)}) {{")
            self.depth += 1
            opened += 1
            self.line(f"{result} = {value_of(value)};")
        for _ in range(opened):
            self.depth -= 1
            self.line("}")
        return result

    def or_of_optionals(self, e: ir.BoolOp, t: Type) -> str:
        """``x or y`` with an Optional x: x's item when x is true, else the next operand."""
        result = self.temp(t)
        opened = 0
        for v in e.values[:-1]:
            vt = self.spec.type_of(v)
            code = self.expr(v)
            held = code if is_temp(code) or code.startswith("v_") else self.temp(vt, code)
            item = f"(*{held})" if isinstance(vt, OptionalType) else held
            item_t = vt.item if isinstance(vt, OptionalType) else vt
            self.line(f"if ({truth_of(held, vt)}) {{")
            with self.indented():
                self.line(f"{result} = {self.cast(item, item_t, t)};")
            self.line("} else {")
            self.depth += 1
            opened += 1
        last = e.values[-1]
        self.line(f"{result} = {self.cast(self.expr(last), self.spec.type_of(last), t)};")
        for _ in range(opened):
            self.depth -= 1
            self.line("}")
        return result

    def last_use(self, code: str) -> str:
        """A value being returned: a temporary or a plain local (not a cell, not a borrowed
        parameter) moves into ``out``, sparing a handle's reference count change."""
        m = re.fullmatch(r"v_(\w+)", code)
        local = m is not None and m.group(1) not in self.spec.function.cells and \
            m.group(1) not in borrowed_params.borrowed(self.spec)
        if (is_temp(code) or local) and not isinstance(self.spec.result, Scalar):
            return f"std::move({code})"
        return code

    def converted(self, a: ir.Expr, code: str, pt: Type) -> str:
        """``code``, the value of argument ``a``, as its parameter's type; an object in a
        temporary of its own (a call's result, a field's copy) moves into the new handle."""
        src = self.spec.type_of(a)
        if is_temp(code) and not isinstance(a, ir.Name) and a not in self.held_values and \
                src != pt and isinstance(src, ClassType) and isinstance(pt, ClassType | OptionalType):
            code = f"std::move({code})"
        return self.cast(code, src, pt)

    def argument(self, a: ir.Expr, pt: Type, lent: bool) -> str:
        """An argument of a user function, as its parameter's type; one passed by const
        reference (codegen/borrowed_params.py) is a handle the call cannot change."""
        code, src = self.expr(a), self.spec.type_of(a)
        if src != pt:  # a conversion makes a new handle
            return self.converted(a, code, pt)
        if lent and not borrowed_params.stable(code, self.spec):
            code = self.temp(pt, code)
        return code

    def call(self, e: ir.Call) -> str:
        target = self.spec.calls[e]
        if isinstance(target, ModelTarget):
            return models.call(self, e, target)
        if isinstance(target, UserCall):
            callee = target.spec
            lent = borrowed_params.borrowed(callee)
            args = [self.argument(a, pt, p.name in lent)
                    for a, pt, p in zip(target.args, callee.param_types, callee.function.params,
                                        strict=True)]
            assert callee.result is not None
            if callee.function.generator:  # the coroutine starts suspended: it cannot fail
                return self.temp(callee.result, f"{callee.cpp_name}({', '.join(args)})")
            out = self.temp(callee.result)
            if callee.cycle is not None:
                same = callee.cycle == self.spec.cycle
                args.insert(0, "depth + 1" if same else "0")
            self.line(f"if (!{callee.cpp_name}({', '.join([out, *args])})) [[unlikely]] "
                      f"{self.fail(e.loc.line)}")
            return out
        if isinstance(target, GeneratorNext):
            return generators.next_call(self, e, target)
        if isinstance(target, ListBuiltin) and target.name in ("print", "str", "repr"):
            return printing.call(self, e, target.name)
        if isinstance(target, ListBuiltin) and target.name == "collections":
            return default_dicts.call(self, e)
        if isinstance(target, ListBuiltin) and target.name == "deque":
            return deques.call(self, e)
        if isinstance(target, ListBuiltin) and target.name == "bisect":
            return bisects.call(self, e)
        if isinstance(target, ListBuiltin) and target.name == "dict":
            return dicts.builtin(self, e, target)
        if isinstance(target, ListBuiltin) and target.name == "set":
            return sets.builtin(self, e, target)
        if isinstance(target, ListBuiltin):
            return lists.builtin(self, e, target)
        if isinstance(target, TupleLen):
            for a in e.args:
                self.expr(a)
            return literal(target.length, INT)
        if isinstance(target, TupleReduce):
            return tuples.reduce(self, e, target)
        if isinstance(target, ArrayCall):
            return array_calls.emit(self, e, target)
        if isinstance(target, NumpyCall) and target.name in array_functions_typing.FUNCTIONS:
            return array_functions.call(self, e, target.name)
        if isinstance(target, NumpyCall) and target.name in sorting_typing.FUNCTIONS:
            return sorting.call(self, e)
        if isinstance(target, NumpyCall) and e in self.spec.axis_tuples:
            at = self.spec.type_of(e.args[0])
            assert isinstance(at, ArrayType)
            return axis_tuples.reduction(self, e, self.expr(e.args[0]), at)
        if isinstance(target, NumpyCall) and e in self.spec.axis_ops:
            at = self.spec.type_of(e.args[0])
            assert isinstance(at, ArrayType)
            return arrays.reduction(self, e, e.args[0], at)
        if isinstance(target, NumpyCall) and target.name in array_literal_typing.NAMES:
            return array_literal.call(self, e, target.name)
        if isinstance(target, NumpyCall):
            return arrays.call(self, e, target.name)
        assert isinstance(target, OpCall)
        return self.op_call(target, e.loc.line)

    def op_call(self, target: OpCall, line: int) -> str:
        """A registry operation on its arguments, each converted to its parameter type."""
        fused = strings.fused_call(self, target)
        if fused is not None:
            return fused
        # numpy.where converts a Python int as a cast does; other NumPy ops check it (NEP 50)
        convert = (self.operand if target.op.name != "numpy.where"
                   else lambda code, src, dst, line: self.cast(code, src, dst))
        args = [convert(self.expr(a), self.spec.type_of(a), pt, line)
                for a, pt in zip(target.args, target.param_types, strict=True)]
        return self.call_op(target.op, args, line)


def _is_instance(t: Type, e: ir.TypeCheck) -> bool:
    """isinstance() of a value of static type t, by Python's own classes (bool is an int);
    ``type(x) is C`` (exact) by the class itself."""
    return unions.member_is_instance(t, e.classes, e.exact)
