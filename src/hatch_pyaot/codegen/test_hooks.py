"""Test-only hooks into code generation; nothing sets them outside the test suite.

``PYAOT_TEST_BAD_CPP=<name>``: the C++ emitted for every function named ``<name>`` (an entry
point or a helper) gets an ``#error`` line, so that its module's C++ fails to compile. The
tests use it to exercise, on demand, what happens when generated code does not compile
(``pipeline.build`` keeps the functions responsible in Python and builds the rest), a path no
correct code generator takes.
"""

from __future__ import annotations

import os

BAD_CPP_ENV = "PYAOT_TEST_BAD_CPP"


def bad_cpp_line(function_name: str) -> str | None:
    """The line to inject into the C++ of ``function_name``, when the test hook asks."""
    if os.environ.get(BAD_CPP_ENV) != function_name:
        return None
    return f'#error "{BAD_CPP_ENV}: a deliberate compile error (test hook)"'
