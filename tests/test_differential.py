"""CPython and the compiled module give the same values and raise the same exception types.

Every kernel of kernels/scalar_kernels.py is compiled once for this file; each case calls
both versions on the same arguments.
"""

from __future__ import annotations

import math
import os
import signal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from support import Pair, assert_same, build_pair, interrupted, outcome

KERNELS = Path(__file__).parent / "kernels" / "scalar_kernels.py"
I64_MAX = 2**63 - 1
I64_MIN = -(2**63)
INF, NAN = math.inf, math.nan


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Pair:
    return build_pair(tmp_path_factory.mktemp("scalar"), "scalar_kernels", KERNELS)


INT_PAIRS = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (5, 0), (I64_MAX, 1), (I64_MIN, -1),
             (I64_MIN, 1), (3, 40), (2, 62), (2, 63), (-2, 63), (10, -1), (1, 64), (-1, 70),
             (123456789, 987654321), (I64_MAX, I64_MAX), (0, 0)]
FLOAT_PAIRS = [(7.5, 2.0), (-7.5, 2.0), (7.5, -2.0), (-7.5, -2.0), (0.0, 3.0), (-0.0, 3.0),
               (1.0, 0.0), (0.0, 0.0), (0.0, -1.0), (-8.0, 1 / 3), (INF, 2.0), (2.0, INF),
               (NAN, 1.0), (1e308, 10.0), (10.0, 400.0), (-2.5, 3.0), (3.0, -INF), (1e-310, 1e10)]

CASES: list[tuple[str, tuple[Any, ...]]] = []
CASES += [(f, p) for f in ["iadd", "isub", "imul", "ifloordiv", "imod", "itruediv", "ishift",
                           "ibits"] for p in INT_PAIRS]
CASES += [("ipow", p) for p in INT_PAIRS if 0 <= p[1] <= 100]
CASES += [("ineg", (a,)) for a in [0, 5, -5, I64_MAX, I64_MIN]]
CASES += [(f, p) for f in ["fops", "fdiv", "ffloordiv", "fmod", "fpow", "math_mix"]
          for p in FLOAT_PAIRS]
CASES += [("mixed", p) for p in [(3, 0.5), (-3, 2.5), (0, 0.0), (2**53 + 1, 1.0), (1, -0.0)]]
CASES += [("int_pow_negative_literal", (a,)) for a in [1, 2, -3, 0]]
CASES += [("bools", (a, b)) for a in (True, False) for b in (True, False)]
CASES += [("chained", p) for p in [(1, 2.0, 3), (1, 1.0, 3), (3, 2.0, 1), (1, NAN, 3)]]
CASES += [("int_float_eq", p) for p in [(2**53 + 1, float(2**53)), (3, 3.0), (I64_MAX, 2.0**63),
                                        (-1, NAN), (5, INF), (5, -INF)]]
CASES += [("and_or", p) for p in [(0, 3), (2, 0), (2, 3), (0, 0)]]
CASES += [("text_digits", (n, w)) for n in (0, 7, -5, 1234567, I64_MAX) for w in (0, 6)]
CASES += [("list_work", (n, k)) for n in (0, 1, 50) for k in (0, 13)]
CASES += [("logic", p) for p in [(0.0, 1.0), (1.0, 5.0), (1.0, 11.0), (NAN, -1.0), (-0.0, 2.0)]]
CASES += [("pick", (x,)) for x in [-10, -5, 0, 5, 6]]
CASES += [("compare_chain_calls", (x,)) for x in [-20, -3, 0, 4, 9, 11, I64_MIN + 1]]
CASES += [("sum_range", p) for p in [(0, 10, 1), (10, 0, -1), (10, 0, -3), (0, 10, 3),
                                     (5, 5, 1), (0, 10, 0), (-5, 5, 2), (I64_MAX - 3, I64_MAX, 1),
                                     (I64_MIN, I64_MIN + 5, 2), (0, 100, -1)]]
