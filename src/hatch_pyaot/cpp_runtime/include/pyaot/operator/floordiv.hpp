#pragma once
// operator.floordiv: a // b, rounding toward -inf.

#include <cstdint>

#include "pyaot/operator/float_common.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool floordiv(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  return pyaot::detail::int_floordiv(out, a, b);
}

inline bool floordiv(double& out, double a, double b) noexcept {
  return pyaot::detail::float_floordiv(out, a, b);
}

}  // namespace pyaot::op
