#pragma once
// operator.or_: a | b (bool | bool is a bool).

#include <cstdint>

namespace pyaot::op {

inline std::int64_t or_(std::int64_t a, std::int64_t b) noexcept { return a | b; }

inline bool or_(bool a, bool b) noexcept { return a || b; }

}  // namespace pyaot::op
