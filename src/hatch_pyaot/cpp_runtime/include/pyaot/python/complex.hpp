#pragma once
// The CPython boundary of complex: a Python complex, float, int or bool (PEP 484: where a
// complex is expected an int or float is accepted), or an object with __complex__ or
// __float__ (numpy.complex64, numpy floats); a str is a TypeError as for a float parameter.
// Included by convert.hpp. Only the Limited API (PyComplex_RealAsDouble/ImagAsDouble, PyComplex_FromDoubles).

#include "pyaot/python/common.hpp"

#include "pyaot/builtins/complex.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

inline bool from_python(PyObject* obj, complex& out, const char* func, const char* param) {
  if (PyComplex_Check(obj)) [[likely]] {
    out = {PyComplex_RealAsDouble(obj), PyComplex_ImagAsDouble(obj)};
    return true;
  }
  if (PyFloat_Check(obj)) {
    out = {PyFloat_AsDouble(obj), 0.0};
    return true;
  }
  if (PyLong_Check(obj)) {
    const double value = PyLong_AsDouble(obj);
    if (value == -1.0 && PyErr_Occurred()) return false;
    out = {value, 0.0};
    return true;
  }
  if (PyUnicode_Check(obj) || PyBytes_Check(obj)) {
    return detail::wrong_type(obj, func, param, "complex");
  }
  // complex(obj) takes __complex__, __float__ and __index__
  PyObject* made = PyObject_CallFunctionObjArgs(reinterpret_cast<PyObject*>(&PyComplex_Type),
                                                obj, nullptr);
  if (made == nullptr) {
    if (PyErr_ExceptionMatches(PyExc_TypeError)) {
      PyErr_Clear();
      return detail::wrong_type(obj, func, param, "complex");
    }
    return false;
  }
  out = {PyComplex_RealAsDouble(made), PyComplex_ImagAsDouble(made)};
  Py_DECREF(made);
  return true;
}

inline PyObject* to_python(complex value) { return PyComplex_FromDoubles(value.real, value.imag); }

}  // namespace pyaot::python
