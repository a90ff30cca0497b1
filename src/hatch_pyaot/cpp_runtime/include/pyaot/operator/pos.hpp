#pragma once
// operator.pos: +a (the identity on int and float; +True is 1).

#include <cstdint>

namespace pyaot::op {

inline std::int64_t pos(std::int64_t a) noexcept { return a; }

inline double pos(double a) noexcept { return a; }

}  // namespace pyaot::op
