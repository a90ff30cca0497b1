"""Which ``x[i]`` reads of an entry point's body use their value as an array.

``x[i]`` (and ``x[i, j]`` with fewer indices than x's rank) of an n-d array is an (n-1)-d
view, as in NumPy. Where x's rank is open, such a read says how many dimensions x has at
least: one more than its indices where the value is used as an array (indexed further,
``.sum()``, an attribute, passed to a ``numpy.*`` function, returned as an array), exactly
as many where it is used as a scalar (arithmetic, compared, ``float()``, returned as a
float). Passed to a ``numpy.*`` function (``np.cos(x[i])``, a scalar or an array) it says
x has at least as many dimensions as indices, and fixes nothing. typing/ranks.py reads the
first and the last kind here.
"""

from __future__ import annotations

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType
from hatch_pyaot.ir.walk import all_statements, rewrite_exprs

NUMBER_ATTRIBUTES = frozenset({"real", "imag"})
"""Attributes numbers have too: reading them says nothing of a rank."""


def array_reads(fn: ir.Function) -> tuple[set[int], set[int]]:
    """The ``id()`` of every ``ir.Index`` whose value the body uses as an array, and of
    those only passed to ``numpy.*`` functions."""
    found: set[int] = set()
    passed: set[int] = set()
    names_used_as_arrays: set[str] = set()

    def used_as_array(e: ir.Expr) -> None:
        if isinstance(e, ir.Index):
            found.add(id(e))
        elif isinstance(e, ir.Name):
            names_used_as_arrays.add(e.id)

    def visit(e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.MethodCall):
            used_as_array(e.obj)
        elif isinstance(e, ir.Attribute) and e.name in NUMBER_ATTRIBUTES:
            pass  # x[i].real: an element's part as well as a view's
        elif isinstance(e, ir.Attribute | ir.TupleGet | ir.Index):
            used_as_array(e.value)
        elif isinstance(e, ir.Call) and isinstance(e.func, str) and e.func.startswith("numpy."):
            passed.update(id(arg) for arg in e.args if isinstance(arg, ir.Index))
        return e

    rewrite_exprs(fn, visit)
    statements = all_statements(fn.body)
    for s in statements:
        if isinstance(s, ir.SetItem):
            used_as_array(s.target)
        elif isinstance(s, ir.Return) and s.value is not None and isinstance(
                fn.returns, ArrayType):
            used_as_array(s.value)
    for s in statements:  # r = x[i], then r used as an array
        if isinstance(s, ir.Assign) and isinstance(s.target, ir.NameTarget) \
                and s.target.id in names_used_as_arrays:
            used_as_array(s.value)
    found.update(id(s) for s in _array_stores(fn, statements, found))
    return found, passed - found


def _array_stores(fn: ir.Function, statements: list[ir.Stmt], found: set[int]) -> list[ir.Stmt]:
    """``x[i] = row - m`` whose value is an array for sure (arithmetic on an array parameter
    or on a name assigned an array read): x[i] is then an (n-1)-d view, not an element."""
    arrays = {p.name for p in fn.params if isinstance(p.annotation, ArrayType)}
    arrays |= {s.target.id for s in statements if isinstance(s, ir.Assign)
               and isinstance(s.target, ir.NameTarget) and id(s.value) in found}

    def is_array(e: ir.Expr) -> bool:
        if isinstance(e, ir.Name):
            return e.id in arrays
        if isinstance(e, ir.BinOp):
            return is_array(e.left) or is_array(e.right)
        return isinstance(e, ir.UnaryOp) and is_array(e.operand)

    return [s for s in statements if isinstance(s, ir.SetItem) and is_array(s.value)]
