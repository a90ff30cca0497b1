"""Area ``complex``: complex128 and complex64 arrays made from the function's float arrays
(``a + 1j * b``, ``a * 1j``, ``astype``), with ``+ - * /`` (between them and with floats and
Python complex numbers), ``.real``/``.imag``, ``conj()``, ``np.abs`` and ``abs()``, the
ufuncs of ``UFUNCS``, ``sum()`` and ``cumsum`` read back as float arrays and floats; the right operand of an operation is a name, as in arrays.py."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from fuzz import kinds as k

UFUNCS = ("sin", "cos", "tanh", "arcsinh", "log10", "log1p", "expm1", "sign")
"""Complex ufuncs NumPy's bits are matched for (docs/values.md, "complex arrays")."""

if TYPE_CHECKING:
    from fuzz.exprs import Exprs
    from fuzz.stmts import Stmts

DTYPES = ("np.complex128", "np.complex128", "np.complex64")
SCALARS = ("1j", "(2-0.5j)", "(-0.0+1j)", "1.5", "(1e308+1e308j)")


def definitions(rng: random.Random, features: frozenset[str]) -> list[str]:
    return []


def expressions(x: Exprs) -> list[tuple[str, str, Callable[[int], str | None]]]:
    r, e, A, F = x.rng, x.e, k.ARRAY_F, k.FLOAT

    def made(d: int) -> str:
        """A complex array from the float arrays in scope."""
        choice = r.randint(0, 3)
        if choice == 0:
            return f"({e(A, d)} + 1j * {x.leaf(A)})"
        if choice == 1:
            return f"({e(A, d)} * {r.choice(SCALARS)})"
        if choice == 2:
            return f"{e(A, d)}.astype({r.choice(DTYPES)})"
        return f"({made(d - 1) if d > 0 else e(A, 0)} {r.choice('+-*/')} {r.choice(SCALARS)})"

    def z(d: int) -> str:
        """A complex array, now and then through arithmetic or ``conj()``."""
        choice = r.randint(0, 3)
        if choice == 0 and d > 0:
            return f"({z(d - 1)} {r.choice('+-*/')} {made(0)})"
        if choice == 1:
            return f"{made(d)}.conj()"
        return made(d)

    return [
        ("complex", A, lambda d: f"{z(d)}.real"),
        ("complex", A, lambda d: f"{z(d)}.imag"),
        ("complex", A, lambda d: f"np.abs({z(d)})"),
        ("complex", A, lambda d: f"abs({z(d)})"),
        ("complex", A, lambda d: f"np.{r.choice(UFUNCS)}({z(d)}).{r.choice(('real', 'imag'))}"),
        ("complex", F, lambda d: f"float(np.cumsum({z(d)})[-1:].sum().real)"),
        ("complex", F, lambda d: f"float({z(d)}.sum().real)"),
        ("complex", F, lambda d: f"float({z(d)}.sum().imag)"),
        ("complex", F, lambda d: f"float(np.abs({z(d)}).sum())"),
    ]


def statements(st: Stmts) -> list[tuple[str, Callable[[int], list[str]]]]:
    return []
