"""The C ABI of a module's entry points (docs/c-abi.md): a translation unit with the kernels
and one ``extern "C"`` function per entry point, and the C header that declares them. It
needs no Python: the cross targets' libraries and standalone programs are built from it.

Parameters map to C one to one (tuples to their items, in order), results to out-parameters
after them. An entry compiled for several array ranks checks ``ndim`` of its open arrays and
calls that variant.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from hatch_pyaot.codegen import c_names, c_objects, c_values
from hatch_pyaot.codegen.generators import boundary_result
from hatch_pyaot.codegen.literals import string_literal
from hatch_pyaot.codegen.module import Entry, emit_kernels, kernel_call, open_ranks
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    BOOL,
    FLOAT,
    INT,
    NONE,
    ArrayType,
    DTypeScalar,
    TupleType,
    Type,
)
from hatch_pyaot.typing.typed import Specialization

HEADER = "pyaot/c_abi.hpp"
_C_SCALARS: dict[Type, str] = {INT: "int64_t", FLOAT: "double", BOOL: "bool"}


def symbol(module_name: str, function: str) -> str:
    """``pkg.filters`` + ``blur`` -> ``pyaot_3pkg7filters4blur`` (codegen/c_names.py)."""
    return c_names.symbol(module_name, function)


@dataclass(frozen=True)
class CValue:
    """One C parameter or out-parameter: its name, C type and the Python type it carries."""

    name: str
    c_type: str
    type: Type
    out: bool
    """An out-parameter (a result)."""
    path: tuple[int, ...] = ()
    """Where it sits in a tuple parameter or result (std::get indices)."""


def unsupported(entry: Entry) -> str | None:
    """Why an entry point has no C ABI yet (a parameter or result of a type without a C
    representation: an array inside a list, or an object of the program's classes), or None."""
    fn = entry.spec.function
    assert entry.spec.result is not None
    typed = [(f"parameter '{p.name}'", t)
             for p, t in zip(fn.params, entry.spec.param_types, strict=True)]
    for what, t in [*typed, ("the result", boundary_result(entry.spec))]:
        for value in _values(t):
            part = c_values.unrepresentable(value)
            if part is not None:
                return f"{what} is a {t}, and a {part} in it has no C ABI form yet"
    return None


def _values(t: Type) -> list[Type]:
    """The parts of t that travel as pyaot_value (t itself, or items of a tuple)."""
    if isinstance(t, TupleType):
        return [v for i in t.items for v in _values(i)]
    return [t] if c_values.is_value(t) else []


def c_type(t: Type, *, out: bool) -> str:
    if c_values.is_value(t):
        return c_values.c_type(t, out=out)
    if isinstance(t, ArrayType):
        return "pyaot_array*" if out else "const pyaot_array*"
    if isinstance(t, DTypeScalar):
        scalar = "bool" if t.dtype.name == "bool" else (
            t.dtype.cpp.removeprefix("std::") if t.dtype.kind in "iu" else t.dtype.cpp)
    else:
        scalar = _C_SCALARS[t]
    return f"{scalar}*" if out else scalar


def flatten(name: str, t: Type, *, out: bool, path: tuple[int, ...] = ()) -> list[CValue]:
    """A parameter (or result) as C values: a tuple becomes its items."""
    if isinstance(t, TupleType):
        return [v for i, item in enumerate(t.items)
                for v in flatten(f"{name}_{i}", item, out=out, path=(*path, i))]
    if t == NONE:
        return []
    return [CValue(name, c_type(t, out=out), t, out, path)]


_KEYWORDS = frozenset((
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
    "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
    "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
    "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
    "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
    "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
    "reinterpret_cast", "requires", "restrict", "return", "short", "signed", "sizeof",
    "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
    "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
    "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    "_Bool", "_Complex",
))  # fmt: skip
"""C and C++ keywords: a Python parameter of such a name gets a ``_`` in C."""


def c_parameters(entry: Entry) -> list[CValue]:
    """The C parameters, then the out-parameters, with names that are valid and distinct in
    C and C++, and ASCII (``new`` becomes ``new_``; a result clashing with a parameter gets a
    ``_``; ``größe`` becomes ``gr_u00f6_u00dfe``)."""
    fn = entry.spec.function
    values = [v for p, t in zip(fn.params, entry.spec.param_types, strict=True)
              for v in flatten(p.name, t, out=False)]
    assert entry.spec.result is not None
    values += flatten("result", boundary_result(entry.spec), out=True)
    taken: set[str] = set()
    named = []
    for v in values:
        name = c_names.ascii_identifier(v.name)
        if name in _KEYWORDS or name.startswith("pyaot_"):
            name += "_"
        while name in taken:
            name += "_"
        taken.add(name)
        named.append(dataclasses.replace(v, name=name))
    return named


def prototype(module_name: str, entry: Entry) -> str:
    params = ", ".join(f"{v.c_type} {v.name}" for v in c_parameters(entry)) or "void"
    return f"int32_t {symbol(module_name, entry.name)}({params})"


def emit_translation_unit(module_name: str, entries: Sequence[Entry],
                          specs: Sequence[Specialization], display_file: str) -> str:
    """The kernels and their C ABI functions, with the runtime's C exports."""
    headers: set[str] = {"pyaot/runtime.hpp"}
    kernels = emit_kernels(specs, headers)
    out = [f"// Generated by hatch-pyaot from {display_file}: the C ABI. Do not edit.", ""]
    out += [f"#include <{h}>" for h in sorted(headers | {HEADER})]
    out += ["", "#ifndef PYAOT_EXPORT  // a standalone program defines it empty",
            "#if defined(_WIN32)", "#define PYAOT_EXPORT __declspec(dllexport)", "#else",
            '#define PYAOT_EXPORT __attribute__((visibility("default")))', "#endif", "#endif",
            "", *kernels, "", *c_objects.emit(_boundary_types(entries))]
    for entry in entries:
        out += _wrapper(module_name, entry)
    return "\n".join(out) + "\n"


def _boundary_types(entries: Sequence[Entry]) -> list[Type]:
    """The types of the entry points' parameters and results (of every variant)."""
    return [t for entry in entries for spec in entry.variants or (entry.spec,)
            for t in (*spec.param_types, boundary_result(spec))]


def _wrapper(module_name: str, entry: Entry) -> list[str]:
    variants = entry.variants or (entry.spec,)
    name = symbol(module_name, entry.name)
    args = ", ".join(v.name for v in c_parameters(entry))
    lines: list[str] = []
    if len(variants) > 1:
        for k, variant in enumerate(variants):
            lines += [f"static int32_t {name}_{k}(" + ", ".join(
                f"{v.c_type} {v.name}" for v in c_parameters(Entry(variant, entry.name, ""))) +
                ") {", *_body(Entry(variant, entry.name, "")), "}", ""]
    lines += [f'extern "C" PYAOT_EXPORT {prototype(module_name, entry)} {{']
    if len(variants) == 1:
        lines += _body(entry)
    else:
        ranks = open_ranks(variants)
        c_names = _top_level_names(entry)
        fn = entry.spec.function
        for i, (lowest, highest) in ranks.items():
            lines.append(f"  if ({c_names[i]} != nullptr && ({c_names[i]}->ndim < {lowest} "
                         f"|| {c_names[i]}->ndim > {highest})) return pyaot::c_abi::rank_error("
                         f"{string_literal(entry.name)}, {string_literal(fn.params[i].name)}, "
                         f"{lowest}, {highest}, {c_names[i]}->ndim);")
        for k, variant in enumerate(variants):
            checks = []
            for i in ranks:
                t = variant.param_types[i]
                assert isinstance(t, ArrayType)
                checks.append(f"{c_names[i]} != nullptr && {c_names[i]}->ndim == {t.ndim}")
            lines.append(f"  if ({' && '.join(checks)}) return {name}_{k}({args});")
        lines.append(f"  return {name}_0({args});  // its conversion names the rank expected")
    lines += ["}", ""]
    return lines


def _body(entry: Entry) -> list[str]:
    spec = entry.spec
    fn = spec.function
    func = string_literal(entry.name)
    lines: list[str] = []
    values = c_parameters(entry)
    outs = [v for v in values if v.out]
    for v in outs:
        lines.append(f"  if ({v.name} == nullptr) return (pyaot::raise(pyaot::Exc::TypeError, "
                     f"\"{entry.name}() needs a result pointer '{v.name}'\"), "
                     "pyaot::c_abi::failure());")
    call_args = []
    written: list[str] = []  # the containers a call may change, written back after it
    inputs = iter(v for v in values if not v.out)
    for i, (p, t) in enumerate(zip(fn.params, spec.param_types, strict=True)):
        var = f"pyaot_arg{i}"
        lines.append(f"  {t.cpp()} {var}{{}};")
        for _ in flatten(p.name, t, out=False):
            v = next(inputs)
            target = _get(var, v.path)
            if isinstance(v.type, ArrayType):
                lines.append(f"  if (!pyaot::c_abi::from_c({target}, {v.name}, {func}, "
                             f"{string_literal(v.name)})) return pyaot::c_abi::failure();")
            elif c_values.is_value(v.type):
                lines.append(f"  if (!pyaot::c_abi::from_value({v.name}, {target}, {func}, "
                             f"{string_literal(v.name)})) return pyaot::c_abi::failure();")
                if c_values.holds_object(v.type):  # attributes have no version: compared
                    written.append(f"  pyaot::c_abi::write_back_compared({v.name}, {target});")
                elif c_values.is_mutable(v.type):
                    written.append(f"  pyaot::c_abi::write_back({v.name}, {target});")
            else:
                lines.append(f"  {target} = {v.name};")
        call_args.append(var)
    assert spec.result is not None
    lines.append(f"  {boundary_result(spec).cpp()} pyaot_value{{}};")
    if written:
        lines += [f"  const bool pyaot_ok = {kernel_call(spec, 'pyaot_value', call_args, True)};",
                  *written, "  if (!pyaot_ok) return pyaot::c_abi::failure();"]
    else:
        lines.append(f"  if (!{kernel_call(spec, 'pyaot_value', call_args, True)}) "
                     "return pyaot::c_abi::failure();")
    for v in outs:
        source = _get("pyaot_value", v.path)
        if isinstance(v.type, ArrayType):
            lines.append(f"  if (!pyaot::c_abi::to_c({v.name}, {source})) "
                         "return pyaot::c_abi::failure();")
        elif c_values.is_value(v.type):
            lines.append(f"  if (!pyaot::c_abi::result_to_c({v.name}, {source})) "
                         "return pyaot::c_abi::failure();")
        else:
            lines.append(f"  *{v.name} = {source};")
    lines.append("  return 0;")
    return lines


def _top_level_names(entry: Entry) -> dict[int, str]:
    """The C name of each parameter passed as one C value (not a tuple), by position."""
    names = {}
    inputs = iter(v for v in c_parameters(entry) if not v.out)
    for i, (p, t) in enumerate(zip(entry.spec.function.params, entry.spec.param_types,
                                   strict=True)):
        flat = [next(inputs) for _ in flatten(p.name, t, out=False)]
        if len(flat) == 1 and not flat[0].path:
            names[i] = flat[0].name
    return names


def _get(var: str, path: tuple[int, ...]) -> str:
    for i in path:
        var = f"std::get<{i}>({var})"
    return var


RUNTIME_EXPORTS = ("pyaot_error_type", "pyaot_error_message", "pyaot_array_release",
                   "pyaot_value_release")
RUNTIME_SOURCE = ("// Generated by hatch-pyaot: the runtime's C exports, once per library.\n"
                  "#define PYAOT_C_ABI_DEFINITIONS\n#include <pyaot/c_abi.hpp>\n")


def emit_header(module_name: str, entries: Sequence[Entry], display_file: str) -> str:
    """The C header of the module's functions (C99 and C++)."""
    guard = c_names.header_guard(module_name)
    lines = [f"/* Generated by hatch-pyaot from {display_file}. Do not edit. */",
             f"#ifndef {guard}", f"#define {guard}", "", "#include <stdbool.h>",
             "#include <stdint.h>", "", "#ifdef __cplusplus", 'extern "C" {', "#endif", "",
             *_shared_declarations(), ""]
    for entry in entries:
        doc = (entry.doc or "").strip().splitlines()
        if doc:
            lines.append(f"/* {entry.name}: {doc[0].replace('*/', '* /')} */")
        lines.append(prototype(module_name, entry) + ";")
    lines += ["", "#ifdef __cplusplus", "}", "#endif", "", f"#endif /* {guard} */", ""]
    return "\n".join(lines)


def _shared_declarations() -> list[str]:
    """The types and runtime functions every module's header declares (guarded, so that
    several headers can be included together)."""
    statuses = [f"#define PYAOT_{name.upper()} {1 + i}" for i, name in
                enumerate(ir.EXCEPTIONS)]  # the order of pyaot::Exc
    return ["#ifndef PYAOT_C_ABI_TYPES", "#define PYAOT_C_ABI_TYPES",
            "typedef enum pyaot_dtype {",
            "  PYAOT_BOOL = 0, PYAOT_INT8 = 1, PYAOT_INT16 = 2, PYAOT_INT32 = 3, "
            "PYAOT_INT64 = 4,",
            "  PYAOT_UINT8 = 5, PYAOT_UINT16 = 6, PYAOT_UINT32 = 7, PYAOT_UINT64 = 8,",
            "  PYAOT_FLOAT32 = 9, PYAOT_FLOAT64 = 10", "} pyaot_dtype;", "",
            "typedef struct pyaot_array {", "  void* data;", "  int32_t dtype;",
            "  int32_t ndim;", "  int64_t shape[8];", "  int64_t strides[8];  /* in elements */",
            "  void* owner;", "} pyaot_array;", "",
            "/* The status of a call: 0, or 1 + the kind of the Python exception raised. */",
            *statuses, "",
            "const char* pyaot_error_type(void);",
            "const char* pyaot_error_message(void);",
            "void pyaot_array_release(pyaot_array* array);", "",
            *c_values.declarations(), "#endif"]
