#pragma once
// Python.h for the boundary headers (the only pyaot headers that include it) and small
// helpers they share.

#ifndef PY_SSIZE_T_CLEAN
#define PY_SSIZE_T_CLEAN
#endif
#include <Python.h>

#include <cstring>
#include <string>

namespace pyaot::python::detail {

/// The type's name as CPython writes it in messages: "float", "numpy.float64".
inline std::string type_name(PyObject* obj) {
#if defined(Py_LIMITED_API)
  std::string name = "object";
  PyObject* type = reinterpret_cast<PyObject*>(Py_TYPE(obj));
  PyObject* qualname = PyObject_GetAttrString(type, "__qualname__");
  PyObject* module = PyObject_GetAttrString(type, "__module__");
  const char* q = qualname != nullptr ? PyUnicode_AsUTF8AndSize(qualname, nullptr) : nullptr;
  const char* m = module != nullptr && PyUnicode_Check(module)
                      ? PyUnicode_AsUTF8AndSize(module, nullptr)
                      : nullptr;
  if (q != nullptr) {
    name = (m != nullptr && std::strcmp(m, "builtins") != 0) ? std::string(m) + "." + q : q;
  }
  Py_XDECREF(qualname);
  Py_XDECREF(module);
  PyErr_Clear();
  return name;
#else
  return Py_TYPE(obj)->tp_name;
#endif
}

}  // namespace pyaot::python::detail
