#pragma once
// T | None at the CPython boundary: None is std::nullopt, anything else converts as a T.
// Included by convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <optional>

#include "pyaot/python/convert.hpp"

namespace pyaot::python {

template <class T>
bool from_python(PyObject* obj, std::optional<T>& out, const char* func, const char* param) {
  if (obj == Py_None) {
    out.reset();
    return true;
  }
  T value{};
  if (!from_python(obj, value, func, param)) return false;
  out = std::move(value);
  return true;
}

template <class T>
PyObject* to_python(const std::optional<T>& value) {
  if (!value.has_value()) return Py_NewRef(Py_None);
  return to_python(*value);
}

/// A list | None argument the call changed is written back like a list.
template <class T>
bool write_back(const std::optional<T>& value) {
  if constexpr (requires { write_back(*value); }) {
    return !value.has_value() || write_back(*value);
  } else {
    return true;
  }
}

}  // namespace pyaot::python
