#pragma once
// builtins.float(x). `float` is a C++ keyword, hence to_float.

#include <cstdint>

namespace pyaot::builtins {

inline double to_float() noexcept { return 0.0; }

/// float(int): the nearest float, ties to even (as PyLong_AsDouble rounds).
inline double to_float(std::int64_t x) noexcept { return static_cast<double>(x); }

inline double to_float(double x) noexcept { return x; }

}  // namespace pyaot::builtins
