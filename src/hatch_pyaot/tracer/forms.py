"""Special forms of the front end: f-strings, ``isinstance()``, and generator expressions
as the argument of a reduction (``sum(x * x for x in range(n))``).

Free functions over the Builder of tracer/build.py, which calls them.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import libcst as cst

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.tracer import generators, starred_targets
from hatch_pyaot.tracer.resolve import OpName, UserClass, UserFunction
from hatch_pyaot.typing.var_tuples import ZIP_ROWS

if TYPE_CHECKING:
    from hatch_pyaot.tracer.build import Builder, Iteration


REDUCIBLE = ("builtins.sum", "builtins.min", "builtins.max", "builtins.any", "builtins.all",
             "math.prod")
_KEYED = ("builtins.min", "builtins.max")
"""Reductions that, given key= or default=, take the generator's items as a list."""


def fstring(builder: Builder, node: cst.FormattedString | cst.ConcatenatedString) -> ir.Expr:
    """Literal text from Python's own parser (escapes, ``{{``, ``{x=}``), field
    expressions from libcst (locations), matched up in source order."""
    loc = builder.loc(node)
    fields = _format_fields(node)
    if any(f.format_spec and _format_fields_in(f.format_spec) for f in fields):
        builder.error(node, "replacement fields inside a format spec are not supported")
        return ir.Const(loc, "")
    joined = ast.parse(f"({builder.module.tree.code_for_node(node)})", mode="eval").body
    assert isinstance(joined, ast.JoinedStr)
    parts: list[str | ir.FormatField] = []
    values = iter(fields)
    for value in joined.values:
        if isinstance(value, ast.Constant):
            parts.append(str(value.value))
            continue
        assert isinstance(value, ast.FormattedValue)
        field = next(values)
        spec = ""
        if value.format_spec is not None:
            assert isinstance(value.format_spec, ast.JoinedStr)
            spec = "".join(str(c.value) for c in value.format_spec.values
                           if isinstance(c, ast.Constant))
        conversion = {-1: None, 115: "s", 114: "r", 97: "a"}[value.conversion]
        parts.append(ir.FormatField(builder.expr(field.expression), conversion, spec))
    return ir.FormatStr(loc, parts)


def isinstance_call(builder: Builder, node: cst.Call) -> ir.Expr:
    """``isinstance(x, int)``: decided by x's static type once types are known."""
    loc = builder.loc(node)
    if len(node.args) != 2 or any(a.keyword or a.star for a in node.args):
        builder.error(node, "isinstance() takes exactly two positional arguments")
        return ir.Const(loc, False)
    spec = node.args[1].value
    items = [el.value for el in spec.elements] if isinstance(spec, cst.Tuple) else [spec]
    classes = []
    for item in items:
        name = class_name(builder, item)
        if name:
            classes.append(name)
        else:
            builder.error(item, "isinstance() needs a built-in class (int, float, bool, tuple) "
                          "or a class of the program")
    return ir.TypeCheck(loc, builder.expr(node.args[0].value), classes)


VALUE_CLASSES = ("int", "float", "bool", "tuple", "object", "complex", "str", "bytes", "list",
                 "dict", "set", "frozenset")


def class_name(builder: Builder, item: cst.BaseExpression) -> str:
    """The class an ``isinstance()`` names: a built-in one, or a class of the program by
    its qualified name; "" for anything else."""
    res = builder.resolver.expr(builder.module, item) if isinstance(
        item, cst.Name | cst.Attribute) else None
    if isinstance(res, UserClass):
        return res.info.qualname
    if not isinstance(res, OpName):
        return ""
    name = res.qualname.removeprefix("builtins.")
    return name if name in (*VALUE_CLASSES, "BaseException", *ir.EXCEPTIONS) else ""


