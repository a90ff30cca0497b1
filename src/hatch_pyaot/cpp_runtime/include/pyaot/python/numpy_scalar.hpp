#pragma once
// NumPy scalars as results: numpy.float32(...), numpy.int8(...) objects made by calling the
// NumPy type (looked up once per type) with the exact Python number. As arguments
// (`x: np.float32`): exactly a NumPy scalar of that dtype (its type's name is
// "numpy.<dtype>"), read through the buffer protocol every NumPy scalar has; anything else,
// a Python float included, is a TypeError naming the parameter (a typed signature casts
// nothing silently). No NumPy headers are needed to build this: NumPy is only needed where
// the module runs.

#include "pyaot/python/common.hpp"

#include "pyaot/numpy/ndarray.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace pyaot::python {

/// A new reference to numpy.<dtype>(value), or nullptr with a Python exception set.
template <class T>
PyObject* numpy_scalar(T value) {
  static PyObject* type = nullptr;  // a strong reference kept for the process's life
  if (type == nullptr) {
    PyObject* numpy = PyImport_ImportModule("numpy");
    if (numpy == nullptr) return nullptr;
    // The type's attribute is the dtype's name, except numpy.bool_ (numpy.bool is NumPy 2).
    const char* attribute = std::is_same_v<T, bool> ? "bool_" : numpy::dtype_traits<T>::name;
    type = PyObject_GetAttrString(numpy, attribute);
    Py_DECREF(numpy);
    if (type == nullptr) return nullptr;
  }
  PyObject* number;
  if constexpr (std::is_same_v<T, bool>) {
    number = PyBool_FromLong(value ? 1 : 0);
  } else if constexpr (numpy::dtype_traits<T>::kind == 'c') {
    number = PyComplex_FromDoubles(static_cast<double>(value.real),
                                   static_cast<double>(value.imag));
  } else if constexpr (std::is_floating_point_v<T>) {
    number = PyFloat_FromDouble(static_cast<double>(value));
  } else if constexpr (std::is_signed_v<T>) {
    number = PyLong_FromLongLong(static_cast<long long>(value));
  } else {
    number = PyLong_FromUnsignedLongLong(static_cast<unsigned long long>(value));
  }
  if (number == nullptr) return nullptr;
#if defined(Py_LIMITED_API) && Py_LIMITED_API < 0x030C0000  // the 3.11 stable ABI lacks it
  PyObject* result = PyObject_CallFunctionObjArgs(type, number, nullptr);
#else
  PyObject* result = PyObject_CallOneArg(type, number);
#endif
  Py_DECREF(number);
  return result;
}

}  // namespace pyaot::python

namespace pyaot::python {

/// The ndim of a NumPy array argument, or -1 for anything else (the wrapper of an entry
/// compiled for several ranks picks its variant by this).
inline int array_ndim(PyObject* obj) {
  if (obj == nullptr || !PyObject_CheckBuffer(obj)) return -1;
  PyObject* ndim = PyObject_GetAttrString(obj, "ndim");
  if (ndim == nullptr) {
    PyErr_Clear();
    return -1;
  }
  const long value = PyLong_Check(ndim) ? PyLong_AsLong(ndim) : -1;
  Py_DECREF(ndim);
  if (value == -1 && PyErr_Occurred()) PyErr_Clear();
  return static_cast<int>(value);
}

/// The ndim of the first item of a list argument of NumPy arrays, or -1 (an empty list, not a
/// list, an item not an array): a `list[NDArray]` parameter's variant is picked by this.
inline int list_item_ndim(PyObject* obj) {
  if (obj == nullptr || !PyList_Check(obj) || PyList_Size(obj) == 0) return -1;
  return array_ndim(PyList_GetItem(obj, 0));
}

}  // namespace pyaot::python

namespace pyaot::python {

/// TypeError for an array whose rank the entry point was not compiled for.
[[gnu::cold]] inline PyObject* rank_error(const char* func, const char* param, int lowest,
                                          int highest, int given) {
  PyErr_Format(PyExc_TypeError,
               "%s() argument '%s' must be an array of rank %d to %d (the ranks it was "
               "compiled for), not rank %d",
               func, param, lowest, highest, given);
  return nullptr;
}

}  // namespace pyaot::python

namespace pyaot::python {

/// A NumPy scalar argument of dtype T into `out`, or false with TypeError set.
template <class T>
bool numpy_scalar_from_python(PyObject* obj, T& out, const char* func, const char* param) {
  const char* dtype = numpy::dtype_traits<T>::name;
#if defined(Py_LIMITED_API)  // no tp_name: the type's __module__ and __qualname__
  const std::string name = detail::type_name(obj);
  const bool matches = name.compare(0, 6, "numpy.") == 0 && name.compare(6, name.npos, dtype) == 0;
#else
  const char* type = Py_TYPE(obj)->tp_name;
  const bool matches = std::strncmp(type, "numpy.", 6) == 0 && std::strcmp(type + 6, dtype) == 0;
#endif
  if (!matches) [[unlikely]] {
    const std::string got = detail::type_name(obj);
    PyErr_Format(PyExc_TypeError, "%s() argument '%s' must be numpy.%s, not %s", func, param,
                 dtype, got.c_str());
    return false;
  }
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) != 0) return false;
  const bool fits = view.len == static_cast<Py_ssize_t>(sizeof(T));
  if (fits) std::memcpy(&out, view.buf, sizeof(T));
  PyBuffer_Release(&view);
  if (!fits) [[unlikely]] {
    PyErr_Format(PyExc_TypeError, "%s() argument '%s': numpy.%s of an unexpected size", func,
                 param, dtype);
  }
  return fits;
}

}  // namespace pyaot::python
