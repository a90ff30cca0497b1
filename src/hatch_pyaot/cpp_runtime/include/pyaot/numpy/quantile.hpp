#pragma once
// numpy.percentile and numpy.quantile (the 'linear' method, all elements), their nan-ignoring
// forms, numpy.nanmedian, numpy.nanvar and numpy.nanstd (all elements, ddof), and numpy.cov
// and numpy.corrcoef of a 2-d array (rows are variables), in float64 (the compiler casts the
// array). The interpolation is numpy's _lerp: a + (b - a) * t, or b - (b - a) * (1 - t) from
// t = 0.5 on. A nan among the values makes the quantile nan; the nan forms drop them (all nan:
// nan). cov and corrcoef of one variable (NumPy's 0-d result) raise NotImplementedError.
//
//   quantile(out, a, q, scale, nan) / nanmedian(out, a) / nanvar(out, a, ddof, root)
//   cov(out, m) / corrcoef(out, m)

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/rearrange.hpp"

namespace pyaot::numpy {

namespace quantile_detail {

template <int N>
inline std::vector<double> values(const ndarray<double, N>& a, bool drop_nan, bool& has_nan) {
  std::vector<double> out;
  out.reserve(static_cast<std::size_t>(a.size()));
  has_nan = false;
  detail::for_each_element(a, [&](const double& x) {
    if (std::isnan(x)) {
      has_nan = true;
      if (drop_nan) return;
    }
    out.push_back(x);
  });
  return out;
}

inline double lerp(double a, double b, double t) noexcept {
  const double diff = b - a;
  return t >= 0.5 ? b - diff * (1.0 - t) : a + diff * t;
}

/// The q-th quantile (q in [0, 1]) of the sorted values.
inline double linear(const std::vector<double>& sorted, double q) noexcept {
  const auto n = static_cast<std::int64_t>(sorted.size());
  const double virtual_index = static_cast<double>(n - 1) * q;
  double previous = std::floor(virtual_index);
  const double gamma = virtual_index - previous;
  auto lo = static_cast<std::int64_t>(previous);
  std::int64_t hi = lo + 1;
  lo = std::clamp<std::int64_t>(lo, 0, n - 1);
  hi = std::clamp<std::int64_t>(hi, 0, n - 1);
  return lerp(sorted[static_cast<std::size_t>(lo)], sorted[static_cast<std::size_t>(hi)], gamma);
}

}  // namespace quantile_detail

/// q over `scale` (100 for percentile, 1 for quantile); nan: the nan-ignoring form.
template <int N>
bool quantile(double& out, const ndarray<double, N>& a, double q, double scale,
              bool nan) noexcept {
  if (!(q >= 0 && q <= scale)) [[unlikely]]
    return raise(Exc::ValueError, scale == 100 ? "Percentiles must be in the range [0, 100]"
                                               : "Quantiles must be in the range [0, 1]");
  const double fraction = scale == 100 ? q / 100 : q;
  bool has_nan = false;
  std::vector<double> v = quantile_detail::values(a, nan, has_nan);
  if (v.empty()) {
    if (!nan || a.size() == 0)
      return raise(Exc::IndexError, "index -1 is out of bounds for axis 0 with size 0");
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  if (has_nan && !nan) {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  std::sort(v.begin(), v.end());
  out = quantile_detail::linear(v, fraction);
  return true;
}

template <int N>
bool nanmedian(double& out, const ndarray<double, N>& a) noexcept {
  bool has_nan = false;
  std::vector<double> v = quantile_detail::values(a, true, has_nan);
  if (v.empty()) {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  const std::size_t half = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(half), v.end());
  const double upper = v[half];
  if (v.size() % 2 == 1) {
    out = upper;
    return true;
  }
  const double lower = *std::max_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(half));
  out = (lower + upper) / 2;
  return true;
}

/// nanvar (root false) or nanstd (root true) over all elements.
template <int N>
bool nanvar(double& out, const ndarray<double, N>& a, std::int64_t ddof, bool root) noexcept {
  bool has_nan = false;
  std::vector<double> v = quantile_detail::values(a, true, has_nan);
  const auto count = static_cast<double>(v.size());
  double sum = 0;
  for (double x : v) sum += x;
  const double mean = sum / count;
  double squares = 0;
  for (double x : v) squares += (x - mean) * (x - mean);
  const double dof = count - static_cast<double>(ddof);
  double var = dof <= 0 ? std::numeric_limits<double>::quiet_NaN() : squares / dof;
  if (v.empty()) var = std::numeric_limits<double>::quiet_NaN();
  out = root ? std::sqrt(var) : var;
  return true;
}

template <class F>
inline bool covariance(ndarray<double, 2>& out, const ndarray<double, 2>& m, F&& finish) noexcept {
  const std::int64_t vars = m.shape[0], obs = m.shape[1];
  if (vars == 1) [[unlikely]]  // numpy squeezes the (1, 1) result to 0-d: not this rank
    return raise(Exc::NotImplementedError, "numpy.cov() and numpy.corrcoef() of one variable "
                                           "(a 0-d result) are not supported yet");
  if (!empty(out, {vars, vars})) return false;
  std::vector<double> centered(static_cast<std::size_t>(vars * obs));
  for (std::int64_t i = 0; i < vars; ++i) {
    double sum = 0;
    for (std::int64_t k = 0; k < obs; ++k) sum += m.data[i * m.strides[0] + k * m.strides[1]];
    const double mean = sum / static_cast<double>(obs);
    for (std::int64_t k = 0; k < obs; ++k)
      centered[static_cast<std::size_t>(i * obs + k)] =
          m.data[i * m.strides[0] + k * m.strides[1]] - mean;
  }
  const double dof = static_cast<double>(obs - 1);
  for (std::int64_t i = 0; i < vars; ++i)
    for (std::int64_t j = 0; j < vars; ++j) {
      double s = 0;
      for (std::int64_t k = 0; k < obs; ++k)
        s += centered[static_cast<std::size_t>(i * obs + k)] *
             centered[static_cast<std::size_t>(j * obs + k)];
      out.data[i * vars + j] = s / dof;
    }
  finish(out.data, vars);
  return true;
}

inline bool cov(ndarray<double, 2>& out, const ndarray<double, 2>& m) noexcept {
  return covariance(out, m, [](double*, std::int64_t) {});
}

inline bool corrcoef(ndarray<double, 2>& out, const ndarray<double, 2>& m) noexcept {
  return covariance(out, m, [](double* c, std::int64_t n) {
    std::vector<double> sd(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) sd[static_cast<std::size_t>(i)] = std::sqrt(c[i * n + i]);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < n; ++j) {
        double& x = c[i * n + j];
        x = x / sd[static_cast<std::size_t>(i)] / sd[static_cast<std::size_t>(j)];
        x = std::isnan(x) ? x : std::clamp(x, -1.0, 1.0);
      }
  });
}

}  // namespace pyaot::numpy
