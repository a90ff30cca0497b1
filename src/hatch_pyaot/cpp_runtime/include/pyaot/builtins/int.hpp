#pragma once
// builtins.int(x). `int` is a C++ keyword, hence to_int.

#include <cstdint>

#include "pyaot/operator/int_common.hpp"

namespace pyaot::builtins {

inline std::int64_t to_int() noexcept { return 0; }

inline std::int64_t to_int(std::int64_t x) noexcept { return x; }

/// int(float): truncation; ValueError for NaN, OverflowError for infinities and outside int64.
inline bool to_int(std::int64_t& out, double x) noexcept {
  return pyaot::detail::float_to_int(out, x);
}

}  // namespace pyaot::builtins
