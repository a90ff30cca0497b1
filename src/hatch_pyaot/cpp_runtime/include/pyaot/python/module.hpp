// Module-level helpers for generated CPython extension modules.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

namespace pyaot::python {

// Give the module and every builtin function in it the Python module name `name` (the
// compiled functions get it from add_functions, pyaot/python/function.hpp).
//
// The loader imports a native module as `_pyaot_native.<name>`; for single-phase init,
// CPython then names the module after that import name. The functions must report the
// module they replace (`kernels`, `pkg.kernels`) so that pickling and introspection find
// them where the Python functions were.
inline bool set_module_name(PyObject* module, const char* name) {
  PyObject* value = PyUnicode_FromString(name);
  if (value == nullptr) return false;
  bool ok = PyObject_SetAttrString(module, "__name__", value) == 0;
  PyObject* dict = ok ? PyModule_GetDict(module) : nullptr;
  Py_ssize_t pos = 0;
  PyObject* key = nullptr;
  PyObject* item = nullptr;
  while (ok && dict != nullptr && PyDict_Next(dict, &pos, &key, &item)) {
    if (PyCFunction_Check(item)) {
      ok = PyObject_SetAttrString(item, "__module__", value) == 0;
    }
  }
  Py_DECREF(value);
  return ok;
}

}  // namespace pyaot::python
