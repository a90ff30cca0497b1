#pragma once
// cv2.adaptiveThreshold(src, maxValue, adaptiveMethod, thresholdType, blockSize, C): each
// pixel against the mean (ADAPTIVE_THRESH_MEAN_C: the box mean) or the Gaussian-weighted
// mean (ADAPTIVE_THRESH_GAUSSIAN_C) of its blockSize window minus C, the border replicated;
// 1-channel uint8 only, as OpenCV. Exact: the box mean is pyaot/cv2/smooth.hpp's; the
// Gaussian one is blurred in float32 and rounded half to even, as OpenCV does there (not its
// 8-bit fixed-point GaussianBlur: the two differ where the weighted sum ends in one half).

#include <cmath>
#include <cstdint>

#include "pyaot/cv2/smooth.hpp"

namespace pyaot::cv2 {

namespace detail {

template <int N>
bool gaussian_mean(numpy::ndarray<std::uint8_t, N>& mean, const Image<std::uint8_t>& img,
                   std::int64_t block) noexcept {
  numpy::ndarray<float, N> pixels, blurred;
  if (!result(pixels, img.rows, img.cols, 1) || !result(mean, img.rows, img.cols, 1)) {
    return false;
  }
  const std::int64_t n = img.rows * img.cols;
  for (std::int64_t i = 0; i < n; ++i) pixels.data[i] = static_cast<float>(img.data[i]);
  if (!gaussian_blur(blurred, pixels, block, block, 0, 0, 1)) return false;
  for (std::int64_t i = 0; i < n; ++i) {
    mean.data[i] = static_cast<std::uint8_t>(std::nearbyint(blurred.data[i]));
  }
  return true;
}

}  // namespace detail

template <int N>
bool adaptive_threshold(numpy::ndarray<std::uint8_t, N>& out,
                        const numpy::ndarray<std::uint8_t, N>& src, double max_value,
                        std::int64_t method, std::int64_t type, std::int64_t block,
                        double c) noexcept {
  Image<std::uint8_t> img;
  if (!image(img, src, "adaptiveThreshold")) return false;
  if (img.cn != 1) [[unlikely]]
    return error("adaptiveThreshold", "the image must have one channel (src.type() == CV_8UC1)");
  if (block % 2 != 1 || block <= 1) [[unlikely]]
    return error("adaptiveThreshold", "blockSize must be odd and greater than 1 "
                 "(blockSize % 2 == 1 && blockSize > 1)");
  if ((method != 0 && method != 1) || (type != 0 && type != 1)) [[unlikely]]
    return error("adaptiveThreshold", "unknown adaptive method or threshold type "
                 "(THRESH_BINARY or THRESH_BINARY_INV)");
  numpy::ndarray<std::uint8_t, N> mean;
  const bool ok = method == 0 ? box_filter(mean, src, block, block, -1, -1, true, 1)
                              : detail::gaussian_mean(mean, img, block);
  if (!ok || !result(out, img.rows, img.cols, 1)) return false;
  const std::int64_t n = img.rows * img.cols;
  if (max_value < 0) {
    for (std::int64_t i = 0; i < n; ++i) out.data[i] = 0;
    return true;
  }
  const std::uint8_t m = saturate<std::uint8_t>(max_value);
  const int delta = static_cast<int>(type == 0 ? std::ceil(c) : std::floor(c));
  std::uint8_t table[768];
  for (int i = 0; i < 768; ++i)
    table[i] = (type == 0 ? i - 255 > -delta : i - 255 <= -delta) ? m : 0;
  for (std::int64_t i = 0; i < n; ++i) out.data[i] = table[img.data[i] - mean.data[i] + 255];
  return true;
}

}  // namespace pyaot::cv2
