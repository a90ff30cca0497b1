"""Differential test of the C++ runtime against CPython.

For a table of (operation, arguments) -- hand-picked edge cases plus seeded random sweeps --
one generated C++ program calls the overload the registry resolves for those argument
types and prints each result or exception; CPython computes the same call. Values must
agree exactly (floats bit for bit, NaNs as NaNs), exceptions by type and message.

Where the compiled int (int64) cannot hold CPython's result the runtime must raise its
OverflowError; the other deliberate differences are spelled out in ``_expected``.
"""

from __future__ import annotations

import builtins
import math
import operator
import random
import struct
import subprocess
import sysconfig
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hatch_pyaot.ir.types import BOOL, FLOAT, INT, NONE, TupleType, Type
from hatch_pyaot.ops import default_registry
from hatch_pyaot.ops.registry import Default, Op
from hatch_pyaot.toolchains.compiler import compile_flags

INCLUDE = Path(__file__).resolve().parents[1] / "src" / "hatch_pyaot" / "cpp_runtime" / "include"
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
INT_OVERFLOW = ("OverflowError", "integer overflow: the compiled int is 64-bit")
NEGATIVE_INT_POWER = (
    "ValueError",
    "negative exponent: compiled int ** int must stay int; use a float base",
)
COMPLEX_POWER = (
    "ValueError",
    "complex result: a negative float raised to a non-integer power is not supported by "
    "compiled float ** float",
)

INF, NAN = math.inf, math.nan
FLOATS = (
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, -7.0, 7.5, 0.1, 2.675, 1e-300,
    5e-324, -1e-310, 1e16, 2.0**53, 2.0**63, -(2.0**63), 1e300, 1.7976931348623157e308, INF,
    -INF, NAN,
)  # fmt: skip
INTS = (
    0, 1, -1, 2, -2, 3, -3, 7, -7, 10, 25, -25, 2**31, 2**53 + 1, -(2**53) - 1, 2**62,
    INT64_MAX, INT64_MIN, INT64_MIN + 1,
)  # fmt: skip
SMALL_INTS = (0, 1, -1, 2, -2, 3, 5, -5, 10, 63, 64)


@dataclass(frozen=True)
class Case:
    name: str
    args: tuple[Any, ...]
    kwargs: tuple[tuple[str, Any], ...] = ()


def _type_of(value: Any) -> Type:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return BOOL
    if isinstance(value, int):
        return INT
    assert isinstance(value, float), value
    return FLOAT


# ---- the table ---------------------------------------------------------------------------


