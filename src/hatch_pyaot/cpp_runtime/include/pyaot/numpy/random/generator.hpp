#pragma once
// numpy.random.Generator's methods on a PCG64 stream (pcg64.hpp), drawing as NumPy does, so
// that a seed gives NumPy's numbers: random() from 53 bits of one draw, integers() by
// Lemire's bounded method (32-bit draws, halves of 64-bit ones, when the range fits 32 bits),
// uniform() as low + (high - low) * random(), normal() by the ziggurat (ziggurat_tables.hpp).
// Each comes as a scalar (size=None) and as an array of `shape` filled in C order; the errors
// are NumPy's, type and text.
//
//   default_rng(out, seed) / default_rng_fresh(out)              numpy.random.default_rng
//   rng_random(out, g[, shape])                                  Generator.random
//   rng_integers(out, g, low, high[, shape])                     Generator.integers (int64)
//   rng_integers_below(out, g, high[, shape])                    ... integers(high)
//   rng_uniform(out, g, low, high[, shape])                      Generator.uniform
//   rng_normal(out, g, loc, scale[, shape])                      Generator.normal
//   rng_standard_normal(out, g[, shape])                         Generator.standard_normal

#include <array>
#include <cmath>
#include <cstdint>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/random/pcg64.hpp"
#include "pyaot/numpy/random/ziggurat_tables.hpp"

