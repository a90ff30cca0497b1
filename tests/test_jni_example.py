"""The Android JNI example (examples/android-jni), for real. On the host: its kernels built
with ``pyaot build --target host``, its glue ``kernels_jni.c`` compiled against the JDK's
``jni.h`` and the host ``libkernels.so``, ``Kernels.java`` called by the JVM, must give what
CPython computes and turn Python exceptions into the documented Java ones. For
android-arm64: the same glue compiled with zig against the android ``libkernels.so`` must
need only what an Android app has (bionic's libraries and symbols, and libkernels.so)."""

from __future__ import annotations

import importlib.util
import os
import shlex
import shutil
import struct
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from conftest import missing_tool

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(sys.platform != "linux", reason="builds and loads Linux .so files"),
]

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "android-jni"
JDK_HINT = "Debian: apt-get install openjdk-17-jdk-headless"
NDK_VARIABLES = ("ANDROID_NDK_HOME", "ANDROID_NDK_ROOT")

JAVA_EXCEPTIONS = {
    "ValueError": "java.lang.IllegalArgumentException",
    "TypeError": "java.lang.IllegalArgumentException",
    "ZeroDivisionError": "java.lang.ArithmeticException",
    "OverflowError": "java.lang.ArithmeticException",
    "IndexError": "java.lang.IndexOutOfBoundsException",
    "MemoryError": "java.lang.OutOfMemoryError",
}

SERIES = [1.0, 2.0, 4.0, 8.0, 16.0, -0.1, 1e300, 3.0]


def java_doubles(values: list[float]) -> str:
    return "new double[] {" + ", ".join(map(repr, values)) + "}"


# label, the Java result type, the Java call, the same call in Python
CASES: list[tuple[str, str, str, Callable[[Any], Any]]] = [
    ("collatz 27", "long", "Kernels.collatzSteps(27L)", lambda k: k.collatz_steps(27)),
    ("collatz 1", "long", "Kernels.collatzSteps(1L)", lambda k: k.collatz_steps(1)),
    ("collatz 0", "long", "Kernels.collatzSteps(0L)", lambda k: k.collatz_steps(0)),
    ("log 10 4", "double", "Kernels.logRatio(10.0, 4.0)", lambda k: k.log_ratio(10.0, 4.0)),
    ("log underflow", "double", "Kernels.logRatio(1e-300, 3e300)",
     lambda k: k.log_ratio(1e-300, 3e300)),
    ("log -1 2", "double", "Kernels.logRatio(-1.0, 2.0)", lambda k: k.log_ratio(-1.0, 2.0)),
    ("log 1 0", "double", "Kernels.logRatio(1.0, 0.0)", lambda k: k.log_ratio(1.0, 0.0)),
    ("smooth", "double[]", f"Kernels.smooth({java_doubles(SERIES)})",
     lambda k: k.smooth(np.array(SERIES))),
    ("smooth 2", "double[]", "Kernels.smooth(new double[] {5.0, -5.0})",
     lambda k: k.smooth(np.array([5.0, -5.0]))),
    ("smooth empty", "double[]", "Kernels.smooth(new double[0])",
     lambda k: k.smooth(np.zeros(0))),
]

# CPython's int grows; the compiled one is 64-bit and raises OverflowError (README.md)
OVERFLOW_CASE = ("collatz max", "long", "Kernels.collatzSteps(Long.MAX_VALUE)")

MAIN = """\
import com.example.Kernels;

public final class Main {{
    interface Call {{ String run(); }}

    static String doubles(double[] values) {{
        StringBuilder out = new StringBuilder();
        for (double value : values) out.append(out.length() == 0 ? "" : " ")
                                       .append(Double.toHexString(value));
        return out.toString();
    }}

    static void show(String label, Call call) {{
        String result;
        try {{
            result = call.run();
        }} catch (RuntimeException | Error e) {{
            result = "! " + e.getClass().getName() + "\\t" + e.getMessage();
        }}
        System.out.println(label + "\\t" + result);
    }}

    public static void main(String[] args) {{
{calls}
    }}
}}
"""