def _cases() -> Iterator[Case]:
    rng = random.Random(20251129)

    def rand_int() -> int:
        bits = rng.choice((3, 8, 20, 31, 32, 52, 53, 54, 62, 63))
        return rng.randrange(-(2**bits), 2**bits) if bits < 63 else rng.randrange(-(2**63), 2**63)

    def rand_float() -> float:
        kind = rng.random()
        if kind < 0.1:
            return rng.choice(FLOATS)
        if kind < 0.2:
            return float(rng.randrange(-1000, 1000)) / rng.choice((1, 2, 4, 8))
        return math.copysign(rng.random() * 2.0 ** rng.randrange(-1074, 1024), rng.random() - 0.5)

    ints = (*INTS, *(rand_int() for _ in range(12)))
    floats = (*FLOATS, *(rand_float() for _ in range(14)))

    # operators on ints
    for name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "and_", "or_", "xor",
                 "eq", "ne", "lt", "le", "gt", "ge"):  # fmt: skip
        for a in ints:
            for b in ints:
                yield Case(f"operator.{name}", (a, b))
    for a in ints:
        for b in (*SMALL_INTS, 62, 65, 100, 1000, -64):
            yield Case("operator.lshift", (a, b))
            yield Case("operator.rshift", (a, b))
            yield Case("operator.pow", (a, b))
            yield Case("builtins.pow", (a, b))
        for name in ("neg", "pos", "invert", "not_", "truth"):
            yield Case(f"operator.{name}", (a,))
    # operators on floats, and mixed
    for name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "eq", "ne", "lt",
                 "le", "gt", "ge"):  # fmt: skip
        for a in floats:
            for b in floats:
                yield Case(f"operator.{name}", (a, b))
    for name in ("eq", "ne", "lt", "le", "gt", "ge", "add", "truediv", "floordiv", "mod"):
        for i in (*INTS, 2**53, 2**63 - 1024, 2**63 - 512, -(2**63) + 512):
            for f in (*FLOATS, 9007199254740992.0, 9223372036854774784.0, 4.5, -4.5):
                yield Case(f"operator.{name}", (i, f))
                yield Case(f"operator.{name}", (f, i))
    for a in floats:
        for name in ("neg", "pos", "not_", "truth"):
            yield Case(f"operator.{name}", (a,))
    for a in (True, False):
        for b in (True, False):
            for name in ("and_", "or_", "xor", "add", "sub", "truediv", "eq", "lt"):
                yield Case(f"operator.{name}", (a, b))
        for name in ("neg", "pos", "invert", "not_", "truth"):
            yield Case(f"operator.{name}", (a,))
    yield Case("operator.and_", (True, 3))
    for name in ("not_", "truth"):
        yield Case(f"operator.{name}", (None,))
    yield Case("operator.eq", (None, None))
    yield Case("operator.ne", (None, None))
    # builtins
    for a in ints:
        yield Case("builtins.abs", (a,))
        yield Case("builtins.int", (a,))
        yield Case("builtins.float", (a,))
        yield Case("builtins.bool", (a,))
        yield Case("builtins.round", (a,))
        for nd in (-25, -20, -19, -18, -3, -2, -1, 0, 2):
            yield Case("builtins.round", (a, nd))
        for b in ints:
            yield Case("builtins.divmod", (a, b))
    for a in (*INTS[:12], 5, 15, 35, 45, 5 * 10**18, -5 * 10**18, 6 * 10**18):
        for nd in (-1, -2, -19):
            yield Case("builtins.round", (a, nd))
    for a in floats:
        yield Case("builtins.abs", (a,))
        yield Case("builtins.int", (a,))
        yield Case("builtins.float", (a,))
        yield Case("builtins.bool", (a,))
        yield Case("builtins.round", (a,))
        for nd in (-400, -309, -308, -300, -20, -2, -1, 0, 1, 2, 3, 17, 300, 323, 324, 400):
            yield Case("builtins.round", (a, nd))
        for b in floats:
            yield Case("builtins.divmod", (a, b))
            yield Case("builtins.pow", (a, b))
    for x in (0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 2.675, 0.125, 0.375, 1.0000000000000002,
              4503599627370496.5, 9.5e307, 1.5e308, 5.5, 55.0, 65.0, 15.0, 25.0, 123456.789,
              -123456.789, 1e22, 9.223372036854775e18, -9.2233720368547758e18):  # fmt: skip
        yield Case("builtins.round", (x,))
        for nd in (-308, -307, -22, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 15, 16):
            yield Case("builtins.round", (x, nd))
    for _ in range(300):
        yield Case("builtins.round", (rand_float(), rng.randrange(-20, 25)))
    yield Case("builtins.int", ())
    yield Case("builtins.float", ())
    yield Case("builtins.bool", ())
    yield Case("builtins.bool", (None,))
    yield Case("builtins.bool", (True,))
    for name in ("min", "max"):
        for vals in ((1, 2), (2, 1), (3, 1, 2), (1, 1, -5, 7), (NAN, 1.0), (1.0, NAN),
                     (1.0, NAN, 0.0), (0.0, -0.0), (-0.0, 0.0), (INF, -INF, 3.0), (True, False),
                     (False, True, False), (INT64_MIN, INT64_MAX)):  # fmt: skip
            yield Case(f"builtins.{name}", vals)
    for base in (*SMALL_INTS, 7, -7, INT64_MAX, INT64_MIN, 2**40 + 3):
        for exp in (0, 1, 2, 5, 63, 2**62, INT64_MAX, -1, -2, -3):
            for mod in (1, -1, 2, 3, 7, -7, 10, 12, 0, 2**61 - 1, INT64_MAX, INT64_MIN, 97):
                yield Case("builtins.pow", (base, exp, mod))
    # math on floats
    unary = ("acos", "acosh", "asin", "asinh", "atan", "atanh", "cbrt", "ceil", "cos", "cosh",
             "degrees", "erf", "erfc", "exp", "exp2", "expm1", "fabs", "floor", "frexp", "gamma",
             "isfinite", "isinf", "isnan", "lgamma", "log", "log10", "log1p", "log2", "modf",
             "radians", "sin", "sinh", "sqrt", "tan", "tanh", "trunc", "ulp")  # fmt: skip
    specials = (*FLOATS, 0.25, -0.999999, 0.9999999999, 1.0000001, -1.5, 2.0, 10.0, 100.0,
                171.5, 171.7, 200.0, 200.5, -200.5, -150.5, -170.9, 140.5, -140.5, 1e-20, 1e-21,
                -1e-21, 710.0, 709.7, -745.2, 1023.9, 1024.0, 20.0, 30.0, -20.0, 2.0**-1074,
                1e-16, 5.5)  # fmt: skip
    for name in unary:
        for x in (*specials, *(rand_float() for _ in range(40)),
                  *(rng.uniform(-30.0, 30.0) for _ in range(40)),
                  *(rng.uniform(-1.0, 1.0) for _ in range(20))):  # fmt: skip
            yield Case(f"math.{name}", (x,))
    for name in ("ceil", "floor", "trunc", "factorial", "isqrt", "perm"):
        for n in (*INTS, *range(-3, 31)):
            if name in ("factorial", "perm") and n > 100:
                continue
            yield Case(f"math.{name}", (n,))
    binary = ("atan2", "copysign", "fmod", "remainder", "pow", "nextafter", "log", "hypot")
    pair_values = (*FLOATS[:20], INF, -INF, NAN, 1e-310, 3.5, -2.25, 10.0)
    for name in binary:
        for x in pair_values:
            for y in pair_values:
                yield Case(f"math.{name}", (x, y))
        for _ in range(150):
            yield Case(f"math.{name}", (rand_float(), rand_float()))
        for _ in range(100):
            yield Case(f"math.{name}", (rng.uniform(-10, 10), rng.uniform(-10, 10)))
    for x in (*FLOATS, 1e-310, 3.0):
        for i in (0, 1, -1, 1023, 1024, -1074, -1075, 2000, -2000, 2**31, -(2**31) - 1,
                  INT64_MAX, INT64_MIN):  # fmt: skip
            yield Case("math.ldexp", (x, i))
    for name in ("comb", "perm"):
        for n in (0, 1, 5, 10, 34, 60, 61, 62, 63, 64, 66, 67, 68, 100, 1000, 2**31, 2**62, -1):
            for k in (0, 1, 2, 3, 10, 20, 30, 33, 34, 35, 40, 61, 62, 63, 64, 66, 67, 68, 100, -1):
                yield Case(f"math.{name}", (n, k))
    for vals in ((), (0,), (INT64_MIN,), (INT64_MIN, 0), (INT64_MIN, 2), (12, 18), (-12, 18),
                 (0, 0), (7, 0), (2**62, 3), (2**62, 3, 0), (4, 6, 10), (INT64_MAX, INT64_MAX),
                 (2**32, 2**31 * 3), (2**33, 3**20)):  # fmt: skip
        yield Case("math.gcd", vals)
        yield Case("math.lcm", vals)
    for vals in ((), (3.0,), (-3.0,), (3.0, 4.0), (1e308, 1e308), (1.7e308, 1.7e308), (INF, NAN),
                 (NAN, 1.0), (1e-320, 1e-320), (1e-310, 3e-310, 2e-315), (1.1, 2.2, 3.3),
                 (0.0, -0.0), (1.0, 1e-16, 1e-16, 1e-16)):  # fmt: skip
        yield Case("math.hypot", vals)
    for _ in range(100):
        yield Case("math.hypot", tuple(rand_float() for _ in range(rng.randrange(2, 6))))
        yield Case("math.hypot", tuple(rng.uniform(-5, 5) for _ in range(rng.randrange(2, 6))))
    for a, b in ((1.0, 1.0), (1.0, 1.0 + 1e-10), (1.0, 1.1), (INF, INF), (INF, -INF),
                 (NAN, NAN), (0.0, 1e-300), (1e10, 1e10 + 1)):  # fmt: skip
        yield Case("math.isclose", (a, b))
        for rel, abs_ in ((1e-9, 0.0), (0.2, 0.0), (0.0, 1e-299), (-1.0, 0.0), (0.0, -1e-3)):
            yield Case("math.isclose", (a, b), (("rel_tol", rel), ("abs_tol", abs_)))
        yield Case("math.isclose", (a, b), (("abs_tol", 0.5),))


