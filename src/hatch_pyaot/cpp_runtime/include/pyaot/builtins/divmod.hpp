#pragma once
// builtins.divmod(a, b) -> (a // b, a % b).

#include <cstdint>
#include <tuple>

#include "pyaot/operator/float_common.hpp"
#include "pyaot/operator/int_common.hpp"

namespace pyaot::builtins {

inline bool divmod(std::tuple<std::int64_t, std::int64_t>& out, std::int64_t a,
                   std::int64_t b) noexcept {
  return pyaot::detail::int_divmod(std::get<0>(out), std::get<1>(out), a, b);
}

inline bool divmod(std::tuple<double, double>& out, double a, double b) noexcept {
  return pyaot::detail::float_divmod(std::get<0>(out), std::get<1>(out), a, b);
}

}  // namespace pyaot::builtins
