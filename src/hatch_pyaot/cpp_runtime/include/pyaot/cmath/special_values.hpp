#pragma once
// The results of cmath's functions for infinite and NaN parts, as CPython 3.11 gives them:
// a 7 x 7 table per function indexed by the class of the real part (row) and of the
// imaginary part (column): -inf, negative, -0, +0, positive, +inf, nan. The tables were
// measured by calling CPython's cmath on one value of each class; the cells of two finite
// classes are never read (the finite algorithm runs), nor those that depend on the finite
// part's value (each function handles them before looking here), nor those that raise.

#include <cstddef>
#include <cmath>

#include "pyaot/builtins/complex.hpp"

namespace pyaot::cmath_detail {

using table = complex[7][7];

inline int value_class(double v) noexcept {
  if (std::isnan(v)) return 6;
  if (std::isinf(v)) return v > 0 ? 5 : 0;
  if (v == 0.0) return std::signbit(v) ? 2 : 3;
  return v > 0 ? 4 : 1;
}

inline complex special(const table& t, complex z) noexcept {
  return t[static_cast<std::size_t>(value_class(z.real))]
          [static_cast<std::size_t>(value_class(z.imag))];
}

namespace values {
inline constexpr double N = NAN;
inline constexpr double I = INFINITY;
inline constexpr double P = 3.141592653589793;
inline constexpr double P2 = P / 2;
inline constexpr double P4 = P / 4;
inline constexpr double P34 = 3 * P / 4;

inline constexpr table exp_values = {
    {{0.0, 0.0}, {-0.0, -0.0}, {0.0, -0.0}, {0.0, 0.0}, {-0.0, 0.0}, {0.0, 0.0}, {0.0, 0.0}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {-I, -I}, {I, -0.0}, {I, 0.0}, {-I, I}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, -0.0}, {N, 0.0}, {N, N}, {N, N}, {N, N}},
};
inline constexpr table log_values = {
    {{I, -P34}, {I, -P}, {I, -P}, {I, P}, {I, P}, {I, P34}, {I, N}},
    {{I, -P2}, {N, N}, {N, N}, {N, N}, {N, N}, {I, P2}, {N, N}},
    {{I, -P2}, {N, N}, {N, N}, {N, N}, {N, N}, {I, P2}, {N, N}},
    {{I, -P2}, {N, N}, {N, N}, {N, N}, {N, N}, {I, P2}, {N, N}},
    {{I, -P2}, {N, N}, {N, N}, {N, N}, {N, N}, {I, P2}, {N, N}},
    {{I, -P4}, {I, -0.0}, {I, -0.0}, {I, 0.0}, {I, 0.0}, {I, P4}, {I, N}},
    {{I, N}, {N, N}, {N, N}, {N, N}, {N, N}, {I, N}, {N, N}},
};
inline constexpr table sqrt_values = {
    {{I, -I}, {0.0, -I}, {0.0, -I}, {0.0, I}, {0.0, I}, {I, I}, {N, I}},
    {{I, -I}, {N, N}, {N, N}, {N, N}, {N, N}, {I, I}, {N, N}},
    {{I, -I}, {N, N}, {N, N}, {N, N}, {N, N}, {I, I}, {N, N}},
    {{I, -I}, {N, N}, {N, N}, {N, N}, {N, N}, {I, I}, {N, N}},
    {{I, -I}, {N, N}, {N, N}, {N, N}, {N, N}, {I, I}, {N, N}},
    {{I, -I}, {I, -0.0}, {I, -0.0}, {I, 0.0}, {I, 0.0}, {I, I}, {I, N}},
    {{I, -I}, {N, N}, {N, N}, {N, N}, {N, N}, {I, I}, {N, N}},
};
inline constexpr table sinh_values = {
    {{N, N}, {I, -I}, {-I, -0.0}, {-I, 0.0}, {I, I}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {0.0, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {0.0, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {-I, -I}, {I, -0.0}, {I, 0.0}, {-I, I}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, -0.0}, {N, 0.0}, {N, N}, {N, N}, {N, N}},
};
inline constexpr table cosh_values = {
    {{N, N}, {-I, I}, {I, 0.0}, {I, -0.0}, {-I, -I}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, 0.0}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, 0.0}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {-I, -I}, {I, -0.0}, {I, 0.0}, {-I, I}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, 0.0}, {N, 0.0}, {N, N}, {N, N}, {N, N}},
};
/// rect(r, phi), by the classes of r (row) and phi (column).
inline constexpr table rect_values = {
    {{N, N}, {N, N}, {-I, 0.0}, {-I, -0.0}, {N, N}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{0.0, 0.0}, {N, N}, {N, N}, {N, N}, {N, N}, {0.0, 0.0}, {0.0, 0.0}},
    {{0.0, 0.0}, {N, N}, {N, N}, {N, N}, {N, N}, {0.0, 0.0}, {0.0, 0.0}},
    {{N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}, {N, N}},
    {{N, N}, {N, N}, {I, -0.0}, {I, 0.0}, {N, N}, {N, N}, {I, N}},
    {{N, N}, {N, N}, {N, 0.0}, {N, 0.0}, {N, N}, {N, N}, {N, N}},
};
}  // namespace values

}  // namespace pyaot::cmath_detail
