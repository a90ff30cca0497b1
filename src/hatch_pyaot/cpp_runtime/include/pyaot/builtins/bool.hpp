#pragma once
// builtins.bool(x). `bool` is a C++ keyword, hence to_bool.

#include <cstdint>

#include "pyaot/none.hpp"

namespace pyaot::builtins {

inline bool to_bool() noexcept { return false; }

inline bool to_bool(bool x) noexcept { return x; }

inline bool to_bool(std::int64_t x) noexcept { return x != 0; }

inline bool to_bool(double x) noexcept { return x != 0.0; }  // bool(nan) is True

inline bool to_bool(None) noexcept { return false; }

}  // namespace pyaot::builtins
