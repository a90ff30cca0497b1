"""Assemble one C++ translation unit per source module: the kernels plus their CPython entry
points (vectorcall functions), and the module's init function, which makes each entry point
a compiled function object (pyaot/python/function.hpp: called as directly as a builtin
function, with a ``__dict__`` for what the loader gives it).

The output is deterministic: functions come in specialization order, headers sorted, and no
absolute path, time or hash of the machine goes into it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hatch_pyaot.codegen import (
    broadcast_dispatch,
    class_boundary,
    classes,
    default_dicts,
    enums,
    exceptions,
    isa_variants,
    models,
    strings,
    unions,
)
from hatch_pyaot.codegen.function import FunctionEmitter, signature
from hatch_pyaot.codegen.literals import literal, string_literal
from hatch_pyaot.codegen.models import headers as model_headers
from hatch_pyaot.codegen.printing import PRINT_HEADER
from hatch_pyaot.codegen.var_tuples import HEADER as VAR_TUPLE_HEADER
from hatch_pyaot.ir import nodes as ir
from hatch_pyaot.ir.types import (
    ArrayType,
    ClassType,
    DictType,
    DTypeScalar,
    GeneratorType,
    ListType,
    OptionalType,
    Scalar,
    SetType,
    TupleType,
    Type,
)
from hatch_pyaot.ops.complex_ops import TEXT_HEADER as COMPLEX_TEXT_HEADER
from hatch_pyaot.runtime.loader import ABI_VERSION
from hatch_pyaot.typing.typed import Specialization


@dataclass(frozen=True)
class Entry:
    """An entry point to expose: its specialization at the annotated parameter types."""

    spec: Specialization
    name: str
    doc: str
    variants: tuple[Specialization, ...] = ()
    """One per combination of open array ranks (``spec`` is the first); the wrapper picks
    one by the ranks of the arrays it is given."""
    broadcast: bool = False
    """The variants are one per rank: arrays of lower rank get size-1 axes prepended first."""
    tag: str = ""
    """``@compile(tag=...)``: the name of its standalone program (else the function's)."""
    description: str = ""
    """``@compile(description=...)``, else the docstring's first line."""


def emit_kernels(specs: Sequence[Specialization], headers: set[str]) -> list[str]:
    """The C++ functions of all specializations (callees first), in namespace pyaot_gen."""
    body: list[str] = []
    for spec in specs:
        body.extend(FunctionEmitter(spec, headers).emit())
        body.append("")
    protos = [signature(s) + ";" for s in specs]
    kinds = classes.classes_of(specs)
    if kinds:
        headers.update((classes.HEADER, classes.REPR_HEADER))
    lowered = models.definitions(specs)
    if lowered:
        headers.update(model_headers())
    if unions.used(t for s in specs for t in unions.types_of(s)):
        headers.add(unions.HEADER)
    members = enums.enums_of(specs)
    if members:
        headers.add(enums.HEADER)
    if any("pyaot::tuple_of" in line for line in (*protos, *body)):
        headers.add(VAR_TUPLE_HEADER)  # its reads, hash and text
    if any("pyaot::complex" in line for line in (*protos, *body)):
        headers.add(COMPLEX_TEXT_HEADER)  # its text, hash and == for str(), dicts and sets
    return ["namespace pyaot_gen {", "", *lowered, *enums.structs(members),
            *classes.structs(kinds, list(specs)), *protos, "",
            *classes.special_methods(kinds, list(specs)), *body, "}  // namespace pyaot_gen"]


def _str_keyed(t: Type) -> bool:
    """A parameter holding a dict with str (or tuple of str) keys: converting it may name a
    key in a message, with its repr."""
    cpp = t.cpp()
    return "pyaot::dict<" in cpp and "pyaot::str" in cpp


def emit_module(module_name: str, entries: Sequence[Entry], specs: Sequence[Specialization],
                display_file: str,
                sources: Sequence[tuple[str, str]], python: Sequence[str] = ()) -> str:
    """The whole translation unit of a CPython extension module; ``python`` names the
    module's @compile functions that stay Python (an editable build records them)."""
    return _main_unit(module_name, entries, specs, display_file, sources, python, ())[0]


def emit_module_units(module_name: str, entries: Sequence[Entry],
                      specs: Sequence[Specialization], display_file: str,
                      sources: Sequence[tuple[str, str]], python: Sequence[str],
                      stem: str, levels: Sequence[str]) -> dict[str, str]:
    """File name -> text: the main unit ``<stem>.cpp`` and one unit per ISA level in
    ``levels`` above baseline (codegen/isa_variants.py)."""
    extra = isa_variants.extra_levels(levels)
    main, headers, kernels = _main_unit(module_name, entries, specs, display_file, sources,
                                        python, extra)
    units = {f"{stem}.cpp": main}
    for level in extra:
        units[isa_variants.unit_name(stem, level)] = isa_variants.variant_unit(
            display_file, sorted(headers), kernels, _called(entries), level)
    return units


def can_vary(specs: Sequence[Specialization]) -> bool:
    """Whether these kernels can be built in ISA variants: not yet when they define classes
    or generators, whose types the wrappers share with the kernels, nor when they embed an
    ONNX model (its weights would be built in once per variant)."""
    return not (classes.classes_of(specs) or models.files(specs)
                or any(s.function.generator for s in specs))


def _called(entries: Sequence[Entry]) -> list[Specialization]:
    """The kernels the wrappers call, each once."""
    out: list[Specialization] = []
    for entry in entries:
        for spec in entry.variants or (entry.spec,):
            if spec not in out:
                out.append(spec)
    return out


def _main_unit(module_name: str, entries: Sequence[Entry], specs: Sequence[Specialization],
               display_file: str, sources: Sequence[tuple[str, str]], python: Sequence[str],
               levels: Sequence[str]) -> tuple[str, set[str], list[str]]:
    """The main unit's text, and the headers and lines of its kernels (for variant units)."""
    headers: set[str] = {"pyaot/runtime.hpp"}
    kernels = emit_kernels(specs, headers)
    kernel_headers = set(headers)
    if any(_str_keyed(t) for e in entries for t in e.spec.param_types):
        headers.add(strings.CONVERT_HEADER)  # a TypeError of the boundary names a str key
    if levels:
        headers.update(isa_variants.VARIANTS_HEADERS)
    out = [*([isa_variants.SAME_MATH] if levels else []),
           "// Generated by hatch-pyaot from " + display_file + ". Do not edit.",
           "#define PY_SSIZE_T_CLEAN", "#include <Python.h>", ""]
    out += [f"#include <{h}>" for h in sorted(headers)]
    out += ["#include <pyaot/python/convert.hpp>", "#include <pyaot/python/function.hpp>",
            "#include <pyaot/python/module.hpp>", "#include <pyaot/python/nogil.hpp>"]
    if any(_uses_numpy(t) for e in entries for t in (*e.spec.param_types, e.spec.result)):
        out += ["#include <pyaot/python/ndarray.hpp>", "#include <pyaot/python/numpy_scalar.hpp>"]
    if any(e.broadcast for e in entries):
        out += [broadcast_dispatch.HEADER]
    if any(default_dicts.in_type(e.spec.result) for e in entries):
        out += ["#include <pyaot/python/collections.hpp>"]
    if any(isinstance(e.spec.result, GeneratorType) for e in entries):
        out += ["#include <pyaot/python/generator.hpp>"]  # a lazy iterator
    if PRINT_HEADER in headers:
        out += ["#include <pyaot/python/print.hpp>"]
    out += ["", *kernels, ""]
    prints = PRINT_HEADER in headers
    via = "pyaot_gen::"
    if levels:
        out += isa_variants.main_unit_lines(
            [(e.name, e.variants or (e.spec,)) for e in entries], _called(entries), levels)
        via = isa_variants.VIA
    out += class_boundary.emit(classes.classes_of(specs))
    out += exceptions.boundary(classes.classes_of(specs))
    for entry in entries:
        out += entry_point(entry, via, may_release_gil=not prints)
    short = module_name.rpartition(".")[2]
    out += _methods(entries)
    out += _init(module_name, short, sources, python, prints,
                 isa_variants.init_lines(levels) if levels else [])
    return "\n".join(out) + "\n", kernel_headers, kernels


def entry_point(entry: Entry, via: str = "pyaot_gen::", may_release_gil: bool = False,
                ) -> list[str]:
    """The CPython entry point of ``entry``: the vectorcall function that binds and converts
    the arguments and calls the kernel (one variant of it, by the arrays' ranks) through
    ``via`` (the kernels' namespace, or the chosen ISA variant's table). With
    ``may_release_gil`` (no kernel of the module prints) a kernel of numbers and arrays
    runs without the GIL when its arrays are large (pyaot/python/nogil.hpp)."""
    if len(entry.variants) > 1:
        return _dispatching_wrapper(entry, via, may_release_gil)
    return _wrapper(entry, via, may_release_gil)


def _uses_numpy(t: Type | None) -> bool:
    if isinstance(t, TupleType):
        return any(_uses_numpy(i) for i in t.items)
    return isinstance(t, ArrayType | DTypeScalar)


def _dispatching_wrapper(entry: Entry, via: str, may_release_gil: bool) -> list[str]:
    """An entry compiled once per combination of open array ranks: bind the arguments, then
    call the variant made for the ranks of the arrays given (the first variant otherwise,
    whose conversion raises the TypeError naming the parameter)."""
    lines: list[str] = []
    for k, variant in enumerate(entry.variants):
        lines += [f"static PyObject* call_{entry.name}_{k}(PyObject* const* slots) {{",
                  *_convert_and_call(Entry(variant, entry.name, entry.doc), via, may_release_gil),
                  "}", ""]
    lines += _bind(entry, f"py_{entry.name}")
    ranks = open_ranks(entry.variants)
    fn = entry.spec.function
    for i, (lowest, highest) in ranks.items():
        pname = string_literal(fn.params[i].name)
        lines.append(f"  const int rank{i} = pyaot::python::array_ndim(slots[{i}]);")
        lines.append(f"  if (rank{i} >= 0 && (rank{i} < {lowest} || rank{i} > {highest})) "
                     f"return pyaot::python::rank_error({string_literal(entry.name)}, {pname}, "
                     f"{lowest}, {highest}, rank{i});")
    lists = open_list_ranks(entry.variants)
    for i in lists:  # picked by the first item's rank; an empty list fits any variant
        lines.append(f"  const int rank{i} = pyaot::python::list_item_ndim(slots[{i}]);")
    if entry.broadcast:
        lines += broadcast_dispatch.padded_dispatch(entry.name, entry.variants, list(ranks))
    for k, variant in enumerate(entry.variants if not entry.broadcast else ()):
        checks = []
        for i in ranks:
            t = variant.param_types[i]
            assert isinstance(t, ArrayType)
            checks.append(f"rank{i} == {t.ndim}")
        for i in lists:
            t = variant.param_types[i]
            assert isinstance(t, ListType) and isinstance(t.item, ArrayType)
            checks.append(f"rank{i} <= {t.item.ndim}")
        lines.append(f"  if ({' && '.join(checks)}) return call_{entry.name}_{k}(slots);")
    lines += [f"  return call_{entry.name}_0(slots);", "}", ""]
    return lines


def open_ranks(variants: Sequence[Specialization]) -> dict[int, tuple[int, int]]:
    """Parameter index -> (lowest, highest) rank, for the arrays whose rank an entry's
    variants leave open (one variant per combination of those ranks)."""
    out = {}
    for i, t in enumerate(variants[0].param_types):
        found = {u.ndim for v in variants if isinstance(u := v.param_types[i], ArrayType)}
        if isinstance(t, ArrayType) and len(found) > 1:
            out[i] = (min(found), max(found))
    return out


def open_list_ranks(variants: Sequence[Specialization]) -> list[int]:
    """The ``list[NDArray]`` parameters whose item rank the variants leave open."""
    def rank(t: Type) -> int | None:
        return t.item.ndim if isinstance(t, ListType) and isinstance(t.item, ArrayType) else None

    return [i for i in range(len(variants[0].param_types))
            if len({rank(v.param_types[i]) for v in variants}) > 1]


def _bind(entry: Entry, name_of_function: str) -> list[str]:
    fn = entry.spec.function
    n = len(fn.params)
    positional = [p for p in fn.params if not p.keyword_only]
    required = sum(1 for p in positional if p.default is None)
    name = string_literal(entry.name)
    lines = [f"static PyObject* {name_of_function}(PyObject*, PyObject* const* args, "
             "std::size_t nargsf, PyObject* kwnames) {",
             "  const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);"]
    if n:
        names = ", ".join(string_literal(p.name) for p in fn.params)
        only = "" if len(positional) == n else f", {len(positional)}"
        lines += [f"  static const char* const names[] = {{{names}}};",
                  f"  PyObject* slots[{n}];",
                  f"  if (!pyaot::python::bind_arguments(args, nargs, kwnames, {name}, names, "
                  f"{n}, {required}, slots{only})) return nullptr;"]
        if only:  # keyword-only parameters: those without a default must be given
            flags = ", ".join("false" if p.default is not None else "true"
                              for p in fn.params[len(positional):])
            lines += [f"  static const bool required[] = {{{flags}}};",
                      f"  if (!pyaot::python::check_keyword_only({name}, names, required, "
                      f"{len(positional)}, {n}, slots)) return nullptr;"]
    else:
        lines += [f"  if (!pyaot::python::bind_arguments(args, nargs, kwnames, {name}, nullptr, "
                  "0, 0, nullptr)) return nullptr;",
                  "  PyObject* const* slots = nullptr;"]
    return lines


def _wrapper(entry: Entry, via: str, may_release_gil: bool) -> list[str]:
    return [*_bind(entry, f"py_{entry.name}"),
            *_convert_and_call(entry, via, may_release_gil), "}", ""]


_CONTAINERS = (ListType, DictType, SetType)
_WRITTEN_BACK = (*_CONTAINERS, ClassType)
"""Parameter types converted into a native copy that is written back when the call changed
it (pyaot/python/list.hpp, pyaot/python/dict.hpp)."""


_NOGIL_VALUES = (ArrayType, DTypeScalar)
_NOGIL_SCALARS = ("int", "float", "bool", "None")


def _touches_no_python(spec: Specialization) -> bool:
    """Numbers and arrays in and out, at least one array: the kernel can run without the
    GIL (its arguments are converted before the call, its result after)."""
    types = [*spec.param_types, spec.result]
    return any(isinstance(t, ArrayType) for t in spec.param_types) and all(
        isinstance(t, _NOGIL_VALUES) or (isinstance(t, Scalar) and t.name in _NOGIL_SCALARS)
        for t in types)


def _convert_and_call(entry: Entry, via: str, may_release_gil: bool = False) -> list[str]:
    """Convert ``slots`` to the parameter types, call the kernel, convert the result."""
    spec = entry.spec
    fn = spec.function
    name = string_literal(entry.name)
    lines: list[str] = []
    call_args = []
    lists: list[str] = []
    for i, (p, t) in enumerate(zip(fn.params, spec.param_types, strict=True)):
        var = f"a{i}"
        same = next((j for j, u in enumerate(spec.param_types[:i])
                     if isinstance(t, _CONTAINERS) and u == t), None)
        if same is not None:
            # The same Python list (dict, set) passed twice is one inside, as in Python.
            lines.append(f"  {t.cpp()} {var};")
            lines.append(f"  if (slots[{i}] == slots[{same}]) {var} = a{same};")
            lines.append(f"  else if (!pyaot::python::from_python(slots[{i}], {var}, {name}, "
                         f"{string_literal(p.name)})) return nullptr;")
            call_args.append(var)
            lists.append(var)
            continue
        if isinstance(t, _WRITTEN_BACK) or (isinstance(t, OptionalType)
                                            and isinstance(t.item, _WRITTEN_BACK)) or any(
                isinstance(m, _WRITTEN_BACK) for m in unions.members_of(t)):
            lists.append(var)
        convert = (f"pyaot::python::numpy_scalar_from_python(slots[{i}], {var}, {name}, "
                   f"{string_literal(p.name)})" if isinstance(t, DTypeScalar) else
                   f"pyaot::python::from_python(slots[{i}], {var}, {name}, "
                   f"{string_literal(p.name)})")
        if p.default is None:
            lines.append(f"  {t.cpp()} {var};")
            lines.append(f"  if (!{convert}) return nullptr;")
        else:
            lines.append(f"  {t.cpp()} {var} = {literal(p.default.value, t)};")
            lines.append(f"  if (slots[{i}] && !{convert}) return nullptr;")
        call_args.append(var)
    assert spec.result is not None
    lines.append(f"  {spec.result.cpp()} result;")
    arrays = [a for a, t in zip(call_args, spec.param_types, strict=True)
              if isinstance(t, ArrayType)]
    if via == isa_variants.VIA:
        via = isa_variants.call_via(spec, arrays)
    if may_release_gil and _touches_no_python(spec):
        lines += ["  bool ok;",
                  "  {  // large arrays: other Python threads run meanwhile",
                  "    const pyaot::python::WithoutGil unlocked(pyaot::python::worth_releasing("
                  f"{', '.join(arrays)}));",
                  f"    ok = {kernel_call(spec, 'result', call_args, via=via)};",
                  "  }",
                  "  if (!ok) return pyaot::python::to_python_error();",
                  f"  return {to_python_code(spec.result, 'result')};"]
        return lines
    if not lists:
        lines += [f"  if (!{kernel_call(spec, 'result', call_args, via=via)}) "
                  "return pyaot::python::to_python_error();",
                  f"  return {to_python_code(spec.result, 'result')};"]
        return lines
    # Lists (dicts, sets) the call changed are written back into the caller's lists, also when it raised.
    written = " && ".join(f"pyaot::python::write_back({v})" for v in lists)
    lines += [f"  const bool ok = {kernel_call(spec, 'result', call_args, via=via)};",
              f"  const bool written = {written};",
              "  if (!ok) return pyaot::python::to_python_error();",
              "  if (!written) return nullptr;",
              f"  return {to_python_code(spec.result, 'result')};"]
    return lines


def kernel_call(spec: Specialization, out: str, args: Sequence[str],
                drained: bool = False, via: str = "pyaot_gen::") -> str:
    """The call of an entry point's kernel, which every wrapper (CPython, C ABI, standalone
    program) makes: the result variable first, a recursion depth of 0 for a kernel in a
    recursion cycle, then the arguments. ``drained``: a generator's items into the list
    ``out`` (the C ABI and programs: codegen/generators.py ``boundary_result``)."""
    if isinstance(spec.result, GeneratorType) and drained:  # a list of its items
        made = kernel_call(spec, "pyaot_made", args)
        return (f"[&] {{ {spec.result.cpp()} pyaot_made; return {made} && "
                f"pyaot::drain({out}, std::move(pyaot_made)); }}()")
    if spec.function.generator:  # a coroutine: made suspended, it cannot fail
        return f"({out} = {via}{spec.cpp_name}({', '.join(args)}), true)"
    depth = ["0"] if spec.cycle is not None else []
    return f"{via}{spec.cpp_name}({', '.join([out, *depth, *args])})"


def to_python_code(t: Type, code: str) -> str:
    """The C++ that turns ``code`` of type ``t`` into a new Python reference. NumPy scalars
    share their C++ types with Python numbers (``double``), so they are named explicitly."""
    if isinstance(t, DTypeScalar):
        return f"pyaot::python::numpy_scalar<{t.dtype.cpp}>({code})"
    if isinstance(t, TupleType) and (_uses_numpy(t) or default_dicts.in_type(t)):
        items = [to_python_code(item, f"std::get<{i}>({code})") for i, item in enumerate(t.items)]
        return f"pyaot::python::pack_tuple({', '.join(items)})"
    if isinstance(t, DictType) and t.factory is not None:  # the real Counter, defaultdict
        return default_dicts.to_python(t, f"pyaot::python::to_python({code})")
    return f"pyaot::python::to_python({code})"


def _text_signature(fn: ir.Function) -> str:
    params = ["$module", "/"]
    for p in fn.params:
        params.append(p.name if p.default is None else f"{p.name}={p.default.value!r}")
    return f"{fn.ref.name}({', '.join(params)})\n--\n\n"


def _methods(entries: Sequence[Entry]) -> list[str]:
    """The entry points, their names and docs, for ``pyaot::python::add_functions``."""
    lines = ["static PyMethodDef methods[] = {"]
    for entry in entries:
        doc = string_literal(_text_signature(entry.spec.function) + entry.doc)
        lines.append(f"  {{{string_literal(entry.name)}, "
                     f"reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)(void)>("
                     f"py_{entry.name})), pyaot::python::VECTORCALL, {doc}}},")
    lines += ["  {nullptr, nullptr, 0, nullptr},", "};", ""]
    return lines


def _init(module_name: str, short: str, sources: Sequence[tuple[str, str]],
          python: Sequence[str], prints: bool = False,
          choose: Sequence[str] = ()) -> list[str]:
    fmt = "(" + "".join("(ss)" for _ in sources) + ")"
    values = ", ".join(f"{string_literal(p)}, {string_literal(h)}" for p, h in sources)
    names = ", ".join(string_literal(name) for name in python)
    return [
        "static PyModuleDef module_def = {",
        f"  PyModuleDef_HEAD_INIT, {string_literal(module_name)}, nullptr, -1, nullptr,",
        "  nullptr, nullptr, nullptr, nullptr,",
        "};",
        "",
        f"PyMODINIT_FUNC PyInit_{short}(void) {{",
        "  PyObject* m = PyModule_Create(&module_def);",
        "  if (m == nullptr) return nullptr;",
        "  // A loader that imports us as _pyaot_native.<name> must not rename the functions.",
        f"  if (!pyaot::python::set_module_name(m, {string_literal(module_name)})) {{",
        "    Py_DECREF(m); return nullptr;",
        "  }",
        f"  if (!pyaot::python::add_functions(m, methods, {string_literal(module_name)})) {{",
        "    Py_DECREF(m); return nullptr;",
        "  }",
        *choose,  # the ISA variant this CPU runs
        "  pyaot::python::install_interrupt_hook();  // Ctrl-C in long loops",
        *(["  pyaot::python::install_print_hook();  // print() writes to sys.stdout"]
          if prints else []),
        f"  PyObject* sources = Py_BuildValue({string_literal(fmt)}"
        + (f", {values}" if values else "") + ");",
        "  if (sources == nullptr) { Py_DECREF(m); return nullptr; }",
        "  if (PyModule_AddObject(m, \"__pyaot_sources__\", sources) < 0) {",
        "    Py_DECREF(sources); Py_DECREF(m); return nullptr;",
        "  }",
        f"  if (PyModule_AddIntConstant(m, \"__pyaot_abi__\", {ABI_VERSION}) < 0) {{",
        "    Py_DECREF(m); return nullptr;",
        "  }",
        "#ifdef PYAOT_EDITABLE",
        "  // Built for an editable install: the loader rebuilds it when its sources change.",
        "  if (PyModule_AddIntConstant(m, \"__pyaot_editable__\", 1) < 0) {",
        "    Py_DECREF(m); return nullptr;",
        "  }",
        "  // Its functions that stay Python: a rebuild warns only about newly broken ones.",
        f"  PyObject* python = Py_BuildValue({string_literal('(' + 's' * len(python) + ')')}"
        + (f", {names}" if names else "") + ");",
        "  if (python == nullptr || PyModule_AddObject(m, \"__pyaot_python__\", python) < 0) {",
        "    Py_XDECREF(python); Py_DECREF(m); return nullptr;",
        "  }",
        "#endif",
        "  return m;",
        "}",
    ]
