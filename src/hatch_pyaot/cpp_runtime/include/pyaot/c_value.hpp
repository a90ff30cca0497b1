#pragma once
// Python values at the C ABI (docs/c-abi.md, "Values"): str, list, tuple items of these,
// dict, set, frozenset and T | None as one tagged C struct, `pyaot_value`, that nests; bytes,
// complex, enum members and objects of the program's classes in pyaot/c_value_object.hpp.
//
//   bool from_value(const pyaot_value* v, T& out, const char* func, const char* param);
//   bool to_value(pyaot_value& out, const T& value);        // a tree the runtime owns
//   void write_back(pyaot_value* arg, const T& value);      // a container argument after a call
//   void release_value(pyaot_value* v);                     // pyaot_value_release
//
// from_value checks every node's kind against T (TypeError "f() argument 'xs[2]' must be int,
// not str", as the CPython boundary words it; a list node is also taken for a set, frozenset
// or tuple, and an int or bool for a float) and that text is UTF-8 (ValueError, with
// UnicodeDecodeError's words). A lone surrogate may be written as its 3 bytes (CPython's
// "surrogatepass"), so that every Python str has a form and comes back as it went. A tree the
// runtime made has `owned` set on every node; release_value frees it and leaves NONE.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "pyaot/builtins/bytes.hpp"
#include "pyaot/builtins/complex.hpp"
#include "pyaot/builtins/dict.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/repr.hpp"
#include "pyaot/builtins/set.hpp"
#include "pyaot/builtins/str.hpp"
#include "pyaot/builtins/tuple_of.hpp"
#include "pyaot/builtins/union.hpp"
#include "pyaot/error.hpp"
#include "pyaot/none.hpp"

extern "C" {

typedef enum pyaot_kind {
  PYAOT_VALUE_NONE = 0,
  PYAOT_VALUE_INT = 1,
  PYAOT_VALUE_FLOAT = 2,
  PYAOT_VALUE_BOOL = 3,
  PYAOT_VALUE_STR = 4,
  PYAOT_VALUE_LIST = 5,
  PYAOT_VALUE_TUPLE = 6,
  PYAOT_VALUE_DICT = 7,
  PYAOT_VALUE_SET = 8,
  PYAOT_VALUE_FROZENSET = 9,
  PYAOT_VALUE_BYTES = 10,
  PYAOT_VALUE_COMPLEX = 11,
  PYAOT_VALUE_OBJECT = 12
} pyaot_kind;

typedef struct pyaot_value {
  int32_t kind;
  int32_t owned;
  int64_t len;
  union {
    int64_t i;
    double f;
    const char* s;
    struct pyaot_value* items;
  } as;
} pyaot_value;

}  // extern "C"

static_assert(sizeof(pyaot_value) == 24, "pyaot_value is 24 bytes on every target");

