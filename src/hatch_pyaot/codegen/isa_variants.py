"""A module's kernels compiled once per ISA level, each in its own translation unit.

The main translation unit keeps the baseline kernels (``pyaot_gen``), the CPython wrappers
and module init; each extra level (``x86-64-v3``, ``x86-64-v4``) gets a unit of its own with
the same kernels in ``pyaot_isa_<level>::pyaot_gen``, compiled with that level's flags, and
exporting one table of function pointers. At module init ``pyaot/python/variants.hpp``
picks the highest level the CPU runs; the wrappers call through the chosen table.

Inline runtime functions and templates are emitted in every unit that uses them, and the
linker keeps one copy (the first in link order). With GCC a variant unit keeps its own
copies (``-fno-weak``), reaching the main unit's state through ``pyaot/isa/shared.hpp``;
elsewhere the units are listed from the lowest level up, so that a copy a unit calls comes
from a unit at or below its own level. Either way a baseline function never runs AVX code
(``tests/test_variants.py`` checks the disassembly).
"""

from __future__ import annotations

import platform
from collections.abc import Mapping, Sequence

from hatch_pyaot.codegen import borrowed_params
from hatch_pyaot.settings import ISA_LEVELS as LEVELS  # in order: pyaot::isa::level
from hatch_pyaot.typing.typed import Specialization

SAME_MATH = ("#define PYAOT_VMATH_ALWAYS  // every variant computes exp, log... alike: "
             "pyaot/numpy/vmath/choice.hpp")
"""The first line of every unit of a module with variants: the vectorized math would
otherwise pick libm's functions in one unit and ours in another, by the vector width."""

VARIANTS_HEADERS = ("pyaot/python/variants.hpp", "pyaot/isa/shared.hpp",
                    "pyaot/python/tune.hpp")
"""Included by the main unit of a module with variants: the choice, the shared state, the
per-function picks."""

VIA = "pyaot_isa::"
"""What the wrappers of a module with variants call through: ``call_via`` makes it the
table that the kernel's pick for the call's shape names."""


def extra_levels(levels: Sequence[str]) -> list[str]:
    """The levels above baseline among ``levels``, lowest first."""
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        raise ValueError(f"unknown ISA level(s) {', '.join(unknown)}: "
                         f"expected {', '.join(LEVELS)}")
    return [level for level in LEVELS[1:] if level in levels]


def host_can_vary() -> bool:
    """Whether this machine (the build host, whose CPython the modules are for) is x86-64:
    on aarch64 NEON is baseline, and one variant is built."""
    return platform.machine().lower() in ("x86_64", "amd64")


def unit_levels(units: Mapping[str, str]) -> dict[str, str]:
    """File name -> level of the variant units among ``units`` (``unit_name``'s names)."""
    out = {}
    for name in units:
        for level in LEVELS[1:]:
            if name == unit_name(name.split(".")[0], level):
                out[name] = level
    return out


def namespace(level: str) -> str:
    return "pyaot_isa_" + level.replace("-", "_")


def unit_name(stem: str, level: str) -> str:
    """The file name of ``level``'s unit; it sorts after the main ``<stem>.cpp``."""
    return f"{stem}.{level.replace('-', '_')}.cpp"


def _kernel_type(spec: Specialization) -> str:
    assert spec.result is not None
    params = [f"{spec.result.cpp()}&"]
    if spec.cycle is not None:
        params.append("int")
    params += [borrowed_params.param_cpp(spec, p.name, t)
               for p, t in zip(spec.function.params, spec.param_types, strict=True)]
    return f"bool (*{spec.cpp_name})({', '.join(params)})"


def table_struct(called: Sequence[Specialization]) -> list[str]:
    """``pyaot_isa::table``: one pointer per kernel a wrapper calls (the same text in every
    unit, as the one-definition rule asks)."""
    return ["namespace pyaot_isa {", "struct table {",
            *[f"  {_kernel_type(s)};" for s in called], "};", "}  // namespace pyaot_isa"]


def _table_value(called: Sequence[Specialization], prefix: str) -> str:
    return "{" + ", ".join(f"&{prefix}pyaot_gen::{s.cpp_name}" for s in called) + "}"


