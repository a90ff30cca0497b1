#pragma once
// dict[K, V] at the CPython boundary (DESIGN §5.5), as lists are (pyaot/python/list.hpp):
// an argument is copied into a native table that remembers its Python object (`origin`);
// when the call ends, on success and on error, one the call changed is written back into
// that object (cleared, then refilled in the native order), so that the caller sees what
// Python would show; values that are containers are written back in place when only they
// changed. A dict returned that came from an argument is that same Python object. Included
// by convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "pyaot/builtins/dict.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

namespace detail {

/// "param[key]" for the values of a dict argument.
template <class K>
std::string value_name(const char* param, const K& key) {
  return std::string(param) + "[" + repr_of(key) + "]";
}

template <class T>
bool write_back_inner(const T& value) {
  if constexpr (requires { write_back(value); }) {
    return write_back(value);
  } else {
    return true;
  }
}

}  // namespace detail

// ---- dict --------------------------------------------------------------------------------

/// dict[K, V]: a Python dict whose keys convert to K and values to V (TypeError naming the
/// parameter: "argument 'd' key must be int, not str", "argument 'd[3]' must be float...").
template <class K, class V>
bool from_python(PyObject* obj, dict<K, V>& out, const char* func, const char* param) {
  if (!PyDict_Check(obj)) [[unlikely]] return detail::wrong_type(obj, func, param, "dict");
  out = dict<K, V>::make();
  out.reserve(static_cast<std::size_t>(PyDict_Size(obj)));
  Py_ssize_t pos = 0;
  PyObject *key_obj, *value_obj;
  while (PyDict_Next(obj, &pos, &key_obj, &value_obj)) {
    K key{};
    if (!from_python(key_obj, key, func, param)) [[unlikely]] {
      PyErr_Clear();
      from_python(key_obj, key, func, "\x01");
      detail::reword_key_error(param, "key");
      return false;
    }
    V value{};
    if (!from_python(value_obj, value, func, param)) [[unlikely]] {
      PyErr_Clear();
      from_python(value_obj, value, func, detail::value_name(param, key).c_str());
      return false;
    }
    const std::int64_t at = out.find_or_add(key, py_hash(key));
    out.value_at(at) = std::move(value);
  }
  out.box()->version = 0;
  out.box()->origin = obj;
  return true;
}

template <class K, class V>
bool write_back(const dict<K, V>& value) {
  DictBox<K, V>* box = value.box();
  if (box == nullptr || box->origin == nullptr) return true;
  auto* obj = static_cast<PyObject*>(box->origin);
  if (box->version == 0) {
    for (const auto& e : box->entries) {
      if (e.live && !detail::write_back_inner(e.value)) return false;
    }
    return true;
  }
  box->version = 0;
  PyObject* fresh = to_python(value, /*as_new=*/true);
  if (fresh == nullptr) return false;
  PyDict_Clear(obj);
  const int status = PyDict_Update(obj, fresh);
  Py_DECREF(fresh);
  return status == 0;
}

/// A new reference to the Python dict of `value`: its origin (written back first), or a new
/// dict in the native order.
template <class K, class V>
PyObject* to_python(const dict<K, V>& value, bool as_new) {
  DictBox<K, V>* box = value.box();
  if (box == nullptr) return PyDict_New();
  if (!as_new && box->origin != nullptr) {
    if (!write_back(value)) return nullptr;
    return Py_NewRef(static_cast<PyObject*>(box->origin));
  }
#if defined(Py_LIMITED_API)
  PyObject* out = PyDict_New();
#else
  PyObject* out = _PyDict_NewPresized(static_cast<Py_ssize_t>(box->used));
#endif
  if (out == nullptr) return nullptr;
  for (const auto& e : box->entries) {
    if (!e.live) continue;
    PyObject* k = to_python(e.key);
    PyObject* v = k != nullptr ? to_python(e.value) : nullptr;
    const int status = v != nullptr ? PyDict_SetItem(out, k, v) : -1;
    Py_XDECREF(k);
    Py_XDECREF(v);
    if (status != 0) {
      Py_DECREF(out);
      return nullptr;
    }
  }
  return out;
}

template <class K, class V>
PyObject* to_python(const dict<K, V>& value) {
  return to_python(value, false);
}

}  // namespace pyaot::python
