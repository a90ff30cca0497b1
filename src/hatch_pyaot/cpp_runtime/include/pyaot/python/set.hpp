#pragma once
// set[T] and frozenset[T] at the CPython boundary (DESIGN §5.5), as dicts are
// (pyaot/python/dict.hpp). A set argument's table is mirrored slot by slot where the API
// allows, so that it iterates and pops in CPython's order; a changed set is written back
// (cleared and refilled in the native order), also when the call raised. A frozenset is
// never written back; one returned that came from an argument is that object. Included by
// convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <cstddef>
#include <cstdint>
#include <utility>

#include "pyaot/builtins/set.hpp"
#include "pyaot/python/convert.hpp"
#include "pyaot/python/dict.hpp"

namespace pyaot::python {

namespace detail {

/// A Python set's table copied slot by slot (its keys converted, dummies kept, and its fill
/// and pop finger), so that the native set iterates and pops in the very order CPython's
/// would: 1 when done, 0 when it cannot be (the limited API, a subclass, a hash that differs
/// from py_hash: a NaN), -1 with a TypeError for an item of the wrong type.
template <class T>
int mirror_set(PyObject* obj, set<T>& out, const char* func, const char* param) {
#if defined(Py_LIMITED_API)
  (void)obj, (void)out, (void)func, (void)param;
  return 0;
#else
  if (!PySet_CheckExact(obj) && !PyFrozenSet_CheckExact(obj)) return 0;
  auto* so = reinterpret_cast<PySetObject*>(obj);
  SetBox<T>* box = out.box();
  box->table.assign(static_cast<std::size_t>(so->mask) + 1, SetSlot<T>{});
  for (Py_ssize_t i = 0; i <= so->mask; ++i) {
    const setentry& entry = so->table[i];
    SetSlot<T>& slot = box->table[static_cast<std::size_t>(i)];
    if (entry.key == nullptr) continue;
    if (entry.hash == -1) {
      slot = SetSlot<T>::deleted();
      continue;
    }
    T key{};
    if (!from_python(entry.key, key, func, param)) [[unlikely]] {
      PyErr_Clear();
      from_python(entry.key, key, func, "\x01");
      reword_key_error(param, "item");
      return -1;
    }
    if (py_hash(key) != static_cast<std::int64_t>(entry.hash)) {
      box->table.assign(8, SetSlot<T>{});
      return 0;
    }
    slot = SetSlot<T>::holding(static_cast<std::int64_t>(entry.hash), std::move(key));
  }
  box->fill = static_cast<std::int64_t>(so->fill);
  box->used = static_cast<std::int64_t>(so->used);
  box->finger = static_cast<std::size_t>(so->finger);
  return 1;
#endif
}

}  // namespace detail

namespace detail {

/// The items of a Python set or frozenset into `out` (a new native set): its table mirrored
/// when it can be, else each item added in the set's own order.
template <class T>
bool set_items(PyObject* obj, set<T>& out, const char* func, const char* param);

}  // namespace detail

/// set[T]: a Python set whose items convert to T.
template <class T>
bool from_python(PyObject* obj, set<T>& out, const char* func, const char* param) {
  if (!PySet_Check(obj)) [[unlikely]] return detail::wrong_type(obj, func, param, "set");
  return detail::set_items(obj, out, func, param);
}

/// frozenset[T]: a Python frozenset whose items convert to T (never written back).
template <class T>
bool from_python(PyObject* obj, frozenset<T>& out, const char* func, const char* param) {
  if (!PyFrozenSet_Check(obj)) [[unlikely]] {
    return detail::wrong_type(obj, func, param, "frozenset");
  }
  set<T> items;
  if (!detail::set_items(obj, items, func, param)) return false;
  out = frozenset<T>(std::move(items));
  return true;
}

template <class T>
bool detail::set_items(PyObject* obj, set<T>& out, const char* func, const char* param) {
  out = set<T>::make();
  const int mirrored = detail::mirror_set(obj, out, func, param);
  if (mirrored < 0) return false;
  if (mirrored > 0) {
    out.box()->version = 0;
    out.box()->origin = obj;
    return true;
  }
  PyObject* iter = PyObject_GetIter(obj);
  if (iter == nullptr) return false;
  while (PyObject* item = PyIter_Next(iter)) {
    T key{};
    const bool ok = from_python(item, key, func, param);
    if (!ok) [[unlikely]] {
      PyErr_Clear();
      from_python(item, key, func, "\x01");
      detail::reword_key_error(param, "item");
      Py_DECREF(item);
      Py_DECREF(iter);
      return false;
    }
    Py_DECREF(item);
    out.add(key, py_hash(key));
  }
  Py_DECREF(iter);
  if (PyErr_Occurred()) return false;
  out.box()->version = 0;
  out.box()->origin = obj;
  return true;
}

template <class T>
bool write_back(const set<T>& value) {
  SetBox<T>* box = value.box();
  if (box == nullptr || box->origin == nullptr || box->version == 0) return true;
  auto* obj = static_cast<PyObject*>(box->origin);
  box->version = 0;
  if (PySet_Clear(obj) != 0) return false;
  bool ok = true;
  set_each(value, [&](const T& key, std::int64_t) {
    if (!ok) return;
    PyObject* item = to_python(key);
    ok = item != nullptr && PySet_Add(obj, item) == 0;
    Py_XDECREF(item);
  });
  return ok;
}

template <class T>
PyObject* to_python(const set<T>& value, bool as_new) {
  SetBox<T>* box = value.box();
  if (box == nullptr) return PySet_New(nullptr);
  if (!as_new && box->origin != nullptr) {
    if (!write_back(value)) return nullptr;
    return Py_NewRef(static_cast<PyObject*>(box->origin));
  }
  PyObject* out = PySet_New(nullptr);
  if (out == nullptr) return nullptr;
  bool ok = true;
  set_each(value, [&](const T& key, std::int64_t) {
    if (!ok) return;
    PyObject* item = to_python(key);
    ok = item != nullptr && PySet_Add(out, item) == 0;
    Py_XDECREF(item);
  });
  if (!ok) {
    Py_DECREF(out);
    return nullptr;
  }
  return out;
}

template <class T>
PyObject* to_python(const set<T>& value) {
  return to_python(value, false);
}

/// A frozenset argument returned is that object; else a new Python frozenset.
template <class T>
PyObject* to_python(const frozenset<T>& value) {
  SetBox<T>* box = value.box();
  if (box != nullptr && box->origin != nullptr) {
    return Py_NewRef(static_cast<PyObject*>(box->origin));
  }
  PyObject* out = PyFrozenSet_New(nullptr);
  if (out == nullptr || box == nullptr) return out;
  bool ok = true;
  set_each(value, [&](const T& key, std::int64_t) {
    if (!ok) return;
    PyObject* item = to_python(key);
    ok = item != nullptr && PySet_Add(out, item) == 0;  // allowed on a frozenset not yet shared
    Py_XDECREF(item);
  });
  if (!ok) {
    Py_DECREF(out);
    return nullptr;
  }
  return out;
}

}  // namespace pyaot::python
