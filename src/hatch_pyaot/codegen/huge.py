"""Modules with a huge generated function are built at -O1.

GCC's -O2/-O3 take time quadratic in the size of one function (SSA updates after jump
threading, register liveness): a 5,000-statement straight-line body inside one loop is
15,000 lines of C++ and takes 37 s of CPU at -O3 with GCC 12, 5.8 s at -O1; at 2,000
statements it is 7.5 s against 2.9 s. The analysis before it is linear. So a module one of
whose functions is longer than ``HUGE_FUNCTION_LINES`` lines of C++ is built at -O1 when
-O2 or -O3 was asked for, and the build log says so. Such functions are machine-written
straight-line code, where -O1 loses little.
"""

from __future__ import annotations

HUGE_FUNCTION_LINES = 5000
"""Lines of C++ in one function above which its module is built at -O1."""

LOWERED = ("2", "3")
"""The optimization levels lowered to ``1`` for a huge function; the others are kept."""


def longest_function(cpp: str) -> int:
    """Lines of the longest function of generated C++ (each opens with a line at column 0
    ending in ``{`` and closes with a ``}`` line at column 0)."""
    longest = 0
    start: int | None = None
    for number, line in enumerate(cpp.splitlines()):
        if start is None and line.startswith("static ") and line.endswith("{"):
            start = number
        elif start is not None and line == "}":
            longest = max(longest, number - start + 1)
            start = None
    return longest


def opt_level_for(cpp: str, requested: str) -> str | None:
    """``"1"`` when ``cpp`` has a huge function and ``requested`` is -O2/-O3, else None."""
    if requested in LOWERED and longest_function(cpp) > HUGE_FUNCTION_LINES:
        return "1"
    return None
