#pragma once
// cv2.resize(src, dsize, fx=, fy=, interpolation=): INTER_NEAREST, INTER_LINEAR, INTER_CUBIC
// and INTER_AREA. The output size is dsize (width, height), or src's times (fx, fy) rounded
// when dsize is (0, 0); the source position of output pixel x is (x + 0.5) / scale - 0.5.
//
// uint8 INTER_LINEAR is OpenCV's fixed point: 11-bit coefficients, the horizontal pass kept
// in int32, the vertical one ((r0 >> 4) * b0 >> 16) + ((r1 >> 4) * b1 >> 16) rounded by 2
// bits, as its SIMD path computes (equal to cv2's bytes). Columns past the border take the
// edge pixel with weight 1; rows past it are clamped but keep their weights, as in OpenCV.

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/simd.hpp"
#include "pyaot/cv2/resize_area.hpp"
#include "pyaot/cv2/resize_cubic.hpp"

namespace pyaot::cv2 {

namespace detail {

/// Output size and scales: dsize when given, else src's size times (fx, fy).
struct ResizePlan {
  std::int64_t width, height;
  double inv_x, inv_y;  ///< output/input, per axis
};

inline bool plan_resize(ResizePlan& out, std::int64_t src_w, std::int64_t src_h,
                        std::int64_t dw, std::int64_t dh, double fx, double fy) noexcept {
  if (dw > 0 && dh > 0) {
    out = {dw, dh, static_cast<double>(dw) / static_cast<double>(src_w),
           static_cast<double>(dh) / static_cast<double>(src_h)};
    return true;
  }
  if (dw != 0 || dh != 0) [[unlikely]]
    return error("resize", "dsize must be positive, or (0, 0) with fx and fy (!dsize.empty())");
  if (!(fx > 0) || !(fy > 0)) [[unlikely]]
    return error("resize", "fx and fy must be positive when dsize is (0, 0) "
                 "(inv_scale_x > 0)");
  out = {static_cast<std::int64_t>(std::nearbyint(static_cast<double>(src_w) * fx)),
         static_cast<std::int64_t>(std::nearbyint(static_cast<double>(src_h) * fy)), fx, fy};
  if (out.width <= 0 || out.height <= 0) [[unlikely]]
    return error("resize", "the output size is empty (!dsize.empty())");
  return true;
}

template <class T>
void resize_nearest(T* dst, const Image<T>& img, const ResizePlan& p) noexcept {
  const double ifx = 1.0 / p.inv_x, ify = 1.0 / p.inv_y;
  const std::int64_t cn = img.cn;
  std::vector<std::int64_t> xofs(static_cast<std::size_t>(p.width));
  for (std::int64_t x = 0; x < p.width; ++x)
    xofs[x] = std::min(static_cast<std::int64_t>(std::floor(x * ifx)), img.cols - 1) * cn;
  for (std::int64_t y = 0; y < p.height; ++y) {
    const std::int64_t sy = std::min(static_cast<std::int64_t>(std::floor(y * ify)),
                                     img.rows - 1);
    const T* s = img.row(sy);
    auto row = [&](auto channels) {  // the channel count a constant where it is 1, 3 or 4
      for (std::int64_t x = 0; x < p.width; ++x, dst += channels)
        for (std::int64_t k = 0; k < channels; ++k) dst[k] = s[xofs[x] + k];
    };
    if (cn == 1) row(std::integral_constant<std::int64_t, 1>{});
    else if (cn == 3) row(std::integral_constant<std::int64_t, 3>{});
    else if (cn == 4) row(std::integral_constant<std::int64_t, 4>{});
    else row(cn);
  }
}

/// Source index and the fractional position for output `d` along an axis of `size`.
inline void linear_position(std::int64_t& s, float& f, std::int64_t d, double scale) noexcept {
  f = static_cast<float>((static_cast<double>(d) + 0.5) * scale - 0.5);
  s = static_cast<std::int64_t>(std::floor(f));
  f -= static_cast<float>(s);
}

template <class T>
void resize_linear(T* dst, const Image<T>& img, const ResizePlan& p) noexcept {
  constexpr bool fixed = !std::is_floating_point_v<T>;
  using W = std::conditional_t<fixed, std::int32_t, float>;  // a coefficient
  const std::int64_t cn = img.cn, width = p.width * cn;
  const double scale_x = 1.0 / p.inv_x, scale_y = 1.0 / p.inv_y;
  // per output column (channels expanded): the two source elements and their weights
  std::vector<std::int64_t> x0(static_cast<std::size_t>(width)), x1(x0.size());
  std::vector<W> a0(x0.size()), a1(x0.size());
  for (std::int64_t x = 0; x < p.width; ++x) {
    std::int64_t sx;
    float fx;
    linear_position(sx, fx, x, scale_x);
    if (sx < 0) fx = 0, sx = 0;
    if (sx >= img.cols - 1) fx = 0, sx = img.cols - 1;
    const std::int64_t sx1 = std::min(sx + 1, img.cols - 1);
    for (std::int64_t k = 0; k < cn; ++k) {
      const std::size_t i = static_cast<std::size_t>(x * cn + k);
      x0[i] = sx * cn + k;
      x1[i] = sx1 * cn + k;
      if constexpr (fixed) {
        a0[i] = static_cast<W>(std::nearbyint((1.f - fx) * 2048.f));
        a1[i] = static_cast<W>(std::nearbyint(fx * 2048.f));
      } else {
        a0[i] = 1.f - fx;
        a1[i] = fx;
      }
    }
  }
  // the horizontal pass of two source rows, kept while consecutive output rows share them
  std::vector<W> rows[2] = {std::vector<W>(x0.size()), std::vector<W>(x0.size())};
  std::int64_t held[2] = {-1, -1};
  auto horizontal = [&](std::int64_t sy) PYAOT_CV2_INLINE -> const W* {
    for (int i = 0; i < 2; ++i)
      if (held[i] == sy) return rows[i].data();
    const int victim = held[0] <= held[1] ? 0 : 1;  // rows only go down: the older one
    const T* __restrict s = img.row(sy);
    W* __restrict h = rows[victim].data();
    const std::int64_t* __restrict i0 = x0.data();
    const std::int64_t* __restrict i1 = x1.data();
    const W* __restrict w0 = a0.data();
    const W* __restrict w1 = a1.data();
    const std::int64_t n = width;  // a copy: a uint8 store may alias what the lambda captured
    for (std::int64_t i = 0; i < n; ++i)
      h[i] = static_cast<W>(s[i0[i]]) * w0[i] + static_cast<W>(s[i1[i]]) * w1[i];
    held[victim] = sy;
    return h;
  };
  vectorized([&]() PYAOT_CV2_INLINE {
    const std::int64_t n = width;  // a copy: a uint8 store may alias what the lambda captured
    for (std::int64_t y = 0; y < p.height; ++y, dst += n) {
      std::int64_t sy;
      float fy;
      linear_position(sy, fy, y, scale_y);
      const std::int64_t r0 = std::clamp<std::int64_t>(sy, 0, img.rows - 1);
      const std::int64_t r1 = std::clamp<std::int64_t>(sy + 1, 0, img.rows - 1);
      const W* h0 = horizontal(r0);
      const W* h1 = horizontal(r1);
      if constexpr (fixed) {
        const std::int32_t b0 = static_cast<std::int32_t>(std::nearbyint((1.f - fy) * 2048.f));
        const std::int32_t b1 = static_cast<std::int32_t>(std::nearbyint(fy * 2048.f));
        constexpr std::int32_t lo = std::numeric_limits<T>::lowest();
        constexpr std::int32_t hi = std::numeric_limits<T>::max();
        const W* __restrict p0 = h0;
        const W* __restrict p1 = h1;
        T* __restrict d = dst;
        for (std::int64_t i = 0; i < n; ++i) {  // saturated in int32, which vectorizes
          const std::int32_t v =
              ((((p0[i] >> 4) * b0) >> 16) + (((p1[i] >> 4) * b1) >> 16) + 2) >> 2;
          d[i] = static_cast<T>(v < lo ? lo : v > hi ? hi : v);
        }
      } else {
        const float b0 = 1.f - fy, b1 = fy;
        const W* __restrict p0 = h0;
        const W* __restrict p1 = h1;
        T* __restrict d = dst;
        for (std::int64_t i = 0; i < n; ++i) d[i] = p0[i] * b0 + p1[i] * b1;
      }
    }
  });
}

/// Whether the plan halves both sides exactly (a scale of 2 within DBL_EPSILON), which
/// OpenCV's resize runs as INTER_AREA also when INTER_LINEAR is asked for.
inline bool halves(const ResizePlan& p) noexcept {
  return std::abs(1.0 / p.inv_x - 2.0) < DBL_EPSILON && std::abs(1.0 / p.inv_y - 2.0) < DBL_EPSILON;
}

}  // namespace detail

/// cv2.resize; `dw`/`dh` are dsize's width and height (0, 0: use fx and fy).
template <class T, int N>
bool resize(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src, std::int64_t dw,
            std::int64_t dh, double fx, double fy, std::int64_t interpolation) noexcept {
  Image<T> img;
  if (!image(img, src, "resize")) return false;
  detail::ResizePlan plan;
  if (!detail::plan_resize(plan, img.cols, img.rows, dw, dh, fx, fy)) return false;
  if (interpolation < 0 || interpolation > 3) [[unlikely]]
    return error("resize", "unknown interpolation method");
  if (!result(out, plan.height, plan.width, img.cn)) return false;
  if (plan.width == img.cols && plan.height == img.rows) {
    std::memcpy(out.data, img.data, static_cast<std::size_t>(out.size()) * sizeof(T));
    return true;
  }
  switch (interpolation) {
    case 0: detail::resize_nearest(out.data, img, plan); break;
    case 1:
      if (detail::halves(plan)) {  // OpenCV's own rule: a linear halving is an area one
        return detail::resize_area(out.data, img, plan.width, plan.height, plan.inv_x,
                                   plan.inv_y);
      }
      detail::resize_linear(out.data, img, plan);
      break;
    case 2: return detail::resize_cubic(out.data, img, plan.width, plan.height, plan.inv_x,
                                        plan.inv_y);
    default: return detail::resize_area(out.data, img, plan.width, plan.height, plan.inv_x,
                                        plan.inv_y);
  }
  return true;
}

}  // namespace pyaot::cv2
