"""Infer the types of one function specialization.

Numba-style: the parameter types seed the names, every statement adds constraints, and the
walk repeats until no name's type widens (types only widen bool -> int -> float, so this
ends). Errors from the last walk are the ones reported, each with its location, and the walk
does not stop at the first. A call to a Python helper asks the ``Inferencer`` for the
specialization of that helper at the argument types (monomorphization); a recursive call
uses the callee's return annotation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from hatch_pyaot.errors import Diagnostic, Diagnostics, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    BYTES,
    COMPLEX,
    DTYPE,
    FLOAT,
    FUNCTION,
    INT,
    NONE,
    STR,
    ArrayType,
    CallableType,
    ClassType,
    ClosureType,
    DictType,
    DictView,
    DTypeScalar,
    GeneratorType,
    ListType,
    OptionalType,
    SetType,
    TupleType,
    Type,
    VarTupleType,
    coercible,
    unify,
)
from hatch_pyaot.ops.format_spec import SpecError, field_format
from hatch_pyaot.ops.reductions import TUPLE_REDUCTIONS
from hatch_pyaot.ops.registry import Default, Op
from hatch_pyaot.tracer.program import Program
from hatch_pyaot.typing import (
    arrays,
    bisects,
    class_iterators,
    class_statements,
    class_truth,
    classes,
    closures,
    complex_numbers,
    cv2_calls,
    default_dicts,
    deques,
    dicts,
    enums,
    exceptions,
    exhaustive,
    exit_arguments,
    generator_methods,
    generators,
    hashing,
    iteration,
    lists,
    match,
    models,
    named_tuples,
    narrowed_branches,
    numpy_ops,
    printing,
    sets,
    strings,
    tuples,
    union_literals,
    unions,
    var_tuples,
)
from hatch_pyaot.typing.typed import (
    NumpyCall,
    OpCall,
    PatternTest,
    Specialization,
    TupleComparison,
    TupleLen,
    UserCall,
)
from hatch_pyaot.typing.var_tuples import ZIP_ROWS

_MAX_PASSES = 20
MAX_NESTED_SPECIALIZATIONS = 8
"""How many specializations of one function may be in progress at once: a helper that
calls itself with ever-changing argument types (``h((t, t), n - 1)``) would otherwise be
specialized for ever, with types that double at every level."""
MAX_SPECIALIZATIONS = 64
"""How many argument-type combinations one function may be specialized for in a build."""


@dataclass
class Inferencer:
    """Owns every specialization of one build, keyed by function and parameter types."""

    program: Program
    specs: dict[tuple[ir.FuncRef, tuple[Type, ...]], Specialization] = field(
        default_factory=dict)
    order: list[Specialization] = field(default_factory=list)
    diagnostics: dict[Specialization, list[Diagnostic]] = field(default_factory=dict)
    in_progress: set[Specialization] = field(default_factory=set)
    callees: dict[Specialization, set[Specialization]] = field(default_factory=dict)

    def specialize(self, ref: ir.FuncRef, param_types: tuple[Type, ...]) -> Specialization:
        key = (ref, param_types)
        if key in self.specs:
            return self.specs[key]
        traced = self.program.trace(ref)
        assert traced.function is not None
        fn = traced.function
        spec = Specialization(fn, param_types, _cpp_name(fn.ref, len(self.specs)),
                              result=fn.returns)
        self.specs[key] = spec
        self.in_progress.add(spec)
        diags = FunctionTyper(self, spec).run()
        self.in_progress.discard(spec)
        self.diagnostics[spec] = diags.items
        spec.failed = diags.has_errors
        self.order.append(spec)
        return spec

    def closure(self, spec: Specialization) -> list[Specialization]:
        """The specialization and every one it calls, callees first (emission order)."""
        seen: list[Specialization] = []

        def visit(s: Specialization) -> None:
            if s in seen:
                return
            seen.append(s)
            for c in sorted(self.callees.get(s, ()), key=self.order.index):
                visit(c)

        visit(spec)
        return sorted(seen, key=self.order.index)

    def mark_cycles(self) -> None:
        """Number the recursion cycles of the call graph (Tarjan's strongly connected
        components); codegen gives their functions a depth counter (RecursionError)."""
        index: dict[Specialization, int] = {}
        low: dict[Specialization, int] = {}
        stack: list[Specialization] = []
        cycles = 0

        def visit(s: Specialization) -> None:
            nonlocal cycles
            index[s] = low[s] = len(index)
            stack.append(s)
            for c in self.callees.get(s, ()):
                if c not in index:
                    visit(c)
                    low[s] = min(low[s], low[c])
                elif c in stack:
                    low[s] = min(low[s], index[c])
            if low[s] == index[s]:
                members = []
                while True:
                    m = stack.pop()
                    members.append(m)
                    if m is s:
                        break
                if len(members) > 1 or s in self.callees.get(s, ()):
                    for m in members:
                        m.cycle = cycles
                    cycles += 1

        for s in self.order:
            if s not in index:
                visit(s)

    def errors_of(self, spec: Specialization, severity: str = "error") -> list[Diagnostic]:
        out: list[Diagnostic] = []
        for s in self.closure(spec):
            out.extend(d for d in self.diagnostics.get(s, []) if d.severity == severity)
        return out


def _cpp_name(ref: ir.FuncRef, index: int) -> str:
    name = re.sub(r"[.<>#]+", "_", ref.name)  # a nested function: outer.<locals>.<lambda>
    return f"f{index}_{ref.module.replace('.', '_')}_{name}"


_UNKNOWN = None
_SLICES = (unions.typed, named_tuples.typed, exit_arguments.typed, exceptions.typed,
           generator_methods.typed,
           classes.typed, match.typed, enums.typed, closures.typed, complex_numbers.typed, hashing.typed,
           class_iterators.typed, class_truth.typed)
"""The value types whose operations type themselves (NamedTuples and exceptions before the
classes they are): each gives NOT_MINE for the others."""


@dataclass
class FunctionTyper:
    owner: Inferencer
    spec: Specialization
    diags: Diagnostics = field(default_factory=Diagnostics)
    changed: bool = False
    returns: list[tuple[Type, Loc]] = field(default_factory=list)
    yields: list[tuple[Type, Loc]] = field(default_factory=list)
    reducers: list[tuple[ir.Comprehension, list[Type]]] = field(default_factory=list)
    """The comprehensions being typed, innermost last, with their elements' types."""
    narrowing: unions.Narrowing = field(default_factory=unions.Narrowing)
    """What the tests around the statement being typed prove of union names."""
    expected: dict[ir.Expr, Type] = field(default_factory=dict)
    """Literals assigned or returned where a union is declared (typing/union_literals.py)."""

    def run(self) -> Diagnostics:
        fn = self.spec.function
        for param, t in zip(fn.params, self.spec.param_types, strict=True):
            self.spec.var_types[param.name] = t
        closures.seed(self)
        for _ in range(_MAX_PASSES):
            self.diags = Diagnostics()
            self.changed = False
            self.returns = []
            self.yields = []
            # Calls made at argument types of an earlier, narrower pass are not callees.
            self.owner.callees[self.spec] = set()
            self.block(fn.body)
            self.finish_result()
            if not self.changed:
                break
        # A call typed in an earlier pass and read back from the types it left, not typed
        # again (an IntEnum comparison's operands: typing/enums.py), is still emitted: the
        # specialization its UserCall names is a callee too (the fuzzer's seed 2, 2026-12-02).
        self.owner.callees[self.spec].update(
            c.spec for c in self.spec.calls.values() if isinstance(c, UserCall))
        # after an error, what the body does is not known: no follow-on error of its end
        if not fn.generator and not self.diags.has_errors and _falls_through(
                fn.body, self.spec.expr_types, self.spec.patterns) and (
                self.spec.result not in (None, NONE)) and not isinstance(
                self.spec.result, OptionalType):
            self.diags.error(fn.loc, f"'{fn.ref.name}' can end without a return statement, "
                             f"so Python would return None, but its result is "
                             f"{self.spec.result}",
                             hint="add a return (or raise) at the end of the function")
        if self.spec.result is None:
            self.spec.result = NONE
        return self.diags

    def finish_result(self) -> None:
        fn = self.spec.function
        if fn.generator:
            made = generators.result(self, self.yields)
            if made is not None and made != self.spec.result:
                self.spec.result = made
                self.changed = True
            return
        values = list(self.returns)
        if _falls_through(fn.body, self.spec.expr_types,
                          self.spec.patterns) and not values and (
                not self.diags.has_errors):
            values.append((NONE, fn.loc))  # falling off the end alongside returns: see run()
        if fn.returns is not None:
            for t, loc in values:
                if not coercible(t, fn.returns):
                    self.diags.error(loc, f"returns {t}, but '{fn.ref.name}' is annotated "
                                     f"-> {fn.returns}")
            kinds = {t for t, _ in values}
            functions = closures.returned(list(kinds)) if len(kinds) > 1 and isinstance(
                fn.returns, CallableType) else None
            if functions is not None or len(kinds) == 1:
                refined = arrays.refine_result(fn.returns, functions or values[0][0])
                if refined != self.spec.result:
                    self.spec.result = refined
                    self.changed = True
            if isinstance(self.spec.result, ArrayType) and self.spec.result.ndim < 0:
                self.diags.error(fn.loc, f"'{fn.ref.name}' must return arrays of one rank; "
                                 "the rank of its result cannot be told")
            return
        result: Type | None = None
        for t, loc in values:
            merged = t if result is None else unify(result, t)
            if merged is None:
                self.diags.error(loc, f"returns {t} here but {result} elsewhere; a compiled "
                                 "function has one result type")
                return
            result = merged
        if result is not None and result != self.spec.result:
            self.spec.result = result
            self.changed = True

    # ----- names ----------------------------------------------------------------------

    def bind(self, name: str, t: Type | None, loc: Loc) -> None:
        unions.forget(self, name)
        if t is None:
            return
        if t == FUNCTION:
            self.diags.error(loc, "a lambda can only be given as the key= of sorted(), min(), "
                             "max() or list.sort() so far")
            return
        if isinstance(t, DictView):
            self.diags.error(loc, f"a {t} view can only be iterated here (for, list(), "
                             "sorted()...), not stored in a variable",
                             hint="store list(d.keys()) (values(), items()) instead")
            return
        if t == DTYPE:
            self.diags.error(loc, "a dtype can only be passed to an array creation function "
                             "(dtype=...), not stored in a variable")
            return
        current = self.spec.var_types.get(name)
        if current is None:
            self.spec.var_types[name] = t
            self.changed = True
            return
        merged = unify(current, t)
        if merged is not None and merged != current and closures.rebinds_capture(self, name):
            merged = None  # the enclosing function fixed its type
        if merged is None:
            self.diags.error(loc, f"'{name}' is assigned type {t} here but has type {current} "
                             "elsewhere; a compiled variable has one type",
                             hint="use a new name for the new value")
        elif merged != current:
            self.spec.var_types[name] = merged
            self.changed = True
        unions.assigned_as(self, name, t)

    def bind_target(self, target: ir.Target, t: Type | None) -> None:
        if isinstance(target, ir.NameTarget):
            self.bind(target.id, t, target.loc)
            return
        if t is None:
            return
        fields = named_tuples.items(t)
        if fields is not None and len(fields) == len(target.items):
            for item, (_, ft) in zip(target.items, fields, strict=True):
                self.bind_target(item, ft)
            return
        if isinstance(t, VarTupleType) and t.item is not None:  # its length checked then
            for item in target.items:
                self.bind_target(item, t.item)
            return
        if not isinstance(t, TupleType) or len(t.items) != len(target.items):
            self.diags.error(target.loc, f"cannot unpack a {t} into {len(target.items)} names")
            return
        for item, it in zip(target.items, t.items, strict=True):
            self.bind_target(item, it)

    # ----- statements ---------------------------------------------------------------------

    def block(self, stmts: Sequence[ir.Stmt]) -> None:
        with unions.narrowed(self, {}):
            for s in stmts:
                self.stmt(s)
                unions.after(self, s)

    def stmt(self, s: ir.Stmt) -> None:
        unions.entering(self, s)
        if isinstance(s, ir.Assign) and s.annotation is not None:
            union_literals.expect(self, s.value, s.annotation)
            self.bind_target(s.target, self.annotated(s, s.annotation,
                                                      self.expr(s.value, raw=True)))
        elif isinstance(s, ir.Assign):
            union_literals.assigned(self, s)
            self.bind_target(s.target, self.expr(s.value, raw=True))
        elif isinstance(s, ir.AugAssign):
            current = unions.augmented(self, s)
            rhs = enums.as_number(self.expr(s.value))
            if isinstance(current, DictType | SetType) and rhs is not None:
                # d |= e and s |= t (&= -= ^=) change the container in place
                result = (dicts if isinstance(current, DictType) else sets).binop(
                    self, s, s.op, current, rhs)
                if result is not None:
                    self.bind(s.target.id, result, s.loc)
            elif isinstance(current, ListType) and rhs is not None:
                # a += b extends the list in place (every alias sees it); a *= n repeats it
                result = lists.binop(self, s, s.op, current, rhs)
                if result is not None:
                    self.bind(s.target.id, result, s.loc)
            elif isinstance(current, ArrayType) and rhs is not None:
                numpy_ops.augassign(self, s, current, rhs)
            elif isinstance(current, ClassType):
                class_statements.augassign(self, s, current)
            elif current is not None and rhs is not None:
                op = self.binop(s, s.op, current, rhs, s.value)
                if op is not None:
                    self.bind(s.target.id, op.result, s.loc)
        elif isinstance(s, ir.SetItem):
            target_t = self.expr(s.target)
            if isinstance(target_t, ListType):
                lists.setitem(self, s, target_t)
            elif isinstance(target_t, DictType):
                dicts.setitem(self, s, target_t)
            elif isinstance(target_t, ClassType):
                class_statements.item(self, s)
            elif target_t is not None:
                arrays.setitem(self, s)
        elif isinstance(s, ir.SetAttr):
            classes.set_attribute(self, s)
        elif isinstance(s, ir.DelItem):
            target_t = self.expr(s.target)
            if isinstance(target_t, ListType):
                lists.delitem(self, s, target_t)
            elif isinstance(target_t, DictType):
                dicts.delitem(self, s, target_t)
            elif isinstance(target_t, ClassType):
                class_statements.item(self, s)
            elif target_t is not None:
                self.diags.error(s.loc, f"del of an item of a {target_t} is not supported")
        elif isinstance(s, ir.ExprStmt):
            self.expr(s.value)
        elif isinstance(s, ir.If | ir.While):
            self.condition(s.test)
            if isinstance(s, ir.If) and match.dead(self.spec, s):
                return
            if isinstance(s, ir.If):
                unions.if_statement(self, s)  # narrowing in each branch and after it
            else:
                self.block(s.body)
                self.block(s.orelse)
        elif isinstance(s, ir.Yield):
            generators.yield_(self, s, self.yields)
        elif isinstance(s, ir.ReduceStep):
            # a list comprehension keeps None items (an Optional); sum() and kin need the item
            keep = self.reducers[-1][0].kind in ("list", "set", "dict")
            t = self.expr(s.value, raw=keep)
            if t is not None:
                self.reducers[-1][1].append(t)
        elif isinstance(s, ir.Try):
            self.block(s.body)
            for h in s.handlers:
                exceptions.handler(self, h)
                self.block(h.body)
            self.block(s.orelse)
            self.block(s.finalbody)
        elif isinstance(s, ir.ForEach) and iteration.handles(s.iterable):
            item = iteration.item_type(self, s)
            if item is not None:
                self.bind_target(s.target, item)
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, ir.ForEach):
            iterable_t = self.expr(s.iterable)
            if isinstance(iterable_t, ListType | SetType):
                item = iterable_t.item
            elif iterable_t in (STR, BYTES):
                item = STR if iterable_t == STR else INT
            elif isinstance(iterable_t, GeneratorType):
                item = generators.loop_items(self, s.iterable, iterable_t)
            elif isinstance(iterable_t, ClassType):
                item = generators.object_items(self, s, iterable_t)
            elif isinstance(iterable_t, DictType | DictView):
                item = dicts.view_item(iterable_t)
            else:
                item = tuples.item_type(self, s, s.iterable, "iterated over")
            if item is not None:
                self.bind_target(s.target, item)
            if iterable_t != TupleType(()):  # over an empty tuple (*args) the body never runs
                self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, ir.ForRange):
            for bound in (s.start, s.stop, s.step):
                t = self.expr(bound)
                if t is not None and t not in (INT, BOOL) and not (
                        isinstance(t, DTypeScalar) and t.dtype.kind in "biu"):
                    self.diags.error(bound.loc, f"range() needs int arguments, not {t}")
            self.bind(s.target.id, INT, s.target.loc)
            self.block(s.body)
            self.block(s.orelse)
        elif isinstance(s, ir.Return):
            declared = self.spec.function.returns
            if s.value is not None:
                union_literals.expect(self, s.value, declared)
            t = NONE if s.value is None else self.expr(s.value, raw=True)
            if s.value is not None and isinstance(t, OptionalType) and declared is not None \
                    and not isinstance(declared, OptionalType) and coercible(t.item, declared) \
                    and _narrowed(s.value):
                t = self.unwrap(s.value, t)  # narrowed by `is None` (no narrowing here)
            if t is not None:
                self.returns.append((t, s.loc))
        elif isinstance(s, ir.RaiseValue):
            exceptions.raise_value(self, s)
        elif isinstance(s, ir.Raise):
            exceptions.cause(self, s)
            if s.message is not None:
                self.message(s.message)
        elif isinstance(s, ir.Assert):
            self.condition(s.test)
            if s.message is not None:
                self.message(s.message)

    def annotated(self, s: ir.Assign, annotation: Type, t: Type | None) -> Type | None:
        """``x: annotation = value``: the value must fit the annotation (an int where float
        is declared is fine, as for a type checker). CPython ignores the annotation at run
        time, so ``x`` keeps the value's own type; but an empty list takes the annotated item
        type (``h: list[int] = []``), which no item can contradict, so that calls such as
        ``heapq.heappush(h, x)`` see a list of ints."""
        if isinstance(t, ListType) and isinstance(annotation, ListType) and (
                t.item is None or (t.item == NONE and isinstance(annotation.item, OptionalType))):
            if isinstance(annotation.item, ArrayType) and annotation.item.ndim < 0:
                return t  # list[NDArray[dtype]] = []: the items appended tell their rank
            return annotation  # [] or [None] * n: no item contradicts the annotation
        if var_tuples.empty_annotated(t, annotation):
            return annotation  # s: set[tuple[int, ...]] = set(): (a, b) added converts
        if isinstance(annotation, VarTupleType) and t is not None and _fits(t, annotation):
            return annotation  # x: tuple[int, ...] = (): the name holds any length
        if t is not None and unions.union_within(annotation) and _fits(t, annotation):
            return annotation  # x: int | str = 1: x holds either (a union of its own)
        if t is None or _fits(t, annotation):
            return t
        name = s.target.id if isinstance(s.target, ir.NameTarget) else "the target"
        self.diags.error(s.value.loc, f"'{name}' is annotated {annotation}, but is assigned "
                         f"a {t}", hint="change the annotation or convert the value")
        return None

    def elements_of(self, e: ir.Comprehension) -> list[Type]:
        """Type a comprehension's loop; the types of what its ReduceStep feeds."""
        elements: list[Type] = []
        self.reducers.append((e, elements))
        self.stmt(e.loop)
        self.reducers.pop()
        return elements

    def condition(self, e: ir.Expr) -> None:
        if isinstance(e, ir.BoolOp):
            # Only its truth is used: each operand is tested on its own (``if xs and x > 0``
            # with a list and a bool), as Python's truth of the operand it returns; a
            # union narrowed by the operands before (typing/unions.py).
            unions.operands(self, e)
            self.spec.expr_types[e] = BOOL
            return
        t = self.expr(e, raw=True)
        class_truth.truth(self, e, t)
        if isinstance(t, TupleType):
            self.diags.warning(e.loc, "a tuple is always true here")
        elif isinstance(t, ArrayType):
            self.diags.error(e.loc, "the truth value of an array is ambiguous (NumPy raises "
                             "ValueError for more than one element); use a comparison of "
                             "its elements")

    def message(self, e: ir.Expr) -> None:
        t = self.expr(e)
        if t is not None and t != STR:
            self.diags.error(e.loc, "an exception message must be a string or an f-string")

    # ----- expressions --------------------------------------------------------------------

    def expr(self, e: ir.Expr, raw: bool = False) -> Type | None:
        """The type of e. An Optional used where its item is needed is unwrapped (checked for
        None where it is read); ``raw`` keeps it Optional: assigned, returned, compared with
        ``is``, tested for truth, or put into a tuple."""
        t = self.expr_inner(e)
        if t is not None:
            self.spec.expr_types[e] = t
        if not raw and isinstance(t, OptionalType):
            self.spec.unwrapped.add(e)
            return t.item
        return t

    def expr_inner(self, e: ir.Expr) -> Type | None:
        for typing_slice in _SLICES:  # objects, match patterns, enum members, closures
            mine = typing_slice(self, e)
            if mine is not classes.NOT_MINE:
                assert mine is None or isinstance(mine, Type)
                return mine
        if isinstance(e, ir.Const):
            if e.value is Ellipsis:  # only an array index has it (typing/arrays.py)
                self.diags.error(e.loc, "'...' is only supported as an index of an array")
                return _UNKNOWN
            return _const_type(e.value)
        if isinstance(e, ir.Name):
            t = self.spec.var_types.get(e.id)
            if t is None and not self.changed and not self.diags.has_errors:
                self.diags.error(e.loc, f"local variable '{e.id}' is used before it is "
                                 "assigned")
            return t
        if isinstance(e, ir.TupleExpr):
            items = [self.expr(i, raw=True) for i in e.items]
            if any(i is None for i in items):
                return _UNKNOWN
            return TupleType(tuple(i for i in items if i is not None))
        if isinstance(e, ir.ListExpr):
            return lists.literal(self, e)
        if isinstance(e, ir.Lambda):
            return FUNCTION  # typed where it is the key= of a sort (typing/lists.py)
        if isinstance(e, ir.DictExpr):
            return dicts.literal(self, e)
        if isinstance(e, ir.SetExpr):
            return sets.literal(self, e)
        if isinstance(e, ir.DTypeLit):
            return DTYPE
        if isinstance(e, ir.Attribute):
            return arrays.attribute(self, e)
        if isinstance(e, ir.MethodCall):
            obj_t = self.expr(e.obj)
            if isinstance(obj_t, ListType):
                return lists.method(self, e, obj_t)
            if obj_t in (STR, BYTES):
                return strings.method(self, e, obj_t)
            if isinstance(obj_t, DictType):
                return dicts.method(self, e, obj_t)
            if isinstance(obj_t, SetType):
                return sets.method(self, e, obj_t)
            return arrays.method(self, e)
        if isinstance(e, ir.TupleGet):
            t = self.expr(e.value)
            if t is None:
                return _UNKNOWN
            if isinstance(t, ListType):
                return lists.index(self, e, t)
            if t in (STR, BYTES):
                return strings.index(self, e, t)
            if isinstance(t, DictType):
                return dicts.index(self, e, t)
            if isinstance(t, ArrayType):
                return arrays.element(self, e, t, arrays.constant_index(self, e))
            if not isinstance(t, TupleType):
                self.diags.error(e.loc, f"a {t} cannot be indexed")
                return _UNKNOWN
            n = len(t.items)
            if not -n <= e.index < n:
                self.diags.error(e.loc, f"tuple index {e.index} out of range for {t}")
                return _UNKNOWN
            return t.items[e.index % n]  # the IR is shared by rank variants: not normalized
        if isinstance(e, ir.Index):
            vt = self.expr(e.value)
            if vt is None:  # not known yet: a later pass of the fixed point tells
                return _UNKNOWN
            if isinstance(vt, ArrayType):
                return arrays.element(self, e, vt, arrays.index_list(e.index))
            if isinstance(vt, ListType):
                return lists.index(self, e, vt)
            if vt in (STR, BYTES):
                return strings.index(self, e, vt)
            if isinstance(vt, DictType):
                return dicts.index(self, e, vt)
            if isinstance(e.index, ir.SliceExpr):  # a tuple's slice (or of a non-sequence)
                self.diags.error(e.index.loc, f"slicing a {vt} is not supported")
                return _UNKNOWN
            it = self.expr(e.index)
            if it is not None and it not in (INT, BOOL):
                self.diags.error(e.index.loc, f"tuple indices must be int, not {it}")
            return tuples.item_type(self, e, e.value, "indexed by a run-time value")
        if isinstance(e, ir.BinOp):
            lt, rt = self.expr(e.left), self.expr(e.right)
            if lt is None or rt is None:
                return _UNKNOWN
            op = self.binop(e, e.op, lt, rt, e.right)
            return op.result if op else _UNKNOWN
        if isinstance(e, ir.UnaryOp) and e.op == ir.UnaryOpKind.NOT:
            self.condition(e.operand)
            return BOOL
        if isinstance(e, ir.UnaryOp):
            t = self.expr(e.operand)
            if t is None:
                return _UNKNOWN
            if isinstance(t, DTypeScalar):
                return numpy_ops.unary(self, e, t)
            if isinstance(t, ArrayType):
                return numpy_ops.unary_array(self, e, t)
            resolved = self.owner.program.registry.resolve(f"operator.{e.op.value}", [t])
            if resolved is None:
                self.diags.error(e.loc, f"bad operand type for unary {e.op.value}: '{t}'")
                return _UNKNOWN
            self.spec.ops[e] = resolved.op
            return resolved.op.result
        if isinstance(e, ir.Compare):
            return self.compare(e)
        if isinstance(e, ir.BoolOp):
            types = [self.expr(v, raw=True) for v in e.values]
            class_truth.value_truth(self, e, types)
            if e.op == ir.BoolOpKind.OR:
                # `x or y` gives x only when x is true, so never as None: an Optional x
                # counts as its item (`x or 7` is an int)
                types = [t.item if isinstance(t, OptionalType) and i < len(types) - 1 else t
                         for i, t in enumerate(types)]
            return self.merge(types, e.loc, f"'{e.op.value}' operands")
        if isinstance(e, ir.FormatStr):
            return self.format_str(e)
        if isinstance(e, ir.Comprehension) and e.kind == "list":
            return lists.comprehension(self, e)
        if isinstance(e, ir.Comprehension) and e.kind == "dict":
            return dicts.comprehension(self, e)
        if isinstance(e, ir.Comprehension) and e.kind == "set":
            return sets.comprehension(self, e)
        if isinstance(e, ir.Comprehension):
            return tuples.comprehension(self, e)
        if isinstance(e, ir.TypeCheck):
            self.expr(e.value, raw=True)
            return BOOL
        if isinstance(e, ir.IfExp):
            self.condition(e.test)
            return self.merge([narrowed_branches.branch(self, e.test, e.body, True),
                               narrowed_branches.branch(self, e.test, e.orelse, False)], e.loc,
                              "the branches of a conditional expression")
        if isinstance(e, ir.Call):
            return self.call(e)
        raise AssertionError(f"unknown expression {type(e).__name__}")

    def format_str(self, e: ir.FormatStr) -> Type | None:
        known = True
        for part in e.parts:
            if isinstance(part, str):
                continue
            t = self.expr(part.value)
            if t is None:
                known = False
                continue
            if printing.container_field(self, part, t):
                continue
            try:
                field_format(t, part.conversion, part.spec)
            except SpecError as exc:
                self.diags.error(part.value.loc, str(exc))
        return STR if known else _UNKNOWN

    def merge(self, types: Sequence[Type | None], loc: Loc, what: str) -> Type | None:
        if any(t is None for t in types):
            return _UNKNOWN
        result: Type | None = types[0]
        for t in types[1:]:
            assert result is not None and t is not None
            merged = unify(result, t)
            if merged is None:
                self.diags.error(loc, f"{what} have different types ({result} and {t})")
                return _UNKNOWN
            result = merged
        return result

    def binop(self, node: ir.BinOp | ir.AugAssign, kind: ir.BinOpKind, lt: Type, rt: Type,
              right: ir.Expr) -> Op | None:
        if isinstance(lt, DictType | SetType) or isinstance(rt, DictType | SetType):
            slice_ = dicts if isinstance(lt, DictType) or isinstance(rt, DictType) else sets
            result_t = slice_.binop(self, node, kind, lt, rt)
            if result_t is None:
                return None
            self.spec.ops[node] = lists.list_op(kind, lt, rt, result_t)
            return self.spec.ops[node]
        if isinstance(lt, ListType) or isinstance(rt, ListType):
            result_t = lists.binop(self, node, kind, lt, rt)
            if result_t is None:
                return None
            self.spec.ops[node] = lists.list_op(kind, lt, rt, result_t)
            return self.spec.ops[node]
        if isinstance(lt, ArrayType) or isinstance(rt, ArrayType):
            result = numpy_ops.elementwise(self, node, numpy_ops.UFUNC_OF_BINOP[kind], lt, rt)
            return None if result is None else numpy_ops.typing_op(self.spec.ops[node], result)
        if numpy_ops.involves_numpy(lt, rt):
            return numpy_ops.binop(self, node, kind, lt, rt)
        name = f"operator.{kind.value}"
        types = [lt, rt]
        if (kind == ir.BinOpKind.POW and lt in (INT, BOOL) and isinstance(right, ir.Const)
                and isinstance(right.value, int) and right.value < 0):
            types = [FLOAT, FLOAT]  # Python: int ** negative int is a float
        resolved = self.owner.program.registry.resolve(name, types)
        if resolved is None:
            self.diags.error(node.loc, f"unsupported operand types for {ir.BINOP_SYMBOL[kind]}: "
                             f"'{lt}' and '{rt}'", hint=unions.hint(lt, rt))
            return None
        self.spec.ops[node] = resolved.op
        return resolved.op

    def compare(self, e: ir.Compare) -> Type | None:
        operands = [e.left, *e.comparators]
        # an operand compared only with `is` stays Optional; any other comparison unwraps it
        only_is = [all(k in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT)
                       for k in e.ops[max(0, i - 1):i + 1]) for i in range(len(operands))]
        types = [self.expr(o, raw=keep) for o, keep in zip(operands, only_is, strict=True)]
        if any(t is None for t in types):
            return _UNKNOWN
        if unions.compare(self, e, types) is not classes.NOT_MINE:
            return BOOL
        if any(isinstance(t, ArrayType) for t in types):
            return numpy_ops.compare_arrays(self, e, [t for t in types if t is not None])
        chosen: list[Op | list[Op] | TupleComparison | None] = []
        for kind, lt, rt in zip(e.ops, types, types[1:], strict=False):
            assert lt is not None and rt is not None
            chosen.append(None)
            # `x in c` by the container's type; `a == b`, `a <= b` by either side's
            membership = kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN)
            sides = [rt] if membership else [lt, rt]
            if kind not in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT) and any(
                    isinstance(t, DictType | DictView) for t in sides):
                dicts.compare(self, e, kind, lt, rt)
                continue
            if kind not in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT) and any(
                    isinstance(t, SetType) for t in sides):
                sets.compare(self, e, kind, lt, rt)
                continue
            if kind not in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT) and (
                    isinstance(lt, ListType) or isinstance(rt, ListType)):
                lists.compare(self, e, kind, lt, rt)
                continue
            if kind in (ir.CmpOpKind.IN, ir.CmpOpKind.NOT_IN) and rt not in (STR, BYTES):
                chosen[-1] = tuples.membership(self, e, lt, rt)
                continue
            if kind in (ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT):
                if NONE not in (lt, rt):
                    self.diags.error(e.loc, "'is' is only supported against None")
                continue
            if isinstance(lt, TupleType) and isinstance(rt, TupleType):
                chosen[-1] = tuples.tuple_comparison(self, e, kind, lt, rt)
                continue
            if numpy_ops.involves_numpy(lt, rt):
                chosen[-1] = numpy_ops.compare(self, e, kind, lt, rt)
                continue
            resolved = self.owner.program.registry.resolve(f"operator.{kind.value}", [lt, rt])
            if resolved is None:
                self.diags.error(e.loc, f"'{ir.CMP_SYMBOL[kind]}' is not supported between "
                                 f"'{lt}' and '{rt}'")
            else:
                chosen[-1] = resolved.op
        self.spec.compare_ops[e] = chosen
        return BOOL

    def op_call(self, e: ir.Expr, name: str, args: Sequence[ir.Expr],
                types: Sequence[Type], kwargs: Sequence[tuple[str, ir.Expr]] = (),
                kwtypes: Sequence[Type] = ()) -> Type | None:
        registry = self.owner.program.registry
        kw = [(k, t) for (k, _), t in zip(kwargs, kwtypes, strict=True)]
        resolved = registry.resolve(name, types, kw)
        if resolved is None:
            if name not in registry.ops:
                short = name.removeprefix("builtins.")
                self.diags.error(e.loc, f"{short}() is not supported by the compiler",
                                 hint="`pyaot ops` lists the supported operations")
            else:
                given = ", ".join([str(t) for t in types] + [f"{k}={t}" for k, t in kw])
                sigs = "; ".join(o.signature() for o in registry.ops[name])
                self.diags.error(e.loc, f"{name.removeprefix('builtins.')}() cannot take "
                                 f"({given})", hint=f"supported: {sigs}")
            return _UNKNOWN
        all_args = list(args) + [v for _, v in kwargs]
        ordered: list[ir.Expr] = []
        for slot in resolved.args:
            if isinstance(slot, Default):
                const = ir.Const(e.loc, slot.value)  # type: ignore[arg-type]
                self.expr(const)
                ordered.append(const)
            else:
                assert isinstance(slot, int)
                ordered.append(all_args[slot])
        op = resolved.op
        if op.variadic:
            fixed = [p.type for p in op.params[:-1]]
            ptypes = fixed + [op.params[-1].type] * (len(ordered) - len(fixed))
        else:
            ptypes = [p.type for p in op.params]
        if isinstance(e, ir.Call | ir.MethodCall):
            self.spec.calls[e] = OpCall(op, tuple(ordered), tuple(ptypes))
        return op.result

    def unwrap(self, e: ir.Expr, t: Type | None) -> Type | None:
        """An Optional value typed raw, used where its item is needed after all."""
        if isinstance(t, OptionalType):
            self.spec.unwrapped.add(e)
            return t.item
        return t

    def call(self, e: ir.Call) -> Type | None:
        # A helper of ours takes an Optional as it is (and print() prints None); any other
        # operation needs the item.
        keep = not isinstance(e.func, str) or e.func == "builtins.print"
        types = [self.expr(a, raw=True) for a in e.args]
        kwtypes = [self.expr(v, raw=True) for _, v in e.kwargs]
        if not keep:
            types = [self.unwrap(a, t) for a, t in zip(e.args, types, strict=True)]
            kwtypes = [self.unwrap(v, t) for (_, v), t in zip(e.kwargs, kwtypes, strict=True)]
        if any(t is None for t in types) or any(t is None for t in kwtypes):
            return _UNKNOWN
        ts = [t for t in types if t is not None]
        kts = [t for t in kwtypes if t is not None]
        if isinstance(e, ir.ModelCall):
            return models.call(self, e, ts)
        if e.func == "builtins.len" and len(ts) == 1 and not kts and isinstance(ts[0], TupleType):
            self.spec.calls[e] = TupleLen(len(ts[0].items))
            return INT
        if e.func == ZIP_ROWS:
            return var_tuples.zip_rows(self, e, ts)
        if generators.handles(e.func, ts):
            return generators.builtin(self, e, ts)
        if printing.handles(e.func, ts):
            kwmap = {k: t for (k, _), t in zip(e.kwargs, kwtypes, strict=True) if t is not None}
            return printing.call(self, e, str(e.func), ts, kwmap)
        if default_dicts.handles(e.func):
            return default_dicts.call(self, e, ts)
        if deques.handles(e.func):
            return deques.call(self, e, ts)
        if bisects.handles(e.func):
            return bisects.call(self, e, ts)
        if dicts.handles(e.func, ts):
            return dicts.builtin(self, e, ts)
        if sets.handles(e.func, ts):
            return sets.builtin(self, e, ts)
        if lists.handles(e.func, ts):
            kwmap = {k: t for (k, _), t in zip(e.kwargs, kwtypes, strict=True) if t is not None}
            return lists.builtin(self, e, str(e.func), ts, kwmap)
        if e.func in _REDUCTIONS and ts and isinstance(ts[0], TupleType) and not kts:
            return tuples.reduce(self, e, e.func, ts[0], ts[1:])
        if isinstance(e.func, str) and cv2_calls.handles(e.func):
            return cv2_calls.call(self, e)
        if isinstance(e.func, str) and arrays.handles(e.func, ts):
            kwmap = {k: t for (k, _), t in zip(e.kwargs, kwtypes, strict=True) if t is not None}
            result = arrays.call(self, e, e.func, ts, kwmap)
            if result is not None and e not in self.spec.calls:
                self.spec.calls[e] = NumpyCall(e.func)
            return result
        if isinstance(e.func, str):
            return self.op_call(e, e.func, e.args, ts, e.kwargs, kts)
        return self.user_call(e, e.func, ts, kts)

    def user_call(self, e: ir.Call, ref: ir.FuncRef, types: list[Type],
                  kwtypes: list[Type]) -> Type | None:
        traced = self.owner.program.trace(ref)
        if traced.function is None:
            self.diags.error(e.loc, f"'{ref.name}' cannot be compiled (see its errors)")
            for d in traced.diagnostics:
                self.diags.items.append(d)
            return _UNKNOWN
        fn = traced.function
        bound = _bind_call(fn, e, types, kwtypes, self.diags)
        if bound is None:
            return _UNKNOWN
        args, arg_types = bound
        param_types: list[Type] = []
        for p, t, a in zip(fn.params, arg_types, args, strict=True):
            if p.annotation is None or arrays.fits_open_annotation(t, p.annotation) or (
                    isinstance(p.annotation, CallableType) and isinstance(t, ClosureType)):
                param_types.append(t)
            elif coercible(t, p.annotation):
                param_types.append(p.annotation)
                if _open_container(t) and p.star is None:
                    # `out = {}; fill(out)`: the helper fills this very object, so the
                    # caller's variable gets the annotated types (no empty copy).
                    dicts.refine(self, a, p.annotation)
            elif isinstance(t, OptionalType) and coercible(t.item, p.annotation) and _narrowed(a):
                # `f(p)` under `if p is not None` (no narrowing here): checked for None
                param_types.append(p.annotation)
                self.unwrap(a, t)
            else:
                self.diags.error(a.loc, f"argument '{p.name}' of '{fn.ref.name}' must be "
                                 f"{p.annotation}, not {t}")
                return _UNKNOWN
        for a in args:
            if a not in self.spec.expr_types:
                self.expr(a)
        key = (ref, tuple(param_types))
        callee = self.owner.specs.get(key)
        if callee is not None and callee in self.owner.in_progress:
            if callee.function.returns is None:
                self.diags.error(e.loc, f"recursive call of '{ref.name}' needs a return "
                                 "annotation on it")
                return _UNKNOWN
        else:
            if callee is None and not self.may_specialize(e, ref, param_types):
                return _UNKNOWN
            callee = self.owner.specialize(ref, tuple(param_types))
            if callee.failed:
                if ref != self.spec.function.ref:  # a recursive call: its errors say it
                    self.diags.error(e.loc, f"'{ref.name}' cannot be compiled for arguments "
                                     f"({_shown(param_types)})")
                for d in self.owner.diagnostics.get(callee, []):
                    self.diags.items.append(d)
                return _UNKNOWN
        for p, t, a in zip(fn.params, param_types, args, strict=True):
            inside = callee.var_types.get(p.name)
            if _open_container(t) and inside is not None and inside != t:
                self.diags.error(a.loc, f"'{ref.name}' fills this empty {t} (to a {inside}), "
                                 "but its types must be known where it is made",
                                 hint=f"annotate the parameter: {p.name}: {inside}")
                return _UNKNOWN
        self.owner.callees.setdefault(self.spec, set()).add(callee)
        self.spec.calls[e] = UserCall(callee, tuple(args))
        return callee.result


    def may_specialize(self, e: ir.Call, ref: ir.FuncRef, types: Sequence[Type]) -> bool:
        """Whether one more specialization of ``ref`` stays within the bounds; if not, the
        diagnostic that says so."""
        nested = sum(s.function.ref == ref for s in self.owner.in_progress)
        made = sum(r == ref for r, _ in self.owner.specs)
        if nested < MAX_NESTED_SPECIALIZATIONS and made < MAX_SPECIALIZATIONS:
            return True
        why = (f"{nested} nested specializations of it are in progress: its recursive calls "
               "keep changing the argument types" if nested >= MAX_NESTED_SPECIALIZATIONS
               else f"it is already specialized for {made} different argument types")
        self.diags.error(e.loc, f"'{ref.name}' would need one more specialization, for "
                         f"({_shown(types)}), but {why}; the compiler stops there",
                         hint="annotate its parameters, so that one specialization serves "
                         "every call")
        return False


