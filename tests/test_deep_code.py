"""Code deeper than CPython's default recursion limit of 1000 frames compiles and runs as
CPython runs it: long operator chains (the parser, tracer, typing and codegen all recurse on
the syntax tree) and long chains of helper calls (specialization recurses on the call
graph). The module is generated, compiled once for this file and compared with CPython."""

from __future__ import annotations

from pathlib import Path

import pytest

from support import Pair, assert_same, build_pair

TERMS = 400
CHAIN = 400
PARENS = 190
"""CPython's tokenizer allows 200 nested parentheses."""


def _source() -> str:
    lines = ["from hatch_pyaot import compile", ""]
    for i in range(1, CHAIN):
        lines += [f"def h{i}(x):", f"    return h{i + 1}(x) + 1", ""]
    lines += [f"def h{CHAIN}(x):", "    return x", ""]
    lines += ["@compile", "def chain(x: int) -> int:", "    return h1(x)", ""]
    lines += ["@compile", "def int_terms(x: int) -> int:",
              "    return " + " + ".join(["x"] * TERMS), ""]
    lines += ["@compile", "def float_terms(x: float) -> float:",
              "    return " + " - ".join(["x"] * TERMS), ""]
    lines += ["@compile", "def nested(x: int) -> int:",
              "    return " + "(" * PARENS + "x" + " * 1)" * PARENS, ""]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("deep"), "deep_kernels", _source())


@pytest.mark.parametrize(("func", "args"), [
    ("chain", (5,)), ("chain", (2**63 - 300,)),
    ("int_terms", (3,)), ("int_terms", (2**60,)),
    ("float_terms", (0.5,)), ("float_terms", (float("inf"),)),
    ("nested", (7,)),
])
def test_deep_code_runs_as_in_cpython(pair: Pair, func: str, args: tuple[int | float]) -> None:
    assert_same(pair, func, *args)


def test_every_function_compiled(pair: Pair) -> None:
    assert not pair.report.unreadable
    assert sorted(e.name for e in pair.report.modules[0].entries if e.compiled) == [
        "chain", "float_terms", "int_terms", "nested"]
    assert isinstance(pair.report.built[0], Path)


def test_long_chains_stay_within_clangs_parenthesis_depth(pair: Pair) -> None:
    """clang (and zig, for the cross targets) refuses more than 256 nested parentheses: the
    400 inline float operations of float_terms are split into temporaries."""
    cpp = pair.report.modules[0].cpp
    assert cpp is not None
    depth = deepest = 0
    for char in cpp:
        depth += (char == "(") - (char == ")")
        deepest = max(deepest, depth)
    assert deepest < 256


def test_code_too_deep_for_cpython_is_refused_at_once(tmp_path: Path) -> None:
    """20,000 terms: an import would fail (RecursionError in CPython's compiler), and libcst
    would take minutes to parse it: the module is refused before that."""
    from hatch_pyaot.errors import CompileError
    from hatch_pyaot.pipeline import analyze

    path = tmp_path / "too_deep.py"
    path.write_text("from hatch_pyaot import compile\n\n@compile\ndef f(x: int) -> int:\n"
                    "    return " + " + ".join(["x"] * 20_000) + "\n")
    with pytest.raises(CompileError, match="nested too deeply to compile"):
        analyze(path)