namespace pyaot::c_abi {

// ---- which C++ types are values ---------------------------------------------------------

template <class T>
inline constexpr bool is_value = false;
template <>
inline constexpr bool is_value<str> = true;
template <class T>
inline constexpr bool is_value<list<T>> = true;
template <class T>
inline constexpr bool is_value<tuple_of<T>> = true;
template <class K, class V>
inline constexpr bool is_value<dict<K, V>> = true;
template <class T>
inline constexpr bool is_value<set<T>> = true;
template <class T>
inline constexpr bool is_value<frozenset<T>> = true;
template <class T>
inline constexpr bool is_value<std::optional<T>> = true;
template <class... T>
inline constexpr bool is_value<union_<T...>> = true;
template <>
inline constexpr bool is_value<bytes> = true;
template <>
inline constexpr bool is_value<complex> = true;

/// How an enum member or an object of a program's class travels: specialized per class and
/// enum by the generated code (codegen/c_objects.py) with `from` and `to` as below.
template <class T>
struct object_traits {};
template <class T>
concept traited = requires { object_traits<T>::kind_name; };
template <traited T>
inline constexpr bool is_value<T> = true;

// ---- declarations first: the conversions call each other -------------------------------

bool from_value(const pyaot_value* v, std::int64_t& out, const char* func, const char* param);
bool from_value(const pyaot_value* v, double& out, const char* func, const char* param);
bool from_value(const pyaot_value* v, bool& out, const char* func, const char* param);
bool from_value(const pyaot_value* v, None& out, const char* func, const char* param);
bool from_value(const pyaot_value* v, str& out, const char* func, const char* param);

template <class T>
bool from_value(const pyaot_value* v, list<T>& out, const char* func, const char* param);
template <class T>
bool from_value(const pyaot_value* v, tuple_of<T>& out, const char* func, const char* param);
template <class K, class V>
bool from_value(const pyaot_value* v, dict<K, V>& out, const char* func, const char* param);
template <class T>
bool from_value(const pyaot_value* v, set<T>& out, const char* func, const char* param);
template <class T>
bool from_value(const pyaot_value* v, frozenset<T>& out, const char* func, const char* param);
template <class T>
bool from_value(const pyaot_value* v, std::optional<T>& out, const char* func,
                const char* param);
template <class... T>
bool from_value(const pyaot_value* v, union_<T...>& out, const char* func, const char* param);
template <class... T>
bool from_value(const pyaot_value* v, std::tuple<T...>& out, const char* func,
                const char* param);
bool from_value(const pyaot_value* v, bytes& out, const char* func, const char* param);
bool from_value(const pyaot_value* v, complex& out, const char* func, const char* param);
template <traited T>
bool from_value(const pyaot_value* v, T& out, const char* func, const char* param) {
  return object_traits<T>::from(v, out, func, param);
}

bool to_value(pyaot_value& out, std::int64_t value);
bool to_value(pyaot_value& out, double value);
bool to_value(pyaot_value& out, bool value);
bool to_value(pyaot_value& out, None value);
bool to_value(pyaot_value& out, const str& value);
template <class T>
bool to_value(pyaot_value& out, const list<T>& value);
template <class T>
bool to_value(pyaot_value& out, const tuple_of<T>& value);
template <class K, class V>
bool to_value(pyaot_value& out, const dict<K, V>& value);
template <class T>
bool to_value(pyaot_value& out, const set<T>& value);
template <class T>
bool to_value(pyaot_value& out, const frozenset<T>& value);
template <class T>
bool to_value(pyaot_value& out, const std::optional<T>& value);
template <class... T>
bool to_value(pyaot_value& out, const union_<T...>& value);
template <class... T>
bool to_value(pyaot_value& out, const std::tuple<T...>& value);
bool to_value(pyaot_value& out, const bytes& value);
bool to_value(pyaot_value& out, const complex& value);
template <traited T>
bool to_value(pyaot_value& out, const T& value) {
  return object_traits<T>::to(out, value);
}

// ---- helpers -------------------------------------------------------------------------------

namespace value_detail {

inline const char* kind_name(const pyaot_value* v) noexcept {
  static constexpr const char* names[] = {"NoneType", "int",       "float", "bool",
                                          "str",      "list",      "tuple", "dict",
                                          "set",      "frozenset", "bytes", "complex",
                                          "object"};
  if (v == nullptr) return "NULL";
  return v->kind >= 0 && v->kind <= PYAOT_VALUE_OBJECT ? names[v->kind] : "an unknown kind";
}

[[gnu::cold]] inline bool wrong(const pyaot_value* v, const char* func, const char* param,
                                const char* expected) {
  return raise_format(Exc::TypeError, "%s() argument '%s' must be %s, not %s", func, param,
                      expected, kind_name(v));
}

/// The items of a container node of `kind`, or false. A set, frozenset or tuple also takes
/// a list node (JSON has only arrays), and set and frozenset take each other.
inline bool items_of(const pyaot_value* v, std::int32_t kind, const char* func,
                     const char* param, const char* expected) {
  const bool sets = kind == PYAOT_VALUE_SET || kind == PYAOT_VALUE_FROZENSET;
  const bool taken = v != nullptr &&
      (v->kind == kind || (kind != PYAOT_VALUE_DICT && v->kind == PYAOT_VALUE_LIST) ||
       (sets && (v->kind == PYAOT_VALUE_SET || v->kind == PYAOT_VALUE_FROZENSET)));
  if (!taken) return wrong(v, func, param, expected);
  if (v->len < 0 || (v->len > 0 && v->as.items == nullptr)) {
    return raise_format(Exc::ValueError, "%s() argument '%s' has %lld items at NULL", func,
                        param, static_cast<long long>(v->len));
  }
  return true;
}

/// The name of an item for its error: "xs[3]", "d['k']".
inline std::string item_name(const char* param, const std::string& at) {
  return std::string(param) + "[" + at + "]";
}

/// Converts one item; on failure converts it again to word the error with its place.
template <class T, class Name>
bool item(const pyaot_value* v, T& out, const char* func, const char* param, Name name) {
  if (from_value(v, out, func, param)) [[likely]] return true;
  clear_error();
  from_value(v, out, func, name().c_str());
  return false;
}

/// Fresh items for a container node of n values (false: out of memory).
inline pyaot_value* new_items(pyaot_value& out, std::int32_t kind, std::size_t n) {
  out = pyaot_value{};
  out.kind = kind;
  out.owned = 1;
  out.len = static_cast<std::int64_t>(n);
  if (n == 0) return &out;  // no items: a non-null result that is never read
  out.as.items = static_cast<pyaot_value*>(std::calloc(n, sizeof(pyaot_value)));
  if (out.as.items == nullptr) {
    out.len = 0;
    return nullptr;
  }
  return out.as.items;
}

/// Checks UTF-8 (a surrogate's 3 bytes allowed) and counts its code points; the ValueError
/// names the first bad byte as CPython's UnicodeDecodeError does.
inline bool utf8_length(const unsigned char* s, std::size_t n, std::size_t& count,
                        const char* func, const char* param) {
  count = 0;
  for (std::size_t i = 0; i < n; ++count) {
    const unsigned b = s[i];
    if (b < 0x80) {
      ++i;
      continue;
    }
    std::size_t more = 0;
    std::uint32_t c = 0;
    std::uint32_t lowest = 0;
    if (b >= 0xC2 && b < 0xE0) {
      more = 1, c = b & 0x1F, lowest = 0x80;
    } else if (b >= 0xE0 && b < 0xF0) {
      more = 2, c = b & 0x0F, lowest = 0x800;
    } else if (b >= 0xF0 && b < 0xF5) {
      more = 3, c = b & 0x07, lowest = 0x10000;
    }
    std::size_t k = 1;
    for (; more > 0 && k <= more; ++k) {
      if (i + k >= n || (s[i + k] & 0xC0) != 0x80) break;
      c = (c << 6) | (s[i + k] & 0x3F);
    }
    if (more == 0 || k <= more || c < lowest || c > 0x10FFFF) {
      const char* why = more == 0                    ? "invalid start byte"
                        : k <= more && i + k >= n ? "unexpected end of data"
                                                  : "invalid continuation byte";
      return raise_format(Exc::ValueError,
                          "%s() argument '%s': 'utf-8' codec can't decode byte 0x%02x in "
                          "position %zu: %s", func, param, b, i, why);
    }
    i += 1 + more;
  }
  return true;
}

/// Decodes checked UTF-8 into `out`, one code point a char32_t.
inline void decode_utf8(const unsigned char* s, std::size_t n, char32_t* out) noexcept {
  for (std::size_t i = 0; i < n;) {
    const unsigned b = s[i];
    if (b < 0x80) {
      *out++ = static_cast<char32_t>(b);
      ++i;
      continue;
    }
    const std::size_t more = b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
    std::uint32_t c = b & (0x3F >> more);
    for (std::size_t k = 1; k <= more; ++k) c = (c << 6) | (s[i + k] & 0x3F);
    *out++ = static_cast<char32_t>(c);
    i += 1 + more;
  }
}

}  // namespace value_detail

// ---- C to C++ ------------------------------------------------------------------------------

inline bool from_value(const pyaot_value* v, std::int64_t& out, const char* func,
                       const char* param) {
  if (v == nullptr || (v->kind != PYAOT_VALUE_INT && v->kind != PYAOT_VALUE_BOOL)) {
    return value_detail::wrong(v, func, param, "int");
  }
  out = v->kind == PYAOT_VALUE_BOOL ? (v->as.i != 0) : v->as.i;
  return true;
}

inline bool from_value(const pyaot_value* v, double& out, const char* func, const char* param) {
  if (v != nullptr && v->kind == PYAOT_VALUE_FLOAT) {
    out = v->as.f;
    return true;
  }
  std::int64_t i = 0;
  if (v == nullptr || (v->kind != PYAOT_VALUE_INT && v->kind != PYAOT_VALUE_BOOL)) {
    return value_detail::wrong(v, func, param, "float");
  }
  from_value(v, i, func, param);
  out = static_cast<double>(i);
  return true;
}

inline bool from_value(const pyaot_value* v, bool& out, const char* func, const char* param) {
  if (v == nullptr || v->kind != PYAOT_VALUE_BOOL) return value_detail::wrong(v, func, param, "bool");
  out = v->as.i != 0;
  return true;
}

inline bool from_value(const pyaot_value* v, None& out, const char* func, const char* param) {
  (void)out;
  if (v == nullptr || v->kind != PYAOT_VALUE_NONE) return value_detail::wrong(v, func, param, "None");
  return true;
}

inline bool from_value(const pyaot_value* v, str& out, const char* func, const char* param) {
  if (v == nullptr || v->kind != PYAOT_VALUE_STR) return value_detail::wrong(v, func, param, "str");
  if (v->len < 0 || (v->len > 0 && v->as.s == nullptr)) {
    return raise_format(Exc::ValueError, "%s() argument '%s' has %lld bytes at NULL", func, param,
                        static_cast<long long>(v->len));
  }
  const auto* bytes = reinterpret_cast<const unsigned char*>(v->as.s);
  const auto n = static_cast<std::size_t>(v->len);
  std::size_t count = 0;
  if (!value_detail::utf8_length(bytes, n, count, func, param)) return false;
  char32_t* chars = nullptr;
  out = str::with_size(count, chars);
  value_detail::decode_utf8(bytes, n, chars);
  return true;
}

namespace value_detail {
/// The items of a LIST or TUPLE node, converted one by one into `out` (made with room).
template <class T, class Seq>
bool fill_items(const pyaot_value* v, Seq& out, const char* func, const char* param) {
  const auto n = static_cast<std::size_t>(v->len);
  out = Seq::make(n);
  auto& items = out.items();
  for (std::size_t i = 0; i < n; ++i) {
    T value{};
    if (!item(&v->as.items[i], value, func, param,
              [&] { return item_name(param, std::to_string(i)); })) {
      return false;
    }
    items.push_back(std::move(value));
  }
  return true;
}
}  // namespace value_detail

template <class T>
bool from_value(const pyaot_value* v, list<T>& out, const char* func, const char* param) {
  if (!value_detail::items_of(v, PYAOT_VALUE_LIST, func, param, "list")) return false;
  if (!value_detail::fill_items<T>(v, out, func, param)) return false;
  out.box()->version = 0;
  return true;
}

template <class K, class V>
bool from_value(const pyaot_value* v, dict<K, V>& out, const char* func, const char* param) {
  if (!value_detail::items_of(v, PYAOT_VALUE_DICT, func, param, "dict")) return false;
  const auto n = static_cast<std::size_t>(v->len);
  out = dict<K, V>::make();
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    K key{};
    if (!value_detail::item(&v->as.items[2 * i], key, func, param,
                            [&] { return std::string(param) + "' key '" + std::to_string(i); })) {
      return false;
    }
    V value{};
    if (!value_detail::item(&v->as.items[2 * i + 1], value, func, param,
                            [&] { return value_detail::item_name(param, repr_of(key)); })) {
      return false;
    }
    const std::int64_t at = out.find_or_add(key, py_hash(key));
    out.value_at(at) = std::move(value);
  }
  out.box()->version = 0;
  return true;
}

