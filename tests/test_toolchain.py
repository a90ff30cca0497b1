"""The build toolchain: real CMake + Ninja builds, the cache, the subprocess wrapper."""

from __future__ import annotations

import hashlib
import logging
import os
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from conftest import native_source
from hatch_pyaot.toolchains import (
    BuildOptions,
    ExtensionSpec,
    ToolchainError,
    build_extensions,
    cache,
    cmake_project,
    compiler,
    host,
    process,
)

EXT = sysconfig.get_config_var("EXT_SUFFIX")

KERNELS = """\
from hatch_pyaot import compile


@compile
def add(a: int, b: int) -> int:
    return a + b
"""


def kernels_spec(folder: Path, module: str = "kernels", marker: str = "") -> ExtensionSpec:
    """``<folder>/<module>.py`` and a spec for its hand-written native module."""
    source = folder / f"{module}.py"
    source.write_text(KERNELS, encoding="utf-8")
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    text = native_source(module, {"add": "a + b"}, {f"{module}.py": digest})
    return ExtensionSpec(
        module=module,
        sources={f"{module}.cpp": f"// {marker}\n{text}"},
        output=folder / f"{module}.pyaot{EXT}",
    )


@pytest.fixture
def cmake_calls(monkeypatch) -> list[list[str]]:
    """Records every command line that runs cmake (the tool, not the compiler check)."""
    calls: list[list[str]] = []
    original = process.run

    def spy(cmd, **kwargs):
        argv = [os.fspath(part) for part in cmd]
        if Path(argv[0]).stem == "cmake":
            calls.append(argv)
        return original(cmd, **kwargs)

    monkeypatch.setattr(process, "run", spy)
    return calls


def build_folders(cache_dir: Path) -> set[Path]:
    return set((cache_dir / "build").glob("*"))


def test_build_and_import(tmp_path, run_python, pyaot_cache_dir, cmake_calls):
    spec = kernels_spec(tmp_path, marker="build-and-import")
    folders = build_folders(pyaot_cache_dir)
    assert build_extensions([spec], BuildOptions()) == [spec.output]
    assert spec.output.is_file()
    assert len(cmake_calls) == 2  # configure + build

    proc = run_python(
        """
        import kernels
        from hatch_pyaot import is_compiled
        print(is_compiled(kernels.add), kernels.add(40, 2), kernels.add.__self__.__name__)
        """,
        cwd=tmp_path,
    )
    assert proc.stdout.split() == ["True", "42", "_pyaot_native.kernels"]

    # The cache holds the entry; the CMake build folder is gone.
    entries = list(pyaot_cache_dir.glob("??/*/kernels.so"))
    assert spec.output.read_bytes() in [entry.read_bytes() for entry in entries]
    assert all(entry.parent.parent.name == entry.parent.name[:2] for entry in entries)
    assert build_folders(pyaot_cache_dir) == folders


def test_unchanged_rebuild_is_a_cache_hit(tmp_path, cmake_calls):
    (tmp_path / "a").mkdir()
    first = kernels_spec(tmp_path / "a", marker="cache-hit")
    build_extensions([first], BuildOptions())
    assert len(cmake_calls) == 2
    second = ExtensionSpec(first.module, dict(first.sources), tmp_path / "b" / first.output.name)
    assert build_extensions([second], BuildOptions()) == [second.output]
    assert len(cmake_calls) == 2  # no CMake for the hit
    assert second.output.read_bytes() == first.output.read_bytes()

    # The rebuilt output is replaced by a new file, not overwritten in place.
    inode = first.output.stat().st_ino
    build_extensions([first], BuildOptions())
    assert len(cmake_calls) == 2
    if os.name != "nt":
        assert first.output.stat().st_ino != inode


def test_options_change_the_key(tmp_path, cmake_calls):
    (tmp_path / "k").mkdir()
    spec = kernels_spec(tmp_path / "k", marker="options")
    build_extensions([spec], BuildOptions(opt_level="1"))
    build_extensions([spec], BuildOptions(opt_level="2"))
    assert len(cmake_calls) == 4
    flags = [arg for call in cmake_calls for arg in call]
    assert not any("fast-math" in arg for arg in flags)


