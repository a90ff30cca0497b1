"""Generic traversal of the IR: visit or rewrite every expression of a function."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hatch_pyaot.ir import nodes as ir

Rewrite = Callable[[ir.Expr], ir.Expr]


def rewrite_exprs(fn: ir.Function, rewrite: Rewrite) -> None:
    """Replace every expression bottom-up by ``rewrite(expr)``, in place."""
    _block(fn.body, rewrite)


def _block(stmts: Sequence[ir.Stmt], f: Rewrite) -> None:
    for s in stmts:
        _stmt(s, f)


def _stmt(s: ir.Stmt, f: Rewrite) -> None:
    if isinstance(s, ir.Assign | ir.AugAssign | ir.ExprStmt):
        s.value = _expr(s.value, f)
    elif isinstance(s, ir.SetItem):
        s.target, s.index, s.value = _expr(s.target, f), _expr(s.index, f), _expr(s.value, f)
    elif isinstance(s, ir.DelItem):
        s.target, s.index = _expr(s.target, f), _expr(s.index, f)
    elif isinstance(s, ir.SetAttr):
        s.target, s.value = _expr(s.target, f), _expr(s.value, f)
    elif isinstance(s, ir.If | ir.While):
        s.test = _expr(s.test, f)
        _block(s.body, f)
        _block(s.orelse, f)
    elif isinstance(s, ir.Try):
        _block(s.body, f)
        for h in s.handlers:
            _block(h.body, f)
        _block(s.orelse, f)
        _block(s.finalbody, f)
    elif isinstance(s, ir.ForEach):
        s.iterable = _expr(s.iterable, f)
        _block(s.body, f)
        _block(s.orelse, f)
    elif isinstance(s, ir.ForRange):
        s.start, s.stop, s.step = _expr(s.start, f), _expr(s.stop, f), _expr(s.step, f)
        _block(s.body, f)
        _block(s.orelse, f)
    elif isinstance(s, ir.ReduceStep | ir.Return | ir.Yield):
        if s.value is not None:
            s.value = _expr(s.value, f)
    elif isinstance(s, ir.Assert):
        s.test = _expr(s.test, f)
        if s.message is not None:
            s.message = _expr(s.message, f)
    elif isinstance(s, ir.Raise):
        if s.message is not None:
            s.message = _expr(s.message, f)
        if s.cause is not None:
            s.cause = _expr(s.cause, f)


def _expr(e: ir.Expr, f: Rewrite) -> ir.Expr:
    if isinstance(e, ir.TupleExpr | ir.ListExpr | ir.SetExpr):
        e.items = [_expr(i, f) for i in e.items]
    elif isinstance(e, ir.Lambda):
        e.body = _expr(e.body, f)
    elif isinstance(e, ir.DictExpr):
        e.keys = [_expr(k, f) for k in e.keys]
        e.values = [_expr(v, f) for v in e.values]
    elif isinstance(e, ir.TypeCheck | ir.TupleGet | ir.Attribute):
        e.value = _expr(e.value, f)
    elif isinstance(e, ir.Index):
        e.value, e.index = _expr(e.value, f), _expr(e.index, f)
    elif isinstance(e, ir.SliceExpr):
        e.start, e.stop, e.step = (None if b is None else _expr(b, f)
                                   for b in (e.start, e.stop, e.step))
    elif isinstance(e, ir.BinOp):
        e.left, e.right = _expr(e.left, f), _expr(e.right, f)
    elif isinstance(e, ir.UnaryOp):
        e.operand = _expr(e.operand, f)
    elif isinstance(e, ir.Compare):
        e.left = _expr(e.left, f)
        e.comparators = [_expr(c, f) for c in e.comparators]
    elif isinstance(e, ir.BoolOp):
        e.values = [_expr(v, f) for v in e.values]
    elif isinstance(e, ir.IfExp):
        e.test, e.body, e.orelse = _expr(e.test, f), _expr(e.body, f), _expr(e.orelse, f)
    elif isinstance(e, ir.Comprehension):
        _stmt(e.loop, f)
        if e.start is not None:
            e.start = _expr(e.start, f)
    elif isinstance(e, ir.FormatStr):
        for part in e.parts:
            if isinstance(part, ir.FormatField):
                part.value = _expr(part.value, f)
    elif isinstance(e, ir.MethodCall):
        e.obj = _expr(e.obj, f)
        e.args = [_expr(a, f) for a in e.args]
        e.kwargs = [(k, _expr(v, f)) for k, v in e.kwargs]
    elif isinstance(e, ir.MakeClosure):
        e.defaults = [_expr(d, f) for d in e.defaults]
    elif isinstance(e, ir.CallValue):
        e.callee = _expr(e.callee, f)
        e.args = [_expr(a, f) for a in e.args]
        e.kwargs = [(k, _expr(v, f)) for k, v in e.kwargs]
    elif isinstance(e, ir.EnvItem):
        e.value = _expr(e.value, f)
    elif isinstance(e, ir.Call | ir.Construct):
        e.args = [_expr(a, f) for a in e.args]
        e.kwargs = [(k, _expr(v, f)) for k, v in e.kwargs]
    return f(e)


def each_expr(e: ir.Expr, visit: Callable[[ir.Expr], None]) -> None:
    """Call ``visit`` on ``e`` and every expression inside it, bottom-up."""

    def rewrite(x: ir.Expr) -> ir.Expr:
        visit(x)
        return x

    _expr(e, rewrite)


def nested_blocks(s: ir.Stmt) -> list[list[ir.Stmt]]:
    """The statement lists directly inside ``s``: bodies, else and finally blocks,
    handlers."""
    blocks = [getattr(s, attr, None) or [] for attr in ("body", "orelse", "finalbody")]
    blocks += [h.body for h in getattr(s, "handlers", None) or []]
    return [b for b in blocks if b]


def all_statements(stmts: Sequence[ir.Stmt]) -> list[ir.Stmt]:
    """``stmts`` and every statement nested in them, in source order."""
    out: list[ir.Stmt] = []
    for s in stmts:
        out.append(s)
        for block in nested_blocks(s):
            out += all_statements(block)
    return out


def target_names(target: ir.NameTarget | ir.TupleTarget) -> list[str]:
    """The names an assignment target binds (``a, (b, c) = ...``: a, b, c)."""
    if isinstance(target, ir.NameTarget):
        return [target.id]
    return [name for item in target.items for name in target_names(item)]

