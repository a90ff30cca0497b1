#pragma once
// A union (`int | str`) at the CPython boundary: an argument is stored as the member whose
// Python type it has (exactly: True is a bool, 1 an int, 1.0 a float, as CPython keeps
// them), else TypeError naming the parameter and the union; a result is its member's
// Python object. Included by convert.hpp, which declares these templates first.

#include "pyaot/python/common.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "pyaot/builtins/union.hpp"
#include "pyaot/python/convert.hpp"

namespace pyaot::python {

namespace union_detail {

template <class T>
struct kind {
  static constexpr const char* name = nullptr;
};
template <class K, class V>
struct kind<dict<K, V>> {
  static constexpr const char* name = "dict";
};
template <class T>
struct kind<set<T>> {
  static constexpr const char* name = "set";
};
template <class T>
struct kind<frozenset<T>> {
  static constexpr const char* name = "frozenset";
};

/// Whether obj has member type T's Python type (the member's conversion may still refuse
/// its items); `sure` is false for a type told only by trying its conversion (objects).
template <class T>
bool has_type(PyObject* obj, bool& sure) {
  sure = true;
  if constexpr (std::is_same_v<T, bool>) {
    return PyBool_Check(obj);
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return PyLong_Check(obj) && !PyBool_Check(obj);
  } else if constexpr (std::is_same_v<T, double>) {
    return PyFloat_Check(obj);
  } else if constexpr (std::is_same_v<T, str>) {
    return PyUnicode_Check(obj);
  } else if constexpr (std::is_same_v<T, bytes>) {
    return PyBytes_Check(obj);
  } else if constexpr (is_list<T>::value) {
    return PyList_Check(obj);
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    return PyTuple_Check(obj) && PyTuple_Size(obj) == std::tuple_size<T>::value;
  } else if constexpr (kind<T>::name != nullptr) {
    const std::string_view k = kind<T>::name;
    return k == "dict" ? PyDict_Check(obj) : k == "set" ? PySet_Check(obj) : PyFrozenSet_Check(obj);
  } else {
    sure = false;
    return true;
  }
}

template <class T>
const char* name() {
  if constexpr (kind<T>::name != nullptr) {
    return kind<T>::name;
  } else {
    return pyaot::union_detail::type_name<T>();
  }
}

}  // namespace union_detail

namespace union_detail {

/// Member I from obj, if it has that member's type: 1 stored, 0 not its type (or refused,
/// where a later member may take it: `last` is the last member whose type obj has), -1 an
/// error of that member's own (its type, not its items).
template <std::size_t I, class U>
int try_member(PyObject* obj, U& out, std::size_t last, const char* func, const char* param) {
  using T = std::decay_t<decltype(out.template get<I>())>;
  bool sure = true;
  if (!has_type<T>(obj, sure)) return 0;
  T value{};
  if (from_python(obj, value, func, param)) {
    out = U::template of<I>(std::move(value));
    return 1;
  }
  if (I != last || !sure) {
    PyErr_Clear();  // another member may take it
    return 0;
  }
  return -1;
}

template <class T>
bool takes(PyObject* obj) {
  bool sure = true;
  return has_type<T>(obj, sure);
}

}  // namespace union_detail

template <class... Ts>
bool from_python(PyObject* obj, union_<Ts...>& out, const char* func, const char* param) {
  std::size_t last = sizeof...(Ts);
  std::size_t i = 0;
  ((last = union_detail::takes<Ts>(obj) ? i : last, ++i), ...);
  int got = 0;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((got = got != 0 ? got : union_detail::try_member<I>(obj, out, last, func, param)), ...);
  }(std::index_sequence_for<Ts...>{});
  if (got != 0) return got > 0;
  std::string names;
  ((names += (names.empty() ? "" : " | "), names += union_detail::name<Ts>()), ...);
  return detail::wrong_type(obj, func, param, names.c_str());
}

template <class... Ts>
PyObject* to_python(const union_<Ts...>& value) {
  return value.visit([](const auto& member) -> PyObject* { return to_python(member); });
}

/// A list member the call changed is written back like a list argument.
template <class... Ts>
bool write_back(const union_<Ts...>& value) {
  return value.visit([](const auto& member) -> bool {
    if constexpr (requires { write_back(member); }) {
      return write_back(member);
    } else {
      return true;
    }
  });
}

}  // namespace pyaot::python