def _fits(t: Type, annotation: Type) -> bool:
    """Whether a type checker would accept a value of type ``t`` for ``annotation``
    (``[1, 2]`` is a fine ``list[float]``)."""
    if coercible(t, annotation) or arrays.fits_open_annotation(t, annotation):
        return True
    if isinstance(t, ListType) and isinstance(annotation, ListType):
        return t.item is None or annotation.item is None or _fits(t.item, annotation.item)
    if isinstance(t, DictType) and isinstance(annotation, DictType):  # {"f": double}
        return t.factory == annotation.factory and all(
            a is None or b is None or _fits(a, b)
            for a, b in ((t.key, annotation.key), (t.value, annotation.value)))
    if isinstance(t, TupleType) and isinstance(annotation, TupleType):
        return len(t.items) == len(annotation.items) and all(
            _fits(a, b) for a, b in zip(t.items, annotation.items, strict=True))
    return False


def _shown(types: Sequence[Type], limit: int = 120) -> str:
    """Argument types for a message, cut short when they grow long."""
    text = ", ".join(map(str, types))
    return text if len(text) <= limit else text[:limit] + "..."


def _narrowed(e: ir.Expr) -> bool:
    """Whether an Optional ``e`` may be one that Python's type checkers narrow to its item (a
    name under ``if x is not None``, ``x if x is not None else y``): used as the item, it is
    checked for None there. Any other Optional (``d.get(k)``) keeps its diagnostic."""
    if isinstance(e, ir.IfExp):
        return isinstance(e.test, ir.Compare) and bool(
            {ir.CmpOpKind.IS, ir.CmpOpKind.IS_NOT} & set(e.test.ops))
    return isinstance(e, ir.Name)