namespace value_detail {
template <class T>
bool fill_set(const pyaot_value* v, set<T>& out, const char* func, const char* param,
              const char* expected) {
  if (!items_of(v, PYAOT_VALUE_SET, func, param, expected)) return false;
  for (std::int64_t i = 0; i < v->len; ++i) {
    T key{};
    if (!item(&v->as.items[i], key, func, param,
              [&] { return std::string(param) + "' item '" + std::to_string(i); })) {
      return false;
    }
    out.add(key, py_hash(key));
  }
  out.box()->version = 0;
  return true;
}
}  // namespace value_detail

template <class T>
bool from_value(const pyaot_value* v, set<T>& out, const char* func, const char* param) {
  out = set<T>::make();
  return value_detail::fill_set(v, out, func, param, "set");
}

template <class T>
bool from_value(const pyaot_value* v, frozenset<T>& out, const char* func, const char* param) {
  set<T> fresh = set<T>::make();
  if (!value_detail::fill_set(v, fresh, func, param, "frozenset")) return false;
  out = frozenset<T>(std::move(fresh));
  return true;
}

template <class T>
bool from_value(const pyaot_value* v, std::optional<T>& out, const char* func,
                const char* param) {
  if (v != nullptr && v->kind == PYAOT_VALUE_NONE) {
    out.reset();
    return true;
  }
  T value{};
  if (!from_value(v, value, func, param)) return false;
  out = std::move(value);
  return true;
}

