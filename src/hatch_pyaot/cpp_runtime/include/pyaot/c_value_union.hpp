#pragma once
// A union (`int | str`) as a pyaot_value (docs/c-abi.md, "Values"): the node of the member
// it holds. A node is stored as the member of its kind (an INT node as the int member, a
// LIST node as the list member, or else as a tuple or set member: JSON has only arrays);
// a node of no member's kind is a TypeError naming the parameter. Included by
// c_value.hpp, which declares these templates first.

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/union.hpp"
#include "pyaot/c_value.hpp"

namespace pyaot::c_abi {

namespace value_detail {

template <class T>
struct container_kind {
  static constexpr std::int32_t kind = PYAOT_VALUE_NONE;
};
template <class K, class V>
struct container_kind<dict<K, V>> {
  static constexpr std::int32_t kind = PYAOT_VALUE_DICT;
};
template <class T>
struct container_kind<set<T>> {
  static constexpr std::int32_t kind = PYAOT_VALUE_SET;
};
template <class T>
struct container_kind<frozenset<T>> {
  static constexpr std::int32_t kind = PYAOT_VALUE_FROZENSET;
};

/// The node kind a member type is written as (a tuple and a set also take a LIST node).
template <class T>
constexpr std::int32_t kind_of() {
  if constexpr (std::is_same_v<T, bool>) {
    return PYAOT_VALUE_BOOL;
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return PYAOT_VALUE_INT;
  } else if constexpr (std::is_same_v<T, double>) {
    return PYAOT_VALUE_FLOAT;
  } else if constexpr (std::is_same_v<T, str>) {
    return PYAOT_VALUE_STR;
  } else if constexpr (is_list<T>::value) {
    return PYAOT_VALUE_LIST;
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    return PYAOT_VALUE_TUPLE;
  } else if constexpr (std::is_same_v<T, bytes>) {
    return PYAOT_VALUE_BYTES;
  } else if constexpr (std::is_same_v<T, complex>) {
    return PYAOT_VALUE_COMPLEX;
  } else if constexpr (traited<T>) {  // an object, or an enum member (its value's kind)
    return object_traits<T>::node_kind;
  } else {
    return container_kind<T>::kind;
  }
}

template <class T>
const char* kind_name_of() {
  static constexpr const char* names[] = {"object", "int",       "float", "bool",
                                          "str",    "list",      "tuple", "dict",
                                          "set",    "frozenset", "bytes", "complex"};
  if constexpr (traited<T>) {
    return object_traits<T>::kind_name;
  } else {
    return names[kind_of<T>()];
  }
}

template <class T>
constexpr bool takes_array = kind_of<T>() == PYAOT_VALUE_TUPLE ||
                             kind_of<T>() == PYAOT_VALUE_SET ||
                             kind_of<T>() == PYAOT_VALUE_FROZENSET;

/// The member a node is stored as: the first of its own kind, else (a LIST node) the first
/// tuple or set member; sizeof...(T) when none takes it.
template <class... T>
std::size_t member_of(const pyaot_value* v) {
  std::size_t found = sizeof...(T);
  std::size_t i = 0;
  ((found = found == sizeof...(T) && kind_of<T>() == v->kind ? i : found, ++i), ...);
  if (found == sizeof...(T) && v->kind == PYAOT_VALUE_LIST) {
    i = 0;
    ((found = found == sizeof...(T) && takes_array<T> ? i : found, ++i), ...);
  }
  return found;
}

template <std::size_t I, class U>
bool member_from(const pyaot_value* v, U& out, const char* func, const char* param) {
  std::decay_t<decltype(out.template get<I>())> value{};
  if (!from_value(v, value, func, param)) return false;
  out = U::template of<I>(std::move(value));
  return true;
}

}  // namespace value_detail

template <class... T>
bool from_value(const pyaot_value* v, union_<T...>& out, const char* func, const char* param) {
  const std::size_t at = v == nullptr ? sizeof...(T) : value_detail::member_of<T...>(v);
  if (at == sizeof...(T)) {
    std::string names;
    ((names += names.empty() ? "" : " | ", names += value_detail::kind_name_of<T>()), ...);
    return value_detail::wrong(v, func, param, names.c_str());
  }
  bool ok = false;
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((ok = I == at ? value_detail::member_from<I>(v, out, func, param) : ok), ...);
  }(std::index_sequence_for<T...>{});
  return ok;
}

template <class... T>
bool to_value(pyaot_value& out, const union_<T...>& value) {
  return value.visit([&](const auto& member) -> bool { return to_value(out, member); });
}

}  // namespace pyaot::c_abi