def _bind_call(fn: ir.Function, e: ir.Call, types: list[Type], kwtypes: list[Type],
               diags: Diagnostics) -> tuple[list[ir.Expr], list[Type]] | None:
    """Python's argument binding, checked at compile time: keyword-only parameters take
    keywords only; ``*args`` gets the extra positional arguments as a tuple and ``**kwargs``
    the extra keywords as a dict (packed here, so each call site specializes the helper)."""
    name = fn.ref.name
    params = fn.params
    positional = [i for i, p in enumerate(params) if not p.keyword_only and p.star is None]
    star = next((i for i, p in enumerate(params) if p.star == "*"), None)
    dstar = next((i for i, p in enumerate(params) if p.star == "**"), None)
    if len(e.args) > len(positional) and star is None:
        diags.error(e.loc, f"{name}() takes {len(positional)} positional arguments but "
                    f"{len(e.args)} were given")
        return None
    slots: list[tuple[ir.Expr, Type] | None] = [None] * len(params)
    for i, a, t in zip(positional, e.args, types, strict=False):
        slots[i] = (a, t)
    if star is not None:
        extra = list(zip(e.args[len(positional):], types[len(positional):], strict=True))
        slots[star] = (ir.TupleExpr(e.loc, [a for a, _ in extra]),
                       TupleType(tuple(t for _, t in extra)))
    names = [p.name if p.star is None else None for p in params]
    packed: list[tuple[str, ir.Expr, Type]] = []
    for (k, v), t in zip(e.kwargs, kwtypes, strict=True):
        if k not in names:
            if dstar is not None:
                packed.append((k, v, t))
                continue
            diags.error(v.loc, f"{name}() got an unexpected keyword argument '{k}'")
            return None
        j = names.index(k)
        if slots[j] is not None:
            diags.error(v.loc, f"{name}() got multiple values for argument '{k}'")
            return None
        slots[j] = (v, t)
    if dstar is not None:
        value_t: Type | None = None
        for _, v, t in packed:
            value_t = t if value_t is None else unify(value_t, t)
            if value_t is None:
                diags.error(v.loc, f"the keyword arguments of {name}()'s **{params[dstar].name} "
                            "have different types; a compiled dict holds one value type")
                return None
        slots[dstar] = (ir.DictExpr(e.loc, [ir.Const(v.loc, k) for k, _, _ in packed],
                                    [v for _, v, _ in packed]), DictType(STR, value_t))
    args: list[ir.Expr] = []
    arg_types: list[Type] = []
    for p, slot in zip(params, slots, strict=True):
        if slot is None:
            if p.default is None:
                kind = "keyword-only argument" if p.keyword_only else "argument"
                diags.error(e.loc, f"{name}() missing required {kind}: '{p.name}'")
                return None
            const = ir.Const(e.loc, p.default.value)
            slot = (const, _const_type(p.default.value))
        args.append(slot[0])
        arg_types.append(slot[1])
    return args, arg_types


