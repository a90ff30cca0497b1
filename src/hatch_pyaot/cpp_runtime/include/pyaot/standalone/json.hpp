#pragma once
// A compiled function's result as JSON, exactly as Python's json.dumps(result) prints it
// (for arrays: json.dumps(result.tolist())), for the standalone executables:
//
//   void append_json(std::string& out, const T& value);
//   std::string to_json(const T& value);
//
// T is bool (true/false), any integer type, float or double (repr(float(x)): the shortest
// digits that round-trip, so a float32 prints as Python prints float(x); NaN, Infinity and
// -Infinity as json.dumps writes them), pyaot::None (null), text (std::string,
// std::string_view, const char*: escaped with json.dumps's default ensure_ascii, undecodable
// bytes as the lone surrogates Python's argv decoding gives them), numpy::ndarray<T, N> of
// any rank and strides (nested lists; a 0-d array is its element), and std::tuple /
// std::array / std::pair of these (lists, separated by ", " as json.dumps does), and the
// values of pyaot/c_value.hpp: str, list, tuple, dict (str, int, float, bool and None keys as
// json.dumps writes them; another key is a pending TypeError, as json.dumps raises), set and
// frozenset (json.dumps refuses them: here a list, in iteration order), T | None; bytes as
// json.dumps(list(b)), complex as {"real": x, "imag": y}, an enum member as its value and an
// object as its fields by name, {"x": 1, "y": 2} (pyaot/c_value_object.hpp).

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/format.hpp"
#include "pyaot/c_value.hpp"
#include "pyaot/none.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/standalone/text.hpp"

namespace pyaot::standalone {

template <class T>
void append_json(std::string& out, const T& value);

namespace json {

template <class T>
inline constexpr bool is_ndarray = false;
template <class T, int N>
inline constexpr bool is_ndarray<numpy::ndarray<T, N>> = true;

template <class T>
inline constexpr bool is_sequence = false;
template <class... T>
inline constexpr bool is_sequence<std::tuple<T...>> = true;
template <class A, class B>
inline constexpr bool is_sequence<std::pair<A, B>> = true;
template <class T, std::size_t N>
inline constexpr bool is_sequence<std::array<T, N>> = true;

inline void append_float(std::string& out, double value) {
  if (value != value) {
    out += "NaN";
  } else if (value == std::numeric_limits<double>::infinity()) {
    out += "Infinity";
  } else if (value == -std::numeric_limits<double>::infinity()) {
    out += "-Infinity";
  } else {
    format::append_str(out, value);
  }
}

/// A JSON string: json.dumps's escapes (\" \\ \n \r \t \b \f, \u00XX for other control
/// characters, \uXXXX and surrogate pairs for everything past '~').
inline void append_string(std::string& out, std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  const auto escape = [&](std::uint32_t unit) {
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4) out += hex[(unit >> shift) & 15];
  };
  out += '"';
  for (std::size_t i = 0; i < text.size();) {
    const std::uint32_t code = next_code_point(text, i);
    switch (code) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (code >= 0x20 && code < 0x7F) {
          out += static_cast<char>(code);
        } else if (code < 0x10000) {
          escape(code);
        } else {
          escape(0xD800 + ((code - 0x10000) >> 10));
          escape(0xDC00 + ((code - 0x10000) & 0x3FF));
        }
    }
  }
  out += '"';
}

inline void append_value(std::string& out, const pyaot_value& v);

/// A dict key as json.dumps writes it: a string, or the JSON of a number, bool or None in
/// quotes; false with a TypeError for any other key.
inline bool append_key(std::string& out, const pyaot_value& key) {
  if (key.kind == PYAOT_VALUE_STR) {
    append_value(out, key);
    return true;
  }
  if (key.kind > PYAOT_VALUE_BOOL) {
    static constexpr const char* names[] = {"str", "list",  "tuple",   "dict",  "set",
                                            "frozenset", "bytes", "complex", "object"};
    return raise_format(Exc::TypeError, "keys must be str, int, float, bool or None, not %s",
                        names[key.kind - PYAOT_VALUE_STR]);
  }
  out += '"';
  append_value(out, key);
  out += '"';
  return true;
}

