"""The C names of a module's entry points (docs/c-abi.md): ASCII, and one per function.

Joining the dotted module name and the function name with ``_`` is not injective
(``pkg/a.py::b_c`` and ``pkg/a_b.py::c`` would both be ``pyaot_pkg_a_b_c``) and can name one
of the runtime's own exports (``error.py::message`` would be ``pyaot_error_message``). So each
part is written with its length in front, as the Itanium C++ ABI does:
``pkg.filters`` + ``blur`` -> ``pyaot_3pkg7filters4blur``. The parts can be read back one by
one, so two functions never share a name; and since a name starts with a digit or ``u``
after ``pyaot_``, the runtime's names (``pyaot_error_type``, ...) stay apart.

Python identifiers may hold non-ASCII letters (``größe``), which version scripts, export
lists and C headers do not take. A part with any is escaped: every character that is not an
ASCII letter or digit becomes ``_uXXXX`` (``_UXXXXXXXX`` above U+FFFF), and the part is
marked by a ``u`` before its length: ``größe`` -> ``u15gr_u00f6_u00dfe``. Since every ``_``
of an escaped part starts an escape, that is injective too.
"""

from __future__ import annotations

PREFIX = "pyaot_"


def ascii_identifier(name: str) -> str:
    """``name`` itself when it is ASCII, else with each non-alphanumeric character (``_``
    too) as ``_uXXXX``: a C identifier (``größe`` -> ``gr_u00f6_u00dfe``)."""
    if name.isascii():
        return name
    return "".join(c if c.isascii() and c.isalnum() else _escape(c) for c in name)


def _escape(c: str) -> str:
    code = ord(c)
    return f"_u{code:04x}" if code <= 0xFFFF else f"_U{code:08x}"


def part(name: str) -> str:
    """One length-prefixed part: ``blur`` -> ``4blur``, ``größe`` -> ``u15gr_u00f6_u00dfe``."""
    text = ascii_identifier(name)
    return f"{len(text)}{text}" if name.isascii() else f"u{len(text)}{text}"


def symbol(module_name: str, function: str) -> str:
    """``pkg.filters`` + ``blur`` -> ``pyaot_3pkg7filters4blur``."""
    return PREFIX + "".join(part(p) for p in (*module_name.split("."), function))


def header_guard(module_name: str) -> str:
    """The include guard of a module's header: ``pkg.filters`` -> ``PYAOT_H_3pkg7filters``."""
    return "PYAOT_H_" + "".join(part(p) for p in module_name.split("."))