def _open_container(t: Type) -> bool:
    """A list, dict or set whose item types are not known yet (an empty literal)."""
    if isinstance(t, ListType | SetType):
        return t.item is None or _open_container(t.item)
    if isinstance(t, DictType):
        return t.key is None or t.value is None or _open_container(t.value)
    return False


def _const_type(value: object) -> Type:
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    if isinstance(value, float):
        return FLOAT
    if isinstance(value, complex):
        return COMPLEX
    if isinstance(value, str):
        return STR
    if isinstance(value, bytes):
        return BYTES
    if value is None:
        return NONE
    raise AssertionError(f"unexpected constant {value!r}")


def _falls_through(body: Sequence[ir.Stmt],
                   types: Mapping[ir.Expr, Type | None] | None = None,
                   patterns: Mapping[ir.Expr, PatternTest] | None = None) -> bool:
    """Whether control can reach the end of the block (no return/raise on every path);
    with the expressions' ``types``, ``if not f():`` of an ``f`` that returns None always
    runs its body (as ``with`` of a manager whose ``__exit__`` returns None raises again:
    tracer/context_managers.py)."""
    if not body:
        return True
    last = body[-1]
    if isinstance(last, ir.Return | ir.Raise):
        return False
    if isinstance(last, ir.If) and types is not None and isinstance(
            last.test, ir.UnaryOp) and last.test.op is ir.UnaryOpKind.NOT and types.get(
            last.test.operand) == NONE:
        return _falls_through(last.body, types, patterns)
    if types is not None and exhaustive.enum_cases(
            body, types, lambda b: _falls_through(b, types, patterns)):
        return False  # `case Color.RED: return ...` for every member
    if isinstance(last, ir.If) and types is not None and (_always_instance(
            last.test, types) or exhaustive.always_matches(last.test, patterns)):
        # a case int() / isinstance() that holds for the value's static type (the last of a
        # match over a union's members, the earlier ones having returned)
        return _falls_through(last.body, types, patterns)
    if isinstance(last, ir.If):
        return _falls_through(last.body, types, patterns) or _falls_through(
            last.orelse, types, patterns)
    if isinstance(last, ir.Try):
        completes = (_falls_through(last.body, types, patterns) and _falls_through(
            last.orelse, types, patterns)) or any(_falls_through(h.body, types, patterns) for h in last.handlers)
        return completes and _falls_through(last.finalbody, types, patterns)
    if isinstance(last, ir.ForEach | ir.ForRange) and last.orelse:
        return _has_break(last.body) or _falls_through(last.orelse, types, patterns)
    if isinstance(last, ir.While):
        always = isinstance(last.test, ir.Const) and bool(last.test.value)
        return not always or _has_break(last.body)
    if isinstance(last, ir.Assert) and isinstance(last.test, ir.Const):
        return bool(last.test.value)
    return True


def _always_instance(test: ir.Expr, types: Mapping[ir.Expr, Type | None]) -> bool:
    """Whether ``test`` is an isinstance() (or a class pattern's) that the value's static
    type always passes."""
    if isinstance(test, ir.Call) and test.func == "pyaot.match_class":
        test = test.args[0]
    return isinstance(test, ir.TypeCheck) and (
        checked := types.get(test.value)) is not None and unions.member_is_instance(
        checked, test.classes, test.exact)


def _has_break(body: Sequence[ir.Stmt]) -> bool:
    for s in body:
        if isinstance(s, ir.Break):
            return True
        if isinstance(s, ir.If) and (_has_break(s.body) or _has_break(s.orelse)):
            return True
    return False


_REDUCTIONS = tuple(name for name, _ in TUPLE_REDUCTIONS if name != "builtins.len")
