"""The import-time loader, against real native modules built from hand-written C++.

Every scenario imports the user module in a fresh interpreter: a loaded extension module
cannot be unloaded, and the verdicts live in ``sys.modules``.
"""

from __future__ import annotations

import json
import sysconfig
import types
from pathlib import Path

import pytest

from hatch_pyaot.runtime import loader

EXT = sysconfig.get_config_var("EXT_SUFFIX")

KERNELS = """\
from hatch_pyaot import compile


@compile
def add(a: int, b: int) -> int:
    return a + b


@compile(tag="not-in-native")
def sub(a: int, b: int) -> int:
    return a - b
"""

# Imports `kernels` with every warning recorded and prints what the test needs to know.
PROBE = """\
import json, sys, warnings
from hatch_pyaot import StaleNativeModuleWarning, is_compiled
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import {module} as kernels
native = sys.modules.get("_pyaot_native.{module}")
print(json.dumps({{
    "add": is_compiled(kernels.add),
    "sub": is_compiled(kernels.sub),
    "result": kernels.add(2, 3),
    "same_module": getattr(kernels.add, "__self__", None) is native,
    "warnings": [str(w.message) for w in caught],
    "stale": [issubclass(w.category, StaleNativeModuleWarning) for w in caught],
    "lines": [w.lineno for w in caught],
}}))
"""


def probe(run_python, folder: Path, module: str = "kernels", env=None) -> dict:
    proc = run_python(PROBE.format(module=module), cwd=folder, env=env)
    return json.loads(proc.stdout.splitlines()[-1])


def test_native_function_is_used(tmp_path, tmp_module, build_native, run_python):
    tmp_module(KERNELS)
    native = build_native(tmp_path)
    assert native.name == f"kernels.pyaot{EXT}"
    result = probe(run_python, tmp_path)
    assert result == {
        "add": True,
        "sub": False,  # not in the native module: stays Python, without a warning
        "result": 5,
        "same_module": True,
        "warnings": [],
        "stale": [],
        "lines": [],
    }


def test_second_decorator_neither_reloads_nor_rehashes(
    tmp_path, tmp_module, build_native, run_python
):
    tmp_module(KERNELS)
    build_native(tmp_path)
    proc = run_python(
        """
        from hatch_pyaot.runtime import loader
        calls = []
        original = loader.sha256_file
        loader.sha256_file = lambda path: calls.append(path) or original(path)
        original_load = loader._load
        loads = []
        loader._load = lambda *a: loads.append(a) or original_load(*a)
        import kernels
        print(len(calls), len(loads))
        """,
        cwd=tmp_path,
    )
    assert proc.stdout.split() == ["1", "1"]


def test_changed_source_warns_once_and_keeps_python(tmp_path, tmp_module, build_native, run_python):
    source = tmp_module(KERNELS)
    build_native(tmp_path, functions={"add": "a + b", "sub": "a - b"})
    source.write_text(KERNELS + "\n# edited after the build\n", encoding="utf-8")
    result = probe(run_python, tmp_path)
    assert result["add"] is False and result["sub"] is False
    assert result["result"] == 5
    assert result["stale"] == [True]  # one warning for the module, not one per function
    assert result["warnings"] == [
        f"kernels.pyaot{EXT} was built from an older kernels.py; using the Python code. "
        "Rebuild with: pyaot build kernels.py"
    ]
    assert result["lines"] == [4]  # points at the decorated function


def test_missing_source_file_warns(tmp_path, tmp_module, build_native, run_python):
    import hashlib

    source = tmp_module(KERNELS)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    build_native(tmp_path, sources={"kernels.py": digest, "helpers.py": "0" * 64})
    result = probe(run_python, tmp_path)
    assert result["add"] is False
    assert result["stale"] == [True]
    assert "was built from helpers.py, which no longer exists" in result["warnings"][0]


def test_abi_mismatch_warns(tmp_path, tmp_module, build_native, run_python):
    tmp_module(KERNELS)
    build_native(tmp_path, abi=2)
    result = probe(run_python, tmp_path)
    assert result["add"] is False
    assert result["stale"] == [True]
    assert "was built for pyaot ABI 2, but this hatch_pyaot expects 1" in result["warnings"][0]


def test_unloadable_native_module_warns(tmp_path, tmp_module, run_python):
    tmp_module(KERNELS)
    (tmp_path / f"kernels.pyaot{EXT}").write_bytes(b"not a shared library")
    result = probe(run_python, tmp_path)
    assert result["add"] is False and result["result"] == 5
    assert result["stale"] == [True]
    assert "could not be loaded (ImportError" in result["warnings"][0]
    assert "Rebuild with: pyaot build kernels.py" in result["warnings"][0]