template <class... T>
bool from_value(const pyaot_value* v, std::tuple<T...>& out, const char* func,
                const char* param) {
  if (!value_detail::items_of(v, PYAOT_VALUE_TUPLE, func, param, "tuple")) return false;
  if (v->len != static_cast<std::int64_t>(sizeof...(T))) {
    return raise_format(Exc::TypeError, "%s() argument '%s' must be a tuple of %zu items, not %lld",
                        func, param, sizeof...(T), static_cast<long long>(v->len));
  }
  return [&]<std::size_t... I>(std::index_sequence<I...>) {
    return (value_detail::item(&v->as.items[I], std::get<I>(out), func, param,
                               [&] { return value_detail::item_name(param, std::to_string(I)); }) &&
            ...);
  }(std::index_sequence_for<T...>{});
}

// ---- C++ to C ------------------------------------------------------------------------------

inline bool to_value(pyaot_value& out, std::int64_t value) {
  out = pyaot_value{PYAOT_VALUE_INT, 1, 0, {}};
  out.as.i = value;
  return true;
}

inline bool to_value(pyaot_value& out, double value) {
  out = pyaot_value{PYAOT_VALUE_FLOAT, 1, 0, {}};
  out.as.f = value;
  return true;
}

inline bool to_value(pyaot_value& out, bool value) {
  out = pyaot_value{PYAOT_VALUE_BOOL, 1, 0, {}};
  out.as.i = value ? 1 : 0;
  return true;
}

