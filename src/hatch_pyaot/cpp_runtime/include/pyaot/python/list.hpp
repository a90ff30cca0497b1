#pragma once
// list[T] at the CPython boundary (DESIGN §5.5). An argument is copied into a native list
// that remembers its Python list (`origin`); when the call ends, on success and on error, a
// list the call changed is written back into that Python list, so that the caller sees what
// Python would show. A list returned that came from an argument is that same Python object
// (`f(xs) is xs`). Included by convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "pyaot/builtins/list.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

/// list[T]: a Python list whose every item converts to T (TypeError naming `param[i]`).
template <class T>
bool from_python(PyObject* obj, list<T>& out, const char* func, const char* param) {
  if (!PyList_Check(obj)) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "list");
  }
  const Py_ssize_t n = detail::list_size(obj);
  out = list<T>::make(static_cast<std::size_t>(n));
  auto& items = out.items();
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = detail::list_item(obj, i);
    T value{};
    if constexpr (std::is_same_v<T, double>) {
      if (!PyFloat_CheckExact(item)) out.box()->had_ints = true;
    }
    if (!from_python(item, value, func, param)) [[unlikely]] {
      // Cold path: convert again to word the error with the item's place, "param[i]".
      PyErr_Clear();
      from_python(item, value, func, detail::item_name(param, static_cast<std::size_t>(i)).c_str());
      return false;
    }
    items.push_back(std::move(value));
  }
  out.box()->origin = obj;
  return true;
}

namespace detail {

/// A list[float] argument that held ints, written back: each int of the caller's list whose
/// value is still in the list takes the place of one float of that value, so that the ints
/// the call did not touch stay ints (CPython moves objects; the native list holds doubles).
inline bool keep_ints(PyObject* original, PyObject* fresh) {
  std::vector<std::pair<double, PyObject*>> ints;
  for (Py_ssize_t i = 0; i < detail::list_size(original); ++i) {
    PyObject* item = detail::list_item(original, i);
    if (PyFloat_CheckExact(item)) continue;
    const double value = PyFloat_AsDouble(item);
    if (value == -1.0 && PyErr_Occurred()) return false;
    ints.emplace_back(value, item);
  }
  std::stable_sort(ints.begin(), ints.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<bool> used(ints.size(), false);
  for (Py_ssize_t i = 0; i < detail::list_size(fresh); ++i) {
    const double value = detail::float_value(detail::list_item(fresh, i));
    auto at = std::lower_bound(ints.begin(), ints.end(), value,
                               [](const auto& a, double v) { return a.first < v; });
    for (; at != ints.end() && at->first == value; ++at) {
      const auto k = static_cast<std::size_t>(at - ints.begin());
      if (used[k] || std::signbit(value)) continue;  // -0.0 is a float: no int is that
      used[k] = true;
      PyList_SetItem(fresh, i, Py_NewRef(at->second));  // drops the float it replaces
      break;
    }
  }
  return true;
}

}  // namespace detail

/// Writes a list that came from a Python list back into it when the call changed it (or,
/// for a list of lists, an inner list it changed); false with a Python error if that fails.
template <class T>
bool write_back(const list<T>& value) {
  ListBox<T>* box = value.box();
  if (box == nullptr || box->origin == nullptr) return true;
  auto* obj = static_cast<PyObject*>(box->origin);
  if (box->version == 0) {
    if constexpr (requires(const T& item) { write_back(item); }) {  // lists, dicts, sets
      for (const auto& item : box->items) {
        if (!write_back(item)) return false;
      }
    }
    return true;
  }
  box->version = 0;
  PyObject* fresh = to_python(value, /*as_new=*/true);
  if (fresh == nullptr) return false;
  if constexpr (std::is_same_v<T, double>) {
    if (box->had_ints && !detail::keep_ints(obj, fresh)) {
      Py_DECREF(fresh);
      return false;
    }
  }
  const int status = PyList_SetSlice(obj, 0, PY_SSIZE_T_MAX, fresh);
  Py_DECREF(fresh);
  return status == 0;
}

/// A new reference to the Python list of `value`: its origin (written back first), or a
/// new list (`as_new`: always a new list, for write_back itself).
template <class T>
PyObject* to_python(const list<T>& value, bool as_new) {
  ListBox<T>* box = value.box();
  if (box == nullptr) return PyList_New(0);
  if (!as_new && box->origin != nullptr) {
    if (!write_back(value)) return nullptr;
    return Py_NewRef(static_cast<PyObject*>(box->origin));
  }
  const auto n = static_cast<Py_ssize_t>(box->items.size());
  PyObject* out = PyList_New(n);
  if (out == nullptr) return nullptr;
  for (Py_ssize_t i = 0; i < n; ++i) {
    const auto& item = box->items[static_cast<std::size_t>(i)];
    PyObject* converted;
    if constexpr (std::is_same_v<T, bool>) {
      converted = to_python(static_cast<bool>(item));
    } else {
      converted = to_python(item);
    }
    if (converted == nullptr) {
      Py_DECREF(out);
      return nullptr;
    }
    detail::list_fill(out, i, converted);
  }
  return out;
}

template <class T>
PyObject* to_python(const list<T>& value) {
  return to_python(value, false);
}

}  // namespace pyaot::python
