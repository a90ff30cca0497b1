#pragma once
// Results of type collections.Counter and collections.defaultdict: the dict that
// to_python made, given to the real class (Counter(d), defaultdict(factory, d)), so that
// the caller gets what CPython would return.

#include "pyaot/python/common.hpp"

namespace pyaot::python {

/// collections.<kind>(*args, d) of a new dict reference d (stolen); null with the Python
/// error set when that fails. factory: the builtin class a defaultdict makes, or null.
inline PyObject* as_collection(PyObject* d, const char* kind, const char* factory) noexcept {
  if (d == nullptr) return nullptr;
  PyObject* made = nullptr;
  PyObject* module = PyImport_ImportModule("collections");
  PyObject* cls = module ? PyObject_GetAttrString(module, kind) : nullptr;
  PyObject* builtins = factory ? PyImport_ImportModule("builtins") : nullptr;
  PyObject* make = builtins ? PyObject_GetAttrString(builtins, factory) : nullptr;
  if (cls != nullptr && factory == nullptr) {
    made = PyObject_CallFunctionObjArgs(cls, d, nullptr);  // the 3.11 stable ABI has no CallOneArg
  } else if (cls != nullptr && make != nullptr) {
    made = PyObject_CallFunctionObjArgs(cls, make, d, nullptr);
  }
  Py_XDECREF(make);
  Py_XDECREF(builtins);
  Py_XDECREF(cls);
  Py_XDECREF(module);
  Py_DECREF(d);
  return made;
}

}  // namespace pyaot::python
