#pragma once
// operator.truediv: a / b (always a float; int / int is correctly rounded like CPython).

#include <cstdint>

#include "pyaot/operator/float_common.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool truediv(double& out, std::int64_t a, std::int64_t b) noexcept {
  return pyaot::detail::int_truediv(out, a, b);
}

inline bool truediv(double& out, double a, double b) noexcept {
  return pyaot::detail::float_div(out, a, b);
}

}  // namespace pyaot::op
