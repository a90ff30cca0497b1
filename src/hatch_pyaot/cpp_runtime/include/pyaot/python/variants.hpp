// Module init of a module built in several ISA variants (pyaot/isa/detect.hpp): choose the
// one this CPU runs, and record it as `__pyaot_isa__` (with the built ones as
// `__pyaot_variants__` and the CPU's own level as `__pyaot_cpu_isa__`).
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <pyaot/isa/detect.hpp>

namespace pyaot::python {

// The chosen level, or -1 with a Python exception set.
inline int choose_variant(PyObject* module, unsigned built) {
  const pyaot::isa::choice picked = pyaot::isa::choose(built);
  if (picked.bad_env != nullptr &&
      PyErr_WarnFormat(PyExc_RuntimeWarning, 1,
                       "%s is not understood (see docs/variants.md); it is ignored",
                       picked.bad_env) < 0) {
    return -1;
  }
  const unsigned present = built | 1u;
  Py_ssize_t count = 0;
  for (int i = 0; i < pyaot::isa::level_count; ++i) count += (present >> i) & 1u;
  PyObject* names = PyTuple_New(count);
  for (int i = 0, k = 0; names != nullptr && i < pyaot::isa::level_count; ++i) {
    if (!((present >> i) & 1u)) continue;
    PyObject* name = PyUnicode_FromString(pyaot::isa::level_names[i]);
    if (name == nullptr || PyTuple_SetItem(names, k++, name) < 0) Py_CLEAR(names);
  }
  if (names == nullptr || PyModule_AddObject(module, "__pyaot_variants__", names) < 0) {
    Py_XDECREF(names);
    return -1;
  }
  if (PyModule_AddStringConstant(module, "__pyaot_isa__",
                                 pyaot::isa::level_names[picked.chosen]) < 0 ||
      PyModule_AddStringConstant(module, "__pyaot_cpu_isa__",
                                 pyaot::isa::level_names[picked.detected]) < 0) {
    return -1;
  }
  return picked.chosen;
}

}  // namespace pyaot::python
