#pragma once
// complex as a str, a dict key and a set item: str()/repr() (the text of complex.hpp),
// hash() as CPython computes it (hash(real) + 1000003 * hash(imag), wrapping) and the repr in
// KeyError's message.

#include <cstdint>
#include <string>

#include "pyaot/builtins/complex.hpp"
#include "pyaot/builtins/hash.hpp"
#include "pyaot/builtins/str.hpp"

namespace pyaot {

inline str str_of(complex value) {
  std::string text;
  value.repr_into(text);
  return str_ascii(text);
}

inline std::int64_t py_hash(complex z) {
  const auto h = static_cast<std::uint64_t>(py_hash(z.real)) +
                 1000003u * static_cast<std::uint64_t>(py_hash(z.imag));
  return h == static_cast<std::uint64_t>(-1) ? -2 : static_cast<std::int64_t>(h);
}

inline void append_repr(std::string& out, complex z) { z.repr_into(out); }

}  // namespace pyaot
