"""Room for deep syntax trees: the compiler's walks run on a thread with a large stack.

Parsing (libcst's visitors), tracing, typing and code generation are recursive over the
syntax tree and over the call graph, so ``return x + x + ...`` with 400 terms, or a chain
of 400 helpers each calling the next, needs far more than CPython's default recursion limit
of 1000 frames, although CPython itself runs such code. Raising the limit on the main
thread would trade the RecursionError for a crash (its C stack is fixed, often 8 MiB), so
the work runs on a thread of its own whose stack is sized for the raised limit; only the
address space is reserved, pages are used as the recursion reaches them.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")

STACK_BYTES = 512 * 2**20
RECURSION_LIMIT = 60_000
"""Frames allowed while a deep call runs (CPython's own parser stops nesting far earlier)."""

_lock = threading.Lock()
_active = 0
_saved_limit = 0
_here = threading.local()


def call_deep(fn: Callable[[], T]) -> T:
    """``fn()`` on a thread with a large stack and a raised recursion limit; its result, or
    its exception re-raised here."""
    if getattr(_here, "deep", False):  # already on such a thread
        return fn()
    result: list[T] = []
    error: list[BaseException] = []

    def run() -> None:
        _here.deep = True
        try:
            result.append(fn())
        except BaseException as exc:  # handed to the caller's thread
            error.append(exc)

    global _active, _saved_limit
    thread: threading.Thread | None
    with _lock:
        try:
            old_size = threading.stack_size(STACK_BYTES)
        except (ValueError, RuntimeError):  # a platform without sizable stacks
            return fn()
        try:
            thread = threading.Thread(target=run, name="pyaot-deep", daemon=True)
            if _active == 0:
                _saved_limit = sys.getrecursionlimit()
                sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
            _active += 1
            try:
                thread.start()
            except RuntimeError:  # no room for such a stack: at the normal depth
                _active -= 1
                if _active == 0:
                    sys.setrecursionlimit(_saved_limit)
                thread = None
        finally:
            threading.stack_size(old_size)
    if thread is None:
        return fn()
    try:
        thread.join()
    finally:
        with _lock:
            _active -= 1
            if _active == 0:
                sys.setrecursionlimit(_saved_limit)
    if error:
        raise error[0]
    return result[0]


CPYTHON_DEFAULT_LIMIT = 1000
"""sys.getrecursionlimit() of a fresh interpreter: what an ``import`` of the module has."""


@contextmanager
def usual_recursion_limit() -> Iterator[None]:
    """CPython's default recursion limit, for a moment: ``compile()`` scales its nesting
    limits by the current one, and should refuse what an import of the module in a fresh
    interpreter would refuse, whatever raised the limit here (call_deep, a test runner)."""
    depth = 0
    frame = sys._getframe()
    while frame is not None:  # the frames below us count against the limit too
        depth += 1
        frame = frame.f_back  # type: ignore[assignment]
    with _lock:
        before = sys.getrecursionlimit()
        sys.setrecursionlimit(CPYTHON_DEFAULT_LIMIT + depth)
        try:
            yield
        finally:
            sys.setrecursionlimit(before)
