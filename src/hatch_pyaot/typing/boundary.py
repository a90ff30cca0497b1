"""What cannot cross between CPython and a ``@compile`` function, one check per value type
(``CHECKS``): a function that would take or give one stays Python, with the checks'
diagnostics."""

from __future__ import annotations

from collections.abc import Sequence

from hatch_pyaot.errors import Diagnostic, Loc
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import Type
from hatch_pyaot.typing import closures, numpy_random

CHECKS = (closures.boundary_errors, numpy_random.boundary_errors)


def boundary_errors(fn: ir.Function, param_types: Sequence[Type | None], result: Type | None,
                    loc: Loc) -> list[Diagnostic]:
    return [d for check in CHECKS for d in check(fn, param_types, result, loc)]
