"""Refuse what CPython refuses: a module is compiled to bytecode (never run) before tracing.

libcst parses a superset of what CPython accepts: its grammar knows nothing of the limits
and the checks that CPython's compiler applies after parsing, such as "too many statically
nested blocks" (20 nested ``try``/``for``/``while``/``with``), integer literals with more
than 4300 decimal digits, ``return`` outside a function or ``nonlocal`` at module level. A
module that CPython cannot even import must not be reported as compiling, so its first
SyntaxError becomes the module's diagnostic, located where CPython locates it. The check
comes before libcst's parse, which is slow on code too deep for CPython anyway.
"""

from __future__ import annotations

import re
import warnings

from hatch_pyaot.deep import usual_recursion_limit
from hatch_pyaot.errors import Diagnostic, Loc


def cpython_error(text: str, display: str) -> Diagnostic | None:
    """CPython's complaint about a module's source, or None when it compiles."""
    try:
        with warnings.catch_warnings(), usual_recursion_limit():
            warnings.simplefilter("ignore")  # SyntaxWarnings are CPython's to print at import
            compile(text, display, "exec", dont_inherit=True)
    except SyntaxError as exc:
        line = exc.lineno or 0
        col = max(0, (exc.offset or 1) - 1)
        end = exc.end_offset - 1 if exc.end_offset and exc.end_lineno == exc.lineno else None
        message = exc.msg.split(" - Consider hexadecimal")[0]
        hint = None
        if message.startswith("Exceeds the limit") and 0 < line <= len(lines := text.splitlines()):
            # CPython points at the line only: point at the literal.
            digits = re.search(r"\d{4000,}", lines[line - 1])
            if digits is not None:
                col, end = digits.start(), digits.end()
            hint = "a compiled int has 64 bits, which this literal does not fit in either"
        return Diagnostic(Loc(display, line, col, end if end and end > col else None),
                          f"CPython rejects this module: {message}", hint=hint)
    except (RecursionError, MemoryError) as exc:
        return Diagnostic(Loc(display, 0, 0), "CPython rejects this module: its code is "
                          f"nested too deeply to compile ({type(exc).__name__})")
    except ValueError as exc:  # null bytes
        return Diagnostic(Loc(display, 0, 0), f"CPython rejects this module: {exc}")
    return None
