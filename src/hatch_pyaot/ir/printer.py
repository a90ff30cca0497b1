"""The IR's text form (``pyaot explain --stage ir``) and, with types, ``--stage types``.

One statement a line, expressions as nested calls of their operator names, each statement
followed by its location. With a specialization, every name and call shows its type.
"""

from __future__ import annotations

from collections.abc import Sequence

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type


def format_function(fn: ir.Function, types: dict[ir.Expr, Type] | None = None,
                    var_types: dict[str, Type] | None = None,
                    param_types: Sequence[Type] | None = None,
                    result: Type | None = None) -> str:
    p = _Printer(types)
    params = []
    for i, prm in enumerate(fn.params):
        t = param_types[i] if param_types else prm.annotation
        text = prm.name + (f": {t}" if t is not None else "")
        if prm.default is not None:
            text += f" = {prm.default.value!r}"
        params.append(text)
    ret = result if result is not None else fn.returns
    p.out.append(f"func {fn.ref}({', '.join(params)})"
                 + (f" -> {ret}" if ret is not None else "") + f"  # {fn.loc}")
    if var_types:
        p.out.append("  locals: " + ", ".join(f"{k}: {v}" for k, v in var_types.items()))
    p.block(fn.body, 1)
    return "\n".join(p.out) + "\n"


