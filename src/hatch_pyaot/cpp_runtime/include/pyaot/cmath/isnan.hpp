#pragma once
// cmath.isnan (`isnan_`: the C library may define isnan as a macro).

#include <cmath>

#include "pyaot/builtins/complex.hpp"

namespace pyaot::cmath {

inline bool isnan_(complex z) noexcept { return std::isnan(z.real) || std::isnan(z.imag); }

}  // namespace pyaot::cmath
