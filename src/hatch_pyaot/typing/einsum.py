"""``numpy.einsum`` of one to three operands, the subscripts a string written in the code
(``pyaot/numpy/einsum.hpp``): the compiler parses them, checks them against the operands'
ranks with NumPy's messages, and records one ArrayCall with each operand's axes as letter
indices. No ``...``, no ``out=``/``optimize=``/``dtype=`` (located diagnostics). An output
left implicit is the letters that appear once, in alphabetical order, as NumPy's."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, DTypeScalar, Type
from hatch_pyaot.typing import dtypes
from hatch_pyaot.typing.array_calls import Bound, Function, array, constant
from hatch_pyaot.typing.typed import ArrayCall, Converted

if TYPE_CHECKING:
    from hatch_pyaot.typing.infer import FunctionTyper

HEADER = "pyaot/numpy/einsum.hpp"


def _parse(subscripts: str, ranks: list[int]) -> tuple[list[str], str] | str:
    """(each operand's letters, the output's), or NumPy's ValueError text."""
    text = subscripts.replace(" ", "")
    if "." in text:
        return "numpy.einsum() with '...' is not supported yet"
    terms, arrow, out = text.partition("->")
    specs = terms.split(",")
    if len(specs) < len(ranks):  # NumPy's texts, the wrong way round as NumPy words them
        return "fewer operands provided to einstein sum function than specified in the " \
               "subscripts string"
    if len(specs) > len(ranks):
        return "more operands provided to einstein sum function than specified in the " \
               "subscripts string"
    for c in terms.replace(",", "") + out:
        if not c.isascii() or not c.isalpha():
            return f"invalid subscript '{c}' in einstein sum subscripts string, subscripts " \
                   "must be letters"
    for k, (spec, rank) in enumerate(zip(specs, ranks, strict=True)):
        if len(spec) > rank:
            return f"einstein sum subscripts string contains too many subscripts for operand {k}"
        if len(spec) < rank:
            return "operand has more dimensions than subscripts given in einstein sum, but no " \
                   "'...' ellipsis provided to broadcast the extra dimensions."
    if not arrow:
        counts = Counter("".join(specs))
        out = "".join(sorted(c for c, n in counts.items() if n == 1))
    for c in out:
        if out.count(c) > 1:
            return f"einstein sum subscripts string includes output subscript '{c}' multiple " \
                   "times"
        if c not in terms:
            return f"einstein sum subscripts string included output subscript '{c}' which " \
                   "never appeared in an input"
    return specs, out


def _einsum(typer: FunctionTyper, e: ir.Expr, b: Bound) -> Type | None:
    operands = [b[k] for k in sorted((k for k in b if k.startswith("xi")), key=lambda k: int(k[2:]))]
    extra = set(b) - {k for k in b if k.startswith("xi")}
    if extra or not 2 <= len(operands) <= 4:
        typer.diags.error(e.loc, "numpy.einsum() takes the subscripts and 1 to 3 arrays here "
                          "(no out=, dtype=, optimize=)")
        return None
    subscripts = constant(operands[0], str)
    if not isinstance(subscripts, str):
        typer.diags.error(operands[0].loc, "numpy.einsum() takes its subscripts as a string "
                          "written in the code")
        return None
    types = [array(typer, e, "numpy.einsum", x) for x in operands[1:]]
    arrays = [t for t in types if t is not None]
    if len(arrays) != len(types):
        return None
    parsed = _parse(subscripts, [t.ndim for t in arrays])
    if isinstance(parsed, str):
        typer.diags.error(operands[0].loc, parsed)
        return None
    specs, out = parsed
    letters = list(dict.fromkeys(out + "".join(specs)))
    dtype = arrays[0].dtype
    for t in arrays[1:]:
        dtype = dtypes.promote(dtype, t.dtype)

    def letter_map(spec: str) -> str:
        return f"std::array<int, {len(spec)}>{{{', '.join(str(letters.index(c)) for c in spec)}}}"

    args: list[Converted | str] = [f'"{"".join(letters)}"', letter_map(out)]
    for x, t, spec in zip(operands[1:], arrays, specs, strict=True):
        args += [letter_map(spec), Converted(x, ArrayType(dtype, t.ndim))]
    assert isinstance(e, ir.Call | ir.MethodCall)
    typer.spec.calls[e] = ArrayCall(f"pyaot::numpy::einsum<{len(letters)}>", HEADER,
                                    tuple(args))
    return ArrayType(dtype, len(out)) if out else DTypeScalar(dtype)


FUNCTIONS = {
    "numpy.einsum": Function((), 0, _einsum, "subscripts written in the code "
                             "(no `...`), 1 to 3 operands; sums of products in the result "
                             "dtype", variadic=True),
}
