#pragma once
// operator.mod: a % b, with the sign of b.

#include <cstdint>

#include "pyaot/operator/float_common.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool mod(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  return pyaot::detail::int_mod(out, a, b);
}

inline bool mod(double& out, double a, double b) noexcept {
  return pyaot::detail::float_mod(out, a, b);
}

}  // namespace pyaot::op
