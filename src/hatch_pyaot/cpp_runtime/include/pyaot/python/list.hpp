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
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/builtins/list.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

namespace detail {

/// An exact int of one digit (CPython's compact ints, below 2^30 in magnitude), or an exact
/// float, read in place: false for every other item (the general conversion decides).
template <class T>
[[gnu::always_inline]] inline bool plain_item(PyObject* item, T& out) {
#if defined(Py_LIMITED_API)
  (void)item;
  (void)out;
  return false;
#else
  if constexpr (std::is_same_v<T, double>) {
    if (!PyFloat_CheckExact(item)) return false;
    out = PyFloat_AS_DOUBLE(item);
    return true;
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    if (!PyLong_CheckExact(item)) return false;
    auto* number = reinterpret_cast<PyLongObject*>(item);
#if PY_VERSION_HEX >= 0x030C0000
    if (!_PyLong_IsCompact(number)) return false;
    out = static_cast<std::int64_t>(_PyLong_CompactValue(number));
#else
    const Py_ssize_t size = Py_SIZE(item);
    if (size < -1 || size > 1) return false;
    out = size * static_cast<std::int64_t>(number->ob_digit[0]);
#endif
    return true;
  } else {
    (void)item;
    (void)out;
    return false;
  }
#endif
}

/// One item (of list[int]/list[float]: one that is not plain, see plain_item) converted, its
/// list marked as holding others (ints in a list[float], bools in a list[int]) for the
/// write-back; false with a TypeError naming `param[i]`.
template <class T>
bool convert_item(PyObject* item, T& out, ListBox<T>* box, Py_ssize_t i, const char* func,
                  const char* param) {
  if constexpr (std::is_same_v<T, double>) {
    if (!PyFloat_CheckExact(item)) box->had_others = true;
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    if (!PyLong_CheckExact(item)) box->had_others = true;
  }
  if (from_python(item, out, func, param)) [[likely]] return true;
  // Cold path: convert again to word the error with the item's place, "param[i]".
  PyErr_Clear();
  from_python(item, out, func, item_name(param, static_cast<std::size_t>(i)).c_str());
  return false;
}

}  // namespace detail

/// list[T]: a Python list whose every item converts to T (TypeError naming `param[i]`).
/// list[int] and list[float] are read into a buffer of their size, exact ints and floats
/// straight from the list's item array (about a nanosecond an item); other items, and
/// every item under the stable ABI, through from_python.
template <class T>
bool from_python(PyObject* obj, list<T>& out, const char* func, const char* param) {
  if (!PyList_Check(obj)) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "list");
  }
  const Py_ssize_t n = detail::list_size(obj);
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, std::int64_t>) {
    out = list<T>::make();
    auto& items = out.items();
    items.resize(static_cast<std::size_t>(n));
    T* values = items.data();
    for (Py_ssize_t i = 0; i < n; ++i) {
      PyObject* item = detail::list_item(obj, i);
      if (detail::plain_item(item, values[i])) [[likely]] continue;
      if (!detail::convert_item(item, values[i], out.box(), i, func, param)) return false;
      if (detail::list_size(obj) != n) [[unlikely]] {  // an __index__ or __float__ changed it
        PyErr_SetString(PyExc_RuntimeError, "list changed size during iteration");
        return false;
      }
    }
  } else {
    out = list<T>::make(static_cast<std::size_t>(n));
    auto& items = out.items();
    for (Py_ssize_t i = 0; i < n; ++i) {
      T value{};
      if (!detail::convert_item(detail::list_item(obj, i), value, out.box(), i, func, param)) {
        return false;
      }
      items.push_back(std::move(value));
    }
  }
  out.box()->origin = obj;
  return true;
}

namespace detail {

/// A list[float] that held ints, or a list[int] that held bools (or IntEnum members),
/// written back: each such object of the caller's list whose value is still in the list
/// takes the place of one plain item of that value, so that what the call did not touch
/// keeps its type (CPython moves objects; the native list holds doubles or int64s).
template <class T>
bool keep_others(PyObject* original, PyObject* fresh) {
  auto plain = [](PyObject* item) {
    if constexpr (std::is_same_v<T, double>) {
      return PyFloat_CheckExact(item) != 0;
    } else {
      return PyLong_CheckExact(item) != 0;
    }
  };
  auto value_of = [](PyObject* item, T& out) {
    if constexpr (std::is_same_v<T, double>) {
      out = PyFloat_AsDouble(item);
      return !(out == -1.0 && PyErr_Occurred());
    } else {
      out = PyLong_AsLongLong(item);
      return !(out == -1 && PyErr_Occurred());
    }
  };
  std::vector<std::pair<T, PyObject*>> others;
  for (Py_ssize_t i = 0; i < detail::list_size(original); ++i) {
    PyObject* item = detail::list_item(original, i);
    if (plain(item)) continue;
    T value{};
    if (!value_of(item, value)) return false;
    others.emplace_back(value, item);
  }
  std::stable_sort(others.begin(), others.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<bool> used(others.size(), false);
  for (Py_ssize_t i = 0; i < detail::list_size(fresh); ++i) {
    T value{};
    if (!value_of(detail::list_item(fresh, i), value)) return false;
    auto at = std::lower_bound(others.begin(), others.end(), value,
                               [](const auto& a, T v) { return a.first < v; });
    for (; at != others.end() && at->first == value; ++at) {
      const auto k = static_cast<std::size_t>(at - others.begin());
      if constexpr (std::is_same_v<T, double>) {
        if (std::signbit(value)) continue;  // -0.0 is a float: no int is that
      }
      if (used[k]) continue;
      used[k] = true;
      PyList_SetItem(fresh, i, Py_NewRef(at->second));  // drops the item it replaces
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
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, std::int64_t>) {
    if (box->had_others && !detail::keep_others<T>(obj, fresh)) {
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
