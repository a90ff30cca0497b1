"""Random invalid or unsupported programs: generated functions with one mutation each (a
parameter of the wrong type, an unknown name, a call or statement the compiler does not
have, broken syntax). The compiler must refuse each with a located diagnostic that is not an
internal error, keeping the function Python (or compile it and agree with CPython), and must
never crash or show C++ errors."""

from __future__ import annotations

import random
import re
from pathlib import Path

from fuzz import kinds as k
from fuzz import program
from fuzz.oracle import Mismatch, bad_diagnostic, build_module, compare
from hatch_pyaot.errors import CompileError
from hatch_pyaot.pipeline import analyze

UNSUPPORTED = (
    "print(p0, file=None)", "open('nothing')", "eval('1')", "globals()", "exec('x = 1')",
    "x0 = lambda: 1", "yield p0", "del x0", "import os",
    "x0 = undefined_name", "x0 = p0.no_such_method()", "x0 = (p0, *p0)",
    "with open('f') as fh:\n$I    pass", "class C:\n$I    pass",
    "x0 = [1, 'a']", "x0 = {[1]: 2}", "x0 = p0 @ p0", "x0 = int | str",
    "x0 = sorted(p0, key=lambda a, b: a)", "x0 = 1 if p0 else 'a'",
    "x0 = not_defined(p0)", "x0 = math.no_such(1.0)", "return 'wrong kind', 1",
    "x0 = {**p0}", "x0 = p0[...]",
)
"""A statement inserted into a generated function (after its first line)."""


def mutate(rng: random.Random, fn: program.Function) -> tuple[program.Function, bool]:
    """A mutated copy of ``fn`` and whether its parameters kept their kinds (its inputs
    still fit: if it compiles, both sides are compared)."""
    lines = list(fn.lines)
    if rng.random() < 0.35:  # a parameter annotated with another kind
        old = rng.randrange(len(fn.params))
        new = rng.choice([kind for kind in k.ALL if kind != fn.params[old]] + ["bytes",
                                                                            "complex"])
        lines[1] = lines[1].replace(f"p{old}: {fn.params[old]}", f"p{old}: {new}", 1)
        return program.Function(fn.name, fn.params, fn.result, lines), False
    at = rng.choice([i for i in range(2, len(lines)) if not lines[i].lstrip().startswith(
        ("elif", "else", "except", "finally"))])
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())]
    lines.insert(at, indent + rng.choice(UNSUPPORTED).replace("$I", indent))
    return program.Function(fn.name, fn.params, fn.result, lines, fn.inputs), True


def check_invalid(seed: int, folder: Path, functions: int = 10) -> list[Mismatch]:
    rng = random.Random(seed)
    module = program.generate(seed, functions, inputs=2)
    mutated = [mutate(rng, fn) for fn in module.functions]
    module.functions = [fn for fn, _ in mutated]
    out = []
    try:
        built = build_module(folder, f"bad_{seed}", module.marked())
    except Exception as exc:  # the compiler itself crashed: a bug
        return [Mismatch("<module>", (), "compiler crash", repr(exc))]
    for fn, same_params in mutated:
        diags = built.diagnostics.get(fn.name)
        if diags is not None:
            problem = bad_diagnostic(diags)
            if problem:
                out.append(Mismatch(fn.name, (), "internal error", problem))
            continue
        if same_params:
            for args in fn.inputs:
                found = compare(getattr(built.python, fn.name), getattr(built.native, fn.name),
                                args)
                if found:
                    out.append(Mismatch(fn.name, args, *found))
    return out


def check_syntax(seed: int, folder: Path) -> list[Mismatch]:
    """A generated module with a character of it deleted, doubled or replaced: a syntax error
    must be a located CompileError (nothing compiled), never another exception."""
    rng = random.Random(seed)
    text = program.native(program.generate(seed, 2, inputs=0).marked())
    i = rng.randrange(len(text))
    text = text[:i] + rng.choice(("", text[i] * 2, ":", "(", "'", "\t")) + text[i + 1:]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"syntax_{seed}.py"
    path.write_text(text, encoding="utf-8")
    try:
        analyze(path)
    except CompileError as exc:
        if not re.match(r"[^:\n]+:\d+:\d+: ", str(exc)):
            return [Mismatch("<module>", (), "no location", str(exc))]
    except Exception as exc:
        return [Mismatch("<module>", (), "compiler crash", repr(exc))]
    return []