def test_no_native_module(tmp_path, tmp_module, run_python):
    tmp_module(KERNELS)
    result = probe(run_python, tmp_path)
    assert result["add"] is False and result["warnings"] == []


@pytest.mark.parametrize(("value", "compiled"), [("1", False), ("yes", False), ("0", True)])
def test_pyaot_disable(tmp_path, tmp_module, build_native, run_python, value, compiled):
    tmp_module(KERNELS)
    build_native(tmp_path)
    result = probe(run_python, tmp_path, env={"PYAOT_DISABLE": value})
    assert result["add"] is compiled
    assert result["warnings"] == []


def test_script_run_as_main(tmp_path, tmp_module, build_native, run_python):
    script = tmp_module(
        KERNELS
        + """
if __name__ == "__main__":
    import sys
    from hatch_pyaot import is_compiled
    print(is_compiled(add), add(20, 22), "_pyaot_native.kernels" in sys.modules)
"""
    )
    build_native(tmp_path)
    proc = run_python("", cwd=tmp_path, args=(str(script),))
    assert proc.stdout.split() == ["True", "42", "True"]
    assert proc.stderr == ""


def test_module_in_package(tmp_path, tmp_module, build_native, run_python):
    tmp_module(KERNELS, name="pkg.kernels")
    build_native(tmp_path / "pkg")
    result = probe(run_python, tmp_path, module="pkg.kernels")
    assert result["add"] is True and result["same_module"] is True
    assert result["warnings"] == []


def test_nested_functions_and_methods_stay_python(tmp_path, tmp_module, build_native, run_python):
    tmp_module(
        """
        from hatch_pyaot import compile, is_compiled

        def outer():
            @compile
            def add(a: int, b: int) -> int:
                return a + b
            return add

        class Box:
            @compile
            def add(self, a: int, b: int) -> int:
                return a + b

        @compile
        def add(a: int, b: int) -> int:
            return a + b

        print(is_compiled(outer()), is_compiled(Box.add), is_compiled(add))
        """
    )
    build_native(tmp_path)
    proc = run_python("import kernels", cwd=tmp_path)
    assert proc.stdout.split() == ["False", "False", "True"]


def test_native_result_differs_from_python(tmp_path, tmp_module, build_native, run_python):
    """The function really comes from the native module (its body is not Python's)."""
    tmp_module(KERNELS)
    build_native(tmp_path, functions={"add": "a * 100 + b"})
    result = probe(run_python, tmp_path)
    assert result["add"] is True and result["result"] == 203


# In-process checks of the validation itself.


def fake_native(abi: object = 1, sources: object = ()) -> types.ModuleType:
    module = types.ModuleType("_pyaot_native.fake")
    module.__pyaot_abi__ = abi  # type: ignore[attr-defined]
    module.__pyaot_sources__ = sources  # type: ignore[attr-defined]
    return module


def test_check_native_module(tmp_path):
    source = tmp_path / "kernels.py"
    source.write_text("x = 1\n")
    native = str(tmp_path / f"kernels.pyaot{EXT}")
    good = loader.sha256_file(str(source))
    assert loader.check_native_module(fake_native(sources=(("kernels.py", good),)), native) is None
    assert (
        loader.check_native_module(fake_native(sources=(("kernels.py", good.upper()),)), native)
        is None
    )
    assert "older kernels.py" in loader.check_native_module(
        fake_native(sources=(("kernels.py", "0" * 64),)), native
    )
    assert "ABI None" in loader.check_native_module(types.ModuleType("m"), native)
    assert "ABI '1'" in loader.check_native_module(fake_native(abi="1"), native)
    assert "no valid __pyaot_sources__" in loader.check_native_module(
        fake_native(sources=None), native
    )
    assert "invalid __pyaot_sources__ entry" in loader.check_native_module(
        fake_native(sources=(("kernels.py",),)), native
    )


def test_native_path_prefers_first_suffix(tmp_path, monkeypatch):
    import importlib.machinery

    monkeypatch.setattr(importlib.machinery, "EXTENSION_SUFFIXES", [".first.so", ".so"])
    source = str(tmp_path / "kernels.py")
    assert loader.native_path(source) is None
    (tmp_path / "kernels.pyaot.so").touch()
    assert loader.native_path(source) == str(tmp_path / "kernels.pyaot.so")
    (tmp_path / "kernels.pyaot.first.so").touch()
    assert loader.native_path(source) == str(tmp_path / "kernels.pyaot.first.so")
