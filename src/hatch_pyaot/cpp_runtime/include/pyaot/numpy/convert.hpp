#pragma once
// Storing a Python number into an array element as NumPy does (`a[i] = v`): a Python int
// must fit the dtype (OverflowError "Python integer 300 out of bounds for uint8"), a Python
// float is truncated toward zero first (NaN: ValueError, infinity: OverflowError), and a
// bool array stores truthiness.

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

/// A Python int (int64 in compiled code) stored into an array of T.
template <class T>
inline bool store_int(T& out, std::int64_t value) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    out = value != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    out = static_cast<T>(value);
  } else {
    constexpr auto lo = std::numeric_limits<T>::min();
    constexpr auto hi = std::numeric_limits<T>::max();
    const bool fits = std::is_signed_v<T>
        ? (value >= static_cast<std::int64_t>(lo) && value <= static_cast<std::int64_t>(hi))
        : (value >= 0 && static_cast<std::uint64_t>(value) <= static_cast<std::uint64_t>(hi));
    if (!fits) [[unlikely]] {
      return raise_format(Exc::OverflowError, "Python integer %lld out of bounds for %s",
                          static_cast<long long>(value), dtype_traits<T>::name);
    }
    out = static_cast<T>(value);
  }
  return true;
}

/// A Python float stored into an array of T (an integer or bool dtype).
template <class T>
inline bool store_float(T& out, double value) noexcept {
  if constexpr (std::is_same_v<T, bool>) {
    out = value != 0.0;
    return true;
  } else if constexpr (std::is_floating_point_v<T>) {
    out = static_cast<T>(value);
    return true;
  } else {
    if (std::isnan(value)) [[unlikely]] {
      return raise(Exc::ValueError, "cannot convert float NaN to integer");
    }
    if (std::isinf(value)) [[unlikely]] {
      return raise(Exc::OverflowError, "cannot convert float infinity to integer");
    }
    const double whole = std::trunc(value);
    if (!(whole >= -9223372036854775808.0 && whole < 9223372036854775808.0)) [[unlikely]] {
      return raise(Exc::OverflowError, "Python int too large to convert to C long");
    }
    return store_int(out, static_cast<std::int64_t>(whole));
  }
}

}  // namespace pyaot::numpy

namespace pyaot::numpy {

/// A Python int meeting a NumPy integer scalar in arithmetic (NEP 50): it takes the NumPy
/// dtype if it fits, and raises OverflowError("Python integer 256 out of bounds for uint8")
/// if not — the same check as storing it.
template <class T>
inline bool weak_int(T& out, std::int64_t value) noexcept {
  return store_int(out, value);
}

}  // namespace pyaot::numpy
