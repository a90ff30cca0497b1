// A small extension module over the CPython boundary headers (pyaot/python/*.hpp), built and
// driven by tests/test_runtime_cpp.py: argument binding, conversions both ways, and pyaot
// errors turned into Python exceptions.

#include "pyaot/python/convert.hpp"

#include <cstdint>
#include <tuple>

#include "pyaot/error.hpp"
#include "pyaot/none.hpp"

namespace {

// integrate(a: float, b: float, n: int = 3) -> tuple[float, float, int]
PyObject* integrate(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  static const char* const names[] = {"a", "b", "n"};
  PyObject* slots[3];
  if (!pyaot::python::bind_arguments(args, nargs, kwnames, "integrate", names, 3, 2, slots)) {
    return nullptr;
  }
  double a = 0.0;
  double b = 0.0;
  std::int64_t n = 3;
  if (!pyaot::python::from_python(slots[0], a, "integrate", "a")) return nullptr;
  if (!pyaot::python::from_python(slots[1], b, "integrate", "b")) return nullptr;
  if (slots[2] != nullptr && !pyaot::python::from_python(slots[2], n, "integrate", "n")) {
    return nullptr;
  }
  return pyaot::python::to_python(std::tuple<double, double, std::int64_t>{a, b, n});
}

// nothing() -> None, taking no arguments
PyObject* nothing(PyObject*, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
  PyObject** no_slots = nullptr;
  if (!pyaot::python::bind_arguments(args, nargs, kwnames, "nothing", nullptr, 0, 0, no_slots)) {
    return nullptr;
  }
  return pyaot::python::to_python(pyaot::none);
}

template <class T>
PyObject* roundtrip(PyObject* arg, const char* func) {
  T value{};
  if (!pyaot::python::from_python(arg, value, func, "x")) return nullptr;
  return pyaot::python::to_python(value);
}

PyObject* as_int(PyObject*, PyObject* arg) { return roundtrip<std::int64_t>(arg, "as_int"); }
PyObject* as_float(PyObject*, PyObject* arg) { return roundtrip<double>(arg, "as_float"); }
PyObject* as_bool(PyObject*, PyObject* arg) { return roundtrip<bool>(arg, "as_bool"); }
PyObject* as_none(PyObject*, PyObject* arg) { return roundtrip<pyaot::None>(arg, "as_none"); }
PyObject* as_pair(PyObject*, PyObject* arg) {
  return roundtrip<std::tuple<std::int64_t, std::tuple<double, bool>>>(arg, "as_pair");
}

// fail(kind: int, line: int) raises pyaot::Exc(kind) "boom <kind>", at kernels.py:<line> when
// line > 0; the pending state must be cleared afterwards.
PyObject* fail(PyObject*, PyObject* const* args, Py_ssize_t nargs) {
  std::int64_t kind = 0;
  std::int64_t line = 0;
  if (nargs != 2 || !pyaot::python::from_python(args[0], kind, "fail", "kind") ||
      !pyaot::python::from_python(args[1], line, "fail", "line")) {
    return nullptr;
  }
  pyaot::raise_format(static_cast<pyaot::Exc>(kind), "boom %d", static_cast<int>(kind));
  if (line > 0) {
    pyaot::fail_at("kernels.py", static_cast<int>(line));
    pyaot::fail_at("outer.py", 1);
  }
  return pyaot::python::to_python_error();
}

PyObject* error_pending(PyObject*, PyObject*) {
  return pyaot::python::to_python(pyaot::error_state().set);
}

PyObject* fail_without_error(PyObject*, PyObject*) { return pyaot::python::to_python_error(); }

template <class F>
PyCFunction cfunc(F f) {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(f));
}

PyMethodDef methods[] = {
    {"integrate", cfunc(integrate), METH_FASTCALL | METH_KEYWORDS, nullptr},
    {"nothing", cfunc(nothing), METH_FASTCALL | METH_KEYWORDS, nullptr},
    {"as_int", cfunc(as_int), METH_O, nullptr},
    {"as_float", cfunc(as_float), METH_O, nullptr},
    {"as_bool", cfunc(as_bool), METH_O, nullptr},
    {"as_none", cfunc(as_none), METH_O, nullptr},
    {"as_pair", cfunc(as_pair), METH_O, nullptr},
    {"fail", cfunc(fail), METH_FASTCALL, nullptr},
    {"error_pending", cfunc(error_pending), METH_NOARGS, nullptr},
    {"fail_without_error", cfunc(fail_without_error), METH_NOARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "pyaot_boundary", nullptr, -1, methods,
                          nullptr,               nullptr,          nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit_pyaot_boundary() { return PyModule_Create(&module_def); }