def reduction(builder: Builder, node: cst.Call, gen: cst.GeneratorExp) -> ir.Expr:
    """``sum(elt for x in it if cond)`` and its kin: a loop feeding a ReduceStep."""
    loc = builder.loc(node)
    res = builder.resolver.expr(builder.module, node.func) if isinstance(
        node.func, cst.Name | cst.Attribute) else None
    kind = res.qualname if isinstance(res, OpName) else ""
    keyword = next((a.keyword.value for a in node.args if a.keyword is not None), None)
    if (kind not in REDUCIBLE or (keyword is not None and kind in _KEYED)) and (
            whole := generators.consumed_whole(builder, node, gen, kind)):
        return whole
    if kind not in REDUCIBLE:
        builder.error(gen, "generator expressions are supported as the argument of "
                   + ", ".join(f"{k.rpartition('.')[2]}()" for k in REDUCIBLE) + " only")
        return ir.Const(loc, 0)
    comp = gen.for_in
    extra = node.args[1:]
    if comp.inner_for_in is not None or comp.asynchronous is not None:
        builder.error(comp, "only one 'for' in a generator expression so far")
        return ir.Const(loc, 0)
    if keyword is not None:
        short = kind.rpartition(".")[2]
        builder.error(node, f"{short}() of a generator expression takes no {keyword}= here",
                      hint=f"give {short}() a list comprehension, [...], which takes it")
        return ir.Const(loc, 0)
    if any(a.star for a in node.args) or (
            extra and (kind != "builtins.sum" or len(extra) > 1)):
        builder.error(node, "only sum() takes a second (start) argument here")
        return ir.Const(loc, 0)
    start = builder.expr(extra[0].value) if extra else None
    header = builder.iteration(comp.iter)  # in the enclosing scope, before the renames
    saved = dict(builder.renames)
    for name in _target_names(comp.target):
        builder.renames[name] = builder.fresh_local(name)
    target, unpacking = starred_targets.loop_target(builder, comp.target)
    body: list[ir.Stmt] = [ir.ReduceStep(builder.loc(gen.elt), builder.expr(gen.elt))]
    for cond in reversed(comp.ifs):
        body = [ir.If(builder.loc(cond), builder.expr(cond.test), body, [])]
    loop = builder.make_loop(comp, header, target, unpacking + body, [])
    builder.renames = saved
    if loop is None:
        return ir.Const(loc, 0)
    return ir.Comprehension(loc, kind.rpartition(".")[2], loop, start)


def list_comprehension(builder: Builder,
                       node: cst.ListComp | cst.SetComp | cst.DictComp) -> ir.Expr:
    """``[elt for x in it if c for y in x]``: nested loops feeding a ReduceStep, each
    ``for`` binding renamed variables (they do not leak, as in Python 3). Set and dict
    comprehensions are the same loops; a dict's ReduceStep gets the pair ``(key, value)``,
    the key evaluated first as in Python 3.8+."""
    loc = builder.loc(node)

    def step() -> list[ir.Stmt]:
        element: ir.Expr
        if isinstance(node, cst.DictComp):
            element = ir.TupleExpr(builder.loc(node.key), [builder.expr(node.key),
                                                           builder.expr(node.value)])
        else:
            element = builder.expr(node.elt)
        return [ir.ReduceStep(element.loc, element)]

    loop = comprehension_loops(builder, node.for_in, step)
    if loop is None:
        return ir.Const(loc, 0)
    kind = "dict" if isinstance(node, cst.DictComp) else (
        "set" if isinstance(node, cst.SetComp) else "list")
    return ir.Comprehension(loc, kind, loop)


def comprehension_loops(builder: Builder, first: cst.CompFor,
                        body_of: Callable[[], list[ir.Stmt]]) -> ir.Stmt | None:
    """The nested loops of a comprehension's ``for`` clauses (and their ``if``s) around
    ``body_of()``, built with the clauses' variables renamed; None after an error."""
    saved = dict(builder.renames)
    clauses: list[tuple[cst.CompFor, Iteration | None, ir.Target, list[ir.Stmt]]] = []
    comp: cst.CompFor | None = first
    while comp is not None:
        if comp.asynchronous is not None:
            builder.error(comp, "async comprehensions cannot be compiled")
        header = builder.iteration(comp.iter)  # in the scope of the clauses before it
        for name in _target_names(comp.target):
            builder.renames[name] = builder.fresh_local(name)
        clauses.append((comp, header, *starred_targets.loop_target(builder, comp.target)))
        comp = comp.inner_for_in
    body = body_of()
    loop: ir.Stmt | None = None
    for clause, header, target, unpacking in reversed(clauses):
        for cond in reversed(clause.ifs):
            body = [ir.If(builder.loc(cond), builder.expr(cond.test), body, [])]
        loop = builder.make_loop(clause, header, target, unpacking + body, [])
        if loop is None:
            break
        body = [loop]
    builder.renames = saved
    return loop


