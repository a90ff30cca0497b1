#pragma once
// operator.pow: a ** b. int ** int stays int (a negative exponent raises ValueError, see
// pyaot::detail::int_pow); float ** float follows CPython's float_pow.

#include <cstdint>

#include "pyaot/operator/float_common.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::op {

inline bool pow(std::int64_t& out, std::int64_t a, std::int64_t b) noexcept {
  return pyaot::detail::int_pow(out, a, b);
}

inline bool pow(double& out, double a, double b) noexcept {
  return pyaot::detail::float_pow(out, a, b);
}

}  // namespace pyaot::op
