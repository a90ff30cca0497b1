#pragma once
// cmath.isinf (`isinf_`: the C library may define isinf as a macro).

#include <cmath>

#include "pyaot/builtins/complex.hpp"

namespace pyaot::cmath {

inline bool isinf_(complex z) noexcept { return std::isinf(z.real) || std::isinf(z.imag); }

}  // namespace pyaot::cmath
