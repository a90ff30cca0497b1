"""Random well-typed expressions of a kind, as source text.

Where compiled code documents another meaning than CPython's, the text says which:
``_ov(e)`` marks an int operation whose CPython result may leave int64 (compiled code raises
OverflowError there), ``_ovf_sum(xs)`` a sum whose partial sums may; program.py turns the
marked text into the module that is compiled (the markers dropped) and the one CPython runs
(the markers checking). Every production takes the depth left and gives None where the scope
has nothing to build it from."""

from __future__ import annotations

import random
from collections.abc import Callable

from fuzz import arrays, features
from fuzz import kinds as k
from fuzz.scope import Scope

INT_LITERALS = ("0", "1", "2", "3", "-1", "7", "10", "100", "255", "9223372036854775807",
                "(-9223372036854775807 - 1)", "4611686018427387904", "3037000499", "-5")
FLOAT_LITERALS = ("0.0", "-0.0", "1.0", "0.5", "-2.5", "0.1", "1e308", "5e-324", "1e-300",
                  "float('inf')", "float('-inf')", "float('nan')", "2.0", "3.75")
STR_LITERALS = ("''", "'a'", "'b'", "'ab'", "' '", "'ß'", "'Σ'", "'😀'", "'x,y'", "'İ'",
                "'e\\u0301'", "'12'", "'ﬁ'", "','", "'中文'")
FLOAT_MATH = ("sqrt", "exp", "log", "sin", "cos", "atan", "tanh", "fabs", "log1p", "expm1",
              "erf", "cbrt", "asin", "acosh", "gamma", "lgamma", "log2", "log10", "ceil",
              "trunc")
INT_MATH = ("ceil", "floor", "trunc")
"""Float functions of math (ceil, trunc: an int); INT_MATH: those whose result is an int."""
EXCEPTIONS = ("ZeroDivisionError", "ValueError", "IndexError", "KeyError", "OverflowError",
              "ArithmeticError", "LookupError", "Exception", "TypeError", "AssertionError")
STR_METHODS = ("upper", "lower", "strip", "title", "casefold", "swapcase", "capitalize",
               "lstrip", "rstrip")
STR_PREDICATES = ("isdigit", "isalpha", "isspace", "isupper", "islower", "isalnum",
                  "isdecimal", "isnumeric", "istitle")

Production = Callable[[int], "str | None"]


