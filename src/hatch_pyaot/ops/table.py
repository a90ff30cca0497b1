"""Listings of the operator registry: ``pyaot ops`` and the table in docs/operators.md."""

from __future__ import annotations

from hatch_pyaot.ops.reductions import TUPLE_REDUCTIONS
from hatch_pyaot.ops.registry import Registry


def text_listing(registry: Registry, module: str | None = None) -> str:
    from hatch_pyaot.typing.arrays import numpy_coverage

    if module == "cv2":
        from hatch_pyaot.typing.cv2_calls import coverage

        rows = coverage()
        return "".join(f"{name}    -- {what}\n" for name, what in rows) + \
            f"{len(rows)} OpenCV functions\n"
    if module == "onnx":
        from hatch_pyaot.onnx.table import listing

        return listing()
    if module == "numpy":
        rows = numpy_coverage()
        return "".join(f"{name}    -- {what}\n" for name, what in rows) + \
            f"{len(rows)} NumPy operations\n"
    lines = []
    for name in sorted(registry.ops):
        if module and name.rpartition(".")[0] != module:
            continue
        for op in registry.ops[name]:
            flag = "  (can raise)" if op.fallible else ""
            lines.append(f"{op.signature()}    -> {op.cpp}{flag}")
    for name in sorted(registry.consts):
        if module and name.rpartition(".")[0] != module:
            continue
        const = registry.consts[name]
        lines.append(f"{name}: {const.type} = {const.value!r}")
    lines.append(f"{len(lines)} operations")
    return "\n".join(lines) + "\n"


def markdown_table(registry: Registry) -> str:
    """The operator coverage table; tests/test_docs.py fails when docs/operators.md is stale."""
    modules = sorted({n.rpartition(".")[0] for n in [*registry.ops, *registry.consts]})
    out = ["# Supported operations", "",
           "Generated from the operator registry by `pyaot ops --markdown`; do not edit.", ""]
    for module in modules:
        names = sorted(n for n in registry.ops if n.rpartition(".")[0] == module)
        consts = sorted(n for n in registry.consts if n.rpartition(".")[0] == module)
        out += [f"## `{module}` ({len(names)} functions, {len(consts)} constants)", "",
                "| operation | signatures | C++ | raises |", "| --- | --- | --- | --- |"]
        for name in names:
            ops = registry.ops[name]
            sigs = "<br>".join(f"`{o.signature().removeprefix(name)}`" for o in ops)
            sigs = sigs.replace("|", "\\|")
            cpp = "<br>".join(sorted({f"`{o.cpp}`" for o in ops}))
            raises = "yes" if any(o.fallible for o in ops) else ""
            out.append(f"| `{name}` | {sigs} | {cpp} | {raises} |")
        for name in consts:
            c = registry.consts[name]
            out.append(f"| `{name}` | constant `{c.type}` = `{c.value!r}` | | |")
        out.append("")
    out += ["## On tuples (expanded item by item by the compiler)", "",
            "| operation | meaning |", "| --- | --- |"]
    out += [f"| `{name}(t)` | {meaning} |" for name, meaning in TUPLE_REDUCTIONS]
    out.append("")
    from hatch_pyaot.typing.arrays import numpy_coverage

    rows = numpy_coverage()
    out += [f"## `numpy` ({len(rows)} operations, NumPy 2 semantics)", "",
            "| operation | what |", "| --- | --- |"]
    out += ["| `" + name.replace("|", "\\|") + "` | " + what.replace("|", "\\|") + " |"
            for name, what in rows]
    out.append("")
    return "\n".join(out)
