"""The public run-time API: ``compile``, ``is_compiled``, cheap import."""

from __future__ import annotations

import json
import sys
import textwrap
import types
from pathlib import Path

import pytest

import hatch_pyaot
from hatch_pyaot import StaleNativeModuleWarning, compile, is_compiled
from hatch_pyaot.runtime import loader


@compile
def top_level(a: int, b: int) -> int:
    return a + b


@compile(tag="t", description="d", sandbox=True, metadata={"k": 1}, targets=["x86_64"])
def with_options(a: int) -> int:
    return a


def make_function(name: str = "f", module: str = "fake_module") -> types.FunctionType:
    """A top-level function of a module that has no native counterpart."""
    namespace: dict[str, object] = {"__name__": module}
    exec(f"def {name}(x):\n    return x\n", namespace)
    fn = namespace[name]
    assert isinstance(fn, types.FunctionType)
    return fn


FORBIDDEN = ("libcst", "numpy", "hatch_pyaot.")


def test_import_is_cheap(tmp_path, run_python):
    proc = run_python(
        """
        import sys
        before = set(sys.modules)
        import hatch_pyaot
        loaded = sorted(set(sys.modules) - before)
        import json
        print(json.dumps(loaded))
        """,
        cwd=tmp_path,
    )
    loaded = json.loads(proc.stdout)
    assert "hatch_pyaot" in loaded
    assert [name for name in loaded if name.startswith(FORBIDDEN)] == []
    # Nothing outside the standard library either.
    stdlib = sys.stdlib_module_names
    assert [n for n in loaded if n != "hatch_pyaot" and n.split(".")[0] not in stdlib] == []


def test_importtime_lists_only_the_package(tmp_path, run_python):
    proc = run_python(
        "import hatch_pyaot", cwd=tmp_path, args=("-X", "importtime", "-c", "import hatch_pyaot")
    )
    imported = [line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines() if "|" in line]
    ours = [name for name in imported if name.startswith("hatch_pyaot")]
    assert ours == ["hatch_pyaot"]
    assert not any(name.startswith(("libcst", "numpy")) for name in imported)


def test_decorating_does_not_import_the_compiler(tmp_path, tmp_module, run_python):
    tmp_module(
        """
        from hatch_pyaot import compile

        @compile(tag="x")
        def add(a: int, b: int) -> int:
            return a + b
        """
    )
    proc = run_python(
        "import sys, kernels; print(sorted(m for m in sys.modules if m.startswith('hatch_pyaot')))",
        cwd=tmp_path,
    )
    assert (
        proc.stdout.strip()
        == "['hatch_pyaot', 'hatch_pyaot.runtime', 'hatch_pyaot.runtime.loader']"
    )


def test_bare_and_with_options_return_the_python_function():
    assert isinstance(top_level, types.FunctionType)
    assert top_level.py_func is top_level and with_options.py_func is with_options
    assert top_level(2, 3) == 5
    assert with_options(7) == 7
    assert not is_compiled(top_level) and not is_compiled(with_options)
    fn = make_function()
    assert compile(fn) is fn
    assert compile()(fn) is fn
    assert compile(tag="a", targets=("x86_64", "aarch64"))(fn) is fn


@pytest.mark.parametrize(
    "options",
    [
        {"tag": 1},
        {"description": b"bytes"},
        {"sandbox": "yes"},
        {"metadata": [("k", 1)]},
        {"targets": "x86_64"},
        {"targets": ["x86_64", 3]},
        {"unknown": True},
    ],
)
def test_bad_options_are_type_errors(options):
    with pytest.raises(TypeError):
        compile(**options)


def test_compile_rejects_non_functions():
    with pytest.raises(TypeError):
        compile("fast")  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        compile(type("C", (), {}))
    with pytest.raises(TypeError):
        compile(make_function(), tag=3)  # type: ignore[call-overload]


@pytest.fixture
def native_everything(monkeypatch) -> list[types.FunctionType]:
    """Pretend every function has a native version; records what was asked."""
    asked: list[types.FunctionType] = []

    def fake(fn):
        asked.append(fn)
        return len

    monkeypatch.setattr(loader, "native_function", fake)
    return asked


@pytest.mark.parametrize(
    ("value", "swapped"), [("1", False), ("true", False), ("0", True), ("", True)]
)
def test_pyaot_disable(monkeypatch, native_everything, value, swapped):
    monkeypatch.setenv("PYAOT_DISABLE", value)
    fn = make_function()
    assert (compile(fn) is len) is swapped
    assert (compile(tag="x")(fn) is len) is swapped
    assert bool(native_everything) is swapped


def test_only_top_level_functions_are_swapped(native_everything):
    fn = make_function()
    assert compile(fn) is len

    def nested(x: int) -> int:
        return x

    class Box:
        def method(self) -> None:
            pass

    assert compile(nested) is nested
    assert compile(Box.method) is Box.method
    assert native_everything == [fn]


def test_is_compiled():
    assert not is_compiled(make_function())
    assert not is_compiled(lambda: None)
    assert not is_compiled(len)  # builtins module: no __pyaot_abi__
    assert not is_compiled([].append)
    assert not is_compiled(None)
    fake_native = types.ModuleType("_pyaot_native.fake")
    fake_native.__pyaot_abi__ = 1  # type: ignore[attr-defined]
    bound = types.MethodType(lambda self: None, fake_native)
    assert is_compiled(bound)


def test_public_names():
    assert hatch_pyaot.__version__ == "0.1.0"
    assert issubclass(StaleNativeModuleWarning, UserWarning)
    assert set(hatch_pyaot.__all__) == {
        "StaleNativeModuleWarning",
        "__version__",
        "artifacts",
        "compile",
        "is_compiled",
        "onnx_model",
    }


def test_artifacts_of_a_package_without_targets_is_empty() -> None:
    import hatch_pyaot

    assert hatch_pyaot.artifacts("json") == {}
    assert hatch_pyaot.artifacts("no_such_package_here") == {}


USER_MODULE = """\
from hatch_pyaot import compile


@compile
def add(a: int, b: int) -> int:
    return a + b


@compile(tag="t")
def scale(x: float, factor: float = 2.0) -> float:
    return x * factor


reveal_type(add)
reveal_type(add(1, 2))
reveal_type(add.py_func)
reveal_type(scale)
reveal_type(scale(1.0, factor=3.0))
add("x", 2)
"""


def test_type_checkers_see_the_decorated_signature(tmp_path: Path) -> None:
    from mypy import api

    (tmp_path / "user.py").write_text(USER_MODULE)
    src = Path(hatch_pyaot.__file__).parents[1]
    (tmp_path / "mypy.ini").write_text(f"[mypy]\nmypy_path = {src}\n")
    out, err, status = api.run(["--config-file", str(tmp_path / "mypy.ini"), "--strict",
                                "--no-incremental", "--cache-dir", str(tmp_path / "cache"),
                                str(tmp_path / "user.py")])
    lines = [line.partition(": ")[2] for line in out.splitlines() if ": " in line]
    assert lines == textwrap.dedent("""\
        note: Revealed type is "hatch_pyaot.CompiledFunction[[a: int, b: int], int]"
        note: Revealed type is "int"
        note: Revealed type is "def (a: int, b: int) -> int"
        note: Revealed type is "hatch_pyaot.CompiledFunction[[x: float, factor: float =], float]"
        note: Revealed type is "float"
        error: Argument 1 to "__call__" of "CompiledFunction" has incompatible type "str"; \
expected "int"  [arg-type]""").splitlines(), out + err
    assert status == 1

