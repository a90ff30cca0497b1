#pragma once
// Python.h for the boundary headers (the only pyaot headers that include it) and small
// helpers they share.

#ifndef PY_SSIZE_T_CLEAN
#define PY_SSIZE_T_CLEAN
#endif
#include <Python.h>

#include <cstring>
#include <string>

// The stable ABI has vectorcall from 3.12 on. Before, a compiled function is called through
// tp_call (function.hpp converts the arguments), and its entry point, still a vectorcall
// function, never gets PY_VECTORCALL_ARGUMENTS_OFFSET in its count.
#if defined(Py_LIMITED_API) && Py_LIMITED_API < 0x030C0000
#define PYAOT_NO_VECTORCALL 1
static inline Py_ssize_t PyVectorcall_NARGS(size_t nargsf) {
  return static_cast<Py_ssize_t>(nargsf);
}
#endif

namespace pyaot::python::detail {

/// The type's name as CPython writes it in messages (its tp_name): "float", "numpy.float64",
/// and a class defined in Python by its __name__ alone ("Point").
inline std::string type_name(PyObject* obj) {
#if defined(Py_LIMITED_API)
  std::string name = "object";
  PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(obj));
  const bool heap = (PyType_GetFlags(Py_TYPE(obj)) & Py_TPFLAGS_HEAPTYPE) != 0;
  PyObject* qualname = PyObject_GetAttrString(type, heap ? "__name__" : "__qualname__");
  PyObject* module = PyObject_GetAttrString(type, "__module__");
  const char* q = qualname != nullptr ? PyUnicode_AsUTF8AndSize(qualname, nullptr) : nullptr;
  const char* m = module != nullptr && PyUnicode_Check(module)
                      ? PyUnicode_AsUTF8AndSize(module, nullptr)
                      : nullptr;
  if (q != nullptr) {
    name = (!heap && m != nullptr && std::strcmp(m, "builtins") != 0) ? std::string(m) + "." + q
                                                                        : q;
  }
  Py_XDECREF(qualname);
  Py_XDECREF(module);
  PyErr_Clear();
  return name;
#else
  return Py_TYPE(obj)->tp_name;
#endif
}

// List and float access with the fast macros of the full C API, and the stable ABI's functions
// under Py_LIMITED_API (abi3 wheels).
inline Py_ssize_t list_size(PyObject* list) {
#if defined(Py_LIMITED_API)
  return PyList_Size(list);
#else
  return PyList_GET_SIZE(list);
#endif
}

/// A borrowed item of a list, i in range.
inline PyObject* list_item(PyObject* list, Py_ssize_t i) {
#if defined(Py_LIMITED_API)
  return PyList_GetItem(list, i);
#else
  return PyList_GET_ITEM(list, i);
#endif
}

/// Puts a new reference into a new list's slot (stealing it; the slot held no reference).
inline void list_fill(PyObject* list, Py_ssize_t i, PyObject* item) {
#if defined(Py_LIMITED_API)
  PyList_SetItem(list, i, item);
#else
  PyList_SET_ITEM(list, i, item);
#endif
}

inline double float_value(PyObject* f) {
#if defined(Py_LIMITED_API)
  return PyFloat_AsDouble(f);
#else
  return PyFloat_AS_DOUBLE(f);
#endif
}

}  // namespace pyaot::python::detail