CASES += [("loop_var_after", (n,)) for n in [0, 1, 5]]
CASES += [("range_last", p) for p in [(I64_MIN, I64_MAX, 2**62), (I64_MAX, I64_MIN, -(2**62)), (0, 10, 3)]]
CASES += [("first_divisor", (n,)) for n in [2, 3, 9, 49, 97]]
CASES += [("count_down", (n,)) for n in [0, 1, 10, 11]]
CASES += [(f, (n,)) for f in ("spin", "spin_range") for n in (0, 1, 70_000)]
CASES += [("while_break", (n,)) for n in [0, 10, 1000]]
CASES += [("collatz", (n,)) for n in [1, 7, 27, 97]]
CASES += [("early", (x,)) for x in [-1.0, 0.0, 0.5, 3.5, 20.0, NAN]]
CASES += [("widen", (n,)) for n in [3, 10]]
CASES += [("with_defaults", (x,)) for x in [0.0, 1.5, -2.0]]
CASES += [("monomorphized", (a, b)) for a, b in [(1, 2.0), (-3, 0.5)]]
CASES += [("fib", (n,)) for n in [0, 1, 10, 20]]
CASES += [("is_even", (n,)) for n in [0, 1, 10, 15]]
CASES += [("is_odd", (n,)) for n in [0, 7, 100_000]]
CASES += [("fmt_message", (n, 2.5, False)) for n in (-1, 0, 1, 2, 3)]
CASES += [("tuple_ops", (i, x)) for i in (-7, -6, -1, 0, 1, 2, 5, 6) for x in (2.5, 1.0, -0.0)]
CASES += [("lookup_sum", (n,)) for n in (0, 7, 1000)]
CASES += [("reductions", (a, x)) for a in (0, 5, -9, I64_MAX, I64_MIN) for x in (0.0, -0.0, 1.5, NAN, -INF)]
CASES += [("empty_reductions", ())]
CASES += [("type_checks", (3, 1.5, True))]
CASES += [("with_finally", (k,)) for k in (0, 1, 2, 5)]
CASES += [("finally_with_its_own_try", (n,)) for n in (0, 1, -1)]
CASES += [("finally_propagates", (k,)) for k in (0, 1, -1)]
CASES += [("tuple_compare", (a, b, c)) for a in (1, 2) for b in (2.5, -1.0, INF) for c in (1, 2)]
CASES += [("nested_tuple_compare", (a, b, c)) for a in (1, 2) for b in (2.5, -1.0, INF)
          for c in (1, 2)]
CASES += [("chained_assign", (x,)) for x in (0, 7, -3)]
CASES += [("generators", (n, x)) for n in (0, 1, 2, 9, 16, 97) for x in (0.5, -2.0, NAN)]
CASES += [("generator_errors", (n,)) for n in (0, 2, 3, 5, 4611686018427387904)]
CASES += [("safe_div", p) for p in [(1.0, 2.0), (1.0, 0.0), (NAN, 0.0)]]
CASES += [("try_kinds", (k,)) for k in range(5)]
CASES += [("bare_except", (x,)) for x in (2.5, NAN, INF, -1e18)]
CASES += [("math_iterables", (a, b, c)) for a, b, c in [(1e100, 1.0, 3), (1.5, -2.5, 0), (INF, 1.0, 1), (INF, -INF, 1), (NAN, 0.0, 0), (1e308, 1e308, 0), (0.1, 1e-17, -7), (-0.0, -0.0, 0)]]
CASES += [("deep", (n,)) for n in [0, 10, 500, 100_000]]  # RecursionError, not a crash
CASES += [("gcd_rec", (a, b)) for a, b in [(12, 18), (17, 5), (0, 3), (-12, 18)]]
CASES += [("no_result", (x,)) for x in [1, 6]]
CASES += [("constants", ())]
CASES += [("swap", (1, 2.5))]
CASES += [("unpack", ((3, 2.5),)), ("unpack", ((-1, 0.0),))]
CASES += [("builtins_int", p) for p in [(3, -4, 5), (I64_MIN, 0, 1), (-7, -7, -7),
                                        (2**32, 1, 0)]]
