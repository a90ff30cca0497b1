"""hatch-pyaot: ahead-of-time compiled kernels for typed Python functions.

At run time this package is only the ``@compile`` decorator: it swaps a top-level function
for its native version when a valid native module (``kernels.pyaot<EXT_SUFFIX>`` next to
``kernels.py``) exists, and otherwise returns the Python function unchanged. Importing it
is cheap: the standard library only, and the loader is imported on first use. The compiler
itself (tracer, typing, codegen, toolchains) is never imported from here. This file and
``runtime/loader.py`` are the ``hatch-pyaot-runtime`` distribution (``runtime/`` at the root
of the repository), all that an installed package needs; the compiler's ``hatch-pyaot``
carries the rest of the import package.
"""

from __future__ import annotations

import os
import types

# ``typing`` alone would double the import time; annotations are strings here.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any, ParamSpec, Protocol, TypeVar, overload

    _P = ParamSpec("_P")
    _R = TypeVar("_R", covariant=True)

    class CompiledFunction(Protocol[_P, _R]):
        """What ``@compile`` returns, for type checkers (it exists only for them: import it
        under ``if TYPE_CHECKING:``): callable exactly as the decorated function, whose
        Python version is ``py_func``. At run time it is the native function, or the Python
        function itself (which then has ``py_func`` too)."""

        __name__: str
        __qualname__: str

        def __call__(self, *args: _P.args, **kwargs: _P.kwargs) -> _R: ...

        @property
        def py_func(self) -> Callable[_P, _R]: ...

__version__ = "0.1.0"

__all__ = [
    "StaleNativeModuleWarning", "__version__", "artifacts", "compile", "is_compiled", "onnx_model",
]


class StaleNativeModuleWarning(UserWarning):
    """A native module exists but cannot be used (built from other sources, another ABI,
    or it failed to load); the Python functions are used instead."""


def _disabled() -> bool:
    value = os.environ.get("PYAOT_DISABLE", "")
    return value not in ("", "0")


def _check_options(
    tag: object, description: object, sandbox: object, metadata: object, targets: object
) -> None:
    for name, value, expected in (
        ("tag", tag, str),
        ("description", description, str),
        ("sandbox", sandbox, bool),
        ("metadata", metadata, dict),
    ):
        if value is not None and not isinstance(value, expected):
            raise TypeError(
                f"@compile option {name!r} must be {expected.__name__}, not {type(value).__name__}"
            )
    if targets is not None and (
        not isinstance(targets, list | tuple) or not all(isinstance(t, str) for t in targets)
    ):
        raise TypeError(
            f"@compile option 'targets' must be a list or tuple of str, not {targets!r}"
        )


def _swap(fn: Callable[_P, _R]) -> CompiledFunction[_P, _R]:
    if not isinstance(fn, types.FunctionType):
        raise TypeError(f"@compile applies to functions, not {type(fn).__name__}")
    native = None
    # Nested functions and methods are never compiled: they stay Python.
    if not _disabled() and "." not in fn.__qualname__:
        from hatch_pyaot.runtime.loader import native_function

        native = native_function(fn)
    if native is None:
        fn.py_func = fn  # type: ignore[attr-defined]  # as a native function has it
        return fn  # type: ignore[return-value]
    return native  # type: ignore[return-value]


if TYPE_CHECKING:

    @overload
    def compile(fn: Callable[_P, _R], /) -> CompiledFunction[_P, _R]: ...

    @overload
    def compile(
        *,
        tag: str | None = None,
        description: str | None = None,
        sandbox: bool | None = None,
        metadata: dict[str, Any] | None = None,
        targets: list[str] | tuple[str, ...] | None = None,
    ) -> Callable[[Callable[_P, _R]], CompiledFunction[_P, _R]]: ...


def compile(
    fn: Callable[..., Any] | None = None,
    /,
    *,
    tag: str | None = None,
    description: str | None = None,
    sandbox: bool | None = None,
    metadata: dict[str, Any] | None = None,
    targets: list[str] | tuple[str, ...] | None = None,
) -> Any:
    """Mark a top-level function for ahead-of-time compilation.

    Use it bare (``@compile``) or with options (``@compile(tag="fast")``). The options are
    read from the source by ``pyaot build``; here they are only type-checked. Returns the
    native function when a valid native module exists for the function's module,
    otherwise the function itself. With ``PYAOT_DISABLE=1`` always the function itself.
    Either way ``.py_func`` is the Python function, and type checkers see the decorated
    function's signature (``CompiledFunction``).
    """
    _check_options(tag, description, sandbox, metadata, targets)
    if fn is None:
        return _swap
    return _swap(fn)


def is_compiled(fn: object) -> bool:
    """True iff ``fn`` is a function of a native pyaot module."""
    owner = getattr(fn, "__self__", None)
    return isinstance(owner, types.ModuleType) and hasattr(owner, "__pyaot_abi__")


def artifacts(package: str) -> dict[str, Path]:
    """The cross targets' artifacts an installed package carries (its wheel was built with
    ``targets`` besides ``host``): {target name: folder with ``bin/``, ``lib/``,
    ``include/`` and ``manifest.json``}, plus ``<package>.xcframework`` for iOS. Empty when
    there are none. Imports nothing of the package itself."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec(package)
    found: dict[str, Path] = {}
    for location in (spec.submodule_search_locations or []) if spec is not None else []:
        folder = Path(location) / "_pyaot"
        if folder.is_dir():
            found.update({p.name: p for p in sorted(folder.iterdir()) if p.is_dir()})
    return found



def onnx_model(path: str) -> Any:
    """A handle on the ONNX model file ``path`` (relative to the calling module's file), to
    assign at module level: ``vad = onnx_model("models/vad.onnx")``. A compiled function that
    calls it runs the model lowered to native code when the package was built; from plain
    Python a call runs it with onnxruntime. Arrays in, an array (a tuple of arrays for
    several outputs) out."""
    import sys
    from pathlib import Path

    from hatch_pyaot.runtime.onnx_model import OnnxModel

    if not isinstance(path, str):
        raise TypeError(f"onnx_model() takes a path as str, not {type(path).__name__}")
    caller = sys._getframe(1).f_globals.get("__file__")
    base = Path(caller).parent if caller else Path.cwd()
    return OnnxModel(base / path)