def lambda_(builder: Builder, node: cst.Lambda) -> ir.Expr:
    """``lambda x: body`` with positional parameters only, renamed (as a comprehension's
    variables) so that they shadow the function's locals as in Python."""
    loc = builder.loc(node)
    params = node.params
    if not isinstance(params.star_arg, cst.MaybeSentinel) or params.kwonly_params or \
            params.star_kwarg is not None or params.posonly_params or any(
                p.default is not None for p in params.params):
        builder.error(node, "a lambda with defaults, *args or keyword-only parameters cannot "
                      "be compiled")
        return ir.Const(loc, 0)
    saved = dict(builder.renames)
    names = []
    for p in params.params:
        fresh = builder.fresh_local(p.name.value)
        builder.renames[p.name.value] = fresh
        names.append(fresh)
    body = builder.expr(node.body)
    builder.renames = saved
    return ir.Lambda(loc, names, body)


def named_function(builder: Builder, node: cst.Name | cst.Attribute) -> ir.Expr:
    """``key=f`` with a module-level or builtin function ``f``: ``lambda x: f(x)``."""
    loc = builder.loc(node)
    if isinstance(node, cst.Attribute) and builder.resolver.expr(
            builder.module, node.value) == OpName("builtins.str"):
        # key=str.lower: the method called on each item
        param = builder.fresh_local("key")
        return ir.Lambda(loc, [param], ir.MethodCall(loc, ir.Name(loc, param), node.attr.value,
                                                     []))
    res = builder.resolver.expr(builder.module, node)
    if not isinstance(res, UserFunction | OpName):
        return builder.expr(node)
    param = builder.fresh_local("key")
    arg = ir.Name(loc, param)
    func: ir.FuncRef | str = res.ref if isinstance(res, UserFunction) else res.qualname
    return ir.Lambda(loc, [param], ir.Call(loc, func, [arg]))


def has_fstring(node: cst.ConcatenatedString) -> bool:
    return any(isinstance(side, cst.FormattedString) or (
        isinstance(side, cst.ConcatenatedString) and has_fstring(side))
        for side in (node.left, node.right))


def _format_fields_in(parts: Sequence[cst.BaseFormattedStringContent]) -> bool:
    return any(isinstance(p, cst.FormattedStringExpression) for p in parts)


def _format_fields(node: cst.CSTNode) -> list[cst.FormattedStringExpression]:
    """The replacement fields of an f-string (or a concatenation of them), in order."""
    found: list[cst.FormattedStringExpression] = []

    class Visitor(cst.CSTVisitor):
        def visit_FormattedStringExpression(self, n: cst.FormattedStringExpression) -> bool:
            found.append(n)
            return False

    node.visit(Visitor())
    return found


def _target_names(node: cst.BaseExpression) -> list[str]:
    if isinstance(node, cst.Name):
        return [node.value]
    if isinstance(node, cst.Tuple | cst.List):
        return [n for el in node.elements for n in _target_names(el.value)]
    return []


ITERATORS = ("builtins.zip", "builtins.enumerate", "builtins.reversed")


def iterator_name(builder: Builder, node: cst.BaseExpression) -> str | None:
    """``zip``/``enumerate``/``reversed`` when node calls one of them."""
    if not isinstance(node, cst.Call) or not isinstance(node.func, cst.Name | cst.Attribute) or (
            isinstance(node.func, cst.Name) and node.func.value in builder.locals) or (
            isinstance(node.func, cst.Attribute) and builder.of_local(node.func)):
        return None
    res = builder.resolver.expr(builder.module, node.func)
    return res.qualname if isinstance(res, OpName) and res.qualname in ITERATORS else None


def iterator_call(builder: Builder, node: cst.Call, name: str) -> ir.Call:
    """``zip(range(n), enumerate(xs), s)``: its arguments may be ranges and iterators
    themselves (typing/iteration.py types them, codegen/iteration.py loops over them); a
    range is ``range(start, stop, step)`` here."""
    loc = builder.loc(node)
    args: list[ir.Expr] = []
    kwargs: list[tuple[str, ir.Expr]] = []
    if name == "builtins.zip" and any(a.star for a in node.args):
        return zip_rows(builder, node)
    for arg in node.args:
        if arg.star:
            builder.error(arg, "*args in calls are not supported")
        elif arg.keyword is not None:
            kwargs.append((arg.keyword.value, builder.expr(arg.value)))
        elif (inner := iterator_name(builder, arg.value)) is not None:
            assert isinstance(arg.value, cst.Call)
            args.append(iterator_call(builder, arg.value, inner))
        elif isinstance(arg.value, cst.Call) and builder.resolver.expr(
                builder.module, arg.value.func) == OpName("builtins.range"):
            bounds = builder.iteration(arg.value)
            if bounds is None or isinstance(bounds, ir.Expr):
                return ir.Call(loc, name, [], [])
            args.append(ir.Call(builder.loc(arg.value), "builtins.range", list(bounds), []))
        else:
            args.append(builder.expr(arg.value))
    return ir.Call(loc, name, args, kwargs)


