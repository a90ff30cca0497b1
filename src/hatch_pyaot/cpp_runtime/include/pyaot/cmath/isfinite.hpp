#pragma once
// cmath.isfinite (`isfinite_`: the C library may define isfinite as a macro).

#include <cmath>

#include "pyaot/builtins/complex.hpp"

namespace pyaot::cmath {

inline bool isfinite_(complex z) noexcept { return std::isfinite(z.real) && std::isfinite(z.imag); }

}  // namespace pyaot::cmath
