"""Import-time loader for native modules (standard library only).

``pkg/kernels.py`` is compiled into ``pkg/kernels.pyaot<EXT_SUFFIX>``, which the normal
import system never picks up. This module loads it under the name
``_pyaot_native.<module>`` (init function ``PyInit_<last part of the module name>``),
checks that it was built for this ABI and from the current sources, and hands out its
functions. The verdict is kept in ``sys.modules`` under that name, so the second decorated
function of a module neither reloads nor re-hashes anything. A valid module is marked with
``__pyaot_valid__ = True``; an unusable one is replaced by a placeholder module that carries
``__pyaot_unusable__`` (the reason), so its warning is issued once. A module rebuilt at
import (editable installs) gets ``__pyaot_diagnostics__``: those of the functions that no
longer compile (that were not Python already, by the stale module's ``__pyaot_python__``),
which each of them then warns about.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import types
import warnings

from hatch_pyaot import StaleNativeModuleWarning

TYPE_CHECKING = False
if TYPE_CHECKING:  # annotations only: ``typing`` costs more to import than this module
    from collections.abc import Callable
    from typing import Any, Final

ABI_VERSION: Final = 1
"""The value of ``__pyaot_abi__`` this loader accepts (docs/internals.md)."""

NATIVE_PACKAGE: Final = "_pyaot_native"
NATIVE_INFIX: Final = ".pyaot"


def native_name(stem: str) -> str:
    """The file name a build gives the native module of ``<stem>.py``:
    ``kernels.pyaot<EXT_SUFFIX>`` (the loader accepts any extension suffix)."""
    import sysconfig  # builds only: the loader itself never needs it

    return stem + NATIVE_INFIX + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def source_file(fn: types.FunctionType) -> str | None:
    """The Python file ``fn`` was defined in, or None (``<stdin>``, ``exec`` strings)."""
    module = sys.modules.get(fn.__module__) if fn.__module__ else None
    path = getattr(module, "__file__", None)
    if not isinstance(path, str) or not path:
        path = fn.__code__.co_filename
    if not path or path.startswith("<"):
        return None
    return os.path.abspath(path)


def native_module_name(fn: types.FunctionType, source: str) -> str:
    """``_pyaot_native.<module>``; for ``__main__`` the file stem, as the build names it."""
    module = fn.__module__
    if not module or module == "__main__":
        module = _stem(source)
    return f"{NATIVE_PACKAGE}.{module}"


def native_path(source: str) -> str | None:
    """The native module built from ``source``, if there is one (first suffix wins)."""
    base = os.path.join(os.path.dirname(source), _stem(source) + NATIVE_INFIX)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        if os.path.isfile(base + suffix):
            return base + suffix
    return None


def native_function(fn: types.FunctionType) -> Callable[..., Any] | None:
    """The native version of ``fn``, or None when the Python function should be used."""
    source = source_file(fn)
    if source is None:
        return None
    module = load_native_module(fn, source)
    if module is None:
        return None
    native: object = getattr(module, fn.__name__, None)
    if callable(native):
        if hasattr(module, "__pyaot_tune__") and os.environ.get("PYAOT_TUNE") == "online":
            from hatch_pyaot.runtime.online import OnlineFunction

            native = OnlineFunction(module, fn.__name__, native)
        _describe(native, fn)
        return native
    diagnostics = getattr(module, "__pyaot_diagnostics__", {}).get(fn.__name__)
    if diagnostics is not None:
        _warn(fn, f"{fn.__name__}() stays Python: its new code does not compile\n{diagnostics}")
    return None


def _describe(native: Callable[..., Any], fn: types.FunctionType) -> None:
    """Give the native function what tools read from the Python one: ``__wrapped__``
    (``inspect.signature`` shows the annotated signature), ``__annotations__``
    (``typing.get_type_hints``) and ``py_func``, the Python version."""
    try:
        native.__wrapped__ = fn  # type: ignore[attr-defined]
        native.__annotations__ = fn.__annotations__
        native.py_func = fn  # type: ignore[attr-defined]
    except AttributeError:  # a builtin function, from a native module of an older version
        pass


def load_native_module(fn: types.FunctionType, source: str) -> types.ModuleType | None:
    """Load (once) and validate the native module for ``fn``'s module; None if unusable."""
    path = native_path(source)
    if path is None:
        return None
    name = native_module_name(fn, source)
    cached = sys.modules.get(name)
    if cached is not None and getattr(cached, "__file__", None) == path:
        if hasattr(cached, "__pyaot_unusable__"):
            return None
        if getattr(cached, "__pyaot_valid__", False):
            return cached
        # Not checked by us yet (CPython itself files single-phase modules under their
        # name while loading them): validate it below.

    problem: str | None
    module: types.ModuleType | None = None
    try:
        module = _load(name, path)
    except (ImportError, OSError) as exc:
        problem = f"could not be loaded ({type(exc).__name__}: {exc})"
    else:
        problem = check_native_module(module, path)
        if problem is not None and getattr(module, "__pyaot_editable__", 0) == 1:
            module, problem = _rebuilt(name, path, source, problem, module)
    if module is None or problem is not None:
        _reject(fn, name, path, source, problem or "could not be used")
        return None
    module.__pyaot_valid__ = True  # type: ignore[attr-defined]
    if hasattr(module, "__pyaot_tune__"):  # built in variants: the measured picks
        from hatch_pyaot.runtime.tuning import apply

        apply(module, path)
    sys.modules[name] = module
    return module


