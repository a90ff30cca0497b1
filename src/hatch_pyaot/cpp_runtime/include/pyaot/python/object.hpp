#pragma once
// Objects of the program's classes at the CPython boundary (DESIGN §5.7, docs/objects.md).
//
// An instance passed in becomes a native object of its class (its attributes read); a native
// object going out becomes an instance of the user's own Python class (made without running
// its __init__, attributes set as object.__setattr__ does, so frozen dataclasses work). Both
// ways the pair is remembered while the native object lives (`origin`, and `known` from the
// Python side): the same Python object passed twice, or reached twice through attributes, is
// one native object, and an object that came in goes back out as that very Python object,
// its attributes written back. Parameters are written back when the call returns, on success
// and on error, so the caller sees what the compiled code changed.
//
// Each class's part is generated (codegen/class_boundary.py): a specialization of
// `boundary<C>` with `from`, `to` and the Python class, found in its module by name.
// Included by convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <string>
#include <unordered_map>

#include "pyaot/builtins/object.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

template <class C>
struct boundary;  // generated per class

namespace detail {

/// The native object of each Python object paired with one (while the native one lives).
inline std::unordered_map<PyObject*, object*>& known_objects() {
  static std::unordered_map<PyObject*, object*> known;  // guarded by the GIL
  return known;
}

inline void forget_origin(object* native) {
  auto* obj = static_cast<PyObject*>(native->origin);
  known_objects().erase(obj);
  native->origin = nullptr;
  Py_DECREF(obj);
}

/// Pairs a native object with its Python object (a new strong reference).
inline void pair(object* native, PyObject* obj) {
  release_origin = &forget_origin;
  native->origin = Py_NewRef(obj);
  known_objects()[obj] = native;
}

inline object* known(PyObject* obj) {
  auto& known = known_objects();
  auto at = known.find(obj);
  return at == known.end() ? nullptr : at->second;
}

/// The Python class `name` of module `module`: the module as imported (or run as __main__).
inline PyObject* find_class(const char* module, const char* name) {
  PyObject* modules = PyImport_GetModuleDict();
  PyObject* found = PyDict_GetItemString(modules, module);  // borrowed
  PyObject* imported = nullptr;
  if (found == nullptr) {
    PyObject* main = PyDict_GetItemString(modules, "__main__");
    PyObject* cls = main != nullptr ? PyObject_GetAttrString(main, name) : nullptr;
    if (cls != nullptr && PyType_Check(cls)) return cls;
    Py_XDECREF(cls);
    PyErr_Clear();
    imported = PyImport_ImportModule(module);
    if (imported == nullptr) return nullptr;
    found = imported;
  }
  PyObject* cls = PyObject_GetAttrString(found, name);
  Py_XDECREF(imported);
  if (cls != nullptr && !PyType_Check(cls)) {
    Py_DECREF(cls);
    PyErr_Format(PyExc_TypeError, "%s.%s is not a class", module, name);
    return nullptr;
  }
  return cls;
}

/// A new instance of `cls` whose __init__ does not run (attributes are set next).
inline PyObject* new_instance(PyObject* cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls);
  PyObject* empty = PyTuple_New(0);
  if (empty == nullptr) return nullptr;
#ifdef Py_LIMITED_API
  auto tp_new = reinterpret_cast<newfunc>(PyType_GetSlot(type, Py_tp_new));
#else
  newfunc tp_new = type->tp_new;
#endif
  PyObject* made = tp_new(type, empty, nullptr);
  Py_DECREF(empty);
  return made;
}

/// obj.<name> converted into `field` (a TypeError names `param.name`).
template <class T>
bool read_field(PyObject* obj, const char* name, T& field, const char* func,
                const char* param) {
  PyObject* value = PyObject_GetAttrString(obj, name);
  if (value == nullptr) return false;
  const std::string where = std::string(param) + "." + name;
  const bool ok = from_python(value, field, func, where.c_str());
  Py_DECREF(value);
  return ok;
}

/// object.__setattr__(obj, name, field), bypassing a frozen dataclass's __setattr__.
template <class T>
bool write_field(PyObject* obj, const char* name, const T& field) {
  PyObject* value = to_python(field);
  if (value == nullptr) return false;
  PyObject* key = PyUnicode_InternFromString(name);
  const int status = key != nullptr ? PyObject_GenericSetAttr(obj, key, value) : -1;
  Py_XDECREF(key);
  Py_DECREF(value);
  return status == 0;
}

}  // namespace detail

template <class C>
bool from_python(PyObject* obj, ref<C>& out, const char* func, const char* param) {
  return boundary<C>::from(obj, out, func, param);
}

template <class C>
PyObject* to_python(const ref<C>& value) {
  return boundary<C>::to(value);
}

/// Writes an object that came from a Python object back into it (its fields, and those of
/// the objects they reach).
template <class C>
bool write_back(const ref<C>& value) {
  if (value.raw() == nullptr || value.raw()->origin == nullptr) return true;
  PyObject* obj = boundary<C>::to(value);
  Py_XDECREF(obj);
  return obj != nullptr;
}

/// The generated `to` of a class: the Python object of `native` (its own, with the fields
/// written back, or a new instance of `cls`), filled by `fill(obj)`.
template <class Fill>
PyObject* object_to_python(object* native, PyObject* (*cls)(), Fill fill) {
  if (native->origin != nullptr && native->visiting) {
    return Py_NewRef(static_cast<PyObject*>(native->origin));  // a cycle: being written
  }
  if (native->origin == nullptr) {
    PyObject* type = cls();
    if (type == nullptr) return nullptr;
    PyObject* made = detail::new_instance(type);
    if (made == nullptr) return nullptr;
    detail::pair(native, made);
    Py_DECREF(made);  // the pair holds it
  }
  auto* obj = static_cast<PyObject*>(native->origin);
  native->visiting = true;
  const bool ok = fill(obj);
  native->visiting = false;
  return ok ? Py_NewRef(obj) : nullptr;
}

}  // namespace pyaot::python
