#pragma once
// operator.rshift: a >> b (arithmetic; counts >= 64 give 0 or -1).

#include <cstdint>

#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool rshift(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  return pyaot::detail::int_rshift(out, a, b);
}

}  // namespace pyaot::op