CASES += [("builtins_float", p) for p in [(2.5, -1.0), (3.5, 3.5), (-2.5, 0.0), (NAN, 1.0),
                                          (1.0, NAN), (INF, 0.0), (1e300, 1.0), (-0.5, 0.2)]]
CASES += [("rounding", p) for p in [(2.675, 2), (0.5, 0), (1.5, 0), (-2.5, 0), (1234.5678, -2),
                                    (1e300, -300), (0.125, 2), (INF, 2), (NAN, 1), (5e-324, 400),
                                    (1.23456789e-5, 9), (123.456, 25)]]
CASES += [("conversions", p) for p in [(2.9, 3, True), (-2.9, 0, False), (0.0, -1, True),
                                       (NAN, 1, False), (INF, 1, False), (1e19, 1, False),
                                       (-9.3e18, 2, True)]]
CASES += [("divmods", p) for p in [(7, 2, 7.5, 2.0), (-7, 2, -7.5, 2.0), (7, -2, 0.0, -3.0),
                                   (1, 0, 1.0, 1.0), (1, 1, 1.0, 0.0), (I64_MIN, -1, 1.0, 1.0)]]
CASES += [("modpow", p) for p in [(3, 4, 5), (2, 100, 1000), (3, -1, 7), (2, -1, 4), (5, 3, 0),
                                  (-3, 3, 7), (3, 3, -7)]]
CASES += [("raises", (x,)) for x in [1.0, 0.0, -2.0, 2.5]]
CASES += [("asserts", (n,)) for n in [1, 3, 4]]
CASES += [("overflow_factorial", (n,)) for n in [0, 5, 20, 21, 30]]
CASES += [("raise_kinds", (k,)) for k in range(7)]
CASES += [("integrate", (0.0, 3.0, 1000)), ("integrate", (0.0, 1.0, 0))]
CASES += [("math_ints", p) for p in [(12, 18), (-12, 5), (0, 0), (7, 0), (I64_MAX, 3)]]
CASES += [("math_tuple", (x,)) for x in [0.0, 1.0, -3.5, 1e300, 5e-324, INF, NAN]]
CASES += [("maybe_unbound", (x,)) for x in range(-1, 10)]
CASES += [("normalized_names", (x,)) for x in (5, -1)]


@pytest.mark.parametrize(("func", "args"), CASES, ids=[f"{f}{a}" for f, a in CASES])
def test_same_as_cpython(pair: Pair, func: str, args: tuple[Any, ...]) -> None:
    assert_same(pair, func, *args)


def test_every_kernel_is_compiled_and_covered(pair: Pair) -> None:
    from hatch_pyaot import is_compiled

    names = [e.name for m in pair.report.modules for e in m.entries]
    assert names, "no @compile functions were found"
    for name in names:
        assert is_compiled(getattr(pair.native, name)), name
        assert not is_compiled(getattr(pair.python, name)), name
    covered = {f for f, _ in CASES}
    assert set(names) - covered == set(), "kernels without a differential case"


INTERRUPTED = """\
import signal, sys
signal.signal(signal.SIGINT, signal.default_int_handler)  # whatever the parent ignores
import scalar_kernels
from hatch_pyaot import is_compiled
assert is_compiled(scalar_kernels.{func})
print("running", flush=True)
scalar_kernels.{func}({n})
"""


