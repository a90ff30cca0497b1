#pragma once
// NumPy's broadcasting at the call of an entry point compiled once per rank, all its open
// arrays of that rank (typing/rank_broadcast.py): an array of lower rank gets size-1 axes
// prepended, `x[None, ...]` (a view of the same data, as broadcasting reads it), and the
// variant of the highest rank given runs; a 0-d array result is a NumPy scalar, as NumPy's
// ufuncs return it. Builds under the Limited API.

#include "pyaot/python/common.hpp"

#include <vector>

namespace pyaot::python {

/// Owns the padded views until the call returns.
class rank_padding {
 public:
  rank_padding() = default;
  rank_padding(const rank_padding&) = delete;
  rank_padding& operator=(const rank_padding&) = delete;
  ~rank_padding() {
    for (PyObject* view : views_) Py_DECREF(view);
  }

  /// `slot = slot[(None,) * by]` (nothing for by <= 0); false with the Python error set.
  bool pad(PyObject*& slot, int by) {
    if (by <= 0) return true;
    PyObject* key = PyTuple_New(by);
    if (key == nullptr) return false;
    for (int i = 0; i < by; ++i) {
      Py_INCREF(Py_None);
      PyTuple_SetItem(key, i, Py_None);
    }
    PyObject* view = PyObject_GetItem(slot, key);
    Py_DECREF(key);
    if (view == nullptr) return false;
    views_.push_back(view);
    slot = view;
    return true;
  }

 private:
  std::vector<PyObject*> views_;
};

/// A 0-d array result as NumPy's ufuncs give it, a NumPy scalar (`result[()]`); any other
/// result (or nullptr, an error) as it is.
inline PyObject* scalar_if_0d(PyObject* result) {
  if (result == nullptr || !PyObject_CheckBuffer(result)) return result;
  PyObject* ndim = PyObject_GetAttrString(result, "ndim");
  const bool zero = ndim != nullptr && PyLong_Check(ndim) && PyLong_AsLong(ndim) == 0;
  Py_XDECREF(ndim);
  PyErr_Clear();
  if (!zero) return result;
  PyObject* empty = PyTuple_New(0);
  PyObject* item = empty != nullptr ? PyObject_GetItem(result, empty) : nullptr;
  Py_XDECREF(empty);
  Py_DECREF(result);
  return item;
}

}  // namespace pyaot::python
