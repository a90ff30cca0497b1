#pragma once
// cv2.resize INTER_CUBIC: OpenCV's Keys kernel (A = -0.75) on 4x4 neighbourhoods, edge pixels
// replicated. uint8: 11-bit horizontal coefficients summed in int32, the vertical pass in
// float scaled by 2^-22 and rounded, as OpenCV's SIMD path (DESIGN §6: within 1 LSB of cv2
// where its vector tail rounds in integers); float32 in float.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2::detail {

inline void cubic_coefficients(float x, float c[4]) noexcept {
  constexpr float A = -0.75f;
  c[0] = ((A * (x + 1) - 5 * A) * (x + 1) + 8 * A) * (x + 1) - 4 * A;
  c[1] = ((A + 2) * x - (A + 3)) * x * x + 1;
  c[2] = ((A + 2) * (1 - x) - (A + 3)) * (1 - x) * (1 - x) + 1;
  c[3] = 1.f - c[0] - c[1] - c[2];
}

/// The 11-bit coefficients, the rounding error given to the largest so that they sum to 2048.
inline void fixed_cubic(const float c[4], std::int32_t out[4]) noexcept {
  int sum = 0, big = 0;
  for (int t = 0; t < 4; ++t) {
    out[t] = static_cast<std::int32_t>(std::nearbyint(c[t] * 2048.f));
    sum += out[t];
    if (out[t] > out[big]) big = t;
  }
  out[big] += 2048 - sum;
}

template <class T>
bool resize_cubic(T* dst, const Image<T>& img, std::int64_t width, std::int64_t height,
                  double inv_x, double inv_y) noexcept {
  constexpr bool fixed = !std::is_floating_point_v<T>;
  using W = std::conditional_t<fixed, std::int32_t, float>;
  const std::int64_t cn = img.cn, row = width * cn;
  const double scale_x = 1.0 / inv_x, scale_y = 1.0 / inv_y;
  std::vector<std::int64_t> xofs(static_cast<std::size_t>(row * 4));
  std::vector<W> alpha(xofs.size());
  for (std::int64_t x = 0; x < width; ++x) {
    const float fx0 = static_cast<float>((static_cast<double>(x) + 0.5) * scale_x - 0.5);
    const std::int64_t sx = static_cast<std::int64_t>(std::floor(fx0));
    float c[4];
    cubic_coefficients(fx0 - static_cast<float>(sx), c);
    std::int32_t ic[4];
    fixed_cubic(c, ic);
    for (std::int64_t k = 0; k < cn; ++k)
      for (int t = 0; t < 4; ++t) {
        const std::size_t i = static_cast<std::size_t>((x * cn + k) * 4 + t);
        xofs[i] = std::clamp<std::int64_t>(sx - 1 + t, 0, img.cols - 1) * cn + k;
        alpha[i] = fixed ? static_cast<W>(ic[t]) : static_cast<W>(c[t]);
      }
  }
  std::vector<W> rows(static_cast<std::size_t>(row * 4));
  for (std::int64_t y = 0; y < height; ++y, dst += row) {
    const float fy0 = static_cast<float>((static_cast<double>(y) + 0.5) * scale_y - 0.5);
    const std::int64_t sy = static_cast<std::int64_t>(std::floor(fy0));
    float beta[4];
    cubic_coefficients(fy0 - static_cast<float>(sy), beta);
    for (int t = 0; t < 4; ++t) {
      const T* s = img.row(std::clamp<std::int64_t>(sy - 1 + t, 0, img.rows - 1));
      W* h = rows.data() + t * row;
      for (std::int64_t i = 0; i < row; ++i) {
        const std::int64_t* o = xofs.data() + i * 4;
        const W* a = alpha.data() + i * 4;
        h[i] = static_cast<W>(s[o[0]]) * a[0] + static_cast<W>(s[o[1]]) * a[1] +
               static_cast<W>(s[o[2]]) * a[2] + static_cast<W>(s[o[3]]) * a[3];
      }
    }
    if constexpr (fixed) {
      std::int32_t b[4];
      fixed_cubic(beta, b);
      for (std::int64_t i = 0; i < row; ++i) {
        const std::int64_t v = std::int64_t{rows[i]} * b[0] + rows[row + i] * b[1] + rows[2 * row + i] * b[2] +
                               rows[3 * row + i] * b[3];
        dst[i] = saturate_int<T>((v + (1 << 21)) >> 22);
      }
    } else {
      for (std::int64_t i = 0; i < row; ++i)
        dst[i] = rows[i] * beta[0] + rows[row + i] * beta[1] + rows[2 * row + i] * beta[2] +
                 rows[3 * row + i] * beta[3];
    }
  }
  return true;
}

}  // namespace pyaot::cv2::detail