# ---- what CPython says, and the deliberate differences --------------------------------------


def _callable(name: str) -> Any:
    module, _, func = name.rpartition(".")
    return getattr({"operator": operator, "builtins": builtins, "math": math}[module], func)


def _expected(case: Case, op: Op) -> tuple[str, Any]:
    """("ok", value) or ("error", (type name, message)) for the compiled semantics."""
    kwargs = dict(case.kwargs)
    int_pow = op.name in ("operator.pow", "builtins.pow") and op.params[0].type == INT
    if int_pow and len(case.args) == 2 and case.args[1] < 0 and case.args[0] != 0:
        return "error", NEGATIVE_INT_POWER  # CPython gives a float
    try:
        value = _callable(case.name)(*case.args, **kwargs)
    except Exception as exc:
        return "error", (type(exc).__name__, str(exc))
    if isinstance(value, complex):
        return "error", COMPLEX_POWER

    def fit(v: Any, t: Type) -> Any:
        if isinstance(t, TupleType):
            return tuple(fit(x, it) for x, it in zip(v, t.items, strict=True))
        if t == INT and not INT64_MIN <= v <= INT64_MAX:
            raise OverflowError
        return float(v) if t == FLOAT else v

    try:
        return "ok", fit(value, op.result)
    except OverflowError:
        return "error", INT_OVERFLOW


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or struct.pack("<d", a) == struct.pack("<d", b)
    return bool(a == b)


