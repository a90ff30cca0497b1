#pragma once
// A small union of Python types (`int | str`, ir/types.py UnionType): one value of one of
// its member types and the tag that says which. Storage is a std::variant, read only
// through index() and get_if (never std::get or std::visit, which throw): the tag is
// checked by the generated code (typing/unions.py narrows a name before it reads a
// member). What every member has works on the union itself: ==, hash(), str(), repr().

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "pyaot/builtins/hash.hpp"
#include "pyaot/builtins/list.hpp"
#include "pyaot/builtins/repr.hpp"
#include "pyaot/builtins/str.hpp"

namespace pyaot {

template <class... Ts>
class union_ {
 public:
  static_assert(sizeof...(Ts) >= 2, "a union has two members or more");

  /// The first member's default value (a local not assigned yet).
  union_() = default;

  /// The union holding member I.
  template <std::size_t I, class V>
  static union_ of(V&& value) {
    union_ u;
    u.value_.template emplace<I>(std::forward<V>(value));
    return u;
  }

  [[nodiscard]] std::size_t tag() const noexcept { return value_.index(); }

  /// Member I; the caller has checked the tag.
  template <std::size_t I>
  [[nodiscard]] const auto& get() const noexcept { return *std::get_if<I>(&value_); }
  template <std::size_t I>
  [[nodiscard]] auto& get() noexcept { return *std::get_if<I>(&value_); }

  /// f(member) of the member held; every call of f has one result type.
  template <class F>
  decltype(auto) visit(F&& f) const {
    using R = decltype(f(get<0>()));
    return [&]<std::size_t... I>(std::index_sequence<I...>) -> R {
      if constexpr (std::is_void_v<R>) {
        ((tag() == I ? (void)f(get<I>()) : void()), ...);
      } else {
        R out{};
        ((tag() == I ? (void)(out = f(get<I>())) : void()), ...);
        return out;
      }
    }(std::index_sequence_for<Ts...>{});
  }

  /// str() / repr() of the member held (pyaot::append_text).
  void text_into(std::string& out, bool repr) const {
    visit([&](const auto& member) { append_text(out, member, repr); });
  }

 private:
  std::variant<Ts...> value_;
};

template <class T>
struct is_union : std::false_type {};
template <class... Ts>
struct is_union<union_<Ts...>> : std::true_type {};

class bytes;

namespace union_detail {

/// The Python type name of a member's value ("object" for a class of the program).
template <class T>
constexpr const char* type_name() noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    return "bool";
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return "int";
  } else if constexpr (std::is_same_v<T, double>) {
    return "float";
  } else if constexpr (std::is_same_v<T, str>) {
    return "str";
  } else if constexpr (std::is_same_v<T, bytes>) {
    return "bytes";
  } else if constexpr (is_list<T>::value) {
    return "list";
  } else if constexpr (requires { std::tuple_size<T>::value; }) {
    return "tuple";
  } else {
    return "object";
  }
}

template <class T, class... Ts>
constexpr std::size_t index_of() {
  std::size_t i = 0;
  ((std::is_same_v<T, Ts> ? false : (++i, true)) && ...);
  return i;
}

template <class T>
constexpr bool is_number = std::is_same_v<T, std::int64_t> || std::is_same_v<T, double> ||
                           std::is_same_v<T, bool>;

/// An int and a float are equal as Python compares them: exactly, not through a rounding.
inline bool int_eq_float(std::int64_t i, double d) {
  if (!std::isfinite(d) || d != std::trunc(d) || d < -0x1p63 || d >= 0x1p63) return false;
  return static_cast<std::int64_t>(d) == i;
}

template <class A, class B>
bool member_eq(const A& a, const B& b) {
  if constexpr (is_number<A> && is_number<B>) {
    if constexpr (std::is_same_v<A, B>) {
      return a == b;
    } else if constexpr (std::is_same_v<A, double>) {
      return int_eq_float(static_cast<std::int64_t>(b), a);
    } else if constexpr (std::is_same_v<B, double>) {
      return int_eq_float(static_cast<std::int64_t>(a), b);
    } else {
      return static_cast<std::int64_t>(a) == static_cast<std::int64_t>(b);  // a bool and an int
    }
  } else if constexpr (is_union<A>::value || is_union<B>::value) {
    return a == b;
  } else if constexpr (std::is_same_v<A, B> || (is_list<A>::value && is_list<B>::value)) {
    return py_eq(a, b);
  } else {
    return false;  // values of different Python types (a str and an int) are never equal
  }
}

}  // namespace union_detail

/// The union U holding member I (the generated code names the member by its index).
template <std::size_t I, class U, class V>
U union_of(V&& value) {
  return U::template of<I>(std::forward<V>(value));
}

/// A value seen as another type it is known to be (typing/unions.py): a member of a union,
/// a union within a wider one (either way), or the value of an Optional union.
template <class To, class From>
To narrow(const From& value) {
  if constexpr (std::is_same_v<To, From>) {
    return value;
  } else if constexpr (requires { value.has_value(); *value; }) {  // (A | B) | None
    if constexpr (requires { To{}.has_value(); }) {
      if (!value.has_value()) return To{};
      return To(narrow<typename To::value_type>(*value));
    } else {
      return narrow<To>(*value);
    }
  } else if constexpr (is_union<To>::value) {
    if constexpr (is_union<From>::value) {
      return value.visit([](const auto& member) { return narrow<To>(member); });
    } else {
      return [&]<class... Ts>(const union_<Ts...>*) {
        constexpr std::size_t at = union_detail::index_of<From, Ts...>();
        if constexpr (at < sizeof...(Ts)) {
          return To::template of<at>(value);
        } else {
          return To{};  // a member the narrowed value never holds
        }
      }(static_cast<const To*>(nullptr));
    }
  } else if constexpr (is_union<From>::value) {
    return value.visit([](const auto& member) -> To {
      if constexpr (std::is_same_v<std::decay_t<decltype(member)>, To>) {
        return member;
      } else {
        return To{};
      }
    });
  } else {
    return static_cast<To>(value);
  }
}

/// Whether the union holds one of the members whose bits are set in `tags`.
template <class... Ts>
bool union_holds(const union_<Ts...>& value, unsigned tags) noexcept {
  return ((tags >> value.tag()) & 1U) != 0;
}

/// ==, as Python compares the members held (and a union with a plain value).
template <class A, class B>
  requires(is_union<A>::value || is_union<B>::value)
bool operator==(const A& a, const B& b) {
  if constexpr (is_union<A>::value) {
    return a.visit([&](const auto& x) { return union_detail::member_eq(x, b); });
  } else {
    return b.visit([&](const auto& y) { return union_detail::member_eq(a, y); });
  }
}

/// a == b with a union side (either, or both).
template <class A, class B>
bool union_eq(const A& a, const B& b) {
  return union_detail::member_eq(a, b);
}

/// x in l, with a union item or a union x: == item by item, as Python's list.__contains__.
template <class T, class V>
bool union_in(const list<T>& l, const V& x) {
  for (const auto& item : l.items()) {
    if (union_detail::member_eq(item, x)) return true;
  }
  return false;
}

/// hash() of the member held (a union key of a dict or item of a set).
template <class... Ts>
std::int64_t py_hash(const union_<Ts...>& value) {
  return value.visit([](const auto& member) -> std::int64_t { return py_hash(member); });
}

}  // namespace pyaot
