#pragma once
// sep.join(t) of a tuple[str, ...]: a tuple_of<str> is a list<str> that nothing changes
// (builtins/tuple_of.hpp), joined as the list is; the overload gives the op table's
// signature (ops/str_ops.py) a function of its own type.

#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/str_methods.hpp"
#include "pyaot/builtins/tuple_of.hpp"

namespace pyaot {

inline str str_join(const str& sep, const tuple_of<str>& parts) {
  return str_join(sep, static_cast<const list<str>&>(parts));
}

}  // namespace pyaot
