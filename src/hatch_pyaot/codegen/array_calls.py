"""C++ for typed.ArrayCall (typing/array_calls.py): one fallible runtime call, its arguments
converted to what the typer chose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.arrays import cast_array
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import INT, ArrayType
from hatch_pyaot.typing.typed import ArrayCall, Converted, Ints

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def emit(em: FunctionEmitter, e: ir.Expr, target: ArrayCall) -> str:
    em.headers.add(target.header)
    line = e.loc.line
    args = [_argument(em, a, line) for a in target.args]
    if target.returns_none:
        em.line(f"if (!{target.cpp}({', '.join(args)})) [[unlikely]] {em.fail(line)}")
        return "pyaot::none"
    out = em.temp(em.spec.type_of(e))
    em.line(f"if (!{target.cpp}({', '.join([out, *args])})) [[unlikely]] {em.fail(line)}")
    return out


def _argument(em: FunctionEmitter, a: Converted | Ints | str, line: int) -> str:
    if isinstance(a, str):
        return a
    if isinstance(a, Ints):
        items = ", ".join(em.cast(em.expr(x), em.spec.type_of(x), INT) for x in a.exprs)
        return f"std::array<std::int64_t, {len(a.exprs)}>{{{items}}}"
    src = em.spec.type_of(a.expr)
    code = em.expr(a.expr)
    if isinstance(src, ArrayType) and isinstance(a.type, ArrayType):
        return code if src.dtype == a.type.dtype else cast_array(em, code, src, a.type.dtype,
                                                                 line)
    return em.cast(code, src, a.type)