def test_parallel_specs(tmp_path, run_python, cmake_calls):
    specs = [kernels_spec(tmp_path, module=name, marker="parallel") for name in ("k1", "k2")]
    outputs = build_extensions(specs, BuildOptions(jobs=2))
    assert outputs == [spec.output for spec in specs]
    assert len(cmake_calls) == 4
    proc = run_python(
        "import k1, k2; from hatch_pyaot import is_compiled; "
        "print(is_compiled(k1.add), is_compiled(k2.add), k2.add(1, 2))",
        cwd=tmp_path,
    )
    assert proc.stdout.split() == ["True", "True", "3"]


def test_debug_build_keeps_build_folder(tmp_path, pyaot_cache_dir):
    spec = kernels_spec(tmp_path, marker="debug")
    before = build_folders(pyaot_cache_dir)
    build_extensions([spec], BuildOptions(debug=True))
    kept = build_folders(pyaot_cache_dir) - before
    assert len(kept) == 1
    ninja_file = (next(iter(kept)) / "build" / "build.ninja").read_text()
    assert " -g" in ninja_file and "-std=c++20" in ninja_file and "-fno-exceptions" in ninja_file


def test_compile_error_is_reported(tmp_path):
    spec = ExtensionSpec(
        module="broken",
        sources={"broken.cpp": "int broken() { return undefined_name_xyz; }\n"},
        output=tmp_path / f"broken.pyaot{EXT}",
    )
    with pytest.raises(host.CodeBuildFailed) as info:
        build_extensions([spec], BuildOptions())
    err = info.value
    assert "building native module 'broken' failed" in err.message
    assert "undefined_name_xyz" in err.output
    assert "undefined_name_xyz" in str(err)
    assert Path(err.command[0]).stem == "cmake"
    assert not spec.output.exists()


def test_missing_compiler(tmp_path, monkeypatch, cmake_calls):
    monkeypatch.setenv("CXX", str(tmp_path / "no-such-c++"))
    spec = kernels_spec(tmp_path, marker="missing")
    with pytest.raises(ToolchainError) as info:
        build_extensions([spec], BuildOptions())
    message = str(info.value)
    assert "\n" not in message  # one paragraph
    assert "no-such-c++" in message and "apt-get install g++" in message
    assert "xcode-select --install" in message and "Build Tools" in message
    assert cmake_calls == []


def test_no_compiler_on_path(tmp_path):
    with pytest.raises(ToolchainError) as info:
        compiler.find_compiler({"PATH": str(tmp_path)})
    assert "No C++ compiler was found" in str(info.value)
    assert "\n" not in str(info.value)


def test_find_compiler_identity():
    found = compiler.find_compiler()
    assert os.path.isabs(found.path)
    assert found.family in ("gnu", "clang", "msvc")
    assert found.identity.startswith(found.path)


def test_invalid_specs(tmp_path):
    def spec(module="m", sources=None, output="m.so"):
        return ExtensionSpec(module, sources or {"m.cpp": ""}, tmp_path / output)

    for bad in (
        spec(module="not-an-identifier"),
        spec(sources={"m.hpp": ""}),
        spec(sources={"../m.cpp": ""}),
        spec(sources={"a;b.cpp": ""}),
        [spec(), spec(module="n")],  # same output twice
    ):
        with pytest.raises(ValueError):
            build_extensions(bad if isinstance(bad, list) else [bad], BuildOptions())
    assert build_extensions([], BuildOptions()) == []


# Flags, launcher, cache (no builds).