@pytest.mark.skipif(os.name == "nt", reason="SIGINT cannot be sent to a process on Windows")
@pytest.mark.parametrize(("func", "n"), [("spin", -1), ("spin_range", 2**62)])
def test_ctrl_c_interrupts_a_long_compiled_loop(pair: Pair, func: str, n: int) -> None:
    ended = interrupted(pair, INTERRUPTED.format(func=func, n=n))
    err = ended.stderr
    # The traceback of an uncaught KeyboardInterrupt, raised in the line of the call; then
    # CPython ends itself by SIGINT, as a shell expects.
    assert err.splitlines()[-2:] == ['  File "<string>", line 7, in <module>',
                                     "KeyboardInterrupt"], err
    assert ended.returncode == -signal.SIGINT


def test_int_pow_with_negative_runtime_exponent_is_a_clear_error(pair: Pair) -> None:
    """Documented: int ** int stays int, so a negative exponent known only at run time
    raises ValueError (CPython would return a float)."""
    with pytest.raises(ValueError, match="negative exponent"):
        pair.native.ipow(7, -2)
    assert pair.native.int_pow_negative_literal(2) == 0.25  # a literal exponent gives a float


def test_int_and_float_in_one_name_is_a_float(pair: Pair) -> None:
    """Documented: a name that holds an int and a float is a float (CPython: int 0 here)."""
    assert pair.python.widen(0) == 0 and type(pair.python.widen(0)) is int
    assert pair.native.widen(0) == 0.0 and type(pair.native.widen(0)) is float


def test_keyword_arguments_at_the_boundary(pair: Pair) -> None:
    assert_same(pair, "with_defaults", 2.0, factor=0.5)
    assert_same(pair, "with_defaults", x=2.0, offset=4)
    assert_same(pair, "with_defaults", 2.0, 1.0, 7)


@pytest.mark.parametrize(("func", "args", "kwargs"), [
    ("iadd", ("1", 2), {}),
    ("iadd", (1.0, 2), {}),
    ("iadd", (1,), {}),
    ("iadd", (1, 2, 3), {}),
    ("iadd", (1, 2), {"c": 3}),
    ("iadd", (1,), {"a": 2}),
    ("fdiv", ("x", 1.0), {}),
    ("fdiv", (None, 1.0), {}),
    ("unpack", ((1, 2.0, 3),), {}),
    ("unpack", ([1, 2.0],), {}),
    ("bools", (1, True), {}),
    ("iadd", (2**63, 0), {}),
])
def test_bad_arguments_raise(pair: Pair, func: str, args: tuple[Any, ...],
                             kwargs: dict[str, Any]) -> None:
    """Wrong types, arity and keywords raise TypeError (or OverflowError beyond int64)."""
    native = getattr(pair.native, func)
    with pytest.raises((TypeError, OverflowError)) as info:
        native(*args, **kwargs)
    if not isinstance(info.value, OverflowError):
        assert func in str(info.value)


def test_accepted_widenings(pair: Pair) -> None:
    assert pair.native.fdiv(1, 2) == 0.5  # int where float is annotated, as Python allows
    assert pair.native.iadd(True, 2) == 3  # bool is an int
    assert pair.native.fdiv(True, 2) == 0.5


def test_exception_messages_match_and_carry_the_location(pair: Pair) -> None:
    for func, args in [("fdiv", (1.0, 0.0)), ("ifloordiv", (1, 0)), ("imod", (1, 0)),
                       ("raises", (-1.0,)), ("asserts", (3,)), ("math_mix", (INF, 1.0)),
                       ("maybe_unbound", (0,)), ("maybe_unbound", (2,)),
                       ("maybe_unbound", (7,))]:
        with pytest.raises(Exception) as py:
            getattr(pair.python, func)(*args)
        with pytest.raises(type(py.value)) as native:
            getattr(pair.native, func)(*args)
        text = str(native.value)
        assert text.startswith(str(py.value)), (func, text, str(py.value))
        assert "scalar_kernels.py:" in text, text


@pytest.mark.parametrize("x", [1.5, -0.0, 1e20, 1e-7, 123456.789, 1e16, 1e15, 0.1, 5e-324,
                               NAN, -INF, 2.5e-5])
