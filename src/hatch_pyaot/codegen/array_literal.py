"""C++ for typing/array_literal.py: ``np.array([[1, 2], [3, 4]])`` fills a new array item by
item (each stored as NumPy stores it: a Python int must fit the dtype); ``np.array(a)``
copies, ``np.asarray(a)`` is ``a`` itself unless the dtype changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatch_pyaot.codegen.arrays import HEADER, VIEW_HEADER, cast_array, store
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import ArrayType, TupleType, Type
from hatch_pyaot.typing.array_literal import shape_of

if TYPE_CHECKING:
    from hatch_pyaot.codegen.function import FunctionEmitter


def call(em: FunctionEmitter, e: ir.Call, name: str) -> str:
    t = em.spec.type_of(e)
    assert isinstance(t, ArrayType)
    source = e.args[0]
    st = em.spec.type_of(source)
    line = e.loc.line
    code = em.expr(source)
    if isinstance(st, ArrayType):
        if st.dtype != t.dtype:
            return cast_array(em, code, st, t.dtype, line)
        if name == "numpy.asarray":
            return code
        em.headers.add(VIEW_HEADER)
        out = em.temp(t)
        em.line(f"if (!pyaot::numpy::copy({out}, {code})) [[unlikely]] {em.fail(line)}")
        return out
    em.headers.add(HEADER)
    shape = shape_of(st)
    assert shape is not None
    held = em.temp(st, code) if isinstance(st, TupleType) else code
    out = em.temp(t)
    dims = ", ".join(str(d) for d in shape)
    em.line(f"if (!pyaot::numpy::empty({out}, std::array<std::int64_t, {t.ndim}>{{{dims}}})) "
            f"[[unlikely]] {em.fail(line)}")
    for k, (item, it) in enumerate(_items(held, st)):
        em.line(f"{out}.data[{k}] = {store(em, item, it, t.dtype, line)};")
    return out


def _items(code: str, t: Type) -> list[tuple[str, Type]]:
    """The numbers of nested tuples in C order, as C++ expressions."""
    if not isinstance(t, TupleType):
        return [(code, t)]
    return [leaf for i, item in enumerate(t.items)
            for leaf in _items(f"std::get<{i}>({code})", item)]
