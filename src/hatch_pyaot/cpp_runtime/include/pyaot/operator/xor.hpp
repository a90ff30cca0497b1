#pragma once
// operator.xor: a ^ b (bool ^ bool is a bool). `xor` is a C++ keyword, hence xor_.

#include <cstdint>

namespace pyaot::op {

inline std::int64_t xor_(std::int64_t a, std::int64_t b) noexcept { return a ^ b; }

inline bool xor_(bool a, bool b) noexcept { return a != b; }

}  // namespace pyaot::op
