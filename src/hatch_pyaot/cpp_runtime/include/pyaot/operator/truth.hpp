#pragma once
// operator.truth: bool(a).

#include <cstdint>

#include "pyaot/none.hpp"

namespace pyaot::op {

inline bool truth(bool a) noexcept { return a; }

inline bool truth(std::int64_t a) noexcept { return a != 0; }

inline bool truth(double a) noexcept { return a != 0.0; }  // nan is true

inline bool truth(None) noexcept { return false; }

}  // namespace pyaot::op