inline bool to_value(pyaot_value& out, None) {
  out = pyaot_value{PYAOT_VALUE_NONE, 1, 0, {}};
  return true;
}

inline bool to_value(pyaot_value& out, const str& value) {
  std::size_t n = 0;  // the UTF-8 bytes (a surrogate's 3, as append_utf8 writes it)
  for (const char32_t c : value.view()) n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  auto* text = static_cast<char*>(std::malloc(n + 1));
  if (text == nullptr) return raise(Exc::MemoryError, "out of memory");
  char* at = text;
  for (const char32_t c : value.view()) {
    const auto u = static_cast<std::uint32_t>(c);
    if (u < 0x80) {
      *at++ = static_cast<char>(u);
    } else {
      const int more = u < 0x800 ? 1 : u < 0x10000 ? 2 : 3;
      *at++ = static_cast<char>(((0xFF00u >> (more + 1)) & 0xFFu) | (u >> (6 * more)));
      for (int k = more - 1; k >= 0; --k) *at++ = static_cast<char>(0x80 | ((u >> (6 * k)) & 0x3F));
    }
  }
  *at = '\0';
  out = pyaot_value{PYAOT_VALUE_STR, 1, static_cast<std::int64_t>(n), {}};
  out.as.s = text;
  return true;
}

namespace value_detail {
/// A container node of `kind` from n values given one by one to `each(fill)`.
template <class Each>
bool container(pyaot_value& out, std::int32_t kind, std::size_t n, Each each) {
  pyaot_value* items = new_items(out, kind, n);
  if (items == nullptr) return raise(Exc::MemoryError, "out of memory");
  std::size_t at = 0;
  bool ok = true;
  each([&](const auto& item) {
    if (ok && at < n) ok = to_value(items[at++], item);
  });
  return ok;
}
}  // namespace value_detail

/// tuple[T, ...]: a TUPLE node of any length (a LIST node too: JSON has only arrays).
template <class T>
bool from_value(const pyaot_value* v, tuple_of<T>& out, const char* func, const char* param) {
  if (!value_detail::items_of(v, PYAOT_VALUE_TUPLE, func, param, "tuple")) return false;
  return value_detail::fill_items<T>(v, out, func, param);
}

template <class T>
bool to_value(pyaot_value& out, const tuple_of<T>& value) {
  const std::size_t n = value.box() ? value.items().size() : 0;
  return value_detail::container(out, PYAOT_VALUE_TUPLE, n, [&](auto fill) {
    for (std::size_t i = 0; i < n; ++i) fill(static_cast<const T&>(value.items()[i]));
  });
}

template <class T>
bool to_value(pyaot_value& out, const list<T>& value) {
  const std::size_t n = value.box() ? value.items().size() : 0;
  return value_detail::container(out, PYAOT_VALUE_LIST, n, [&](auto fill) {
    for (std::size_t i = 0; i < n; ++i) fill(static_cast<const T&>(value.items()[i]));
  });
}

