#pragma once
// cv2.resize INTER_AREA when shrinking: each output pixel the mean of the source area it
// covers. Integer factors sum the block (uint8 2x2 rounds (s + 2) >> 2, others
// round(s / area) in float, as OpenCV); other factors weigh the pixels a cell overlaps
// (OpenCV's area table) and sum in float. Enlarging with INTER_AREA raises ValueError here
// (OpenCV runs a linear variant of its own then).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2::detail {

struct AreaTap {
  std::int64_t src;
  float weight;
};

/// For each output index, the source indices the cell covers and their weights.
inline std::vector<std::vector<AreaTap>> area_table(std::int64_t src, std::int64_t dst,
                                                    double scale) {
  std::vector<std::vector<AreaTap>> table(static_cast<std::size_t>(dst));
  for (std::int64_t d = 0; d < dst; ++d) {
    const double fs1 = static_cast<double>(d) * scale, fs2 = fs1 + scale;
    const double cell = std::min(scale, static_cast<double>(src) - fs1);
    std::int64_t s1 = static_cast<std::int64_t>(std::ceil(fs1));
    std::int64_t s2 = static_cast<std::int64_t>(std::floor(fs2));
    s2 = std::min(s2, src - 1);
    s1 = std::min(s1, s2);
    auto& taps = table[d];
    if (static_cast<double>(s1) - fs1 > 1e-3)
      taps.push_back({s1 - 1, static_cast<float>((static_cast<double>(s1) - fs1) / cell)});
    for (std::int64_t s = s1; s < s2; ++s) taps.push_back({s, static_cast<float>(1.0 / cell)});
    if (fs2 - static_cast<double>(s2) > 1e-3)
      taps.push_back({s2, static_cast<float>(
                              std::min(std::min(fs2 - static_cast<double>(s2), 1.0), cell) /
                              cell)});
  }
  return table;
}

template <class T>
bool resize_area(T* dst, const Image<T>& img, std::int64_t width, std::int64_t height,
                 double inv_x, double inv_y) noexcept {
  const double scale_x = 1.0 / inv_x, scale_y = 1.0 / inv_y;
  if (scale_x < 1 || scale_y < 1) [[unlikely]]
    return error("resize", "INTER_AREA enlarging an image is not supported here");
  const std::int64_t cn = img.cn;
  const auto ix = static_cast<std::int64_t>(std::nearbyint(scale_x));
  const auto iy = static_cast<std::int64_t>(std::nearbyint(scale_y));
  if (std::fabs(scale_x - ix) < 1e-12 && std::fabs(scale_y - iy) < 1e-12) {
    const std::int64_t area = ix * iy;
    const float inv = 1.f / static_cast<float>(area);
    for (std::int64_t y = 0; y < height; ++y)
      for (std::int64_t x = 0; x < width; ++x)
        for (std::int64_t k = 0; k < cn; ++k) {
          double sum = 0;
          std::int64_t count = 0;  // a block past the last row or column: its pixels inside
          for (std::int64_t a = 0; a < iy && y * iy + a < img.rows; ++a) {
            const T* s = img.row(y * iy + a);
            for (std::int64_t b = 0; b < ix && x * ix + b < img.cols; ++b, ++count)
              sum += static_cast<double>(s[(x * ix + b) * cn + k]);
          }
          T& out = dst[(y * width + x) * cn + k];
          if (count != area) {  // OpenCV averages what is there
            if constexpr (std::is_floating_point_v<T>) {
              out = static_cast<T>(static_cast<float>(sum) / static_cast<float>(count));
            } else {
              out = saturate<T>(static_cast<float>(sum) / static_cast<float>(count));
            }
          } else if constexpr (std::is_floating_point_v<T>) {
            out = static_cast<T>(static_cast<float>(sum) * inv);
          } else if (ix == 2 && iy == 2) {
            out = static_cast<T>((static_cast<std::int64_t>(sum) + 2) >> 2);
          } else {
            out = saturate<T>(static_cast<float>(sum) * inv);
          }
        }
    return true;
  }
  const auto xs = area_table(img.cols, width, scale_x), ys = area_table(img.rows, height, scale_y);
  for (std::int64_t y = 0; y < height; ++y)
    for (std::int64_t x = 0; x < width; ++x)
      for (std::int64_t k = 0; k < cn; ++k) {
        float sum = 0;
        for (const AreaTap& ty : ys[y]) {
          const T* s = img.row(ty.src);
          float row = 0;
          for (const AreaTap& tx : xs[x]) row += static_cast<float>(s[tx.src * cn + k]) * tx.weight;
          sum += row * ty.weight;
        }
        dst[(y * width + x) * cn + k] = saturate<T>(sum);
      }
  return true;
}

}  // namespace pyaot::cv2::detail
