#pragma once
// operator.invert: ~a (never overflows: ~a == -a - 1).

#include <cstdint>

namespace pyaot::op {

inline std::int64_t invert(std::int64_t a) noexcept { return ~a; }

}  // namespace pyaot::op
