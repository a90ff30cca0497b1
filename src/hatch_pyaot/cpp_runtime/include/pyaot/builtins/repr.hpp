#pragma once
// str() and repr() of any compiled value as text, the way CPython writes them: numbers and
// bools, None, strings (quoted by repr), and lists, tuples, dicts and sets of these (their
// items always by repr: str([1.5, 'a']) is "[1.5, 'a']"; a 1-tuple keeps its comma; an empty
// set is "set()", a frozenset "frozenset({1, 2})"; items in the order iteration gives them).

#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/dict.hpp"
#include "pyaot/builtins/format.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/set.hpp"
#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/str_convert.hpp"
#include "pyaot/builtins/tuple_of.hpp"
#include "pyaot/none.hpp"

namespace pyaot {

/// 1 for a set, 2 for a frozenset (whose repr names its class), 0 for anything else.
template <class T>
struct set_kind : std::integral_constant<int, 0> {};
template <class T>
struct set_kind<set<T>> : std::integral_constant<int, 1> {};
template <class T>
struct set_kind<frozenset<T>> : std::integral_constant<int, 2> {};

template <class T>
void append_text(std::string& out, const T& value, bool repr) {
  if constexpr (std::is_same_v<T, str>) {
    format::append_str(out, repr ? str_repr(value) : value);
  } else if constexpr (std::is_same_v<T, boolean>) {
    format::append_str(out, static_cast<bool>(value));
  } else if constexpr (requires { value.has_value(); *value; }) {  // T | None
    if (value.has_value()) {
      append_text(out, *value, repr);
    } else {
      out += "None";
    }
  } else if constexpr (is_tuple_of<T>::value) {
    out += '(';
    for (std::size_t i = 0; i < value.items().size(); ++i) {
      if (i) out += ", ";
      append_text(out, value.items()[i], true);
    }
    if (value.items().size() == 1) out += ',';
    out += ')';
  } else if constexpr (is_list<T>::value) {
    out += '[';
    bool first = true;
    for (const auto& item : value.items()) {
      if (!first) out += ", ";
      first = false;
      append_text(out, item, true);
    }
    out += ']';
  } else if constexpr (is_dict<T>::value) {
    out += '{';
    bool first = true;
    for (const auto& e : value.entries()) {
      if (!e.live) continue;
      if (!first) out += ", ";
      first = false;
      append_text(out, e.key, true);
      out += ": ";
      append_text(out, e.value, true);
    }
    out += '}';
  } else if constexpr (set_kind<T>::value != 0) {
    constexpr bool frozen = set_kind<T>::value == 2;
    if (value.size() == 0) {
      out += frozen ? "frozenset()" : "set()";
      return;
    }
    out += frozen ? "frozenset({" : "{";
    bool first = true;
    for (const auto& slot : value.table()) {
      if (!slot.live()) continue;
      if (!first) out += ", ";
      first = false;
      append_text(out, slot.key, true);
    }
    out += frozen ? "})" : "}";
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    out += '(';
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      ((out += (I ? ", " : ""), append_text(out, std::get<I>(value), true)), ...);
    }(std::make_index_sequence<std::tuple_size<T>::value>{});
    if (std::tuple_size<T>::value == 1) out += ',';
    out += ')';
  } else if constexpr (requires { value.text_into(out, repr); }) {  // a union (union.hpp), a caught exception
    value.text_into(out, repr);
  } else if constexpr (requires { value.repr_into(out); }) {  // an object (object.hpp)
    value.repr_into(out);
  } else {
    format::append_str(out, value);
  }
}

/// str(x) / repr(x) of a list or tuple as a str.
template <class T>
str text_of(const T& value, bool repr) {
  std::string out;
  append_text(out, value, repr);
  return str::from_utf8(out);
}

}  // namespace pyaot
