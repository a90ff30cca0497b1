#pragma once
// cv2.threshold(src, thresh, maxval, type) -> (retval, dst). uint8 compares with
// floor(thresh) and writes round(maxval) saturated, as OpenCV does (retval is then the
// floored threshold); float32 compares in float. THRESH_OTSU (type | 8) picks the threshold
// from the histogram of a one-channel uint8 image by OpenCV's search over the 256 levels.

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

namespace detail {

inline double otsu(const Image<std::uint8_t>& img) noexcept {
  std::int64_t hist[256] = {};
  const std::int64_t n = img.rows * img.cols;
  for (std::int64_t i = 0; i < n; ++i) ++hist[img.data[i]];
  const double scale = 1.0 / static_cast<double>(n);
  double mu = 0;
  for (int i = 0; i < 256; ++i) mu += i * static_cast<double>(hist[i]);
  mu *= scale;
  double mu1 = 0, q1 = 0, max_sigma = 0, max_val = 0;
  for (int i = 0; i < 256; ++i) {
    const double p_i = static_cast<double>(hist[i]) * scale;
    mu1 *= q1;
    q1 += p_i;
    const double q2 = 1.0 - q1;
    if (std::min(q1, q2) < FLT_EPSILON || std::max(q1, q2) > 1.0 - FLT_EPSILON) continue;
    mu1 = (mu1 + i * p_i) / q1;
    const double mu2 = (mu - q1 * mu1) / q2;
    const double sigma = q1 * q2 * (mu1 - mu2) * (mu1 - mu2);
    if (sigma > max_sigma) {
      max_sigma = sigma;
      max_val = i;
    }
  }
  return max_val;
}

template <class T, class V>
inline T apply(T s, V t, T m, std::int64_t kind) noexcept {
  switch (kind) {
    case 0: return s > t ? m : T(0);
    case 1: return s > t ? T(0) : m;
    case 2: return s > t ? static_cast<T>(t) : s;
    case 3: return s > t ? s : T(0);
    default: return s > t ? T(0) : s;
  }
}

/// dst = threshold(src) for a threshold t inside T's range, one loop per kind.
template <class T>
inline void threshold_in_range(T* __restrict d, const T* __restrict s, std::int64_t n, T t, T m,
                               std::int64_t kind) noexcept {
  switch (kind) {
    case 0: for (std::int64_t i = 0; i < n; ++i) d[i] = s[i] > t ? m : T(0); break;
    case 1: for (std::int64_t i = 0; i < n; ++i) d[i] = s[i] > t ? T(0) : m; break;
    case 2: for (std::int64_t i = 0; i < n; ++i) d[i] = std::min(s[i], t); break;
    case 3: for (std::int64_t i = 0; i < n; ++i) d[i] = s[i] > t ? s[i] : T(0); break;
    default: for (std::int64_t i = 0; i < n; ++i) d[i] = s[i] > t ? T(0) : s[i];
  }
}

}  // namespace detail

template <class T, int N>
bool threshold(std::tuple<double, numpy::ndarray<T, N>>& out, const numpy::ndarray<T, N>& src,
               double thresh, double maxval, std::int64_t type) noexcept {
  const std::int64_t kind = type & 7, automatic = type & ~std::int64_t{7};
  if (kind > 4 || (automatic != 0 && automatic != 8)) [[unlikely]]
    return error("threshold", "unknown threshold type");
  Image<T> img;
  if (!image(img, src, "threshold")) return false;
  if (automatic == 8) {
    if constexpr (!std::is_same_v<T, std::uint8_t>) {
      return error("threshold", "THRESH_OTSU needs a 1-channel uint8 image "
                   "(src_type == CV_8UC1)");
    } else {
      if (img.cn != 1) [[unlikely]]
        return error("threshold", "THRESH_OTSU needs a 1-channel uint8 image "
                     "(src_type == CV_8UC1)");
      thresh = detail::otsu(img);
    }
  }
  numpy::ndarray<T, N>& dst = std::get<1>(out);
  if (!result(dst, img.rows, img.cols, img.cn)) return false;
  const std::int64_t n = img.rows * img.cols * img.cn;
  if constexpr (std::is_floating_point_v<T>) {
    const T t = static_cast<T>(thresh), m = static_cast<T>(maxval);
    for (std::int64_t i = 0; i < n; ++i) dst.data[i] = detail::apply(img.data[i], t, m, kind);
  } else {
    const double floored = std::floor(thresh);
    // thresholds outside 0..254 act as -1 or 255: every pixel, or none, is above
    const int t = floored < 0 ? -1 : floored > 254 ? 255 : static_cast<int>(floored);
    const T m = saturate<T>(maxval);
    if (t < 0 || t > 254) {  // every pixel above (t = -1), or none (t = 255)
      const bool above = t < 0;
      for (std::int64_t i = 0; i < n; ++i) {
        const T v = img.data[i];
        dst.data[i] = kind == 0 ? (above ? m : T(0)) : kind == 1 ? (above ? T(0) : m)
                    : kind == 3 ? (above ? v : T(0)) : (above ? T(0) : v);  // 2 caps at 0
      }
    } else {  // the comparison in T itself, which vectorizes in full-width lanes
      detail::threshold_in_range(dst.data, img.data, n, static_cast<T>(t), m, kind);
    }
    thresh = floored;
  }
  std::get<0>(out) = thresh;
  return true;
}

}  // namespace pyaot::cv2