def main_unit_lines(entries: Sequence[tuple[str, Sequence[Specialization]]],
                    called: Sequence[Specialization], levels: Sequence[str]) -> list[str]:
    """In the main unit, after the kernels: the table type, every level's table, one row
    of picks per kernel (level and threads per shape bucket: pyaot/python/tune.hpp), and
    the registry by which ``__pyaot_tune__`` sets them. ``entries``: each compiled
    function's name and kernels."""
    tables = ", ".join("&kernels_baseline" if level == "baseline" else
                       f"&kernels_{namespace(level)}" if level in levels else "nullptr"
                       for level in LEVELS)
    lines = [*table_struct(called), "namespace pyaot_isa {",
             *[f"extern const table kernels_{namespace(level)};" for level in levels],
             f"static const table kernels_baseline = {_table_value(called, '::')};",
             f"static const table* const tables[] = {{{tables}}};",
             *[f"static unsigned char picks_{s.cpp_name}[pyaot::tune::buckets];" for s in called],
             "inline const table& pick(const unsigned char* picks, std::int64_t elements) {",
             "  const unsigned char p = picks[pyaot::tune::bucket_of(elements)];",
             "  pyaot::parallel::tune_state().serial_only = "
             "(p & pyaot::tune::serial_bit) != 0;",
             "  return *tables[p & pyaot::tune::level_mask];", "}"]
    rows = []
    for k, (name, specs) in enumerate(entries):
        lines.append(f"static unsigned char* picks_of_{k}[] = "
                     f"{{{', '.join(f'picks_{s.cpp_name}' for s in specs)}}};")
        rows.append(f'{{"{name}", picks_of_{k}, {len(specs)}}}')
    lines += [f"static pyaot::tune::entry tuned[] = {{{', '.join(rows)}}};",
              f"static pyaot::tune::registry registry{{tuned, {len(entries)}, 0u, 0, 0}};",
              "static PyObject* set_pick(PyObject*, PyObject* args) {",
              "  return pyaot::tune::set(registry, args);", "}",
              "static PyObject* get_pick(PyObject*, PyObject* args) {",
              "  return pyaot::tune::get(registry, args);", "}",
              "static PyObject* splittable(PyObject*, PyObject*) {",
              "  return pyaot::tune::splittable();", "}",
              "static PyMethodDef methods[] = {",
              '  {"__pyaot_tune__", set_pick, METH_VARARGS, "(name, bucket, level, threads): '
              'set a pick; False when refused"},',
              '  {"__pyaot_pick__", get_pick, METH_VARARGS, "(name, bucket): (level, threads)"},',
              '  {"__pyaot_splittable__", splittable, METH_NOARGS, "loops run that threads '
              'could split"},',
              "  {nullptr, nullptr, 0, nullptr},", "};", "}  // namespace pyaot_isa",
              '#if __has_include("pyaot_build_id.hpp")  // written by the build: its cache key',
              '#include "pyaot_build_id.hpp"', "#else", '#define PYAOT_BUILD_ID "unknown"',
              "#endif", ""]
    return lines


def call_via(spec: Specialization, arrays: Sequence[str]) -> str:
    """The table a wrapper calls ``spec`` through: its pick for the elements of ``arrays``."""
    return (f"pyaot_isa::pick(pyaot_isa::picks_{spec.cpp_name}, "
            f"pyaot::python::total_elements({', '.join(arrays)})).")


def init_lines(levels: Sequence[str]) -> list[str]:
    """Module init: choose the default variant, set every pick to it, describe the build
    and the CPU for the tuning cache (runtime/tuning.py)."""
    built = sum(1 << LEVELS.index(level) for level in levels)
    return [f"  const int pyaot_level = pyaot::python::choose_variant(m, {built}u);",
            "  if (pyaot_level < 0) { Py_DECREF(m); return nullptr; }",
            f"  pyaot::tune::reset(pyaot_isa::registry, pyaot_level, pyaot_level, {built}u);",
            "  if (!pyaot::tune::describe(m, PYAOT_BUILD_ID) ||",
            "      PyModule_AddFunctions(m, pyaot_isa::methods) < 0) {",
            "    Py_DECREF(m); return nullptr;", "  }"]


def variant_unit(display_file: str, headers: Sequence[str], kernels: Sequence[str],
                 called: Sequence[Specialization], level: str) -> str:
    """The translation unit of ``level``: the kernels again, in the level's namespace."""
    ns = namespace(level)
    out = [SAME_MATH,
           f"// Generated by hatch-pyaot from {display_file}: the {level} variant of its "
           "kernels, built with that level's flags. Do not edit.",
           "#define PYAOT_VARIANT_UNIT  // the main unit holds the state (pyaot/isa/shared.hpp)",
           ""]
    out += [f"#include <{h}>" for h in sorted(headers)]
    out += ["", f"namespace {ns} {{", *kernels, f"}}  // namespace {ns}", ""]
    out += [*table_struct(called), "namespace pyaot_isa {",
            f"extern const table kernels_{ns};",
            f"const table kernels_{ns} = {_table_value(called, f'::{ns}::')};",
            "}  // namespace pyaot_isa"]
    return "\n".join(out) + "\n"