def zip_rows(builder: Builder, node: cst.Call) -> ir.Call:
    """``zip(*rows)`` alone, or with ``strict=True``/``False``: its tuples have as many items
    as rows has rows, known only at run time. A `for` loop walks the rows as it goes
    (codegen/var_tuples.py `for_zip_rows`); as a value (a comprehension's source) the columns
    are listed when it starts. strict=True travels as the keyword ``strict`` (the rows'
    lengths checked where the walk ends); strict=False is the same as without it."""
    loc = builder.loc(node)
    rest = node.args[1:]
    kwargs: list[tuple[str, ir.Expr]] = []
    if rest and rest[-1].keyword is not None and rest[-1].keyword.value == "strict" and \
            isinstance(rest[-1].value, cst.Name) and rest[-1].value.value in ("True", "False"):
        if rest[-1].value.value == "True":
            kwargs.append(("strict", ir.Const(builder.loc(rest[-1].value), True)))
        rest = rest[:-1]
    if rest and rest[-1].keyword is not None and rest[-1].keyword.value == "strict":
        builder.error(rest[-1], "zip(*rows, strict=...) takes strict=True or strict=False "
                      "here, a constant")
        return ir.Call(loc, ZIP_ROWS, [], [])
    if rest or node.args[0].star != "*":
        builder.error(node, "zip() with *rows is compiled as zip(*rows) alone",
                      hint="zip(*rows) of a list of lists or of tuples, strict=True or False")
        return ir.Call(loc, ZIP_ROWS, [], [])
    return ir.Call(loc, ZIP_ROWS, [builder.expr(node.args[0].value)], kwargs)  # typing/var_tuples.py


def iterator_value(builder: Builder, node: cst.Call, name: str) -> ir.Expr:
    """``zip(a, b)`` used as a value (``list(zip(a, b))``, ``dict(zip(ks, vs))``,
    ``sorted(enumerate(xs))``): the list of its items, ``[t for t in zip(a, b)]``, which
    list(), dict(), set(), sorted() and the reductions take as any list."""
    loc = builder.loc(node)
    item = builder.fresh_local("item")
    loop = ir.ForEach(loc, ir.NameTarget(item, loc), iterator_call(builder, node, name),
                      [ir.ReduceStep(loc, ir.Name(loc, item))], [])
    return ir.Comprehension(loc, "list", loop)


FACTORIES = ("int", "float", "str", "bool", "list", "set", "dict")


def default_dict(builder: Builder, node: cst.Call) -> ir.Expr | None:
    """``defaultdict(list)``: the factory is a class named as a value, which only this call
    takes; it travels as the keyword ``factory=list`` (no name a user can write)."""
    if not isinstance(node.func, cst.Name | cst.Attribute) or (
            isinstance(node.func, cst.Name) and node.func.value in builder.locals) or (
            isinstance(node.func, cst.Attribute) and builder.of_local(node.func)) or (
            builder.resolver.expr(builder.module, node.func)
            != OpName("collections.defaultdict")):
        return None
    loc = builder.loc(node)
    factory = node.args[0].value if len(node.args) == 1 and not node.args[0].keyword else None
    res = builder.resolver.expr(builder.module, factory) if isinstance(
        factory, cst.Name | cst.Attribute) else None
    if not isinstance(res, OpName) or res.qualname.removeprefix("builtins.") not in FACTORIES:
        builder.error(node, "defaultdict() takes one factory here: " + ", ".join(FACTORIES))
        return ir.Const(loc, 0)
    name = res.qualname.removeprefix("builtins.")
    return ir.Call(loc, "collections.defaultdict", [], [(f"factory={name}", ir.Const(loc, None))])
