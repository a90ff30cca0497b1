#pragma once
// math.factorial(n): n! for 0 <= n <= 20 (21! does not fit the compiled int: OverflowError).

#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot::detail {

inline constexpr std::int64_t small_factorials[21] = {1,
                                                      1,
                                                      2,
                                                      6,
                                                      24,
                                                      120,
                                                      720,
                                                      5040,
                                                      40320,
                                                      362880,
                                                      3628800,
                                                      39916800,
                                                      479001600,
                                                      6227020800,
                                                      87178291200,
                                                      1307674368000,
                                                      20922789888000,
                                                      355687428096000,
                                                      6402373705728000,
                                                      121645100408832000,
                                                      2432902008176640000};

inline bool factorial(std::int64_t& out, std::int64_t n) noexcept {
  if (n < 0) [[unlikely]] {
    return raise(Exc::ValueError, "factorial() not defined for negative values");
  }
  if (n > 20) [[unlikely]] {
    return raise_int_overflow();
  }
  out = small_factorials[n];
  return true;
}

}  // namespace pyaot::detail

namespace pyaot::math {

inline bool factorial(std::int64_t& out, std::int64_t n) noexcept {
  return pyaot::detail::factorial(out, n);
}

}  // namespace pyaot::math
