#pragma once
// numpy.log1p (float32 and float64) and numpy.expm1 (float32), vectorizable (see bits.hpp).
// float32: computed in double precision from our log and exp (log.hpp, exp.hpp: within 1
// ulp of double), one rounding to float at the end, so within 1 ulp of float (nearly always
// the correctly rounded result).
//
// log1p x = log(1 + x): 1 + x is exact in double for every float x with |x| >= 2**-29, and
// below 2**-24 log1p x rounds to x itself (which keeps -0.0 and the subnormals).
// expm1 x = exp(x) - 1, which cancels to 2**-33 relative at worst for |x| >= 2**-20; below
// that x (1 + x (1/2 + x/6)), whose next term is below 2**-60 relative. Special values as
// numpy: log1p(-1) = -inf, log1p(x < -1) = nan, expm1(-inf) = -1, overflow to inf.

#include <limits>

#include "pyaot/numpy/vmath/bits.hpp"
#include "pyaot/numpy/vmath/exp.hpp"
#include "pyaot/numpy/vmath/log.hpp"

namespace pyaot::numpy::vmath {

inline float log1p(float x) noexcept {
  const std::uint32_t tiny = greater_mask(bits(0x1p-24f), magnitude_bits(x));
  return blend(tiny, x, float(log(1.0 + double(x))));
}

/// float64: u = 1 + x rounded, log1p x = log u + (x - (u - 1)) / u, the second term the first
/// order correction for u's rounding error (u - 1 is exact; the term is 0 where 1 + x is).
/// log u is within 1 ulp (nearly always correctly rounded), the correction to its last bits.
/// Below 2**-54 log1p x rounds to x (-0.0 and the subnormals stay); x = -1 gives -inf and
/// inf gives inf (the correction 0 there, not 0 / 0 or inf - inf).
inline double log1p(double x) noexcept {
  using U = std::uint64_t;
  const double u = 1.0 + x;
  const U usable = greater_mask(bits(std::numeric_limits<double>::infinity()), magnitude_bits(x)) &
                   greater_mask(bits(u), U{0});
  const double correction = blend(usable, (x - (u - 1.0)) / u, 0.0);
  const U tiny = greater_mask(bits(0x1p-54), magnitude_bits(x));
  return blend(tiny, x, log(u) + correction);
}

inline float expm1(float x) noexcept {
  const double d = double(x);
  const double series = d * (1.0 + d * (0.5 + d * (1.0 / 6.0)));
  const double formula = exp(d) - 1.0;
  const std::uint64_t small = greater_mask(bits(0x1p-20), magnitude_bits(d));
  return float(blend(small, series, formula));
}

}  // namespace pyaot::numpy::vmath