# ---- the C++ side -----------------------------------------------------------------------------


@dataclass
class Program:
    wrappers: dict[tuple[int, int], int] = field(default_factory=dict)
    functions: list[str] = field(default_factory=list)
    headers: set[str] = field(default_factory=set)

    def wrapper(self, op: Op, index: int, count: int) -> int:
        key = (index, count)
        if key not in self.wrappers:
            self.wrappers[key] = len(self.functions)
            self.functions.append(_wrapper_source(len(self.functions), op, count))
            self.headers.add(op.header)
        return self.wrappers[key]

    def source(self) -> str:
        table = ", ".join(f"call_{i}" for i in range(len(self.functions)))
        return (
            PRELUDE.replace("@HEADERS@", "".join(f'#include "{h}"\n' for h in sorted(self.headers)))
            + "\n".join(self.functions)
            + MAIN.replace("@TABLE@", table)
        )


def _param_types(op: Op, count: int) -> list[Type]:
    types = [p.type for p in op.params]
    if op.variadic:
        return types[:-1] + [types[-1]] * (count - len(types) + 1)
    return types


_PARSE = {INT: "parse_int", FLOAT: "parse_float", BOOL: "parse_bool", NONE: "parse_none"}


def _wrapper_source(index: int, op: Op, count: int) -> str:
    types = _param_types(op, count)
    lines = [f"static void call_{index}(char** tok) {{"]
    lines += [f"  const {t.cpp()} a{i} = {_PARSE[t]}(tok[{i}]);" for i, t in enumerate(types)]
    args = ", ".join(f"a{i}" for i in range(len(types)))
    if op.fallible:
        lines.append(f"  {op.result.cpp()} out{{}};")
        lines.append(f"  if (!{op.cpp}({', '.join(['out', *([args] if args else [])])})) {{")
        lines.append("    print_error();\n    return;\n  }")
        lines.append("  print_result(out);")
    else:
        lines.append(f"  print_result({op.cpp}({args}));")
    lines.append("}")
    return "\n".join(lines) + "\n"


PRELUDE = r"""
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <tuple>
#include "pyaot/runtime.hpp"
@HEADERS@
static std::int64_t parse_int(const char* s) { return std::strtoll(s, nullptr, 10); }
static double parse_float(const char* s) { return std::strtod(s, nullptr); }
static bool parse_bool(const char* s) { return s[0] == '1'; }
static pyaot::None parse_none(const char*) { return pyaot::none; }
static void put(std::int64_t v) { std::printf("i%" PRId64, v); }
static void put(double v) { std::printf("f%a", v); }
static void put(bool v) { std::printf("b%d", v ? 1 : 0); }
template <class... T> static void put(const std::tuple<T...>& t) {
  std::printf("t");
  std::apply([](const auto&... x) { ((put(x), std::printf(";")), ...); }, t);
}
template <class T> static void print_result(const T& v) {
  if (pyaot::error_state().set) std::printf("!state set after success ");
  put(v);
  std::printf("\n");
}
static void print_error() {
  pyaot::ErrorState& s = pyaot::error_state();
  if (!s.set) {
    std::printf("!failed without an error\n");
    return;
  }
  std::printf("e%s:%s\n", pyaot::exc_name(s.type), s.message.c_str());
  pyaot::clear_error();
}
"""