namespace pyaot::numpy::random {

namespace detail {

inline std::uint32_t bounded_uint32(const Generator& g, std::uint32_t rng) noexcept {
  const std::uint32_t excl = rng + 1U;
  std::uint64_t m = static_cast<std::uint64_t>(g.next_uint32()) * excl;
  auto leftover = static_cast<std::uint32_t>(m);
  if (leftover < excl) {
    const std::uint32_t threshold = (UINT32_MAX - rng) % excl;
    while (leftover < threshold) {
      m = static_cast<std::uint64_t>(g.next_uint32()) * excl;
      leftover = static_cast<std::uint32_t>(m);
    }
  }
  return static_cast<std::uint32_t>(m >> 32);
}

inline std::uint64_t bounded_uint64(const Generator& g, std::uint64_t rng) noexcept {
  const std::uint64_t excl = rng + 1U;
  u128 m = static_cast<u128>(g.next_uint64()) * excl;
  auto leftover = static_cast<std::uint64_t>(m);
  if (leftover < excl) {
    const std::uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (leftover < threshold) {
      m = static_cast<u128>(g.next_uint64()) * excl;
      leftover = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

/// An int64 in [low, low + rng] (rng = high - 1 - low, as unsigned).
inline std::int64_t bounded(const Generator& g, std::int64_t low, std::uint64_t rng) noexcept {
  std::uint64_t draw = 0;
  if (rng == 0) {
    draw = 0;
  } else if (rng == 0xFFFFFFFFULL) {
    draw = g.next_uint32();
  } else if (rng < 0xFFFFFFFFULL) {
    draw = bounded_uint32(g, static_cast<std::uint32_t>(rng));
  } else if (rng == UINT64_MAX) {
    draw = g.next_uint64();
  } else {
    draw = bounded_uint64(g, rng);
  }
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + draw);
}

inline double standard_normal(const Generator& g) noexcept {
  for (;;) {
    std::uint64_t r = g.next_uint64();
    const int idx = static_cast<int>(r & 0xff);
    r >>= 8;
    const std::uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
    double x = static_cast<double>(rabs) * ziggurat_wi[idx];
    if (r & 1U) x = -x;
    if (rabs < ziggurat_ki[idx]) return x;
    if (idx == 0) {
      for (;;) {
        const double xx = -ziggurat_inv_r * std::log1p(-g.next_double());
        const double yy = -std::log1p(-g.next_double());
        if (yy + yy > xx * xx)
          return ((rabs >> 8) & 1U) ? -(ziggurat_r + xx) : ziggurat_r + xx;
      }
    }
    if ((ziggurat_fi[idx - 1] - ziggurat_fi[idx]) * g.next_double() + ziggurat_fi[idx] <
        std::exp(-0.5 * x * x))
      return x;
  }
}

/// out, a new array of `shape`, filled in C order with draw().
template <class T, int N, class F>
bool fill(ndarray<T, N>& out, const Shape<N>& shape, F&& draw) noexcept {
  for (std::int64_t n : shape)
    if (n < 0) [[unlikely]] return raise(Exc::ValueError, "negative dimensions are not allowed");
  if (!empty(out, shape)) return false;
  T* dst = out.data;
  for (std::int64_t i = 0, n = out.size(); i < n; ++i) dst[i] = draw();
  return true;
}

inline bool integer_bounds(std::uint64_t& rng, std::int64_t low, std::int64_t high) noexcept {
  if (low >= high) [[unlikely]] return raise(Exc::ValueError, "low >= high");
  rng = static_cast<std::uint64_t>(high) - 1U - static_cast<std::uint64_t>(low);
  return true;
}

inline bool uniform_range(double& range, double low, double high) noexcept {
  range = high - low;
  if (!std::isfinite(range)) [[unlikely]]
    return raise(Exc::OverflowError, "high - low range exceeds valid bounds");
  if (range < 0) [[unlikely]] return raise(Exc::ValueError, "high - low < 0");
  return true;
}

inline bool normal_scale(double scale) noexcept {
  if (scale < 0) [[unlikely]] return raise(Exc::ValueError, "scale < 0");
  return true;
}

}  // namespace detail

inline bool default_rng(Generator& out, std::int64_t seed) noexcept {
  if (seed < 0) [[unlikely]] return raise(Exc::ValueError, "expected non-negative integer");
  out = Generator::seeded(static_cast<std::uint64_t>(seed));
  return true;
}

inline bool default_rng_fresh(Generator& out) noexcept {
  out = Generator::fresh();
  return true;
}

inline bool rng_random(double& out, const Generator& g) noexcept {
  out = g.next_double();
  return true;
}

template <int N>
bool rng_random(ndarray<double, N>& out, const Generator& g, const Shape<N>& shape) noexcept {
  return detail::fill(out, shape, [&] { return g.next_double(); });
}

inline bool rng_integers(std::int64_t& out, const Generator& g, std::int64_t low,
                         std::int64_t high) noexcept {
  std::uint64_t rng = 0;
  if (!detail::integer_bounds(rng, low, high)) return false;
  out = detail::bounded(g, low, rng);
  return true;
}

template <int N>
bool rng_integers(ndarray<std::int64_t, N>& out, const Generator& g, std::int64_t low,
                  std::int64_t high, const Shape<N>& shape) noexcept {
  std::uint64_t rng = 0;
  if (!detail::integer_bounds(rng, low, high)) return false;
  return detail::fill(out, shape, [&] { return detail::bounded(g, low, rng); });
}

/// integers(high): [0, high).
inline bool rng_integers_below(std::int64_t& out, const Generator& g, std::int64_t high) noexcept {
  if (high <= 0) [[unlikely]] return raise(Exc::ValueError, "high <= 0");
  return rng_integers(out, g, 0, high);
}

template <int N>
bool rng_integers_below(ndarray<std::int64_t, N>& out, const Generator& g, std::int64_t high,
                        const Shape<N>& shape) noexcept {
  if (high <= 0) [[unlikely]] return raise(Exc::ValueError, "high <= 0");
  return rng_integers(out, g, 0, high, shape);
}

inline bool rng_uniform(double& out, const Generator& g, double low, double high) noexcept {
  double range = 0;
  if (!detail::uniform_range(range, low, high)) return false;
  out = low + range * g.next_double();
  return true;
}

template <int N>
bool rng_uniform(ndarray<double, N>& out, const Generator& g, double low, double high,
                 const Shape<N>& shape) noexcept {
  double range = 0;
  if (!detail::uniform_range(range, low, high)) return false;
  return detail::fill(out, shape, [&] { return low + range * g.next_double(); });
}

inline bool rng_normal(double& out, const Generator& g, double loc, double scale) noexcept {
  if (!detail::normal_scale(scale)) return false;
  out = loc + scale * detail::standard_normal(g);
  return true;
}

template <int N>
bool rng_normal(ndarray<double, N>& out, const Generator& g, double loc, double scale,
                const Shape<N>& shape) noexcept {
  if (!detail::normal_scale(scale)) return false;
  return detail::fill(out, shape, [&] { return loc + scale * detail::standard_normal(g); });
}

inline bool rng_standard_normal(double& out, const Generator& g) noexcept {
  out = detail::standard_normal(g);
  return true;
}

template <int N>
bool rng_standard_normal(ndarray<double, N>& out, const Generator& g,
                         const Shape<N>& shape) noexcept {
  return detail::fill(out, shape, [&] { return detail::standard_normal(g); });
}

}  // namespace pyaot::numpy::random
