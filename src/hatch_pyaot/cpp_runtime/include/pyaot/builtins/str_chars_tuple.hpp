#pragma once
// tuple(s) of a str: its characters as a tuple[str, ...] (builtins/tuple_of.hpp), made as
// list(s) makes them (str_methods.hpp's str_chars); the op table (ops/str_ops.py) gives
// tuple() of a str this function.

#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/str_methods.hpp"
#include "pyaot/builtins/tuple_of.hpp"

namespace pyaot {

inline tuple_of<str> str_chars_tuple(const str& s) { return tuple_of<str>(str_chars(s)); }

}  // namespace pyaot
