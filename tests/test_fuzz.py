"""The fuzzer of tests/fuzz at fixed seeds (docs/fuzzing.md has the long run): generated
modules agree with CPython, invalid ones get located diagnostics, the reducer shrinks; and
the regressions it found whose shape needs a module of their own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fuzz import program
from fuzz.invalid import check_invalid, check_syntax
from fuzz.oracle import Figures, assert_agrees, check_module
from fuzz.reduce import reduce, variants_of

SEEDS = (1, 2, 3)
"""Each one module of FUNCTIONS entry functions, one C++ build (about 10 s on a busy core)."""
FUNCTIONS = 8


@pytest.mark.parametrize("seed", SEEDS)
def test_generated_modules_agree_with_cpython(seed: int, tmp_path: Path) -> None:
    figures = Figures()
    module = program.generate(seed, FUNCTIONS, inputs=4)
    mismatches = check_module(module, tmp_path, figures)
    assert not mismatches, "\n".join(map(str, mismatches))
    assert sum(figures.compiled.values()) > 0 and figures.compared


def test_the_generator_is_reproducible() -> None:
    a, b = program.generate(7, 4), program.generate(7, 4)
    assert a.marked() == b.marked()
    assert repr([f.inputs for f in a.functions]) == repr([f.inputs for f in b.functions])
    ast.parse(program.native(a.marked()))
    ast.parse(program.oracle(a.marked()))
    assert "_ov" not in program.native(a.marked())


def test_every_feature_area_is_generated() -> None:
    """Each area of fuzz/features.py shows up within a few modules (and is counted by name),
    every module parses, and ``features=frozenset()`` keeps to the base language."""
    from fuzz.features import AREAS

    used: set[str] = set()
    for seed in range(30):
        module = program.generate(seed, 6, 1)
        ast.parse(program.native(module.marked()))
        used |= {area for f in module.functions for area in f.used}
    assert used == set(AREAS)
    tuples = [f for seed in range(12)
              for f in program.generate(seed, 6, 2, features=frozenset({"vartuples"})).functions
              if "tuple[int, ...]" in (*f.params, f.result)]
    assert tuples and all(isinstance(v, tuple) for f in tuples for args in f.inputs
                          for v, kind in zip(args, f.params, strict=True)
                          if kind == "tuple[int, ...]")
    plain = program.generate(3, 6, 1, features=frozenset())
    assert not any(f.used for f in plain.functions) and "NamedTuple" not in plain.marked()


def test_invalid_programs_get_located_diagnostics(tmp_path: Path) -> None:
    problems = check_invalid(11, tmp_path, functions=10)
    assert not problems, "\n".join(map(str, problems))


def test_broken_syntax_is_a_located_error(tmp_path: Path) -> None:
    problems = [p for seed in range(30) for p in check_syntax(seed, tmp_path)]
    assert not problems, "\n".join(map(str, problems))


def test_the_reducer_keeps_what_fails() -> None:
    """With a stand-in for the build (a variant "fails" while it still raises ValueError),
    the reducer drops every statement and operand that does not matter."""
    module = program.generate(5, 1)
    fn = module.functions[0].source
    fn = fn.replace("\n    x0 = ", "\n    if len(p0) > 2 + 3:\n        raise ValueError('x')\n"
                    "    x0 = ", 1)
    calls = []

    def still_fails(variants: list[str]) -> list[bool]:
        calls.append(len(variants))
        return ["raise ValueError" in v for v in variants]

    small = reduce(fn, still_fails)
    assert "raise ValueError" in small and len(small) < len(fn) / 2, small
    assert ast.parse(small) and calls
    assert all(ast.parse(v) for v in variants_of(small))


STR_KEYS = '''
from hatch_pyaot import compile


@compile
def lookup(d: dict[str, int], s: str) -> int:
    return d[s]
'''
STR_PARAMETER = '''
from hatch_pyaot import compile


@compile
def unused(d: dict[str, float]) -> int:
    return 1
'''


def test_a_str_keyed_lookup_alone_in_its_module(tmp_path: Path) -> None:
    """Found by the fuzzer: KeyError's repr of a str key, and the boundary's TypeError naming
    one (``argument 'd['k']' must be float``), need str_convert.hpp, which only another
    function of the module had included (the C++ did not compile alone)."""
    for args in (({"a": 1}, "a"), ({"a": 1}, "b\u00df")):
        assert_agrees(tmp_path / args[1], STR_KEYS, "lookup", args)
    assert_agrees(tmp_path / "unused", STR_PARAMETER, "unused", ({"k": 1.5},))


REFUSED = '''
from hatch_pyaot import compile


@compile
def ellipsis_key(d: dict[str, int]) -> int:
    return d[...]


@compile
def sliced_float(p: float) -> float:
    return p[1:2]
'''


def test_ellipsis_and_slices_of_non_sequences_are_diagnostics(tmp_path: Path) -> None:
    """Found by the fuzzer's invalid programs: ``d[...]`` and ``x[1:2]`` of a float crashed
    typing (an internal compiler error) instead of a located diagnostic."""
    from hatch_pyaot.pipeline import analyze

    path = tmp_path / "refused.py"
    path.write_text(REFUSED, encoding="utf-8")
    result = analyze(path)
    text = result.format_diagnostics()
    assert not any(e.compiled for e in result.entries)
    assert "internal compiler error" not in text
    assert "refused.py:7:14: error: '...' is only supported as an index of an array" in text
    assert "refused.py:12:14: error: slicing a float is not supported" in text


def test_a_regression_test_is_written_ready_to_run(tmp_path: Path) -> None:
    """What --reduce writes: a test file with the module and the arguments as Python source
    (NaN and infinities spelled ``float('nan')``, arrays ``np.array``)."""
    import math

    import numpy as np

    from fuzz.reduce import literal, regression_test

    args = (-math.inf, [math.nan, 1.5], {"k": 1}, set(), np.arange(3), "a\x00")
    assert repr(eval(literal(args), {"np": np})) == repr(args)
    module = program.generate(5, 1)
    path = regression_test(tmp_path, 5, "value: a test", module.helpers,
                           module.functions[0].source, args)
    text = path.read_text(encoding="utf-8")
    compile(text, str(path), "exec")
    assert "def test_f0(tmp_path: Path)" in text and "float('-inf')" in text
