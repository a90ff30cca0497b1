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

namespace detail {

/// 3x3 medians a row at a time: the nine neighbours of every pixel as nine rows, sorted by a
/// 19-exchange network (min/max across whole rows, which vectorizes); the middle one is
/// the median.
template <class T>
void median3(T* dst, const Image<T>& img, const std::vector<std::int64_t>& xs,
             const std::vector<std::int64_t>& ys) {
  const std::int64_t cn = img.cn, width = img.cols * cn;
  std::vector<T> p[9];
  for (auto& v : p) v.resize(static_cast<std::size_t>(width));
  auto exchange = [width](std::vector<T>& a, std::vector<T>& b) {
    T* x = a.data();
    T* y = b.data();
    for (std::int64_t i = 0; i < width; ++i) {
      const T lo = std::min(x[i], y[i]), hi = std::max(x[i], y[i]);
      x[i] = lo;
      y[i] = hi;
    }
  };
  static constexpr int kNetwork[19][2] = {{1, 2}, {4, 5}, {7, 8}, {0, 1}, {3, 4}, {6, 7},
                                          {1, 2}, {4, 5}, {7, 8}, {0, 3}, {5, 8}, {4, 7},
                                          {3, 6}, {1, 4}, {2, 5}, {4, 7}, {4, 2}, {6, 4},
                                          {4, 2}};
  for (std::int64_t y = 0; y < img.rows; ++y, dst += width) {
    for (int i = 0; i < 3; ++i) {
      const T* row = img.row(ys[y + i]);
      for (int j = 0; j < 3; ++j) {
        T* q = p[i * 3 + j].data();
        for (std::int64_t c = 0; c < img.cols; ++c)
          for (std::int64_t k = 0; k < cn; ++k) q[c * cn + k] = row[xs[c + j] * cn + k];
      }
    }
    for (const auto& [a, b] : kNetwork) exchange(p[a], p[b]);
    std::copy(p[4].begin(), p[4].end(), dst);
  }
}

}  // namespace detail

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
  if (ksize == 3) {
    detail::median3(out.data, img, xs, ys);
    return true;
  }
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