@pytest.mark.parametrize("n", [-3, 0, 1, 2, 3])
def test_fstring_messages_match_cpython(pair: Pair, n: int, x: float) -> None:
    """Exception messages built with f-strings read exactly as CPython formats them."""
    expected = outcome(pair.python.fmt_message, n, x, True)
    got = outcome(pair.native.fmt_message, n, x, True)
    if expected[0] == "ok":
        assert got == expected
        return
    assert type(got[1]) is type(expected[1])
    assert str(got[1]).startswith(str(expected[1]) + " (at scalar_kernels.py:"), \
        (str(got[1]), str(expected[1]))


def test_signature_and_doc(pair: Pair) -> None:
    import inspect

    sig = inspect.signature(pair.native.with_defaults)
    assert list(sig.parameters) == ["x", "factor", "offset"]
    assert sig.parameters["factor"].default == 3.0
    assert pair.native.integrate.__module__ == "scalar_kernels"
    assert pair.native.integrate.__name__ == "integrate"


def test_native_functions_carry_the_python_ones_types(pair: Pair) -> None:
    """inspect and typing see the annotations; py_func is the Python version; the native
    function still pickles by reference."""
    import inspect
    import pickle
    import typing

    from hatch_pyaot import is_compiled

    native = pair.native.with_defaults
    assert is_compiled(native)
    assert str(inspect.signature(native)) == \
        "(x: float, factor: float = 3.0, offset: int = -1) -> float"
    assert typing.get_type_hints(native) == {"x": float, "factor": float, "offset": int,
                                             "return": float}
    assert native.py_func is native.__wrapped__
    assert not is_compiled(native.py_func) and native.py_func(2.0) == native(2.0)
    assert pickle.loads(pickle.dumps(native)) is native
    assert repr(native) == "<compiled function with_defaults>"


# ----- hypothesis: the arithmetic semantics over the whole int64 / float64 range ----------


int64 = st.integers(min_value=I64_MIN, max_value=I64_MAX)
small_int = st.integers(min_value=-70, max_value=70)
any_float = st.floats(allow_nan=True, allow_infinity=True)
HYPOTHESIS = settings(max_examples=300, deadline=None, database=None)


@HYPOTHESIS
@given(a=int64, b=st.one_of(int64, small_int))
def test_int_arithmetic(pair: Pair, a: int, b: int) -> None:
    for func in ("iadd", "isub", "imul", "ifloordiv", "imod", "itruediv", "ibits"):
        assert_same(pair, func, a, b)


@HYPOTHESIS
@given(a=st.one_of(small_int, int64), b=st.integers(min_value=-3, max_value=70))
def test_int_power_and_shifts(pair: Pair, a: int, b: int) -> None:
    assert_same(pair, "ishift", a, b)
    if b >= 0:
        assert_same(pair, "ipow", a, b)


@HYPOTHESIS
@given(a=any_float, b=any_float)
def test_float_arithmetic(pair: Pair, a: float, b: float) -> None:
    for func in ("fops", "fdiv", "ffloordiv", "fmod", "fpow", "math_mix"):
        assert_same(pair, func, a, b)


@HYPOTHESIS
@given(a=int64, b=any_float)
def test_mixed_int_float(pair: Pair, a: int, b: float) -> None:
    assert_same(pair, "int_float_eq", a, b)
    assert_same(pair, "mixed", a, b)


@HYPOTHESIS
@given(x=any_float, n=st.integers(min_value=-400, max_value=400))
def test_round(pair: Pair, x: float, n: int) -> None:
    assert_same(pair, "rounding", x, n)
    assert_same(pair, "builtins_float", x, 0.25)


@HYPOTHESIS
@given(a=any_float, b=any_float, c=st.integers(min_value=-(2**53), max_value=2**53))
def test_exact_sum_and_distance(pair: Pair, a: float, b: float, c: int) -> None:
    assert_same(pair, "math_iterables", a, b, c)
    assert_same(pair, "reductions", c, a)