class _Printer:
    def __init__(self, types: dict[ir.Expr, Type] | None) -> None:
        self.types = types
        self.out: list[str] = []

    def line(self, depth: int, text: str, s: ir.Stmt) -> None:
        self.out.append(f"{'  ' * depth}{text}  # :{s.loc.line}:{s.loc.col + 1}")

    def block(self, stmts: Sequence[ir.Stmt], depth: int) -> None:
        if not stmts:
            self.out.append("  " * depth + "pass")
        for s in stmts:
            self.stmt(s, depth)

    def stmt(self, s: ir.Stmt, d: int) -> None:
        if isinstance(s, ir.Assign):
            self.line(d, f"{_target(s.target)} = {self.expr(s.value)}", s)
        elif isinstance(s, ir.AugAssign):
            self.line(d, f"%{s.target.id} = {s.op.value}(%{s.target.id}, {self.expr(s.value)})", s)
        elif isinstance(s, ir.SetItem):
            self.line(d, f"setitem({self.expr(s.target)}, {self.expr(s.index)}, "
                      f"{self.expr(s.value)})", s)
        elif isinstance(s, ir.SetAttr):
            self.line(d, f"setattr({self.expr(s.target)}, {s.name!r}, {self.expr(s.value)})", s)
        elif isinstance(s, ir.DelItem):
            self.line(d, f"delitem({self.expr(s.target)}, {self.expr(s.index)})", s)
        elif isinstance(s, ir.ExprStmt):
            self.line(d, self.expr(s.value), s)
        elif isinstance(s, ir.If):
            self.line(d, f"if {self.expr(s.test)}:", s)
            self.block(s.body, d + 1)
            self._clause("else", s.orelse, d)
        elif isinstance(s, ir.While):
            self.line(d, f"while {self.expr(s.test)}:", s)
            self.block(s.body, d + 1)
            self._clause("else", s.orelse, d)
        elif isinstance(s, ir.Try):
            self.line(d, "try:", s)
            self.block(s.body, d + 1)
            for h in s.handlers:
                caught = f" ({', '.join(h.types)})" if h.types is not None else ""
                named = f" as %{h.name}" if h.name else ""
                self._clause("except" + caught + named, h.body, d, always=True)
            self._clause("else", s.orelse, d)
            self._clause("finally", s.finalbody, d)
        elif isinstance(s, ir.ForEach):
            self.line(d, f"for {_target(s.target)} in {self.expr(s.iterable)}:", s)
            self.block(s.body, d + 1)
            self._clause("else", s.orelse, d)
        elif isinstance(s, ir.ForRange):
            self.line(d, f"for {s.target.id} in range({self.expr(s.start)}, {self.expr(s.stop)}, "
                      f"{self.expr(s.step)}):", s)
            self.block(s.body, d + 1)
            self._clause("else", s.orelse, d)
        elif isinstance(s, ir.Return):
            self.line(d, "return" + (f" {self.expr(s.value)}" if s.value else ""), s)
        elif isinstance(s, ir.ReduceStep):
            self.line(d, f"reduce {self.expr(s.value)}", s)
        elif isinstance(s, ir.Yield):
            assigned = f"{_target(s.target)} = " if s.target is not None else ""
            self.line(d, assigned + "yield" + (f" {self.expr(s.value)}" if s.value else ""), s)
        elif isinstance(s, ir.Raise):
            cause = f" from {self.expr(s.cause)}" if s.cause is not None else ""
            if isinstance(s, ir.RaiseValue) and s.message is not None:
                self.line(d, f"raise {self.expr(s.message)}{cause}", s)
            else:
                msg = f"({self.expr(s.message)})" if s.message else ""
                self.line(d, f"raise {s.exc}{msg}{cause}".rstrip(), s)
        elif isinstance(s, ir.Assert):
            msg = f", {self.expr(s.message)}" if s.message else ""
            self.line(d, f"assert {self.expr(s.test)}{msg}", s)
        else:
            self.line(d, type(s).__name__.lower(), s)

    def _clause(self, keyword: str, stmts: Sequence[ir.Stmt], d: int,
                always: bool = False) -> None:
        """``else:``, ``except ...:`` or ``finally:`` and its block (omitted when empty)."""
        if stmts or always:
            self.out.append("  " * d + keyword + ":")
            self.block(stmts, d + 1)

    def expr(self, e: ir.Expr) -> str:
        text = self._expr(e)
        if self.types is not None and e in self.types and not isinstance(e, ir.Const):
            return f"{text}: {self.types[e]}"
        return text

    def _expr(self, e: ir.Expr) -> str:
        if isinstance(e, ir.Const):
            return repr(e.value)
        if isinstance(e, ir.Name):
            return f"%{e.id}"
        if isinstance(e, ir.TupleExpr):
            return "tuple(" + ", ".join(self.expr(i) for i in e.items) + ")"
        if isinstance(e, ir.ListExpr):
            return "list(" + ", ".join(self.expr(i) for i in e.items) + ")"
        if isinstance(e, ir.SetExpr):
            return "set(" + ", ".join(self.expr(i) for i in e.items) + ")"
        if isinstance(e, ir.DictExpr):
            return "dict(" + ", ".join(f"{self.expr(k)}: {self.expr(v)}"
                                       for k, v in zip(e.keys, e.values, strict=True)) + ")"
        if isinstance(e, ir.Index):
            return f"getitem({self.expr(e.value)}, {self.expr(e.index)})"
        if isinstance(e, ir.TupleGet):
            return f"getitem({self.expr(e.value)}, {e.index})"
        if isinstance(e, ir.MethodCall):
            args = [self.expr(a) for a in e.args] + [f"{k}={self.expr(v)}" for k, v in e.kwargs]
            return f"{self.expr(e.obj)}.{e.name}({', '.join(args)})"
        if isinstance(e, ir.SliceExpr):
            return "slice(" + ", ".join("None" if b is None else self.expr(b)
                                        for b in (e.start, e.stop, e.step)) + ")"
        if isinstance(e, ir.DTypeLit):
            return f"dtype({e.dtype})"
        if isinstance(e, ir.Attribute):
            return f"getattr({self.expr(e.value)}, {e.name!r})"
        if isinstance(e, ir.BinOp):
            return f"{e.op.value}({self.expr(e.left)}, {self.expr(e.right)})"
        if isinstance(e, ir.UnaryOp):
            return f"{e.op.value}({self.expr(e.operand)})"
        if isinstance(e, ir.Compare):
            parts = [self.expr(e.left)]
            for op, c in zip(e.ops, e.comparators, strict=True):
                parts += [op.value, self.expr(c)]
            return "compare(" + ", ".join(parts) + ")"
        if isinstance(e, ir.BoolOp):
            return f"{e.op.value}(" + ", ".join(self.expr(v) for v in e.values) + ")"
        if isinstance(e, ir.Lambda):
            return f"lambda({', '.join('%' + p for p in e.params)}: {self.expr(e.body)})"
        if isinstance(e, ir.MakeClosure):
            env = [("&" if c.by_cell else "%") + c.outer for c in e.captures]
            env += [self.expr(d) for d in e.defaults]
            return f"closure[{e.ref}](" + ", ".join(env) + ")"
        if isinstance(e, ir.CallValue):
            args = [self.expr(a) for a in e.args] + [f"{k}={self.expr(v)}" for k, v in e.kwargs]
            return f"call_value({self.expr(e.callee)}; " + ", ".join(args) + ")"
        if isinstance(e, ir.EnvItem):
            return f"env({self.expr(e.value)}, {e.index})"
        if isinstance(e, ir.TypeCheck):
            form = "type_is" if e.exact else "isinstance"
            return f"{form}({self.expr(e.value)}, {'|'.join(e.classes)})"
        if isinstance(e, ir.Comprehension):
            inner = _Printer(self.types)
            inner.stmt(e.loop, 0)
            loop = " ".join(line.split("  #")[0].strip() for line in inner.out)
            start = f", start={self.expr(e.start)}" if e.start is not None else ""
            return f"{e.kind}({loop}{start})"
        if isinstance(e, ir.FormatStr):
            parts = [repr(p) if isinstance(p, str) else
                     self.expr(p.value) + (f"!{p.conversion}" if p.conversion else "")
                     + (f":{p.spec}" if p.spec else "") for p in e.parts]
            return "format(" + ", ".join(parts) + ")"
        if isinstance(e, ir.IfExp):
            return f"select({self.expr(e.test)}, {self.expr(e.body)}, {self.expr(e.orelse)})"
        if isinstance(e, ir.Call | ir.Construct):
            args = [self.expr(a) for a in e.args] + [f"{k}={self.expr(v)}" for k, v in e.kwargs]
            what = f"call[{e.func}]" if isinstance(e, ir.Call) else f"new[{e.cls}]"
            return what + "(" + ", ".join(args) + ")"
        return type(e).__name__


def _target(t: ir.Target) -> str:
    if isinstance(t, ir.NameTarget):
        return f"%{t.id}"
    return "(" + ", ".join(_target(i) for i in t.items) + ")"
