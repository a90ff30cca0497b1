"""Random statements over a scope, as lines of source text (marked as exprs.py says):
assignments and in-place updates, the containers' mutating methods (on arguments and on
aliases of them), if/elif/else, ``for`` over ranges, lists, strings and dict items, counted
``while`` loops, break/continue, try/except/else/finally, raise, assert and early returns.

Every program terminates: ``while`` loops count, ``for`` loops walk a range or a container
that their body cannot grow, and recursion goes through helpers whose first argument counts
down (program.py)."""

from __future__ import annotations

import random

from fuzz import arrays, features
from fuzz import kinds as k
from fuzz.exprs import EXCEPTIONS, Exprs
from fuzz.scope import Scope

INDENT = "    "


class Stmts:
    def __init__(self, rng: random.Random, scope: Scope, result: str) -> None:
        self.rng = rng
        self.x = Exprs(rng, scope)
        self.result = result

    @property
    def scope(self) -> Scope:
        return self.x.scope

    def e(self, kind: str, depth: int = 2) -> str:
        return self.x.e(kind, depth)

    def block(self, n: int, nest: int) -> list[str]:
        """``n`` statements (at least one line), nested at most ``nest`` deep."""
        out: list[str] = []
        for _ in range(n):
            out += self.stmt(nest)
        return out or ["pass"]

    def stmt(self, nest: int) -> list[str]:
        r = self.rng
        choices = [self.assign, self.assign, self.update, self.mutate, self.mutate]
        if nest > 0:
            choices += [self.if_, self.if_, self.for_range, self.for_each, self.while_,
                        self.try_]
        breaks = "finally-break" in self.scope.features
        if self.scope.loops and not (self.scope.in_finally_try
                                     or (self.scope.in_finally and not breaks)):
            choices += [self.jump]
        choices += [self.raise_, self.early_return, self.swap, self.call_stmt]
        choices += [lambda nest: arrays.statements(self.x)]
        if self.scope.features:
            choices += [lambda nest: features.statement(self, nest)] * 3
        for _ in range(5):
            lines = r.choice(choices)(nest)
            if lines:
                return lines
        return ["pass"]

    def _inner(self, n: int, nest: int, **flags: object) -> list[str]:
        """A nested block in a child scope with ``flags`` set, indented."""
        outer = self.x.scope
        self.x.scope = outer.child()
        for name, value in flags.items():
            setattr(self.x.scope, name, value)
        try:
            return [INDENT + line for line in self.block(n, nest - 1)]
        finally:
            self.x.scope = outer

    # ---- simple statements -------------------------------------------------------------

    def assign(self, nest: int) -> list[str]:
        kind = self.rng.choice(k.RESULTS)
        names = self.scope.writable(kind)
        if not names:
            return []
        return [f"{self.rng.choice(names)} = {self.e(kind)}"]

    def update(self, nest: int) -> list[str]:
        r = self.rng
        kind = r.choice((k.INT, k.FLOAT, k.STR, k.LIST_INT, k.LIST_STR, k.SET_INT))
        names = self.scope.writable(kind)
        if not names or (kind in k.CONTAINERS and kind in self.scope.no_growth):
            return []
        v = r.choice(names)
        if kind == k.INT:
            return [f"{v} = _ov({v} {r.choice(('+', '-', '*', '//', '%'))} {self.e(kind)})"]
        if kind == k.FLOAT:
            return [f"{v} {r.choice(('+=', '-=', '*=', '/='))} {self.e(kind)}"]
        if kind == k.SET_INT:
            return [f"{v} {r.choice(('|=', '&=', '-=', '^='))} {self.e(kind)}"]
        return [f"{v} += {self.e(kind)}"]

    def mutate(self, nest: int) -> list[str]:
        """A method that changes a container in place (any name: an argument, an alias)."""
        r = self.rng
        kind = r.choice(k.CONTAINERS)
        c = self.x.name_of(kind)
        if c is None:
            return []
        grow = kind not in self.scope.no_growth
        shrink = kind not in self.scope.no_shrink
        ops: list[str] = []
        if kind in k.LISTS:
            item = k.ITEM[kind]
            if grow:
                ops += [f"{c}.append({self.e(item)})", f"{c}.insert({self.e(k.INT)}, {self.e(item)})",
                        f"{c}.extend({self.e(kind)})"]
            if shrink:
                ops += [f"{c}.pop()", f"{c}.pop({self.e(k.INT)})", f"del {c}[{self.e(k.INT)}]"]
                if item != k.FLOAT:
                    ops += [f"{c}.remove({self.e(item)})"]
            ops += [f"{c}[{self.e(k.INT)}] = {self.e(item)}", f"{c}.reverse()", f"{c}.sort()"]
            if grow and shrink:
                ops += [f"{c}.clear()"]
        elif kind == k.SET_INT:
            if grow:
                ops += [f"{c}.add({self.e(k.INT)})", f"{c}.update({self.e(k.LIST_INT)})"]
            if shrink:
                ops += [f"{c}.discard({self.e(k.INT)})", f"{c}.remove({self.e(k.INT)})",
                        f"{c}.clear()"]
        else:
            key, value = k.KEY_VALUE[kind]
            if grow:
                ops += [f"{c}[{self.e(key)}] = {self.e(value)}",
                        f"{c}.setdefault({self.e(key)}, {self.e(value)})",
                        f"{c}.update({self.e(kind)})"]
            if shrink:
                ops += [f"{c}.pop({self.e(key)})", f"{c}.pop({self.e(key)}, {self.e(value)})",
                        f"del {c}[{self.e(key)}]"]
                if kind == k.DICT_STR_INT:
                    ops += [f"{c}.popitem()"]
        return [r.choice(ops)] if ops else []

    def swap(self, nest: int) -> list[str]:
        kind = self.rng.choice((k.INT, k.FLOAT, k.STR, k.LIST_INT))
        names = self.scope.writable(kind)
        if len(names) < 2:
            ints, floats = self.scope.writable(k.INT), self.scope.writable(k.FLOAT)
            if ints and floats:
                return [f"{self.rng.choice(ints)}, {self.rng.choice(floats)} = {self.e(k.PAIR)}"]
            return []
        a, b = self.rng.sample(names, 2)
        return [f"{a}, {b} = {b}, {a}"]

    def call_stmt(self, nest: int) -> list[str]:
        helpers = [h for h in self.scope.helpers if h.result == "None"]
        if not helpers:
            return []
        h = self.rng.choice(helpers)
        if any(p in self.scope.no_growth for p in h.params):
            return []
        return [f"{h.name}(" + ", ".join(self.e(p) for p in h.params) + ")"]

    def raise_(self, nest: int) -> list[str]:
        r = self.rng
        if r.random() < 0.5:
            return [f"assert {self.e(k.BOOL)}, {self.x.fstring()}"]
        exc = r.choice(("ValueError", "KeyError", "IndexError", "ZeroDivisionError"))
        return [f"if {self.e(k.BOOL)}:", f"{INDENT}raise {exc}({self.x.fstring()})"]

    def early_return(self, nest: int) -> list[str]:
        if self.scope.in_finally_try:
            return []
        value = "" if self.result == "None" else " " + self.e(self.result)
        return [f"if {self.e(k.BOOL)}:", f"{INDENT}return{value}"]

    def jump(self, nest: int) -> list[str]:
        if self.scope.in_finally:
            self.scope.used.add("finally-break")
        return [f"if {self.e(k.BOOL)}:", f"{INDENT}{self.rng.choice(('break', 'continue'))}"]

    # ---- compound statements -----------------------------------------------------------

    def if_(self, nest: int) -> list[str]:
        r = self.rng
        out = [f"if {self.e(k.BOOL)}:", *self._inner(r.randint(1, 3), nest)]
        if r.random() < 0.3:
            out += [f"elif {self.e(k.BOOL)}:", *self._inner(r.randint(1, 2), nest)]
        if r.random() < 0.5:
            out += ["else:", *self._inner(r.randint(1, 2), nest)]
        return out

    def _loop_body(self, variables: dict[str, str], nest: int, *, iterated: str | None = None,
                   extra: list[str] | None = None) -> list[str]:
        """A loop's body, with its loop ``variables`` (name: kind) in scope, read-only."""
        outer = self.x.scope
        self.x.scope = outer.child()
        s = self.x.scope
        s.names.update(variables)
        s.readonly.update(variables)
        s.loops += 1
        if iterated is not None:
            # A list walked must not grow; a dict or set walked may (CPython's RuntimeError)
            # but must not shrink then grow again (a walk that may never end).
            (s.no_growth if iterated in k.LISTS else s.no_shrink).add(iterated)
        try:
            body = [INDENT + line for line in (extra or [])]
            return body + [INDENT + line for line in self.block(self.rng.randint(1, 3), nest - 1)]
        finally:
            self.x.scope = outer

    def _dropped(self) -> list[str]:
        """With ``finally-break``, now and then a loop body's first lines: a ``try`` that may
        raise and a ``finally`` whose ``break``/``continue`` drops the exception."""
        if "finally-break" not in self.scope.features or self.rng.random() < 0.5:
            return []
        self.scope.used.add("finally-break")
        return ["try:", f"{INDENT}if {self.e(k.BOOL, 1)}:",
                f"{INDENT * 2}raise {self.rng.choice(EXCEPTIONS)}({self.e(k.STR, 1)})",
                "finally:", f"{INDENT}if {self.e(k.BOOL, 1)}:",
                f"{INDENT * 2}{self.rng.choice(('break', 'continue'))}"]

    def for_range(self, nest: int) -> list[str]:
        r = self.rng
        i = self.scope.fresh("i")
        if r.random() < 0.5:
            head = f"range({self.e(k.INT, 1)} % {r.randint(1, 6)})"
        else:
            a, b = r.randint(-4, 4), r.randint(-4, 4)
            head = f"range({a}, {b}, {r.choice((1, 2, -1, -2, 3))})"
        out = [f"for {i} in {head}:", *self._loop_body({i: k.INT}, nest, extra=self._dropped())]
        if r.random() < 0.2:
            out += ["else:", *self._inner(1, nest)]
        return out

    def for_each(self, nest: int) -> list[str]:
        r = self.rng
        kind = r.choice((*k.LISTS, k.STR, k.DICT_STR_INT, k.SET_INT))
        c = self.x.name_of(kind)
        if c is None:
            return []
        v = self.scope.fresh("v")
        if kind == k.DICT_STR_INT:
            w = self.scope.fresh("v")
            body = self._loop_body({v: k.STR, w: k.INT}, nest, iterated=kind)
            return [f"for {v}, {w} in {c}.items():", *body]
        item = k.STR if kind == k.STR else k.ITEM[kind]
        if kind in k.LISTS and r.random() < 0.3:
            j = self.scope.fresh("j")
            body = self._loop_body({j: k.INT, v: item}, nest, iterated=kind)
            return [f"for {j}, {v} in enumerate({c}):", *body]
        return [f"for {v} in {c}:", *self._loop_body({v: item}, nest,
                                                      iterated=kind if kind != k.STR else None)]

    def while_(self, nest: int) -> list[str]:
        r = self.rng
        w = self.scope.fresh("w")
        self.scope.names[w] = k.INT
        self.scope.readonly.add(w)
        cond = f"{w} < {r.randint(1, 5)}"
        if r.random() < 0.5:
            cond += f" and {self.e(k.BOOL, 1)}"
        return [f"{w} = 0", f"while {cond}:",
                *self._loop_body({}, nest, extra=[f"{w} += 1"])]

    def try_(self, nest: int) -> list[str]:
        r = self.rng
        final = r.random() < 0.4
        jumps = "finally-jumps" in self.scope.features  # return/break/continue out of it
        flags = {"in_finally_try": True} if final and not jumps else {}
        if final and jumps:
            self.scope.used.add("finally-jumps")
        out = ["try:", *self._inner(r.randint(1, 3), nest, **flags)]
        handlers = r.randint(0 if final else 1, 2)
        for _ in range(handlers):
            names = r.sample(EXCEPTIONS, r.choice((1, 1, 2)))
            caught = names[0] if len(names) == 1 else "(" + ", ".join(names) + ")"
            out += [f"except {caught}:", *self._inner(r.randint(1, 2), nest, **flags)]
            if "reraise" in self.scope.features and r.random() < 0.3:
                self.scope.used.add("reraise")
                out += [f"{INDENT}if {self.e(k.BOOL, 1)}:", f"{INDENT * 2}raise"]
        if handlers and r.random() < 0.2:
            out += ["else:", *self._inner(1, nest, **flags)]
        if final:
            breaks = "finally-break" in self.scope.features
            last = {"in_finally": True} if jumps or breaks else {"in_finally_try": True}
            out += ["finally:", *self._inner(r.randint(1, 2), nest, **last)]

        return out
