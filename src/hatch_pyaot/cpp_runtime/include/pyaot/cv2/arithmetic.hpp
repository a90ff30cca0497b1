#pragma once
// cv2.convertScaleAbs: |src * alpha + beta| saturated to uint8, computed in float as OpenCV
// does. cv2.normalize: NORM_MINMAX maps [min, max] onto [min(alpha, beta), max(alpha, beta)];
// NORM_INF, NORM_L1 and NORM_L2 scale so that the norm is alpha; the scale and shift are
// computed in double, applied in float as OpenCV's convertTo (1 LSB of cv2 on uint8 where its
// SIMD rounding differs). A uint8 image goes through a table of the 256 results
// (pyaot/cv2/table.hpp) where the result is an integer, each computed by the same formula.

#include <cmath>
#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <type_traits>

#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/table.hpp"

namespace pyaot::cv2 {

template <class T, int N>
bool convert_scale_abs(numpy::ndarray<std::uint8_t, N>& out, const numpy::ndarray<T, N>& src,
                       double alpha, double beta) noexcept {
  Image<T> img;
  if (!image(img, src, "convertScaleAbs") || !result(out, img.rows, img.cols, img.cn))
    return false;
  const float a = static_cast<float>(alpha), b = static_cast<float>(beta);
  const std::int64_t n = img.rows * img.row_size();
  if constexpr (std::is_same_v<T, std::uint8_t>) {
    // cv2 computes src * alpha + beta with one rounding (a fused multiply-add, in its SIMD
    // loop and its scalar tail alike: equal on all 256 values over thousands of alpha and
    // beta, where the product rounded first differs at ties); 256 std::fma calls
    detail::apply_table(out.data, img.data, n, [a, b](std::uint8_t v) {
      return saturate<std::uint8_t>(std::fabs(std::fma(static_cast<float>(v), a, b)));
    });
  } else {
    for (std::int64_t i = 0; i < n; ++i)
      out.data[i] = saturate<std::uint8_t>(std::fabs(static_cast<float>(img.data[i]) * a + b));
  }
  return true;
}

template <class D, class T, int N>
bool normalize(numpy::ndarray<D, N>& out, const numpy::ndarray<T, N>& src, double alpha,
               double beta, std::int64_t norm_type) noexcept {
  Image<T> img;
  if (!image(img, src, "normalize")) return false;
  const std::int64_t n = img.rows * img.row_size();
  double scale = 1, shift = 0;
  if (norm_type == 32) {
    double smin = img.data[0], smax = img.data[0];
    if constexpr (std::is_integral_v<T>) {  // in T, which vectorizes
      T lo = img.data[0], hi = img.data[0];
      const T* __restrict p = img.data;
      for (std::int64_t i = 1; i < n; ++i) {
        lo = std::min(lo, p[i]);
        hi = std::max(hi, p[i]);
      }
      smin = lo;
      smax = hi;
    } else {
      for (std::int64_t i = 1; i < n; ++i) {
        smin = std::min<double>(smin, img.data[i]);
        smax = std::max<double>(smax, img.data[i]);
      }
    }
    const double dmin = std::min(alpha, beta), dmax = std::max(alpha, beta);
    scale = (dmax - dmin) * (smax - smin > DBL_EPSILON ? 1.0 / (smax - smin) : 0.0);
    shift = dmin - smin * scale;
  } else if (norm_type == 1 || norm_type == 2 || norm_type == 4) {
    double norm = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      const double v = std::fabs(static_cast<double>(img.data[i]));
      norm = norm_type == 1 ? std::max(norm, v) : norm_type == 2 ? norm + v : norm + v * v;
    }
    if (norm_type == 4) norm = std::sqrt(norm);
    scale = norm > DBL_EPSILON ? alpha / norm : 0.0;
  } else [[unlikely]] {
    return error("normalize", "norm_type must be NORM_MINMAX, NORM_INF, NORM_L1 or NORM_L2");
  }
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  const float a = static_cast<float>(scale), b = static_cast<float>(shift);
  auto convert = [a, b](T v) { return saturate<D>(static_cast<float>(v) * a + b); };
  if constexpr (std::is_floating_point_v<D>) {  // no rounding: the loop vectorizes
    const T* __restrict s = img.data;
    D* __restrict d = out.data;
    for (std::int64_t i = 0; i < n; ++i) d[i] = static_cast<D>(static_cast<float>(s[i]) * a + b);
  } else if constexpr (std::is_same_v<T, std::uint8_t>) {
    detail::apply_table(out.data, img.data, n, convert);
  } else {
    for (std::int64_t i = 0; i < n; ++i) out.data[i] = convert(img.data[i]);
  }
  return true;
}

}  // namespace pyaot::cv2
