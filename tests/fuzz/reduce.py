"""Shrinks a failing function to a small reproducer: statement deletion, a compound statement
replaced by one of its blocks, an expression replaced by one of its operands, as long as the
function still fails the same way; then writes it out as a ready regression test.

Each round makes every one-step-smaller variant of the function, asks ``still_fails`` about
all of them at once (the oracle builds them as one module: one C++ build a round) and keeps
the shortest that still fails."""

from __future__ import annotations

import ast
import copy
import math
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

MAX_VARIANTS = 80
"""Variants tried per round (statement deletions first)."""

StillFails = Callable[[list[str]], list[bool]]


def reduce(function: str, still_fails: StillFails, rounds: int = 40) -> str:
    """The smallest variant of ``function`` (a whole ``def``, marked) found to still fail."""
    best = function
    for _ in range(rounds):
        variants = sorted({v for v in variants_of(best) if _valid(v)}, key=len)[:MAX_VARIANTS]
        if not variants:
            break
        failing = [v for v, bad in zip(variants, still_fails(variants), strict=True) if bad]
        if not failing:
            break
        best = min(failing, key=len)
    return best


def _valid(source: str) -> bool:
    """Python accepts it (a ``continue`` left outside its loop is a SyntaxError)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "'float' object is not subscriptable"
            compile(source, "<variant>", "exec")
    except SyntaxError:
        return False
    return True


def variants_of(function: str) -> Iterator[str]:
    tree = ast.parse(function)
    for path in _statement_lists(tree):
        for i in range(len(_get(tree, path))):
            yield from _statement_variants(tree, path, i)
    for index in range(sum(1 for _ in _expressions(tree))):
        for replacement in range(3):
            t = copy.deepcopy(tree)
            if _replace_expression(t, index, replacement):
                yield ast.unparse(t)


def _statement_lists(tree: ast.AST) -> list[tuple[Any, ...]]:
    """Paths (node path, field name) to every list of statements inside the function."""
    out = []

    def walk(node: ast.AST, path: tuple[Any, ...]) -> None:
        for name, value in ast.iter_fields(node):
            if isinstance(value, list):
                if value and all(isinstance(v, ast.stmt) for v in value) and path:
                    out.append((*path, name))
                for i, v in enumerate(value):
                    if isinstance(v, ast.AST):
                        walk(v, (*path, name, i))
            elif isinstance(value, ast.AST):
                walk(value, (*path, name))

    walk(tree, ())
    return [p for p in out if p != ("body",)]  # the module's own list: the def itself


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step] if isinstance(step, int) else getattr(node, step)
    return node


def _statement_variants(tree: ast.AST, path: tuple[Any, ...], i: int) -> Iterator[str]:
    t = copy.deepcopy(tree)
    body = _get(t, path)
    stmt = body[i]
    del body[i]
    if not body:
        body.append(ast.Pass())
    yield ast.unparse(t)
    for name in ("body", "orelse", "finalbody"):  # the statement replaced by one of its blocks
        block = getattr(stmt, name, None)
        if isinstance(block, list) and block and not isinstance(stmt, ast.FunctionDef):
            t = copy.deepcopy(tree)
            inner = _get(t, path)
            inner[i:i + 1] = copy.deepcopy(block)
            yield ast.unparse(t)


_SIMPLER = (ast.BinOp, ast.IfExp, ast.BoolOp, ast.Compare, ast.Call, ast.Subscript,
            ast.UnaryOp)


def _expressions(tree: ast.AST) -> Iterator[ast.expr]:
    for node in ast.walk(tree):
        if isinstance(node, _SIMPLER) and not _is_marker(node):
            yield node


def _is_marker(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id.startswith("_ov"))


def _parts(node: ast.expr) -> list[ast.expr]:
    """What ``node`` may be replaced by: operands that may have its type."""
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.IfExp):
        return [node.body, node.orelse]
    if isinstance(node, ast.BoolOp):
        return node.values[:2]
    if isinstance(node, ast.UnaryOp):
        return [node.operand]
    if isinstance(node, ast.Call):
        return [a for a in node.args if not isinstance(a, ast.Starred)][:3]
    if isinstance(node, ast.Subscript):
        return [node.value]
    if isinstance(node, ast.Compare):
        return [ast.Constant(True), ast.Constant(False)]
    return []


def _replace_expression(tree: ast.AST, index: int, which: int) -> bool:
    target = next(n for i, n in enumerate(_expressions(tree)) if i == index)
    parts = _parts(target)
    if which >= len(parts):
        return False
    replacement = parts[which]
    for parent in ast.walk(tree):
        for name, value in ast.iter_fields(parent):
            if value is target:
                setattr(parent, name, replacement)
                return True
            if isinstance(value, list) and any(v is target for v in value):
                value[[id(v) for v in value].index(id(target))] = replacement
                return True
    return False


# ---- the regression test --------------------------------------------------------------------

TEST = '''"""Found by the fuzzer (tests/fuzz), seed {seed}, reduced: {what}."""

from pathlib import Path

import numpy as np

from fuzz.oracle import assert_agrees

SOURCE = {source!r}


def test_{name}(tmp_path: Path) -> None:
    assert_agrees(tmp_path, SOURCE, {function!r}, {args})
'''


def regression_test(folder: Path, seed: int, what: str, helpers: list[str], function: str,
                    args: tuple[Any, ...]) -> Path:
    """Writes ``test_fuzz_<seed>_<name>.py`` into ``folder``: the module (marked), and a test
    that CPython and the compiled module agree on it."""
    from fuzz.program import HEADER

    name = ast.parse(function).body[0]
    assert isinstance(name, ast.FunctionDef)
    used = _used(helpers, function)
    source = "\n\n".join([HEADER, *used, function + "\n"])
    path = folder / f"test_fuzz_{seed}_{name.name}.py"
    path.write_text(TEST.format(seed=seed, what=what, source=source, name=name.name,
                                function=name.name, args=literal(args)), encoding="utf-8")
    return path


def literal(value: Any) -> str:
    """Python source for an argument: ``float('nan')`` and ``float('inf')`` where repr has
    bare names, ``np.array(..., dtype=np.int64)`` for an array (its layout not kept)."""
    if isinstance(value, float) and (value != value or value in (math.inf, -math.inf)):
        return f"float('{value}')"
    if isinstance(value, tuple):
        return "(" + "".join(literal(v) + ", " for v in value) + ")"
    if isinstance(value, list):
        return "[" + ", ".join(map(literal, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, set):
        return "{" + ", ".join(map(literal, value)) + "}" if value else "set()"
    if type(value).__module__ == "numpy":
        return f"np.array({literal(value.tolist())}, dtype=np.{value.dtype})"
    return repr(value)


def _used(helpers: list[str], function: str) -> list[str]:
    """The helpers (imports, functions, classes) ``function`` needs, also through others."""
    names = {h: _defined(h) for h in helpers}
    text, used = function, [h for h in helpers if not names[h]]  # imports
    while True:
        more = [h for h in helpers if h not in used
                and any(re.search(rf"\b{n}\b", text) for n in names[h])]
        if not more:
            return [h for h in helpers if h in used]
        used += more
        text += "".join(more)


def _defined(helper: str) -> list[str]:
    """The functions and classes a helper's text defines (none for imports)."""
    return [node.name for node in ast.parse(helper).body
            if isinstance(node, ast.FunctionDef | ast.ClassDef)]