FORMAT = {"long": "Long.toString({})", "double": "Double.toHexString({})",
          "double[]": "doubles({})"}


def main_source() -> str:
    calls = [f'        show("{label}", () -> {FORMAT[kind].format(call)});'
             for label, kind, call, *_ in [*CASES, OVERFLOW_CASE]]
    return MAIN.format(calls="\n".join(calls))


def jdk_tool(name: str) -> Path:
    found = shutil.which(name)
    if found is None:
        missing_tool(f"{name} is not installed ({JDK_HINT})")
    return Path(str(found)).resolve()


def jni_include_dirs() -> list[Path]:
    """The JDK's include/ (jni.h) and include/linux/ (jni_md.h)."""
    include = jdk_tool("javac").parents[1] / "include"
    if not (include / "jni.h").is_file() or not (include / "linux" / "jni_md.h").is_file():
        missing_tool(f"the JDK has no jni.h in {include} ({JDK_HINT})")
    return [include, include / "linux"]


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout)
    assert proc.returncode == 0, f"{shlex.join(command)}\n{proc.stdout}{proc.stderr}"
    return proc


def zig_env(cross_cache: Path) -> dict[str, str]:
    """The cross builds' zig cache, and zig rather than an NDK for android-arm64."""
    env = {k: v for k, v in os.environ.items() if k not in NDK_VARIABLES}
    return {**env, "ZIG_GLOBAL_CACHE_DIR": str(cross_cache / "zig")}


def build_example(folder: Path, target: str, env: dict[str, str]) -> Path:
    """A copy of the example in ``folder`` with ``out/<target>`` built; that folder."""
    for name in ("kernels.py", "kernels_jni.c", "Kernels.java"):
        shutil.copy(EXAMPLE / name, folder / name)
    run([sys.executable, "-m", "hatch_pyaot", "build", "kernels.py", "--strict",
         "--target", target, "--out", "out"], folder, env, timeout=1500)
    return folder