def check_native_module(module: types.ModuleType, path: str) -> str | None:
    """Why ``module`` (loaded from ``path``) cannot be used, or None when it is valid."""
    abi = getattr(module, "__pyaot_abi__", None)
    if abi != ABI_VERSION:
        return f"was built for pyaot ABI {abi!r}, but this hatch_pyaot expects {ABI_VERSION}"
    entries = getattr(module, "__pyaot_sources__", None)
    if not isinstance(entries, tuple | list):
        return "has no valid __pyaot_sources__"
    folder = os.path.dirname(path)
    for entry in entries:
        if not (
            isinstance(entry, tuple | list)
            and len(entry) == 2
            and all(isinstance(item, str) for item in entry)
        ):
            return f"has an invalid __pyaot_sources__ entry {entry!r}"
        relpath, expected = entry
        try:
            actual = sha256_file(os.path.join(folder, *relpath.split("/")))
        except OSError:
            return f"was built from {relpath}, which no longer exists"
        if actual != expected.lower():
            return f"was built from an older {relpath}"
    return None


def _rebuilt(name: str, path: str, source: str, problem: str,
             stale: types.ModuleType) -> tuple[types.ModuleType, None] | tuple[None, str]:
    """The stale module of an editable install, rebuilt from the current sources."""
    import importlib.util
    import shutil

    # The compiler distribution (hatch-pyaot) carries rebuild.py; hatch-pyaot-runtime alone
    # can only tell the stale module apart.
    if importlib.util.find_spec("hatch_pyaot.runtime.rebuild") is None:
        return None, f"{problem}; rebuilding it needs the compiler: pip install hatch-pyaot"
    # It takes seconds (the C++ compiler runs): say why the import is waiting.
    if sys.stderr is not None:
        module_name = name.removeprefix(NATIVE_PACKAGE + ".")
        sys.stderr.write(f"hatch-pyaot: rebuilding {module_name} after an edit...\n")
        sys.stderr.flush()
    try:
        from hatch_pyaot.runtime.rebuild import rebuild

        fresh = rebuild(source)
        try:
            module = _load(name, fresh.path)
        finally:
            shutil.rmtree(os.path.dirname(fresh.path), ignore_errors=True)
    except Exception as exc:  # anything at all: the Python function still works
        return None, f"{problem}, and rebuilding it failed: {type(exc).__name__}: {exc}"
    # What was loaded is a copy of the file now at ``path``; say so, so that the next
    # function of this module finds it in sys.modules instead of loading it again.
    module.__file__ = path
    was_python = getattr(stale, "__pyaot_python__", ())
    module.__pyaot_diagnostics__ = {  # type: ignore[attr-defined]
        function: text for function, text in fresh.python.items() if function not in was_python}
    again = check_native_module(module, path)
    return (module, None) if again is None else (None, again)


def sha256_file(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def _load(name: str, path: str) -> types.ModuleType:
    loader = importlib.machinery.ExtensionFileLoader(name, path)
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None:  # pragma: no cover - only for paths without a loader
        raise ImportError(f"no module spec for {path}", name=name, path=path)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _reject(fn: types.FunctionType, name: str, path: str, source: str, problem: str) -> None:
    placeholder = types.ModuleType(name, f"unusable native module: {problem}")
    placeholder.__file__ = path
    placeholder.__pyaot_unusable__ = problem  # type: ignore[attr-defined]
    # Remember the verdict first: with warnings turned into errors the import fails here.
    sys.modules[name] = placeholder
    _warn(fn, f"{_display(path)} {problem}; using the Python code. "
          f"Rebuild with: pyaot build {_display(source)}")


def _warn(fn: types.FunctionType, message: str) -> None:
    """A StaleNativeModuleWarning pointing at the definition of ``fn``."""
    registry = fn.__globals__.setdefault("__warningregistry__", {})
    warnings.warn_explicit(
        message,
        StaleNativeModuleWarning,
        filename=fn.__code__.co_filename,
        lineno=fn.__code__.co_firstlineno,
        module=fn.__module__,
        registry=registry,
        module_globals=fn.__globals__,
    )


def _stem(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


def _display(path: str) -> str:
    """``path`` relative to the working directory when it lies below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if relative.startswith(os.pardir) else relative
