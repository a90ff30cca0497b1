#pragma once
// bytes, complex, enum members and objects of the program's classes as pyaot_value nodes
// (docs/c-abi.md, "Values"). Included by c_value.hpp, which declares these first.
//
//   BYTES    len bytes at `as.s` (no UTF-8 check); a LIST of ints in range(256) also goes in
//   COMPLEX  len 2, `as.items` the real and imaginary FLOAT nodes; an INT, FLOAT or BOOL node
//            also goes in, as does a LIST of two numbers or a DICT {"real": x, "imag": y}
//   OBJECT   len fields, `as.items` 2 * len nodes: each field's name (STR) and value, in
//            declaration order; a DICT of str keys also goes in (JSON has only objects)
//   an enum  its value: an INT (an int-valued enum) or a STR node, checked against the members
//
// The per-class and per-enum parts are generated (codegen/c_objects.py): an
// `object_traits<T>` with `kind_name`, `from` and `to`, built on the helpers below.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "pyaot/c_value.hpp"

namespace pyaot::c_abi {

inline bool from_value(const pyaot_value* v, bytes& out, const char* func, const char* param) {
  if (v != nullptr && v->kind == PYAOT_VALUE_LIST) {  // JSON: list(b)
    if (!value_detail::items_of(v, PYAOT_VALUE_LIST, func, param, "bytes")) return false;
    unsigned char* data = nullptr;
    bytes made = bytes::with_size(static_cast<std::size_t>(v->len), data);
    for (std::int64_t i = 0; i < v->len; ++i) {
      std::int64_t b = 0;
      if (!value_detail::item(&v->as.items[i], b, func, param, [&] {
            return value_detail::item_name(param, std::to_string(i));
          })) {
        return false;
      }
      if (b < 0 || b > 255) {
        return raise_format(Exc::ValueError, "%s() argument '%s[%lld]': bytes must be in "
                            "range(0, 256)", func, param, static_cast<long long>(i));
      }
      data[i] = static_cast<unsigned char>(b);
    }
    out = std::move(made);
    return true;
  }
  if (v == nullptr || v->kind != PYAOT_VALUE_BYTES) return value_detail::wrong(v, func, param, "bytes");
  if (v->len < 0 || (v->len > 0 && v->as.s == nullptr)) {
    return raise_format(Exc::ValueError, "%s() argument '%s' has %lld bytes at NULL", func, param,
                        static_cast<long long>(v->len));
  }
  out = bytes::of(std::string_view(v->as.s, static_cast<std::size_t>(v->len)));
  return true;
}

inline bool to_value(pyaot_value& out, const bytes& value) {
  const std::string_view data = value.view();
  auto* copy = static_cast<char*>(std::malloc(data.size() + 1));
  if (copy == nullptr) return raise(Exc::MemoryError, "out of memory");
  if (!data.empty()) std::memcpy(copy, data.data(), data.size());
  copy[data.size()] = '\0';
  out = pyaot_value{PYAOT_VALUE_BYTES, 1, static_cast<std::int64_t>(data.size()), {}};
  out.as.s = copy;
  return true;
}

namespace value_detail {

/// The node of the field `name` of an OBJECT or DICT node, or nullptr.
inline const pyaot_value* field_node(const pyaot_value* v, std::string_view name) {
  const pyaot_value* found = nullptr;  // later names win, as in a dict display
  for (std::int64_t i = 0; i < v->len; ++i) {
    const pyaot_value& key = v->as.items[2 * i];
    if (key.kind == PYAOT_VALUE_STR && key.len == static_cast<std::int64_t>(name.size()) &&
        (name.empty() || std::memcmp(key.as.s, name.data(), name.size()) == 0)) {
      found = &v->as.items[2 * i + 1];
    }
  }
  return found;
}

/// Checks an OBJECT (or DICT) node against a class's fields: each given field's node in
/// `at` (nullptr: not given, allowed where `has_default`); a missing field without a
/// default or an unknown name is a TypeError naming the argument.
inline bool object_fields(const pyaot_value* v, const char* cls, const char* const* names,
                          const bool* has_default, std::size_t n, const pyaot_value** at,
                          const char* func, const char* param) {
  if (v == nullptr || (v->kind != PYAOT_VALUE_OBJECT && v->kind != PYAOT_VALUE_DICT)) {
    return wrong(v, func, param, cls);
  }
  if (v->len < 0 || (v->len > 0 && v->as.items == nullptr)) {
    return raise_format(Exc::ValueError, "%s() argument '%s' has %lld fields at NULL", func,
                        param, static_cast<long long>(v->len));
  }
  for (std::int64_t i = 0; i < v->len; ++i) {
    const pyaot_value& key = v->as.items[2 * i];
    if (key.kind != PYAOT_VALUE_STR) {
      return raise_format(Exc::TypeError, "%s() argument '%s': a field name of %s must be str, "
                          "not %s", func, param, cls, kind_name(&key));
    }
    bool known = false;
    for (std::size_t k = 0; k < n && !known; ++k) {
      known = static_cast<std::int64_t>(std::strlen(names[k])) == key.len &&
              std::memcmp(names[k], key.as.s, static_cast<std::size_t>(key.len)) == 0;
    }
    if (!known) {
      return raise_format(Exc::TypeError, "%s() argument '%s': %s() got an unexpected field '%.*s'",
                          func, param, cls, static_cast<int>(key.len), key.as.s);
    }
  }
  for (std::size_t k = 0; k < n; ++k) {
    at[k] = field_node(v, names[k]);
    if (at[k] == nullptr && !has_default[k]) {
      return raise_format(Exc::TypeError, "%s() argument '%s': %s() missing field '%s'", func,
                          param, cls, names[k]);
    }
  }
  return true;
}

/// One field of an object argument, its errors naming it "p.x".
template <class T>
bool field(const pyaot_value* node, T& out, const char* func, const char* param,
           const char* name) {
  return node == nullptr ||
         item(node, out, func, param, [&] { return std::string(param) + "." + name; });
}

/// A text node of UTF-8 `text` (a field's name, a str enum's value).
inline bool text_node(pyaot_value& out, const char* text) {
  const std::size_t n = std::strlen(text);
  auto* copy = static_cast<char*>(std::malloc(n + 1));
  if (copy == nullptr) return raise(Exc::MemoryError, "out of memory");
  std::memcpy(copy, text, n + 1);
  out = pyaot_value{PYAOT_VALUE_STR, 1, static_cast<std::int64_t>(n), {}};
  out.as.s = copy;
  return true;
}

/// An OBJECT node of n fields, their names filled in: the value of field k goes in
/// items[2 * k + 1] (nullptr: out of memory, pending).
inline pyaot_value* object_node(pyaot_value& out, const char* const* names, std::size_t n) {
  pyaot_value* items = new_items(out, PYAOT_VALUE_OBJECT, 2 * n);
  if (items == nullptr) {
    raise(Exc::MemoryError, "out of memory");
    return nullptr;
  }
  out.len = static_cast<std::int64_t>(n);
  for (std::size_t k = 0; k < n; ++k) {
    if (!text_node(items[2 * k], names[k])) return nullptr;
  }
  return items;
}

/// An int-valued enum's member from an INT node: its value must be one of `codes`.
inline bool enum_from_int(const pyaot_value* v, std::int64_t& code, const std::int64_t* codes,
                          int count, const char* cls, const char* func, const char* param) {
  if (v == nullptr || (v->kind != PYAOT_VALUE_INT && v->kind != PYAOT_VALUE_BOOL)) {
    return wrong(v, func, param, cls);
  }
  for (int k = 0; k < count; ++k) {
    if (codes[k] == v->as.i) {
      code = v->as.i;
      return true;
    }
  }
  return raise_format(Exc::ValueError, "%s() argument '%s': %lld is not a valid %s", func, param,
                      static_cast<long long>(v->as.i), cls);
}

/// A str-valued enum's member from a STR node: its text must be one of `values`.
inline bool enum_from_str(const pyaot_value* v, std::int64_t& code, const char* const* values,
                          const std::int64_t* codes, int count, const char* cls,
                          const char* func, const char* param) {
  str text;
  if (v == nullptr || v->kind != PYAOT_VALUE_STR) return wrong(v, func, param, cls);
  if (!from_value(v, text, func, param)) return false;
  for (int k = 0; k < count; ++k) {
    if (static_cast<std::int64_t>(std::strlen(values[k])) == v->len &&
        std::memcmp(values[k], v->as.s, static_cast<std::size_t>(v->len)) == 0) {
      code = codes[k];
      return true;
    }
  }
  return raise_format(Exc::ValueError, "%s() argument '%s': %s is not a valid %s", func, param,
                      repr_of(text).c_str(), cls);
}

/// Whether two trees hold the same nodes (kinds, lengths, payloads, item by item).
inline bool same_tree(const pyaot_value& a, const pyaot_value& b) noexcept {
  if (a.kind != b.kind || a.len != b.len) return false;
  switch (a.kind) {
    case PYAOT_VALUE_NONE: return true;
    case PYAOT_VALUE_INT:
    case PYAOT_VALUE_BOOL:
    case PYAOT_VALUE_FLOAT: return a.as.i == b.as.i;  // a float's bits
    case PYAOT_VALUE_STR:
    case PYAOT_VALUE_BYTES:
      return a.len == 0 || std::memcmp(a.as.s, b.as.s, static_cast<std::size_t>(a.len)) == 0;
    default: {
      const bool pairs = a.kind == PYAOT_VALUE_DICT || a.kind == PYAOT_VALUE_OBJECT;
      const std::int64_t n = pairs ? 2 * a.len : a.len;
      for (std::int64_t i = 0; i < n; ++i) {
        if (!same_tree(a.as.items[i], b.as.items[i])) return false;
      }
      return true;
    }
  }
}

}  // namespace value_detail

inline bool from_value(const pyaot_value* v, complex& out, const char* func, const char* param) {
  if (v != nullptr && (v->kind == PYAOT_VALUE_INT || v->kind == PYAOT_VALUE_FLOAT ||
                       v->kind == PYAOT_VALUE_BOOL)) {
    double real = 0.0;
    from_value(v, real, func, param);
    out = complex(real, 0.0);
    return true;
  }
  const pyaot_value* parts[2] = {};
  if (v != nullptr && (v->kind == PYAOT_VALUE_DICT || v->kind == PYAOT_VALUE_OBJECT)) {
    static constexpr const char* names[] = {"real", "imag"};
    static constexpr bool optional[] = {false, false};
    if (!value_detail::object_fields(v, "complex", names, optional, 2, parts, func, param)) {
      return false;
    }
  } else if (v == nullptr || (v->kind != PYAOT_VALUE_COMPLEX && v->kind != PYAOT_VALUE_LIST &&
                              v->kind != PYAOT_VALUE_TUPLE)) {
    return value_detail::wrong(v, func, param, "complex");
  } else if (v->len != 2 || v->as.items == nullptr) {
    return raise_format(Exc::TypeError, "%s() argument '%s' must be a complex of 2 parts, not %lld",
                        func, param, static_cast<long long>(v->len));
  } else {
    parts[0] = &v->as.items[0];
    parts[1] = &v->as.items[1];
  }
  double real = 0.0;
  double imag = 0.0;
  if (!value_detail::field(parts[0], real, func, param, "real") ||
      !value_detail::field(parts[1], imag, func, param, "imag")) {
    return false;
  }
  out = complex(real, imag);
  return true;
}

inline bool to_value(pyaot_value& out, const complex& value) {
  pyaot_value* items = value_detail::new_items(out, PYAOT_VALUE_COMPLEX, 2);
  if (items == nullptr) return raise(Exc::MemoryError, "out of memory");
  return to_value(items[0], value.real) && to_value(items[1], value.imag);
}

/// An argument holding objects after the call (also one that raised): its node takes the
/// value as the call left it when that differs from what was given (an object's attributes
/// have no version to tell a change), a tree the caller releases.
template <class T>
void write_back_compared(pyaot_value* arg, const T& value) {
  if (arg == nullptr) return;
  pyaot_value fresh{};
  if (!to_value(fresh, value)) {  // out of memory: the argument stays as it was given
    release_value(&fresh);
    clear_error();
    return;
  }
  if (value_detail::same_tree(fresh, *arg)) {
    release_value(&fresh);
    return;
  }
  release_value(arg);  // a tree of an earlier call, given again
  *arg = fresh;
}

}  // namespace pyaot::c_abi
