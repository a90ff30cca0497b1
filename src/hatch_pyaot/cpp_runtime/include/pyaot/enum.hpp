#pragma once
// A member of an Enum or IntEnum of the program (tracer/enums.py, docs/objects.md): its
// value when every member's value is an int, else its position. `Tag` is generated per enum
// (codegen/enums.py): its module and name, `by_value`, `count`, `codes` (each member's `v`),
// `names`, `reprs` (each value's repr) and `int_enum`.

#include <cstdint>
#include <string>

#include "pyaot/builtins/hash.hpp"

namespace pyaot {

template <class Tag>
struct enum_member {
  std::int64_t v = 0;
  friend bool operator==(enum_member, enum_member) = default;
  /// An IntEnum member where an int is needed (its value).
  constexpr explicit operator std::int64_t() const noexcept { return v; }
  /// str() and repr() inside a container or an object's repr: "Color.RED" (an IntEnum's
  /// str is its value) and "<Color.RED: 'red'>".
  void text_into(std::string& out, bool repr) const {
    const int at = enum_position(*this);
    if (!repr && Tag::int_enum) {
      out += std::to_string(static_cast<long long>(v));
      return;
    }
    if (repr) out += '<';
    out += Tag::name;
    out += '.';
    out += Tag::names[at];
    if (repr) {
      out += ": ";
      out += Tag::reprs[at];
      out += '>';
    }
  }
};

/// The position of a member in its enum (definition order).
template <class Tag>
constexpr int enum_position(enum_member<Tag> m) noexcept {
  for (int i = 0; i < Tag::count; ++i) {
    if (Tag::codes[i] == m.v) return i;
  }
  return 0;
}

/// A member as a dict key or set item: hashed by its code (an IntEnum's value, so
/// hash(Prio.HIGH) == hash(3) as in Python).
template <class Tag>
std::int64_t py_hash(enum_member<Tag> m) {
  return py_hash(m.v);
}

}  // namespace pyaot
