#pragma once
// cv2.cvtColor's colour spaces for three-channel images: BGR/RGB -> HSV, BGR/RGB <-> YCrCb and
// BGR/RGB <-> YUV. uint8 is OpenCV's fixed point (14-bit YCrCb/YUV coefficients, HSV by its
// 12-bit division tables), equal to cv2 over all 16.7M colours; float32 uses OpenCV's float
// coefficients (H in degrees, S and V in [0, 1]).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/simd.hpp"

namespace pyaot::cv2 {

namespace detail {

inline constexpr int kYuvShift = 14;

[[gnu::always_inline]] inline int descale(int x) noexcept { return (x + (1 << (kYuvShift - 1))) >> kYuvShift; }

/// OpenCV's integer and float coefficients of one luma/chroma space: Y from B, G, R; the first
/// and second chroma channels from (R - Y) and (B - Y) (YCrCb) or (B - Y) and (R - Y) (YUV);
/// and back.
struct Luma {
  int to_first, to_second;      ///< chroma scale, 14-bit
  float to_first_f, to_second_f;
  bool red_first;               ///< YCrCb: Cr (from R) first; YUV: U (from B) first
  int r_from, g_from_first, g_from_second, b_from;  ///< the inverse, 14-bit
  float r_from_f, g_from_first_f, g_from_second_f, b_from_f;
};

inline constexpr Luma kYCrCb{11682, 9241, 0.713f, 0.564f, true,
                             22987, -11698, -5636, 29049, 1.403f, -0.714f, -0.344f, 1.773f};
inline constexpr Luma kYUV{8061, 14369, 0.492f, 0.877f, false,
                           18678, -6472, -9519, 33292, 1.140f, -0.395f, -0.581f, 2.032f};

template <int BLUE, class T>
[[gnu::always_inline]] inline void to_luma(T* d, const T* s, const Luma& c) noexcept {
  const T b = s[BLUE], g = s[1], r = s[BLUE ^ 2];
  if constexpr (std::is_floating_point_v<T>) {
    const float y = b * 0.114f + g * 0.587f + r * 0.299f;
    const float first = c.red_first ? r - y : b - y, second = c.red_first ? b - y : r - y;
    d[0] = y;
    d[1] = first * c.to_first_f + 0.5f;
    d[2] = second * c.to_second_f + 0.5f;
  } else {
    const int y = descale(b * 1868 + g * 9617 + r * 4899);
    const int first = c.red_first ? r - y : b - y, second = c.red_first ? b - y : r - y;
    constexpr int delta = 128 << kYuvShift;
    d[0] = saturate_int<T>(y);
    d[1] = saturate_int<T>(descale(first * c.to_first + delta));
    d[2] = saturate_int<T>(descale(second * c.to_second + delta));
  }
}

template <int BLUE, class T>
[[gnu::always_inline]] inline void from_luma(T* d, const T* s, const Luma& c) noexcept {
  constexpr int blue = BLUE;
  const int red_at = c.red_first ? 1 : 2, blue_at = 3 - red_at;
  if constexpr (std::is_floating_point_v<T>) {
    const float y = s[0], cr = s[red_at] - 0.5f, cb = s[blue_at] - 0.5f;
    const float first = c.red_first ? cr : cb, second = c.red_first ? cb : cr;
    d[blue] = y + cb * c.b_from_f;
    d[1] = y + first * c.g_from_first_f + second * c.g_from_second_f;
    d[blue ^ 2] = y + cr * c.r_from_f;
  } else {
    const int y = s[0], cr = s[red_at] - 128, cb = s[blue_at] - 128;
    // g's coefficients are written for (Cr, Cb) in YCrCb and (U, V) in YUV
    const int first = c.red_first ? cr : cb, second = c.red_first ? cb : cr;
    d[blue] = saturate_int<T>(y + descale(cb * c.b_from));
    d[1] = saturate_int<T>(y + descale(first * c.g_from_first + second * c.g_from_second));
    d[blue ^ 2] = saturate_int<T>(y + descale(cr * c.r_from));
  }
}

struct HsvTables {
  int sdiv[256];
  int hdiv[256];
  HsvTables() noexcept {
    sdiv[0] = hdiv[0] = 0;
    for (int i = 1; i < 256; ++i) {
      sdiv[i] = static_cast<int>(std::nearbyint((255 << 12) / (1.0 * i)));
      hdiv[i] = static_cast<int>(std::nearbyint((180 << 12) / (6.0 * i)));
    }
  }
};

inline const HsvTables& hsv_tables() noexcept {
  static const HsvTables tables;
  return tables;
}

/// `tables`: hsv_tables(), read once by the caller (a function-local static is a guarded
/// load, which keeps a loop from vectorizing).
template <int BLUE, class T>
[[gnu::always_inline]] inline void to_hsv(T* d, const T* s, const HsvTables& tables) noexcept {
  const T b = s[BLUE], g = s[1], r = s[BLUE ^ 2];
  if constexpr (std::is_floating_point_v<T>) {
    const float v = std::max(std::max(b, g), r), vmin = std::min(std::min(b, g), r);
    const float diff = v - vmin;
    const float sat = diff / (std::fabs(v) + std::numeric_limits<float>::epsilon());
    const float k = 60.f / (diff + std::numeric_limits<float>::epsilon());
    float h = v == r ? (g - b) * k : v == g ? (b - r) * k + 120.f : (r - g) * k + 240.f;
    if (h < 0) h += 360.f;
    d[0] = h;
    d[1] = sat;
    d[2] = v;
  } else {
    const int v = std::max(std::max(b, g), r), vmin = std::min(std::min(b, g), r);
    const int diff = v - vmin;
    const int sat = (diff * tables.sdiv[v] + (1 << 11)) >> 12;
    // v == r ? g - b : v == g ? b - r + 2 * diff : r - g + 4 * diff, by masks (branches on
    // random colours mispredict, and masks vectorize)
    const int is_r = -static_cast<int>(v == r), is_g = -static_cast<int>(v == g) & ~is_r;
    int h = (is_r & (g - b)) | (is_g & (b - r + 2 * diff)) | (~(is_r | is_g) & (r - g + 4 * diff));
    h = (h * tables.hdiv[diff] + (1 << 11)) >> 12;
    h += (h >> 31) & 180;  // h < 0: h + 180
    d[0] = static_cast<T>(h);
    d[1] = static_cast<T>(sat);
    d[2] = static_cast<T>(v);
  }
}

}  // namespace detail

namespace detail {

/// The pixels of one code, RGB's when BLUE is 2; one loop over them, run by vectorized().
template <int BLUE, class T>
inline void colour_space_n(T* dst, const T* src, std::int64_t n, std::int64_t code) noexcept {
  const HsvTables& tables = hsv_tables();
  vectorized([&]() PYAOT_CV2_INLINE {
    T* __restrict d = dst;
    const T* __restrict s = src;
    const std::int64_t n_ = n;  // a copy: a uint8 store may alias what the lambda captured
    const HsvTables t = tables;  // a local copy: the stores cannot alias it
    switch (code) {
      case 36: case 37:
        for (std::int64_t i = 0; i < n_; ++i) to_luma<BLUE>(d + 3 * i, s + 3 * i, kYCrCb);
        break;
      case 38: case 39:
        for (std::int64_t i = 0; i < n_; ++i) from_luma<BLUE>(d + 3 * i, s + 3 * i, kYCrCb);
        break;
      case 82: case 83:
        for (std::int64_t i = 0; i < n_; ++i) to_luma<BLUE>(d + 3 * i, s + 3 * i, kYUV);
        break;
      case 84: case 85:
        for (std::int64_t i = 0; i < n_; ++i) from_luma<BLUE>(d + 3 * i, s + 3 * i, kYUV);
        break;
      default:
        for (std::int64_t i = 0; i < n_; ++i) to_hsv<BLUE>(d + 3 * i, s + 3 * i, t);
    }
  });
}

}  // namespace detail

/// The colour-space codes: 36-39 YCrCb, 40/41 HSV, 82-85 YUV; `n` three-channel pixels.
template <class T>
void colour_space(T* dst, const T* src, std::int64_t n, std::int64_t code) noexcept {
  if (code & 1) detail::colour_space_n<2>(dst, src, n, code);  // the odd codes are RGB's
  else detail::colour_space_n<0>(dst, src, n, code);
}

}  // namespace pyaot::cv2