template <class K, class V>
bool to_value(pyaot_value& out, const dict<K, V>& value) {
  const std::size_t n = value.box() ? static_cast<std::size_t>(value.size()) : 0;
  return value_detail::container(out, PYAOT_VALUE_DICT, 2 * n, [&](auto fill) {
    if (n == 0) return;
    for (const auto& e : value.entries()) {
      if (!e.live) continue;
      fill(e.key);
      fill(e.value);
    }
  }) && ((out.len = static_cast<std::int64_t>(n)), true);
}

namespace value_detail {
template <class T>
bool set_value(pyaot_value& out, const set<T>& value, std::int32_t kind) {
  const std::size_t n = value.box() ? static_cast<std::size_t>(value.size()) : 0;
  return container(out, kind, n, [&](auto fill) {
    if (n > 0) set_each(value, [&](const T& key, std::int64_t) { fill(key); });
  });
}
}  // namespace value_detail

template <class T>
bool to_value(pyaot_value& out, const set<T>& value) {
  return value_detail::set_value(out, value, PYAOT_VALUE_SET);
}

template <class T>
bool to_value(pyaot_value& out, const frozenset<T>& value) {
  return value_detail::set_value(out, static_cast<const set<T>&>(value), PYAOT_VALUE_FROZENSET);
}

template <class T>
bool to_value(pyaot_value& out, const std::optional<T>& value) {
  return value.has_value() ? to_value(out, *value) : to_value(out, None{});
}

template <class... T>
bool to_value(pyaot_value& out, const std::tuple<T...>& value) {
  return value_detail::container(out, PYAOT_VALUE_TUPLE, sizeof...(T), [&](auto fill) {
    std::apply([&](const auto&... items) { (fill(items), ...); }, value);
  });
}

// ---- ownership -----------------------------------------------------------------------------

/// Frees a tree the runtime made (nodes with `owned`) and leaves a NONE; a caller's is left.
inline void release_value(pyaot_value* v) noexcept {
  if (v == nullptr || !v->owned) return;
  if (v->kind == PYAOT_VALUE_STR || v->kind == PYAOT_VALUE_BYTES) {
    std::free(const_cast<char*>(v->as.s));
  } else if (v->kind >= PYAOT_VALUE_LIST && v->kind != PYAOT_VALUE_BYTES &&
             v->kind <= PYAOT_VALUE_OBJECT && v->len > 0) {
    const bool pairs = v->kind == PYAOT_VALUE_DICT || v->kind == PYAOT_VALUE_OBJECT;
    const std::int64_t n = pairs ? 2 * v->len : v->len;
    for (std::int64_t i = 0; i < n; ++i) release_value(&v->as.items[i]);
    std::free(v->as.items);
  }
  *v = pyaot_value{};
}

/// An out-parameter: the result as a tree the caller releases (pyaot_value_release).
template <class T>
bool result_to_c(pyaot_value* out, const T& value) {
  pyaot_value fresh{};
  if (!to_value(fresh, value)) {
    release_value(&fresh);
    return false;
  }
  *out = fresh;
  return true;
}

namespace value_detail {
/// Whether the call changed a container argument, or one inside it (its box's version).
template <class T>
bool changed(const T& value) {
  if constexpr (requires { value.box()->version; }) {
    if (value.box() == nullptr) return false;
    if (value.box()->version != 0) return true;
    if constexpr (requires { value.items(); }) {
      for (const auto& item : value.items()) {
        if (changed(item)) return true;
      }
    } else if constexpr (requires { value.entries(); }) {
      for (const auto& e : value.entries()) {
        if (e.live && changed(e.value)) return true;
      }
    }
    return false;
  } else if constexpr (requires { value.has_value(); }) {
    return value.has_value() && changed(*value);
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    return std::apply([](const auto&... items) { return (changed(items) || ...); }, value);
  } else if constexpr (is_union<T>::value) {  // the member it holds
    return value.visit([](const auto& member) { return changed(member); });
  } else {
    return false;
  }
}
}  // namespace value_detail

/// A container argument after the call (also one that raised): when the call changed it, its
/// node takes the value as the call left it, a tree the caller releases (`owned`); the
/// caller's own nodes are not touched.
template <class T>
void write_back(pyaot_value* arg, const T& value) {
  if (arg == nullptr || !value_detail::changed(value)) return;
  pyaot_value fresh{};
  if (!to_value(fresh, value)) {  // out of memory: the argument stays as it was given
    release_value(&fresh);
    clear_error();
    return;
  }
  release_value(arg);  // a tree of an earlier call, given again
  *arg = fresh;
}

}  // namespace pyaot::c_abi

#include "pyaot/c_value_object.hpp"
#include "pyaot/c_value_union.hpp"
