#pragma once
// tuple[T, ...] at the CPython boundary: an argument is any Python tuple whose every item
// converts to T (TypeError naming `param[i]`), copied into a native tuple; a result is a new
// Python tuple. A tuple is never written back (nothing changes it), but the lists, dicts
// and objects it holds are. Included by convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <cstddef>
#include <utility>

#include "pyaot/builtins/tuple_of.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

template <class T>
bool from_python(PyObject* obj, tuple_of<T>& out, const char* func, const char* param) {
  if (!PyTuple_Check(obj)) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "tuple");
  }
  const Py_ssize_t n = PyTuple_Size(obj);
  out = tuple_of<T>::make(static_cast<std::size_t>(n));
  auto& items = out.items();
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = PyTuple_GetItem(obj, i);
    T value{};
    if (!from_python(item, value, func, param)) [[unlikely]] {
      // Cold path: convert again to word the error with the item's place, "param[i]".
      PyErr_Clear();
      from_python(item, value, func, detail::item_name(param, static_cast<std::size_t>(i)).c_str());
      return false;
    }
    items.push_back(std::move(value));
  }
  return true;
}

template <class T>
bool write_back(const tuple_of<T>& value) {
  if (value.box() == nullptr) return true;
  if constexpr (requires(const T& item) { write_back(item); }) {  // lists, dicts, sets
    for (const auto& item : value.items()) {
      if (!write_back(item)) return false;
    }
  }
  return true;
}

template <class T>
PyObject* to_python(const tuple_of<T>& value) {
  const auto n = static_cast<Py_ssize_t>(value.box() == nullptr ? 0 : value.items().size());
  PyObject* out = PyTuple_New(n);
  if (out == nullptr) return nullptr;
  for (Py_ssize_t i = 0; i < n; ++i) {
    const auto& item = value.items()[static_cast<std::size_t>(i)];
    PyObject* converted;
    if constexpr (std::is_same_v<T, bool>) {
      converted = to_python(static_cast<bool>(item));
    } else {
      converted = to_python(item);
    }
    if (converted == nullptr || PyTuple_SetItem(out, i, converted) != 0) {
      Py_DECREF(out);
      return nullptr;
    }
  }
  return out;
}

}  // namespace pyaot::python
