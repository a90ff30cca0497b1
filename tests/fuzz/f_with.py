"""Area ``with``: user context managers (``__enter__``/``__exit__``, PEP 343): a manager that
suppresses or not as its argument says and logs what ``__exit__`` saw (the exception's class
name and message), one whose ``__exit__`` returns None, ``as`` bound to the manager or to
what ``__enter__`` returns, two items in one ``with``, and bodies that raise, return, break
and continue out of the block."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k
from fuzz.features import store, with_names

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

MANAGERS = '''
class Guard:
    def __init__(self, n: int, quiet: bool) -> None:
        self.n = n
        self.quiet = quiet
        self.log: list[str] = []

    def __enter__(self) -> 'Guard':
        self.log.append('in')
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: object) -> bool:
        if exc_type is None:
            self.log.append('out')
        else:
            self.log.append(exc_type.__name__ + ':' + str(exc))
        return self.quiet


class Tally:
    def __init__(self, log: list[int]) -> None:
        self.log = log

    def __enter__(self) -> int:
        self.log.append(len(self.log))
        return len(self.log)

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: object) -> None:
        self.log.append(-1 if exc_type is None else -2)
'''


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return [MANAGERS.lstrip("\n")] if "with" in features else []


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    return []


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return [("with", lambda nest: _guarded(st, nest)), ("with", lambda nest: _tally(st, nest))]


def _guarded(st: Stmts, nest: int) -> list[str]:
    """``with Guard(...) as w:`` (a body that may raise), then what its log says."""
    r = st.rng
    g, w = st.scope.fresh("g"), st.scope.fresh("w")
    quiet = r.choice(("True", "False", st.e(k.BOOL, 1)))
    lines = [f"{g} = Guard({st.e(k.INT, 1)}, {quiet})"]
    second = ""
    if r.random() < 0.3:
        second = f", Guard({st.e(k.INT, 1)}, {r.choice(('True', 'False'))}) as {st.scope.fresh('w')}"
    lines.append(f"with {g} as {w}{second}:")
    body = [f"    {w}.n = _ov({w}.n + {st.e(k.INT, 1)})"] if r.random() < 0.5 else []
    if r.random() < 0.4:
        body.append(f"    if {st.e(k.BOOL, 1)}:")
        body.append(f"        raise {r.choice(('ValueError', 'KeyError', 'RuntimeError'))}"
                    f"({st.e(k.STR, 1)})")
    body += with_names(st, {}, r.randint(1, 3), nest)
    lines += body
    value = r.choice((f"repr({g}.log)", f"' '.join({g}.log)"))
    return [*lines, store(st, k.STR, value), store(st, k.INT, f"{g}.n")]


def _tally(st: Stmts, nest: int) -> list[str]:
    """``with Tally(xs) as i:`` on a list of the function's (an argument: written back)."""
    xs = st.x.name_of(k.LIST_INT)
    if xs is None or k.LIST_INT in st.scope.no_growth:
        return []
    i = st.scope.fresh("t")
    return [f"with Tally({xs}) as {i}:", *with_names(st, {i: k.INT}, st.rng.randint(1, 2), nest),
            store(st, k.INT, f"len({xs})")]