def test_compile_flags():
    flags = compiler.compile_flags("gnu", "3", debug=False)
    for flag in (
        "-O3",
        "-fno-exceptions",
        "-fno-rtti",
        "-fvisibility=hidden",
        "-ffp-contract=off",
        "-fno-math-errno",
    ):
        assert flag in flags
    assert "-g" not in flags and not any("fast" in flag for flag in flags)
    assert compiler.compile_flags("clang", "2", debug=True, extra=("-march=x86-64",))[-2:] == [
        "-g",
        "-march=x86-64",
    ]
    assert "/GR-" in compiler.compile_flags("msvc", "3", debug=False)
    with pytest.raises(ValueError):
        compiler.compile_flags("gnu", "fast", debug=False)
    with pytest.raises(ValueError):
        compiler.compile_flags("gnu", "3", debug=False, extra=("-ffast-math",))


def test_boundscheck_flag():
    assert "-DPYAOT_BOUNDSCHECK=0" not in compiler.compile_flags("gnu", "3", debug=False)
    assert "-DPYAOT_BOUNDSCHECK=0" in compiler.compile_flags("gnu", "3", False, boundscheck=False)
    assert "/DPYAOT_BOUNDSCHECK=0" in compiler.compile_flags("msvc", "3", False, boundscheck=False)


def test_compiler_launcher(tmp_path):
    assert compiler.compiler_launcher({"PATH": str(tmp_path)}) is None
    fake = tmp_path / ("sccache.exe" if os.name == "nt" else "sccache")
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    assert compiler.compiler_launcher({"PATH": str(tmp_path)}) == str(fake)
    env = {"PATH": str(tmp_path), "CMAKE_CXX_COMPILER_LAUNCHER": "distcc"}
    assert compiler.compiler_launcher(env) is None  # CMake reads the variable itself


