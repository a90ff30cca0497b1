#pragma once
// hash() and == of dict keys and set items, as CPython computes them (DESIGN §5.4): the
// protocol is two free functions found by overloading and argument-dependent lookup,
// `pyaot::py_hash(const T&)` and `pyaot::py_eq(a, b)` (pyaot/builtins/list.hpp), so that a
// new key type (a string class with its own py_hash) plugs in without touching the tables.
// A key type provides, in namespace pyaot: `std::int64_t py_hash(const T&)` (CPython's value),
// equality through `operator==` (py_eq's fallback) or a py_eq branch, and
// `void append_repr(std::string&, const T&)` for KeyError's message; on the Python side,
// ir/types.py's `unhashable` lets typing accept it. str is one (pyaot/builtins/str.hpp:
// its hash is its own, as CPython's is randomized per process).
//
// The values agree with CPython 3.8+ on 64-bit builds: ints reduced modulo 2**61 - 1 with
// their sign (-1 becomes -2), floats by _Py_HashDouble's algorithm (so hash(2.0) == hash(2)),
// tuples by the xxHash-based combination of their items' hashes. A NaN hashes to 0 (CPython
// hashes a NaN by its identity, which a float here does not have).

#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>

#include "pyaot/builtins/format.hpp"
#include "pyaot/none.hpp"

namespace pyaot {

namespace hash_detail {
inline constexpr int bits = 61;
inline constexpr std::uint64_t modulus = (std::uint64_t{1} << bits) - 1;
inline constexpr std::int64_t inf = 314159;

inline std::int64_t not_minus_one(std::uint64_t x) {
  return x == static_cast<std::uint64_t>(-1) ? -2 : static_cast<std::int64_t>(x);
}
}  // namespace hash_detail

inline std::int64_t py_hash(std::int64_t v) {
  constexpr auto limit = static_cast<std::int64_t>(hash_detail::modulus);
  if (v > -limit && v < limit) [[likely]] return v == -1 ? -2 : v;  // no reduction: no division
  const bool negative = v < 0;
  const std::uint64_t magnitude =
      negative ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
  const std::uint64_t reduced = magnitude % hash_detail::modulus;
  return hash_detail::not_minus_one(negative ? std::uint64_t{0} - reduced : reduced);
}

inline std::int64_t py_hash(bool v) { return v ? 1 : 0; }

inline std::int64_t py_hash(None) { return 0xFCA86420; }

/// The hash of a float: its exact rational value reduced modulo 2**61 - 1, taking the
/// mantissa 28 bits at a time, so that equal ints and floats hash alike.
inline std::int64_t py_hash(double v) {
  using hash_detail::bits;
  using hash_detail::modulus;
  if (!std::isfinite(v)) {
    if (std::isinf(v)) return v > 0 ? hash_detail::inf : -hash_detail::inf;
    return 0;
  }
  int e = 0;
  double m = std::frexp(v, &e);
  const bool negative = m < 0;
  if (negative) m = -m;
  std::uint64_t x = 0;
  while (m != 0.0) {
    x = ((x << 28) & modulus) | x >> (bits - 28);
    m *= 268435456.0;  // 2**28
    e -= 28;
    const auto y = static_cast<std::uint64_t>(m);
    m -= static_cast<double>(y);
    x += y;
    if (x >= modulus) x -= modulus;
  }
  e = e >= 0 ? e % bits : bits - 1 - ((-1 - e) % bits);
  x = ((x << e) & modulus) | x >> (bits - e);
  if (negative) x = std::uint64_t{0} - x;
  return hash_detail::not_minus_one(x);
}

template <class... T>
std::int64_t py_hash(const std::tuple<T...>& t);

/// hash(tuple): xxHash's round over the items' hashes, then the length mixed in.
template <class... T>
std::int64_t py_hash(const std::tuple<T...>& t) {
  constexpr std::uint64_t prime1 = 11400714785074694791ULL;
  constexpr std::uint64_t prime2 = 14029467366897019727ULL;
  constexpr std::uint64_t prime5 = 2870177450012600261ULL;
  std::uint64_t acc = prime5;
  std::apply(
      [&](const auto&... item) {
        ((acc += static_cast<std::uint64_t>(py_hash(item)) * prime2,
          acc = (acc << 31) | (acc >> 33), acc *= prime1),
         ...);
      },
      t);
  acc += sizeof...(T) ^ (prime5 ^ 3527539UL);
  if (acc == static_cast<std::uint64_t>(-1)) return 1546275796;
  return static_cast<std::int64_t>(acc);
}

// ---- repr() of keys, for KeyError's message --------------------------------------------

inline void append_repr(std::string& out, std::int64_t v) { format::append_str(out, v); }
inline void append_repr(std::string& out, bool v) { format::append_str(out, v); }
inline void append_repr(std::string& out, double v) { format::append_str(out, v); }
inline void append_repr(std::string& out, None v) { format::append_str(out, v); }

template <class... T>
void append_repr(std::string& out, const std::tuple<T...>& t) {
  out += '(';
  std::size_t i = 0;
  std::apply([&](const auto&... item) { ((out += i++ ? ", " : "", append_repr(out, item)), ...); },
             t);
  if (sizeof...(T) == 1) out += ',';
  out += ')';
}

template <class T>
std::string repr_of(const T& value) {
  std::string out;
  append_repr(out, value);
  return out;
}

}  // namespace pyaot
