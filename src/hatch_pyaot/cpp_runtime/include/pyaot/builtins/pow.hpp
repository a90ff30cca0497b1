#pragma once
// builtins.pow(base, exp[, mod]). Two arguments: like operator.pow. Three (ints): CPython's
// modular power, with a negative exponent through the modular inverse.

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/operator/float_common.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::builtins {

inline bool pow(std::int64_t& out, std::int64_t base, std::int64_t exp) noexcept {
  return pyaot::detail::int_pow(out, base, exp);
}

inline bool pow(double& out, double base, double exp) noexcept {
  return pyaot::detail::float_pow(out, base, exp);
}

inline bool pow(std::int64_t& out, std::int64_t base, std::int64_t exp, std::int64_t mod) noexcept {
  using pyaot::detail::int128;
  using pyaot::detail::uint128;
  if (mod == 0) [[unlikely]] {
    return raise(Exc::ValueError, "pow() 3rd argument cannot be 0");
  }
  const bool negative_output = mod < 0;
  const std::uint64_t m = pyaot::detail::uabs(mod);
  if (m == 1) {
    out = 0;
    return true;
  }
  // base mod m, in [0, m)
  int128 reduced = static_cast<int128>(base) % static_cast<int128>(m);
  if (reduced < 0) reduced += m;
  auto b = static_cast<std::uint64_t>(reduced);
  std::uint64_t e;
  if (exp < 0) {
    // b = inverse of b modulo m (extended Euclid); CPython's long_invmod
    int128 a0 = b, a1 = m, x0 = 1, x1 = 0;
    while (a1 != 0) {
      const int128 q = a0 / a1;
      const int128 a2 = a0 - q * a1;
      a0 = a1;
      a1 = a2;
      const int128 x2 = x0 - q * x1;
      x0 = x1;
      x1 = x2;
    }
    if (a0 != 1) [[unlikely]] {
      return raise(Exc::ValueError, "base is not invertible for the given modulus");
    }
    x0 %= static_cast<int128>(m);
    if (x0 < 0) x0 += m;
    b = static_cast<std::uint64_t>(x0);
    e = pyaot::detail::uabs(exp);
  } else {
    e = static_cast<std::uint64_t>(exp);
  }
  std::uint64_t z = 1 % m;
  while (e != 0) {
    if (e & 1u) z = static_cast<std::uint64_t>(static_cast<uint128>(z) * b % m);
    e >>= 1;
    if (e != 0) b = static_cast<std::uint64_t>(static_cast<uint128>(b) * b % m);
  }
  if (negative_output && z != 0) {
    out = static_cast<std::int64_t>(static_cast<int128>(z) - static_cast<int128>(m));
  } else {
    out = static_cast<std::int64_t>(z);
  }
  return true;
}

}  // namespace pyaot::builtins