class Exprs:
    def __init__(self, rng: random.Random, scope: Scope) -> None:
        self.rng = rng
        self.scope = scope
        self.table: dict[str, list[Production]] = {
            k.INT: self._ints(), k.FLOAT: self._floats(), k.BOOL: self._bools(),
            k.STR: self._strs(), k.LIST_INT: self._list_ints(),
            k.LIST_FLOAT: self._list_floats(), k.LIST_STR: self._list_strs(),
            k.DICT_STR_INT: self._dicts_si(), k.DICT_INT_FLOAT: self._dicts_if(),
            k.SET_INT: self._sets(), k.PAIR: [lambda d: f"({self.e(k.INT, d)}, "
                                               f"{self.e(k.FLOAT, d)})"],
        }
        for kind, more in arrays.productions(self).items():
            self.table.setdefault(kind, []).extend(more)
        for kind, more in features.productions(self).items():
            self.table.setdefault(kind, []).extend(more)

    # ---- the entry point ---------------------------------------------------------------

    def e(self, kind: str, depth: int) -> str:
        """An expression of ``kind``: a name or literal at depth 0, else a random production
        (a name or literal now and then all the same)."""
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf(kind)
        productions = self.table[kind]
        for _ in range(6):
            text = self.rng.choice(productions)(depth - 1)
            if text is not None:
                return text
        return self.leaf(kind)

    def leaf(self, kind: str) -> str:
        names = self.scope.of(kind)
        if names and self.rng.random() < 0.75:
            return self.rng.choice(names)
        return self.literal(kind)

    def literal(self, kind: str) -> str:
        r = self.rng
        if kind == k.INT:
            return r.choice(INT_LITERALS)
        if kind == k.FLOAT:
            return r.choice(FLOAT_LITERALS)
        if kind == k.BOOL:
            return r.choice(("True", "False"))
        if kind == k.STR:
            return r.choice(STR_LITERALS)
        if kind == k.PAIR:
            return f"({self.literal(k.INT)}, {self.literal(k.FLOAT)})"
        if kind == k.VAR_INT:
            return f"tuple({self.literal(k.LIST_INT)})"
        if kind in k.ARRAYS:
            return arrays.literal(r, kind)
        if kind in k.LISTS:
            item = k.ITEM[kind]
            return "[" + ", ".join(self.literal(item) if item != k.FLOAT else
                                   r.choice(("1.5", "-0.0", "2.0", "0.25"))
                                   for _ in range(r.randint(1, 3))) + "]"
        if kind == k.SET_INT:
            return "{" + ", ".join(str(r.randint(-5, 5)) for _ in range(r.randint(1, 3))) + "}"
        key, value = k.KEY_VALUE[kind]
        keys = [self.literal(key) if key == k.STR else str(r.randint(-3, 3))
                for _ in range(r.randint(1, 3))]
        return "{" + ", ".join(f"{key}: {self.literal(value)}" for key in keys) + "}"

    def name_of(self, kind: str) -> str | None:
        names = self.scope.of(kind)
        return self.rng.choice(names) if names else None

    def comp(self, var_kind: str, iterable: str, body: Callable[[str], str]) -> str:
        """``body(v)`` with ``v`` a new name of ``var_kind`` in scope (a comprehension's or a
        lambda's variable); ``iterable`` is made before, without ``v`` in its scope."""
        v = self.scope.fresh("c")
        outer = self.scope
        self.scope = outer.child()
        self.scope.names[v] = var_kind
        self.scope.readonly.add(v)
        try:
            return body(v).replace("@IT@", iterable)
        finally:
            self.scope = outer

    def call(self, result: str, d: int) -> str | None:
        helpers = [h for h in self.scope.helpers if h.result == result]
        if not helpers:
            return None
        h = self.rng.choice(helpers)
        if h.name.startswith("rec"):  # bounded recursion: its first argument is the depth
            rest = ", ".join(self.e(p, d) for p in h.params[1:])
            return f"{h.name}({self.e(k.INT, d)} % 7{', ' if rest else ''}{rest})"
        return f"{h.name}(" + ", ".join(self.e(p, d) for p in h.params) + ")"

    def fstring(self) -> str:
        """An f-string of names (no nested quotes: Python 3.11's f-strings cannot have them),
        with a format spec now and then."""
        r = self.rng
        fields = []
        for kind, specs in ((k.INT, ("", ":>6", ":+d", ":05d", ":<4")),
                            (k.FLOAT, ("", ":.2f", ":e", ":g", ":+.3e", ":8.1%")),
                            (k.STR, ("", "!r", ":>5", ":<3"))):
            name = self.name_of(kind)
            if name is not None:
                fields.append(f"{{{name}{r.choice(specs)}}}")
        r.shuffle(fields)
        return "f'<" + "|".join(fields) + ">'"

    def cond(self, d: int, a: str, b: str) -> str:
        return f"({a} if {self.e(k.BOOL, d)} else {b})"

    # ---- numbers -----------------------------------------------------------------------

    def _ints(self) -> list[Production]:
        r, e, I, F = self.rng, self.e, k.INT, k.FLOAT  # noqa: E741
        return [
            lambda d: f"_ov({e(I, d)} {r.choice('+-*')} {e(I, d)})",
            lambda d: f"_ov({e(I, d)} {r.choice(('//', '%'))} {e(I, d)})",
            lambda d: f"({e(I, d)} {r.choice('&|^')} {e(I, d)})",
            lambda d: f"({e(I, d)} >> ({e(I, d)} % 70))",
            lambda d: f"_ov({e(I, d)} << ({e(I, d)} % 66))",
            lambda d: f"_ov({r.choice(('-', 'abs'))}({e(I, d)}))",
            lambda d: f"(~{e(I, d)})",
            lambda d: f"_ov({e(I, d)} ** {r.randint(0, 3)})",
            lambda d: f"{r.choice(('min', 'max'))}({e(I, d)}, {e(I, d)})",
            lambda d: f"len({e(r.choice((k.STR, *k.CONTAINERS)), d)})",
            lambda d: f"_ov({r.choice(('int', 'round'))}({e(F, d)}))",
            lambda d: f"_ov(math.{r.choice(INT_MATH)}({e(F, d)}))",
            lambda d: f"_ov(math.gcd({e(I, d)}, {e(I, d)}))",
            lambda d: f"ord({e(k.STR, d)}[{e(I, d)}])",
            lambda d: f"{e(k.LIST_INT, d)}[{e(I, d)}]",
            lambda d: f"{e(k.DICT_STR_INT, d)}.get({e(k.STR, d)}, {e(I, d)})",
            lambda d: f"{e(k.DICT_STR_INT, d)}[{e(k.STR, d)}]",
            lambda d: f"{e(k.PAIR, d)}[0]",
            lambda d: self.cond(d, e(I, d), e(I, d)),
            lambda d: f"_ovf_sum({e(k.LIST_INT, d)})",
            lambda d: f"{e(k.STR, d)}.{r.choice(('find', 'count', 'rfind'))}({e(k.STR, d)})",
            lambda d: f"{e(k.LIST_INT, d)}.{r.choice(('count', 'index'))}({e(I, d)})",
            lambda d: f"({e(I, d)} {r.choice(('and', 'or'))} {e(I, d)})",
            lambda d: f"int({e(k.BOOL, d)})",
            lambda d: f"{r.choice(('min', 'max'))}({e(k.LIST_INT, d)})",
            lambda d: f"len({e(k.STR, d)}.split({r.choice(('', repr(','), repr(' ')))}))",
            lambda d: self.call(I, d),
            lambda d: self._optional(lambda o: f"({o} if {o} is not None else {e(I, d)})"),
            lambda d: self._optional(lambda o: f"({o} or {e(I, d)})"),
        ]

    def _optional(self, use: Callable[[str], str]) -> str | None:
        """``use(name)`` of an ``int | None`` parameter, if there is one."""
        name = self.name_of(k.OPT_INT)
        return None if name is None else use(name)

    def _floats(self) -> list[Production]:
        r, e, I, F = self.rng, self.e, k.INT, k.FLOAT  # noqa: E741
        return [
            lambda d: f"({e(F, d)} {r.choice(('+', '-', '*', '/'))} {e(F, d)})",
            lambda d: f"({e(F, d)} {r.choice(('//', '%'))} {e(F, d)})",
            lambda d: f"({e(I, d)} / {e(I, d)})",
            lambda d: f"({e(F, d)} * {e(I, d)})",
            lambda d: f"(-{e(F, d)})",
            lambda d: f"abs({e(F, d)})",
            lambda d: f"float({e(I, d)})",
            lambda d: f"({e(F, d)} ** {r.randint(0, 3)})",
            lambda d: f"(abs({e(F, d)}) ** {e(F, d)})",
            lambda d: f"math.{r.choice(FLOAT_MATH[:-2])}({e(F, d)})",
            lambda d: f"math.{r.choice(('copysign', 'fmod', 'atan2', 'hypot', 'pow', 'remainder'))}"
                      f"({e(F, d)}, {e(F, d)})",
            lambda d: f"{r.choice(('min', 'max'))}({e(F, d)}, {e(F, d)})",
            lambda d: f"round({e(F, d)}, {r.randint(-2, 3)})",
            lambda d: f"{e(k.PAIR, d)}[1]",
            lambda d: f"{e(k.LIST_FLOAT, d)}[{e(I, d)}]",
            lambda d: f"{e(k.DICT_INT_FLOAT, d)}.get({e(I, d)}, {e(F, d)})",
            lambda d: f"{e(k.DICT_INT_FLOAT, d)}[{e(I, d)}]",
            lambda d: f"(0.0 + sum({e(k.LIST_FLOAT, d)}))",
            lambda d: self.cond(d, e(F, d), e(F, d)),
            lambda d: f"float({r.choice(WORD_NUMBERS)})",
            lambda d: f"math.ldexp({e(F, d)}, {e(I, d)} % 40)",
            lambda d: f"math.frexp({e(F, d)})[0]",
            lambda d: f"math.modf({e(F, d)})[{r.randint(0, 1)}]",
            lambda d: self.call(F, d),
        ]

    def _bools(self) -> list[Production]:
        r, e, I, F, S = self.rng, self.e, k.INT, k.FLOAT, k.STR  # noqa: E741
        cmp = ("<", "<=", ">", ">=", "==", "!=")
        return [
            lambda d: f"({e(I, d)} {r.choice(cmp)} {e(I, d)})",
            lambda d: f"({e(F, d)} {r.choice(cmp)} {e(F, d)})",
            lambda d: f"({e(I, d)} {r.choice(cmp)} {e(F, d)})",
            lambda d: f"({e(S, d)} {r.choice(cmp)} {e(S, d)})",
            lambda d: f"({e(I, d)} < {e(I, d)} <= {e(I, d)})",
            lambda d: f"(not {e(k.BOOL, d)})",
            lambda d: f"({e(k.BOOL, d)} {r.choice(('and', 'or'))} {e(k.BOOL, d)})",
            lambda d: f"({e(I, d)} in {e(r.choice((k.LIST_INT, k.SET_INT)), d)})",
            lambda d: f"({e(S, d)} {r.choice(('in', 'not in'))} {e(r.choice((S, k.LIST_STR, k.DICT_STR_INT)), d)})",
            lambda d: f"math.{r.choice(('isnan', 'isinf', 'isfinite'))}({e(F, d)})",
            lambda d: f"{e(S, d)}.{r.choice(('startswith', 'endswith'))}({e(S, d)})",
            lambda d: f"{e(S, d)}.{r.choice(STR_PREDICATES)}()",
            lambda d: f"bool({e(r.choice((I, F, S)), d)})",
            lambda d: f"({e(k.LIST_INT, d)} {r.choice(cmp)} {e(k.LIST_INT, d)})",
            lambda d: f"({e(k.SET_INT, d)} {r.choice(('<=', '>=', '==', '<'))} {e(k.SET_INT, d)})",
            lambda d: f"({e(k.PAIR, d)} {r.choice(cmp)} {e(k.PAIR, d)})",
            lambda d: f"{r.choice(('any', 'all'))}({e(k.LIST_INT, d)})",
            lambda d: f"math.isclose({e(F, d)}, {e(F, d)})",
            lambda d: self.cond(d, e(k.BOOL, d), e(k.BOOL, d)),
            lambda d: self.call(k.BOOL, d),
            lambda d: self._optional(lambda o: f"({o} {r.choice(('is', 'is not'))} None)"),
        ]

    # ---- strings -----------------------------------------------------------------------

    def _strs(self) -> list[Production]:
        r, e, I, S = self.rng, self.e, k.INT, k.STR  # noqa: E741
        return [
            lambda d: f"({e(S, d)} + {e(S, d)})",
            lambda d: f"({e(S, d)} * ({e(I, d)} % 4))",
            lambda d: f"{e(S, d)}[{e(I, d)}:{e(I, d)}]",
            lambda d: f"{e(S, d)}[::{r.choice(('-1', '2', '-2'))}]",
            lambda d: f"{e(S, d)}[{e(I, d)}]",
            lambda d: f"{e(S, d)}.{r.choice(STR_METHODS)}()",
            lambda d: f"{e(S, d)}.replace({e(S, d)}, {e(S, d)})",
            lambda d: f"str({e(r.choice((I, k.FLOAT, k.BOOL)), d)})",
            lambda d: f"repr({e(r.choice((S, k.FLOAT)), d)})",
            lambda d: self.fstring(),
            lambda d: f"chr({e(I, d)} % 1114112)",
            lambda d: f"{e(S, d)}.join({e(k.LIST_STR, d)})",
            lambda d: f"{e(S, d)}.{r.choice(('center', 'ljust', 'rjust'))}({e(I, d)} % 12, "
                      f"{r.choice(STR_LITERALS[1:3])})",
            lambda d: f"{e(S, d)}.{r.choice(('partition', 'rpartition'))}({e(S, d)})[{r.randint(0, 2)}]",
            lambda d: f"{e(k.LIST_STR, d)}[{e(I, d)}]",
            lambda d: f"{e(S, d)}.zfill({e(I, d)} % 9)",
            lambda d: self.cond(d, e(S, d), e(S, d)),
            lambda d: self.call(S, d),
        ]

    # ---- containers --------------------------------------------------------------------

    def _sequence(self, kind: str) -> list[Production]:
        """What every list kind has: ``+``, slices, sorted, copy, a conditional."""
        r, e, L = self.rng, self.e, kind
        return [
            lambda d: f"({e(L, d)} + {e(L, d)})",
            lambda d: f"{e(L, d)}[{e(k.INT, d)}:{e(k.INT, d)}]",
            lambda d: f"{e(L, d)}[::{r.choice(('-1', '2', '-3'))}]",
            lambda d: f"sorted({e(L, d)}{r.choice(('', ', reverse=True'))})",
            lambda d: f"{e(L, d)}.copy()",
            lambda d: self.cond(d, e(L, d), e(L, d)),
        ]

    def _list_ints(self) -> list[Production]:
        e, I, L = self.e, k.INT, k.LIST_INT  # noqa: E741
        return [
            *self._sequence(L),
            lambda d: self.comp(I, e(L, d), lambda v: f"sorted(@IT@, key=lambda {v}: {e(I, d)})"),
            lambda d: self.comp(I, e(L, d), lambda v: f"[{e(I, d)} for {v} in @IT@ if {e(k.BOOL, d)}]"),
            lambda d: self.comp(k.STR, e(k.LIST_STR, d), lambda v: f"[{e(I, d)} for {v} in @IT@]"),
            lambda d: f"({e(L, d)} * ({e(I, d)} % 3))",
            lambda d: f"list({e(k.SET_INT, d)})",
            lambda d: f"sorted({e(k.SET_INT, d)})",
            lambda d: f"list({e(k.DICT_STR_INT, d)}.values())",
            lambda d: f"[ord(c) for c in {e(k.STR, d)}]",
        ]

    def _list_floats(self) -> list[Production]:
        e, F, L = self.e, k.FLOAT, k.LIST_FLOAT
        return [
            *self._sequence(L),
            lambda d: self.comp(F, e(L, d), lambda v: f"[{e(F, d)} for {v} in @IT@]"),
            lambda d: self.comp(k.INT, e(k.LIST_INT, d), lambda v: f"[float({v}) for {v} in @IT@]"),
            lambda d: f"list({e(k.DICT_INT_FLOAT, d)}.values())",
        ]

    def _list_strs(self) -> list[Production]:
        r, e, S, L = self.rng, self.e, k.STR, k.LIST_STR
        return [
            lambda d: f"{e(S, d)}.split()",
            lambda d: f"{e(S, d)}.split({e(S, d)})",
            lambda d: f"list({e(S, d)})",
            *self._sequence(L),
            lambda d: f"sorted({e(L, d)}, key={r.choice(('len', 'str.lower'))})",
            lambda d: f"list({e(k.DICT_STR_INT, d)})",
            lambda d: self.comp(S, e(L, d), lambda v: f"[{e(S, d)} for {v} in @IT@]"),
        ]

    def _dicts_si(self) -> list[Production]:
        e, S, D = self.e, k.STR, k.DICT_STR_INT
        return [
            lambda d: f"{e(D, d)}.copy()",
            lambda d: f"dict({e(D, d)})",
            lambda d: self.comp(S, e(k.LIST_STR, d), lambda v: f"{{{v}: len({v}) for {v} in @IT@}}"),
            lambda d: f"({e(D, d)} | {e(D, d)})",
            lambda d: f"{{{e(S, d)}: {e(k.INT, d)}}}",
        ]

    def _dicts_if(self) -> list[Production]:
        e, D = self.e, k.DICT_INT_FLOAT
        return [
            lambda d: f"{e(D, d)}.copy()",
            lambda d: self.comp(k.INT, e(k.LIST_INT, d),
                                lambda v: f"{{{v}: float({v}) for {v} in @IT@}}"),
            lambda d: f"{{{e(k.INT, d)}: {e(k.FLOAT, d)}}}",
        ]

    def _sets(self) -> list[Production]:
        r, e, I, T = self.rng, self.e, k.INT, k.SET_INT  # noqa: E741
        return [
            lambda d: f"({e(T, d)} {r.choice('|&-^')} {e(T, d)})",
            lambda d: f"set({e(k.LIST_INT, d)})",
            lambda d: self.comp(I, e(k.LIST_INT, d), lambda v: f"{{{v} % 5 for {v} in @IT@}}"),
            lambda d: f"{e(T, d)}.copy()",
            lambda d: f"{{{e(I, d)}, {e(I, d)}}}",
        ]


WORD_NUMBERS = ("'1.5'", "' -2 '", "'1e400'", "'nan'", "'inf'", "'abc'", "'٣.٥'", "''",  # noqa: RUF001
                "'0x10'", "'1_000.5'")
