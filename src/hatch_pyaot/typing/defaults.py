"""Whether an entry point's default value fits its parameter's annotation.

The wrapper of an entry point starts each parameter at its default, converted to the
annotated C++ type, so a default of another type (``x: float = None``) is either a C++ error
or a silently different value (``x: int = True`` would arrive as ``1``). Such a default is
refused with a diagnostic on it, and the function stays Python. ``int`` for ``float`` is the
one widening allowed, as for the arguments themselves (PEP 484's numeric tower).
``None`` fits ``None`` and ``Optional[T]`` (whose other defaults must fit ``T``).
"""

from __future__ import annotations

from hatch_pyaot.errors import Diagnostic
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import BOOL, FLOAT, INT, NONE, STR, OptionalType, Type

_FITS: dict[Type, tuple[type, ...]] = {
    BOOL: (bool,),
    INT: (int,),
    FLOAT: (int, float),
    STR: (str,),
    NONE: (type(None),),
}


def default_mismatch(param: ir.Param, annotation: Type) -> Diagnostic | None:
    """A diagnostic on ``param``'s default when it does not fit ``annotation``, else None."""
    default = param.default
    if default is None:
        return None
    value = default.value
    if isinstance(annotation, OptionalType):
        if value is None:
            return None
        annotation = annotation.item
    allowed = _FITS.get(annotation)
    if allowed is None:
        return Diagnostic(default.loc, f"default value of '{param.name}': parameters of type "
                          f"'{annotation}' cannot have a default value yet")
    if isinstance(value, allowed) and not (isinstance(value, bool) and annotation != BOOL):
        return None
    hint = None
    if value is None:
        hint = f"annotate it Optional[{annotation}] (or {annotation} | None) to take None"
    return Diagnostic(default.loc, f"default value {value!r} of '{param.name}' does not match "
                      f"its annotation '{annotation}'", hint=hint)