def test_default_cache_dir(tmp_path):
    home = Path.home()
    assert cache.default_cache_dir({}) == home / ".cache" / "hatch-pyaot"
    assert cache.default_cache_dir({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "hatch-pyaot"
    env = {"XDG_CACHE_HOME": "/elsewhere", "PYAOT_CACHE_DIR": str(tmp_path / "c")}
    assert cache.default_cache_dir(env) == tmp_path / "c"


def test_cache_key_covers_its_inputs():
    base = cache.KeyContext("c++ 12", "include", ("-O3",), "template")
    key = cache.cache_key("m", {"m.cpp": "int x;"}, base)
    assert key == cache.cache_key("m", {"m.cpp": "int x;"}, base)
    variants = [
        cache.cache_key("n", {"m.cpp": "int x;"}, base),
        cache.cache_key("m", {"m.cpp": "int y;"}, base),
        cache.cache_key("m", {"n.cpp": "int x;"}, base),
        cache.cache_key(
            "m", {"m.cpp": "int x;"}, cache.KeyContext("c++ 13", "include", ("-O3",), "template")
        ),
        cache.cache_key(
            "m", {"m.cpp": "int x;"}, cache.KeyContext("c++ 12", "other", ("-O3",), "template")
        ),
        cache.cache_key(
            "m", {"m.cpp": "int x;"}, cache.KeyContext("c++ 12", "include", ("-O2",), "template")
        ),
        cache.cache_key(
            "m", {"m.cpp": "int x;"}, cache.KeyContext("c++ 12", "include", ("-O3",), "other")
        ),
        cache.cache_key(
            "m",
            {"m.cpp": "int x;"},
            cache.KeyContext("c++ 12", "include", ("-O3",), "template", (("CXXFLAGS", "-g"),)),
        ),
    ]
    assert len({key, *variants}) == len(variants) + 1


def test_hash_tree(tmp_path):
    empty = cache.hash_tree(tmp_path / "missing")
    (tmp_path / "pyaot").mkdir()
    (tmp_path / "pyaot" / "a.hpp").write_text("a")
    first = cache.hash_tree(tmp_path)
    assert first != empty
    (tmp_path / "pyaot" / "a.hpp").write_text("b")
    assert cache.hash_tree(tmp_path) != first
    (tmp_path / "pyaot" / "a.hpp").write_text("a")
    assert cache.hash_tree(tmp_path) == first
    (tmp_path / "pyaot" / "a.hpp").rename(tmp_path / "pyaot" / "b.hpp")
    assert cache.hash_tree(tmp_path) != first


def test_runtime_include_dir():
    path = host.runtime_include_dir()
    assert path.parts[-3:] == ("hatch_pyaot", "cpp_runtime", "include")


def test_tools_come_from_pypi_packages():
    import cmake
    import ninja

    assert cmake_project.cmake_executable().startswith(cmake.CMAKE_BIN_DIR)
    assert cmake_project.ninja_executable().startswith(ninja.BIN_DIR)


# The subprocess wrapper.


def test_run_captures_output(caplog):
    with caplog.at_level(logging.DEBUG, logger="hatch_pyaot"):
        proc = process.run(
            [sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr)"]
        )
    assert proc.returncode == 0
    assert "out" in proc.stdout and "err" in proc.stdout
    assert any(sys.executable in record.getMessage() for record in caplog.records)


def test_run_failure_keeps_the_tail():
    code = "import sys\nfor i in range(100): print('line', i)\nsys.exit(3)"
    with pytest.raises(ToolchainError) as info:
        process.run([sys.executable, "-c", code])
    err = info.value
    assert "exit status 3" in err.message
    assert err.command == (sys.executable, "-c", code)
    assert "line 99" in err.output and "line 39\n" not in err.output
    assert len(err.output.splitlines()) == process.TAIL_LINES + 1  # + the "earlier lines" marker
    assert "line 99" in str(err) and "command:" in str(err)


def test_run_missing_program(tmp_path):
    with pytest.raises(ToolchainError) as info:
        process.run([tmp_path / "no-such-tool", "--version"])
    assert "program not found" in str(info.value)


def test_run_timeout():
    with pytest.raises(ToolchainError) as info:
        process.run([sys.executable, "-c", "import time; time.sleep(10)"], timeout=0.5)
    assert "timed out" in str(info.value)


@pytest.mark.parametrize("kind", ["a file", "missing under /proc"])
def test_an_unusable_cache_dir_names_its_setting(kind, tmp_path, monkeypatch):
    bad = tmp_path / "file" if kind == "a file" else Path("/proc/nope/cache")
    if kind == "a file":
        bad.write_text("")
    with pytest.raises(cache.CacheDirError) as info:
        cache.usable_cache_dir(bad)
    assert f"the build cache folder {bad} (from the cache-dir setting) cannot be used" \
        in str(info.value)
    monkeypatch.setenv("PYAOT_CACHE_DIR", str(bad))
    with pytest.raises(cache.CacheDirError, match=r"from PYAOT_CACHE_DIR.*set PYAOT_CACHE_DIR"):
        build_extensions([kernels_spec(tmp_path)], BuildOptions())


def test_an_unusable_cache_dir_fails_a_wheel_build_cleanly(tmp_path):
    from hatch_pyaot.settings import Settings
    from hatch_pyaot.wheelbuild import BuildLog, SourceFile, WheelBuildFailed, compile_for_wheel

    (tmp_path / "kernels.py").write_text(KERNELS)
    log = BuildLog(info=lambda line: None, warning=lambda line: None)
    with pytest.raises(WheelBuildFailed) as info:
        compile_for_wheel([SourceFile(tmp_path / "kernels.py", "kernels.py")],
                          Settings(cache_dir="/proc/nope"), root=tmp_path, staging=None, log=log)
    message = str(info.value)
    assert "/proc/nope (from the cache-dir setting) cannot be used" in message
    assert "bug in hatch-pyaot" not in message


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_run_timeout_stops_the_children_too():
    """A build tool's own children (ninja's compilers) stop with it, not left running."""
    script = "sleep 30 & echo $!; wait"
    with pytest.raises(ToolchainError) as info:
        process.run(["sh", "-c", script], timeout=0.5)
    child = int(info.value.output.split()[0])
    deadline = time.monotonic() + 5
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(child)


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
