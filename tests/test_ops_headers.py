"""Every declared operation has its header, with the declared C++ signature, and every
runtime header compiles on its own (docs/internals.md, "Operators")."""

from __future__ import annotations

import os
import re
import subprocess
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from hatch_pyaot.ir.types import BYTES, NONE, STR, ListType, Type
from hatch_pyaot.ops import default_registry
from hatch_pyaot.ops.registry import Const, Op

INCLUDE = Path(__file__).resolve().parents[1] / "src" / "hatch_pyaot" / "cpp_runtime" / "include"
HEADERS = sorted(INCLUDE.joinpath("pyaot").rglob("*.hpp"))




def _syntax_only(cxx: str, source: str, cwd: Path, name: str) -> str | None:
    """Compile ``source`` with -fsyntax-only; the diagnostics if it fails."""
    path = cwd / name
    path.write_text(source, encoding="utf-8")
    proc = subprocess.run(
        [
            cxx,
            "-std=c++20",
            "-fsyntax-only",
            "-fno-exceptions",
            "-fno-rtti",
            "-Wall",
            "-Wextra",
            "-Werror",
            f"-I{INCLUDE}",
            f"-I{sysconfig.get_paths()['include']}",
            "-x",
            "c++",
            str(path),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return None if proc.returncode == 0 else proc.stdout + proc.stderr


def test_registry_declares_the_scalar_surface() -> None:
    registry = default_registry()
    for name in (
        "operator.add", "operator.truediv", "operator.and_", "operator.xor", "operator.not_",
        "operator.ge", "builtins.abs", "builtins.min", "builtins.round", "builtins.divmod",
        "builtins.int", "math.sin", "math.hypot", "math.isclose", "math.frexp", "math.comb",
        "math.pi", "math.nan",
    ):  # fmt: skip
        assert registry.has(name), name
    ops = [o for overloads in registry.ops.values() for o in overloads]
    assert all(isinstance(c, Const) for c in registry.consts.values())
    # no two overloads of a name take the same parameter types
    seen = {(o.name, tuple(p.type for p in o.params)) for o in ops}
    assert len(seen) == len(ops)


def test_every_op_has_its_header() -> None:
    missing = sorted(
        {
            o.header
            for overloads in default_registry().ops.values()
            for o in overloads
            if not INCLUDE.joinpath(o.header).is_file()
        }
    )
    assert missing == []


def _cpp_type(t: Type) -> str:
    """Handles to shared values (str, bytes, lists) are passed as const references."""
    return f"const {t.cpp()}&" if t in (STR, BYTES) or isinstance(t, ListType) else t.cpp()


def _signature_check(index: int, o: Op) -> str:
    """A C++ statement that fails to compile unless ``o.cpp`` has the declared signature."""
    params = [_cpp_type(p.type) for p in o.params]
    result = o.result.cpp()
    if o.variadic:
        # a call with min_args and min_args + 1 repeated arguments must give the declared type
        fixed, repeated = params[:-1], params[-1]
        lines = []
        for count in sorted({max(o.min_args, len(fixed)), max(o.min_args, len(fixed)) + 1}):
            args = [*fixed, *[repeated] * (count - len(fixed))]
            call_args = [f"std::declval<{a}>()" for a in args]
            if o.fallible:
                call_args.insert(0, f"std::declval<{result}&>()")
            want = "bool" if o.fallible else result
            lines.append(
                f"static_assert(std::is_same_v<decltype({o.cpp}({', '.join(call_args)})), "
                f'{want}>, "{o.signature()}");'
            )
        return "\n".join(lines)
    if o.fallible:
        pointer = f"bool (*)({', '.join([f'{result}&', *params])})"
    else:
        pointer = f"{result} (*)({', '.join(params)})"
    return f"[[maybe_unused]] {pointer.replace('(*)', f'(*check_{index})')} = &{o.cpp};"


def test_declared_signatures_match_the_headers(cxx: str, tmp_path: Path) -> None:
    registry = default_registry()
    ops = [o for overloads in registry.ops.values() for o in overloads]
    headers = sorted({o.header for o in ops})
    body = "\n".join(_signature_check(i, o) for i, o in enumerate(ops))
    source = (
        "#include <cstdint>\n#include <tuple>\n#include <type_traits>\n#include <utility>\n"
        + "".join(f'#include "{h}"\n' for h in headers)
        + "\nvoid signatures() {\n"
        + body
        + "\n}\n"
    )
    assert NONE.cpp() == "pyaot::None"
    error = _syntax_only(cxx, source, tmp_path, "signatures.cpp")
    assert error is None, error


def test_every_header_compiles_on_its_own(cxx: str, tmp_path: Path) -> None:
    assert len(HEADERS) > 80
    python_headers = [h for h in HEADERS if h.parent.name == "python"]
    assert python_headers, "the CPython boundary headers live in pyaot/python/"

    def check(header: Path) -> tuple[str, str | None]:
        rel = header.relative_to(INCLUDE).as_posix()
        name = rel.replace("/", "_").replace(".hpp", ".cpp")
        # twice: the include guard (#pragma once) must hold too
        return rel, _syntax_only(cxx, f'#include "{rel}"\n#include "{rel}"\n', tmp_path, name)

    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        results = list(pool.map(check, HEADERS))
    failures = {rel: err for rel, err in results if err is not None}
    assert failures == {}, "\n".join(f"--- {rel}\n{err}" for rel, err in failures.items())


def _without_comments(header: Path) -> str:
    text = header.read_text(encoding="utf-8")
    return re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)


def test_only_python_headers_include_python_h() -> None:
    for header in HEADERS:
        includes = re.findall(r'#\s*include\s*[<"]([^>"]+)[>"]', _without_comments(header))
        if header.parent.name == "python":
            continue
        assert "Python.h" not in includes, header
        assert not any(i.startswith("pyaot/python/") for i in includes), header


def test_headers_avoid_reserved_identifiers() -> None:
    allowed = {"__builtin_add_overflow", "__builtin_sub_overflow", "__builtin_mul_overflow",
               "__builtin_clzll", "__int128", "__extension__",
               # the compilers' own: platform macros and attributes
               "__linux__", "__aarch64__", "__wasm__", "__wasm_atomics__", "__attribute__",
               "__declspec", "__SANITIZE_ADDRESS__",
               # clang's spelling of that test (pyaot/builtins/str_pool.hpp)
               "__has_feature",
               # cpuid and xgetbv (pyaot/isa/detect.hpp)
               "__clang__", "__cpuid_count", "__cpuidex", "__asm__",
               # the vector ISA the target has (pyaot/numpy/vmath/choice.hpp)
               "__AVX512F__", "__AVX2__", "__SSE2__", "__ARM_NEON", "__wasm_simd128__",
               # x86-64 kernels chosen at run time (pyaot/onnx/gemm.hpp)
               "__x86_64__", "__GNUC__", "__m256", "__m512",
               # no-alias pointers for the vectorizer (pyaot/cv2/separable.hpp)
               "__restrict",
               # byte shuffles of GCC's and clang's vector extensions (pyaot/cv2/simd.hpp)
               "__builtin_shuffle", "__builtin_shufflevector", "__VA_ARGS__",
               # lane-wise conversion of those vectors (pyaot/cv2/color_spaces.hpp)
               "__builtin_convertvector",
               # a loop's hint to the cache (pyaot::prefetch_ahead, pyaot/builtins/list.hpp)
               "__builtin_prefetch",
               # the free lists' alignment and their release at a thread's end, which a
               # WebAssembly module does without (pyaot/small_heap.hpp)
               "__STDCPP_DEFAULT_NEW_ALIGNMENT__", "__wasi__", "__EMSCRIPTEN__"}  # fmt: skip
    for header in HEADERS:
        text = re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', _without_comments(header))
        found = set(re.findall(r"\b__\w+", text)) - allowed
        assert not found, (header, found)