def cpython_kernels(folder: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.setenv("PYAOT_DISABLE", "1")  # the Python functions themselves
    spec = importlib.util.spec_from_file_location("jni_example_kernels", folder / "kernels.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expected_line(kernels: ModuleType, kind: str, call: Callable[[Any], Any]) -> str:
    """What Main prints for a call, computed by CPython (without the message's suffix)."""
    try:
        value = call(kernels)
    except Exception as exc:
        name = type(exc).__name__
        return f"! {JAVA_EXCEPTIONS.get(name, 'java.lang.RuntimeException')}\t{name}: {exc}"
    if kind == "long":
        return str(value)
    if kind == "double":
        return float(value).hex()
    return " ".join(float(v).hex() for v in value)


def parse_value(kind: str, text: str) -> str:
    """Main's hex floats (Java's spelling) in Python's."""
    if text.startswith("!") or kind == "long":
        return text
    return " ".join(float.fromhex(v).hex() for v in text.split())


def test_java_calls_the_host_library_like_cpython(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch):
    javac, java = jdk_tool("javac"), jdk_tool("java")
    built = build_example(tmp_path, "host", dict(os.environ))
    includes = [f"-I{d}" for d in jni_include_dirs()]
    cc = shlex.split(os.environ.get("CC", "")) or [
        shutil.which("cc") or shutil.which("gcc") or shutil.which("clang") or "cc"]
    lib = built / "out" / "host" / "lib"
    run([*cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
         f"-I{built / 'out' / 'host' / 'include'}", *includes, "kernels_jni.c",
         f"-L{lib}", "-lkernels", "-Wl,-rpath,$ORIGIN", "-o", str(lib / "libkernels_jni.so")],
        built)
    (tmp_path / "Main.java").write_text(main_source(), encoding="utf-8")
    classes = tmp_path / "classes"
    run([str(javac), "-Werror", "-d", str(classes), str(built / "Kernels.java"),
         str(tmp_path / "Main.java")], tmp_path)
    proc = run([str(java), f"-Djava.library.path={lib}", "-Xcheck:jni", "-cp", str(classes),
                "Main"], tmp_path)
    # -Xcheck:jni's complaints ("Warning: Calling other JNI functions in the scope of ...")
    assert "warning" not in (proc.stdout + proc.stderr).lower(), proc.stdout + proc.stderr
    printed = dict(line.split("\t", 1) for line in proc.stdout.splitlines())
    assert list(printed) == [case[0] for case in [*CASES, OVERFLOW_CASE]]

    kernels = cpython_kernels(built, monkeypatch)
    for label, kind, _, call in CASES:
        want = expected_line(kernels, kind, call)
        got = parse_value(kind, printed[label])
        if want.startswith("!"):
            # the compiled message adds where it was raised: " (at kernels.py:15)"
            assert got.startswith(want + " (at kernels.py:"), (label, got, want)
        else:
            assert got == want, (label, got, want)
    # every failing case above throws, and their Java classes differ
    thrown = {printed[label].split("\t")[0] for label, *_ in CASES
              if printed[label].startswith("!")}
    assert thrown == {"! java.lang.IllegalArgumentException", "! java.lang.ArithmeticException"}
    assert printed["collatz max"].startswith(
        "! java.lang.ArithmeticException\tOverflowError: integer overflow")
    # the message that README.md and docs/targets.md show
    shown = "ValueError: math domain error (at kernels.py:26)"
    assert printed["log -1 2"] == f"! java.lang.IllegalArgumentException\t{shown}"
    assert shown in (EXAMPLE / "README.md").read_text(encoding="utf-8")


def test_the_glue_built_with_zig_loads_on_android(tmp_path: Path, cross_cache: Path):
    from hatch_pyaot.toolchains import bionic, elf
    from hatch_pyaot.toolchains.targets import Artifact, ToolchainKind
    from hatch_pyaot.toolchains.zig import toolchain_for

    includes = [f"-I{d}" for d in jni_include_dirs()]
    env = zig_env(cross_cache)
    built = build_example(tmp_path, "android-arm64", env)
    toolchain = toolchain_for("android-arm64", Artifact.SHARED_LIBRARY, cross_cache, env)
    assert toolchain.found.kind is ToolchainKind.ZIG
    out = built / "out" / "android-arm64"
    kernels_lib = out / "lib" / "libkernels.so"
    bionic.check_library(kernels_lib)

    glue = out / "lib" / "libkernels_jni.so"
    zig_cc = [toolchain.cxx[0], "cc", *toolchain.library_flags]
    run([*zig_cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-s",
         f"-I{out / 'include'}", *includes, "kernels_jni.c",
         f"-L{out / 'lib'}", "-lkernels", "-Wl,-soname,libkernels_jni.so", "-o", str(glue)],
        built, {**env, **dict(toolchain.env)})

    assert struct.unpack_from("<H", glue.read_bytes(), 0x12) == (183,)  # EM_AARCH64
    info = elf.dynamic_info(glue)
    assert "libkernels.so" in info.needed
    assert set(info.needed) <= {*bionic.LIBRARIES, "libkernels.so"}, info.needed
    provided = {*set().union(*bionic.exported_symbols().values()),
                *elf.dynamic_info(kernels_lib).defined}
    unresolved = [s for s in (*info.undefined, *info.weak_undefined) if s not in provided]
    assert not unresolved, f"Android could not resolve {unresolved}"
    jni = {s for s in info.defined if s.startswith("Java_")}
    assert jni == {"Java_com_example_Kernels_collatzSteps", "Java_com_example_Kernels_logRatio",
                   "Java_com_example_Kernels_smooth"}


def test_the_readme_names_the_files_it_builds():
    readme = (EXAMPLE / "README.md").read_text(encoding="utf-8")
    for needle in ("pyaot build kernels.py --target android-arm64 --out out",
                   "src/main/jniLibs/arm64-v8a/", "libkernels.so", "libkernels_jni.so",
                   'System.loadLibrary("kernels_jni")'):
        assert needle in readme, needle
    assert 'System.loadLibrary("kernels_jni")' in (EXAMPLE / "Kernels.java").read_text()
