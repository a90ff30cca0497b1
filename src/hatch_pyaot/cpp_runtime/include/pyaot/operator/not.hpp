#pragma once
// operator.not_: not a.

#include <cstdint>

#include "pyaot/none.hpp"

namespace pyaot::op {

inline bool not_(bool a) noexcept { return !a; }

inline bool not_(std::int64_t a) noexcept { return a == 0; }

inline bool not_(double a) noexcept { return a == 0.0; }  // not nan is False

inline bool not_(None) noexcept { return true; }

}  // namespace pyaot::op
