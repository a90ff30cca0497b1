#pragma once
// operator.lshift: a << b.

#include <cstdint>

#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool lshift(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  return pyaot::detail::int_lshift(out, a, b);
}

}  // namespace pyaot::op