MAIN = r"""
using Call = void (*)(char**);
static const Call table[] = {@TABLE@};
int main() {
  static char line[1 << 16];
  while (std::fgets(line, sizeof line, stdin) != nullptr) {
    char* tok[64];
    int n = 0;
    for (char* p = std::strtok(line, " \n"); p != nullptr; p = std::strtok(nullptr, " \n")) {
      tok[n++] = p;
    }
    table[std::atoi(tok[0])](tok + 1);
  }
  return 0;
}
"""


def _token(value: Any, t: Type) -> str:
    if t == NONE:
        return "None"
    if t == BOOL:
        return "1" if value else "0"
    if t == INT:
        return str(int(value))
    return float(value).hex()


def _parse_output(text: str) -> tuple[str, Any]:
    if text.startswith("e"):
        exc, _, message = text[1:].partition(":")
        return "error", (exc, message)

    def value(item: str) -> Any:
        kind, rest = item[0], item[1:]
        if kind == "i":
            return int(rest)
        if kind == "f":
            return float.fromhex(rest)
        if kind == "b":
            return rest == "1"
        raise AssertionError(item)

    if text.startswith("t"):
        return "ok", tuple(value(x) for x in text[1:].split(";") if x)
    if text[:1] in ("i", "f", "b"):
        return "ok", value(text)
    return "garbled", text




def _run_table(cxx: str, tmp_path: Path, cases: Sequence[Case]) -> list[str]:
    registry = default_registry()
    ops = [o for overloads in registry.ops.values() for o in overloads]
    index_of = {id(o): i for i, o in enumerate(ops)}
    program = Program()
    inputs: list[str] = []
    resolved_ops: list[Op] = []
    for case in cases:
        arg_types = [_type_of(a) for a in case.args]
        kw_types = [(k, _type_of(v)) for k, v in case.kwargs]
        resolved = registry.resolve(case.name, arg_types, kw_types)
        assert resolved is not None, case
        values = [*case.args, *(v for _, v in case.kwargs)]
        op = resolved.op
        args = [a.value if isinstance(a, Default) else values[a] for a in resolved.args]
        wrapper = program.wrapper(op, index_of[id(op)], len(args))
        types = _param_types(op, len(args))
        inputs.append(
            " ".join([str(wrapper), *(_token(v, t) for v, t in zip(args, types, strict=True))])
        )
        resolved_ops.append(op)

    (tmp_path / "semantics.cpp").write_text(program.source(), encoding="utf-8")
    exe = tmp_path / "semantics"
    compile_cmd = [
        cxx, "-std=c++20", *compile_flags("gnu", "2", debug=False),
        f"-I{INCLUDE}", f"-I{sysconfig.get_paths()['include']}",
        str(tmp_path / "semantics.cpp"), "-o", str(exe), "-lm",
    ]  # fmt: skip
    build = subprocess.run(compile_cmd, capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stdout + build.stderr
    run = subprocess.run(
        [str(exe)], input="\n".join(inputs) + "\n", capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, run.stderr
    outputs = run.stdout.splitlines()
    assert len(outputs) == len(cases)

    mismatches = []
    for case, op, line in zip(cases, resolved_ops, outputs, strict=True):
        got = _parse_output(line)
        want = _expected(case, op)
        if got[0] != want[0] or not (
            _same(got[1], want[1]) if got[0] == "ok" else got[1] == want[1]
        ):
            call = f"{case.name}{case.args}" + (f" {dict(case.kwargs)}" if case.kwargs else "")
            mismatches.append(f"{call} [{op.signature()}]: compiled {got}, expected {want}")
    return mismatches


def test_runtime_matches_cpython(cxx: str, tmp_path: Path) -> None:
    cases = list(_cases())
    assert len(cases) > 10_000
    mismatches = _run_table(cxx, tmp_path, cases)
    assert not mismatches, f"{len(mismatches)} mismatches:\n" + "\n".join(mismatches[:60])


def test_the_comparison_can_fail(cxx: str, tmp_path: Path) -> None:
    """The harness itself: a wrong expectation must show up as a mismatch."""
    cases = [Case("operator.add", (1, 2)), Case("math.sqrt", (-1.0,))]
    assert _run_table(cxx, tmp_path, cases) == []
    assert _expected(
        Case("operator.mul", (2**62, 4)), default_registry().ops["operator.mul"][0]
    ) == (
        "error",
        INT_OVERFLOW,
    )
    assert not _same(0.0, -0.0) and not _same(1, 1.0) and _same(NAN, -NAN)
