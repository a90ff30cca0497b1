#pragma once
// A standalone executable's str, list, dict, set and T | None arguments (args.hpp's Str and
// Json kinds) as the compiled function's values:
//
//   template <class T> bool get_value(const Args& args, T& out, int index, const char* func,
//                                     const char* param);
//
// A str is the text as given, decoded as Python decodes argv (bytes that are not UTF-8 as
// lone surrogates, "surrogateescape"); the other types are JSON, converted by the C ABI's
// conversions (pyaot/c_value.hpp): a wrong type is a pending TypeError naming the item
// ("f() argument 'xs[2]' must be int, not str"). Not given: `out` keeps the default.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "pyaot/builtins/str.hpp"
#include "pyaot/c_value.hpp"
#include "pyaot/standalone/args.hpp"
#include "pyaot/standalone/json_parse.hpp"
#include "pyaot/standalone/text.hpp"

namespace pyaot::standalone {

template <class T>
bool get_value(const Args& args, T& out, int index, const char* func, const char* param) {
  if (!args.given(index)) return true;
  if constexpr (std::is_same_v<T, str>) {
    std::string_view text;
    args.get(text, index);
    std::u32string codes;
    for (std::size_t i = 0; i < text.size();) codes.push_back(static_cast<char32_t>(next_code_point(text, i)));
    out = str::of(codes);
    return true;
  } else {
    pyaot_value tree{};
    std::string error;
    if (!parse_json(args.json(index), tree, error)) {  // checked by parse(): out of memory
      return raise(Exc::MemoryError, "out of memory");
    }
    const bool ok = c_abi::from_value(&tree, out, func, param);
    c_abi::release_value(&tree);
    return ok;
  }
}

}  // namespace pyaot::standalone
