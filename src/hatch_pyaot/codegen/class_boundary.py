"""The CPython boundary of each class (pyaot/python/object.hpp): ``boundary<C>::from`` makes
the native object of a Python instance (its attributes read), ``to`` the Python instance of
a native object (a new one of the user's class, or the one it came from, attributes written).
The Python class is looked up by name in its module on first use, so the compiled module
never imports the user's module before it is needed (the loader puts the compiled functions
into that module while it is still being imported).
"""

from __future__ import annotations

from hatch_pyaot.codegen.c_values import is_mutable
from hatch_pyaot.codegen.classes import field_member
from hatch_pyaot.codegen.literals import string_literal
from hatch_pyaot.ir.types import ClassType, class_struct
from hatch_pyaot.tracer.classes import ClassInfo


def _cpp(c: ClassInfo) -> str:
    return f"pyaot_gen::{class_struct(c.qualname)}"


def emit(classes: list[ClassInfo]) -> list[str]:
    if not classes:
        return []
    lines = ["namespace pyaot::python {", ""]
    for c in classes:
        name = _cpp(c)
        module, _, short = c.qualname.rpartition(".")
        lines += [
            f"template <> struct boundary<{name}> {{",
            "  static PyObject* cls() {",
            "    static PyObject* found = nullptr;  // a strong reference, kept",
            f"    if (found == nullptr) found = detail::find_class({string_literal(module)}, "
            f"{string_literal(short)});",
            "    return found;",
            "  }",
            f"  static bool from(PyObject* obj, ref<{name}>& out, const char* func, "
            "const char* param);",
            f"  static PyObject* to(const ref<{name}>& value);",
            "};",
            "",
        ]
    for c in classes:
        lines += _from(c) + _to(c)
    lines += ["}  // namespace pyaot::python", ""]
    return lines


def _from(c: ClassInfo) -> list[str]:
    name = _cpp(c)
    ids = " || ".join(f"seen->class_id == {d.class_id}" for d in c.descendants())
    expected = string_literal(c.name)
    lines = [
        f"bool boundary<{name}>::from(PyObject* obj, ref<{name}>& out, const char* func, "
        "const char* param) {",
        "  if (object* seen = detail::known(obj)) {  // reached before in this call",
        f"    if (!({ids})) return detail::wrong_type(obj, func, param, {expected});",
        f"    out = ref<{name}>::borrow(static_cast<{name}*>(seen));",
        "    return true;",
        "  }",
    ]
    if len(c.descendants()) > 1:
        lines.append("  PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(obj));")
    for sub in c.descendants()[1:]:
        s = _cpp(sub)
        lines += [f"  if (PyObject* sub = boundary<{s}>::cls(); sub == nullptr) return false;",
                  "  else if (type == sub) {",
                  f"    ref<{s}> made;",
                  f"    if (!boundary<{s}>::from(obj, made, func, param)) return false;",
                  "    out = made;",
                  "    return true;",
                  "  }"]
    lines += [
        "  PyObject* mine = cls();",
        "  if (mine == nullptr) return false;",
        "  const int is = PyObject_IsInstance(obj, mine);",
        "  if (is < 0) return false;",
        f"  if (is == 0) return detail::wrong_type(obj, func, param, {expected});",
        f"  ref<{name}> made = ref<{name}>::make();",
        "  detail::pair(made.raw(), obj);",
    ]
    for f in c.fields:
        lines.append(f"  if (!detail::read_field(obj, {string_literal(f)}, "
                     f"made->{field_member(f)}, func, param)) return false;")
    lines += ["  out = std::move(made);", "  return true;", "}", ""]
    return lines


def _to(c: ClassInfo) -> list[str]:
    if c.named_tuple:
        return _to_named_tuple(c)
    name = _cpp(c)
    lines = [f"PyObject* boundary<{name}>::to(const ref<{name}>& value) {{"]
    for sub in c.descendants()[1:]:
        lines.append(f"  if (value->class_id == {sub.class_id}) return boundary<{_cpp(sub)}>"
                     f"::to(value.template down<{_cpp(sub)}>());")
    writes = [f"detail::write_field(obj, {string_literal(f)}, value->{field_member(f)})"
              for f in c.fields] or ["true"]
    lines += ["  return object_to_python(value.raw(), &cls, [&](PyObject* obj) {",
              "    (void)obj;",
              f"    return {' && '.join(writes)};",
              "  });",
              "}", ""]
    return lines


def _to_named_tuple(c: ClassInfo) -> list[str]:
    """A NamedTuple is immutable: the object it came from as it is, else a new one made by
    its class, ``Point(*fields)``."""
    name = _cpp(c)
    # the lists, dicts, sets and objects it holds are the caller's: changes written back
    held = [f"write_back(value->{field_member(f)})" for f, t in c.fields.items()
            if t is not None and (is_mutable(t) or isinstance(t, ClassType))]
    lines = [f"PyObject* boundary<{name}>::to(const ref<{name}>& value) {{",
             "  if (value.raw()->origin != nullptr) {",
             *([f"    if (!({' && '.join(held)})) return nullptr;"] if held else []),
             "    return Py_NewRef(static_cast<PyObject*>(value.raw()->origin));",
             "  }",
             "  PyObject* type = cls();",
             "  if (type == nullptr) return nullptr;",
             f"  PyObject* args = PyTuple_New({len(c.fields)});",
             "  if (args == nullptr) return nullptr;"]
    for i, f in enumerate(c.fields):
        lines += [f"  if (PyObject* item = to_python(value->{field_member(f)})) {{",
                  f"    PyTuple_SetItem(args, {i}, item);",
                  "  } else {",
                  "    Py_DECREF(args);",
                  "    return nullptr;",
                  "  }"]
    lines += ["  PyObject* made = PyObject_Call(type, args, nullptr);",
              "  Py_DECREF(args);",
              "  return made;", "}", ""]
    return lines
