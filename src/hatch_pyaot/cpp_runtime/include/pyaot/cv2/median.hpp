#pragma once
// cv2.medianBlur(src, ksize): the median of each ksize x ksize window, the border replicated
// (as OpenCV does). ksize 3 and 5 for uint8 and float32, larger odd sizes for uint8; exact.
// ksize 1 is a copy.

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

template <class T, int N>
bool median_blur(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src,
                 std::int64_t ksize) noexcept {
  Image<T> img;
  if (!image(img, src, "medianBlur")) return false;
  if (ksize <= 0 || (ksize & 1) == 0) [[unlikely]]
    return error("medianBlur", "ksize must be odd and positive (ksize % 2 == 1)");
  if (!std::is_same_v<T, std::uint8_t> && ksize > 5) [[unlikely]]
    return error("medianBlur", "ksize above 5 needs a uint8 image");
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  if (ksize == 1) {
    std::copy(img.data, img.data + img.rows * img.row_size(), out.data);
    return true;
  }
  const std::int64_t cn = img.cn, r = ksize / 2;
  const std::vector<std::int64_t> xs = border_table(img.cols, r, r, 1);
  const std::vector<std::int64_t> ys = border_table(img.rows, r, r, 1);
  const std::size_t half = static_cast<std::size_t>(ksize * ksize / 2);
  std::vector<T> window(static_cast<std::size_t>(ksize * ksize));
  T* dst = out.data;
  for (std::int64_t y = 0; y < img.rows; ++y)
    for (std::int64_t x = 0; x < img.cols; ++x)
      for (std::int64_t k = 0; k < cn; ++k) {
        std::size_t n = 0;
        for (std::int64_t i = 0; i < ksize; ++i) {
          const T* row = img.row(ys[y + i]);
          for (std::int64_t j = 0; j < ksize; ++j) window[n++] = row[xs[x + j] * cn + k];
        }
        std::nth_element(window.begin(), window.begin() + half, window.end());
        *dst++ = window[half];
      }
  return true;
}

}  // namespace pyaot::cv2