/// json.dumps of a value tree.
inline void append_value(std::string& out, const pyaot_value& v) {
  switch (v.kind) {
    case PYAOT_VALUE_NONE: out += "null"; return;
    case PYAOT_VALUE_INT: out += std::to_string(static_cast<long long>(v.as.i)); return;
    case PYAOT_VALUE_FLOAT: append_float(out, v.as.f); return;
    case PYAOT_VALUE_BOOL: out += v.as.i ? "true" : "false"; return;
    case PYAOT_VALUE_STR:
      append_string(out, std::string_view(v.as.s, static_cast<std::size_t>(v.len)));
      return;
    case PYAOT_VALUE_BYTES:  // list(b)
      out += '[';
      for (std::int64_t i = 0; i < v.len; ++i) {
        if (i > 0) out += ", ";
        out += std::to_string(static_cast<unsigned char>(v.as.s[i]));
      }
      out += ']';
      return;
    case PYAOT_VALUE_COMPLEX:
      out += "{\"real\": ";
      append_value(out, v.as.items[0]);
      out += ", \"imag\": ";
      append_value(out, v.as.items[1]);
      out += '}';
      return;
    case PYAOT_VALUE_OBJECT:  // its fields by name, as json.dumps(vars(obj))
    case PYAOT_VALUE_DICT:
      out += '{';
      for (std::int64_t i = 0; i < v.len; ++i) {
        if (i > 0) out += ", ";
        if (!append_key(out, v.as.items[2 * i])) return;
        out += ": ";
        append_value(out, v.as.items[2 * i + 1]);
      }
      out += '}';
      return;
    default:
      out += '[';
      for (std::int64_t i = 0; i < v.len; ++i) {
        if (i > 0) out += ", ";
        append_value(out, v.as.items[i]);
      }
      out += ']';
  }
}

/// The elements of axis `axis` and below, from element offset `offset`, as nested lists
/// (offsets, not pointers: an empty array's data pointer may be null).
template <class T, int N>
void append_axis(std::string& out, const numpy::ndarray<T, N>& a, std::int64_t offset,
                 int axis) {
  if (axis == N) {
    append_json(out, a.data[offset]);
    return;
  }
  const auto u = static_cast<std::size_t>(axis);
  out += '[';
  for (std::int64_t i = 0; i < a.shape[u]; ++i) {
    if (i > 0) out += ", ";
    append_axis(out, a, offset + i * a.strides[u], axis + 1);
  }
  out += ']';
}

}  // namespace json

/// Appends json.dumps(value) (see the top of this header for the types).
template <class T>
void append_json(std::string& out, const T& value) {
  if constexpr (std::is_same_v<T, bool>) {
    out += value ? "true" : "false";
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    out += std::to_string(static_cast<long long>(value));
  } else if constexpr (std::is_integral_v<T>) {
    out += std::to_string(static_cast<unsigned long long>(value));
  } else if constexpr (std::is_floating_point_v<T>) {
    json::append_float(out, static_cast<double>(value));
  } else if constexpr (std::is_same_v<T, None>) {
    out += "null";
  } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
    json::append_string(out, std::string_view(value));
  } else if constexpr (c_abi::is_value<T>) {
    pyaot_value tree{};
    if (c_abi::to_value(tree, value)) json::append_value(out, tree);
    c_abi::release_value(&tree);
  } else if constexpr (json::is_ndarray<T>) {
    json::append_axis(out, value, 0, 0);
  } else if constexpr (json::is_sequence<T>) {
    out += '[';
    std::apply(
        [&](const auto&... items) {
          [[maybe_unused]] bool first = true;
          ((out += first ? "" : ", ", first = false, append_json(out, items)), ...);
        },
        value);
    out += ']';
  } else {
    static_assert(!sizeof(T), "no JSON form for this type");
  }
}

/// json.dumps(value).
template <class T>
std::string to_json(const T& value) {
  std::string out;
  append_json(out, value);
  return out;
}

}  // namespace pyaot::standalone
