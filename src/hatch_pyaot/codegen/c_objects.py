"""Enum members and objects of the program's classes at the C ABI (docs/c-abi.md, Values):
one ``pyaot::c_abi::object_traits`` specialization per class and enum that an entry point's
parameters or results reach, built on pyaot/c_value_object.hpp. An object is an OBJECT node
(its fields by name, in declaration order; an object of a subclass with its own class's
fields), an enum member its value (an INT or STR node, checked against the members)."""

from __future__ import annotations

from collections.abc import Iterable

from hatch_pyaot.codegen import c_values
from hatch_pyaot.codegen.classes import field_member
from hatch_pyaot.codegen.literals import string_literal
from hatch_pyaot.ir.types import ClassType, EnumType, Type, class_struct, enum_struct
from hatch_pyaot.tracer.classes import ClassInfo
from hatch_pyaot.tracer.enums import EnumInfo


def reached(types: Iterable[Type]) -> tuple[list[ClassInfo], list[EnumInfo]]:
    """The classes (with their subclasses) and enums that values of these types hold."""
    classes: dict[str, ClassInfo] = {}
    enums: dict[str, EnumInfo] = {}

    def walk(t: Type | None) -> None:
        if isinstance(t, EnumType) and isinstance(t.info, EnumInfo):
            enums.setdefault(t.qualname, t.info)
            return
        if isinstance(t, ClassType):
            if t.qualname in classes:
                return
            for c in c_values.object_classes(t):
                classes.setdefault(c.qualname, c)
        for part in (c_values.inner(t) if t is not None else None) or ():
            walk(part)

    for t in types:
        walk(t)
    return list(classes.values()), list(enums.values())


def emit(types: Iterable[Type]) -> list[str]:
    """The specializations for the classes and enums the types reach (declared first: the
    conversions of one class call those of the classes its fields hold)."""
    classes, enums = reached(types)
    if not classes and not enums:
        return []
    lines = ["namespace pyaot::c_abi {", ""]
    for c in classes:
        r = c.type.cpp()
        lines += [f"template <> struct object_traits<{r}> {{",
                  f"  static constexpr const char* kind_name = {string_literal(c.name)};",
                  "  static constexpr std::int32_t node_kind = PYAOT_VALUE_OBJECT;",
                  "  static bool from(const pyaot_value* v, " + r + "& out, const char* func, "
                  "const char* param);",
                  f"  static bool to(pyaot_value& out, const {r}& value);", "};", ""]
    for e in enums:
        lines += _enum(e)
    for c in classes:
        lines += _from(c) + _to(c)
    lines += ["}  // namespace pyaot::c_abi", ""]
    return lines


def _names(c: ClassInfo) -> list[str]:
    fields = [string_literal(f) for f in c.fields]
    return [f"  static constexpr const char* names[] = {{{', '.join(fields)}}};"] if fields else []


def _from(c: ClassInfo) -> list[str]:
    r = c.type.cpp()
    n = len(c.fields)
    defaults = ", ".join("true" if f in c.defaults else "false" for f in c.fields)
    lines = [f"bool object_traits<{r}>::from(const pyaot_value* v, {r}& out, const char* func, "
             "const char* param) {", *_names(c)]
    if n:
        lines += [f"  static constexpr bool defaults[] = {{{defaults}}};",
                  f"  const pyaot_value* at[{n}] = {{}};"]
    args = "names, defaults, " + str(n) + ", at" if n else "nullptr, nullptr, 0, nullptr"
    lines += [f"  if (!value_detail::object_fields(v, {string_literal(c.name)}, {args}, func, "
              "param)) return false;",
              f"  {r} made = {r}::make();"]
    for k, f in enumerate(c.fields):
        lines.append(f"  if (!value_detail::field(at[{k}], made->{field_member(f)}, func, param, "
                     f"{string_literal(f)})) return false;")
    lines += ["  out = std::move(made);", "  return true;", "}", ""]
    return lines


def _to(c: ClassInfo) -> list[str]:
    r = c.type.cpp()
    lines = [f"bool object_traits<{r}>::to(pyaot_value& out, const {r}& value) {{",
             "  if (value.raw() == nullptr) return to_value(out, None{});"]
    for sub in c.descendants()[1:]:
        s = f"pyaot_gen::{class_struct(sub.qualname)}"
        lines.append(f"  if (value->class_id == {sub.class_id}) return object_traits<"
                     f"pyaot::ref<{s}>>::to(out, value.template down<{s}>());")
    lines += _names(c)
    names = "names" if c.fields else "nullptr"
    lines.append(f"  pyaot_value* items = value_detail::object_node(out, {names}, "
                 f"{len(c.fields)});")
    writes = [f"to_value(items[{2 * k + 1}], value->{field_member(f)})"
              for k, f in enumerate(c.fields)]
    lines += [f"  return {' && '.join(['items != nullptr', *writes])};", "}", ""]
    return lines


def _enum(e: EnumInfo) -> list[str]:
    m = e.type.cpp()
    tag = f"pyaot_gen::{enum_struct(e.qualname)}"
    name = string_literal(e.name)
    lines = [f"template <> struct object_traits<{m}> {{",
             f"  static constexpr const char* kind_name = {name};",
             f"  static constexpr std::int32_t node_kind = PYAOT_VALUE_{c_values.enum_node(e.type)};"]
    if e.by_value:
        lines += ["  static bool from(const pyaot_value* v, " + m + "& out, const char* func, "
                  "const char* param) {",
                  f"    return value_detail::enum_from_int(v, out.v, {tag}::codes, {tag}::count, "
                  f"{name}, func, param);", "  }",
                  f"  static bool to(pyaot_value& out, const {m}& value) {{",
                  "    return to_value(out, value.v);", "  }"]
    else:
        values = ", ".join(string_literal(str(v)) for v in e.values)
        lines += [f"  static constexpr const char* values[] = {{{values}}};",
                  "  static bool from(const pyaot_value* v, " + m + "& out, const char* func, "
                  "const char* param) {",
                  f"    return value_detail::enum_from_str(v, out.v, values, {tag}::codes, "
                  f"{tag}::count, {name}, func, param);", "  }",
                  f"  static bool to(pyaot_value& out, const {m}& value) {{",
                  "    return value_detail::text_node(out, values[pyaot::enum_position(value)]);",
                  "  }"]
    return [*lines, "};", ""]
