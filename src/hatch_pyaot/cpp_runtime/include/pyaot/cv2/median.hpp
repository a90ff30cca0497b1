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
#include "pyaot/cv2/simd.hpp"

namespace pyaot::cv2 {

namespace detail {

/// median3's rows: `row(sy)` is source row sy padded by one pixel each side.
template <int CN, class T, class Row>
[[gnu::always_inline]] inline void median3_rows(T* dst, std::int64_t rows, std::int64_t width,
                                                const std::int64_t* ys, const Row& row,
                                                std::int64_t channels = CN) noexcept {
  const std::int64_t cn = CN > 0 ? CN : channels;
  for (std::int64_t y = 0; y < rows; ++y, dst += width) {
    const T* __restrict r0 = row(ys[y]);
    const T* __restrict r1 = row(ys[y + 1]);
    const T* __restrict r2 = row(ys[y + 2]);
    T* __restrict d = dst;
    for (std::int64_t i = 0; i < width; ++i) {
      T p0 = r0[i], p1 = r0[i + cn], p2 = r0[i + 2 * cn];
      T p3 = r1[i], p4 = r1[i + cn], p5 = r1[i + 2 * cn];
      T p6 = r2[i], p7 = r2[i + cn], p8 = r2[i + 2 * cn];
      auto sort = [](T& a, T& b) PYAOT_CV2_INLINE {
        const T lo = std::min(a, b), hi = std::max(a, b);
        a = lo;
        b = hi;
      };
      sort(p1, p2); sort(p4, p5); sort(p7, p8); sort(p0, p1); sort(p3, p4); sort(p6, p7);
      sort(p1, p2); sort(p4, p5); sort(p7, p8); sort(p0, p3); sort(p5, p8); sort(p4, p7);
      sort(p3, p6); sort(p1, p4); sort(p2, p5); sort(p4, p7); sort(p4, p2); sort(p6, p4);
      sort(p4, p2);
      d[i] = p4;
    }
  }
}

/// 3x3 medians a row at a time: the three source rows padded (each once, in a ring of
/// three), the nine neighbours of every element read from them and sorted by a 19-exchange
/// network of min/max (one loop over the row, which vectorizes); the middle one is the median.
template <class T>
void median3(T* dst, const Image<T>& img, const std::vector<std::int64_t>& xs,
             const std::vector<std::int64_t>& ys) {
  const std::int64_t cn = img.cn, width = img.cols * cn, padded = width + 2 * cn;
  std::vector<T> ring(static_cast<std::size_t>(3 * padded));
  std::int64_t held[3] = {-1, -1, -1};
  const std::vector<T> unused = fill_pixel(cn, T(0));  // replicated borders never read it
  auto row = [&](std::int64_t sy) PYAOT_CV2_INLINE -> const T* {
    T* p = ring.data() + (sy % 3) * padded;
    if (held[sy % 3] != sy) {
      held[sy % 3] = sy;
      pad_row(p, img.row(sy), img.cols, cn, 1, 1, xs.data(), unused.data());
    }
    return p;
  };
  vectorized([&]() PYAOT_CV2_INLINE {
    switch (cn) {  // the channel count fixed, so that the neighbours' offsets are constants
      case 1: median3_rows<1>(dst, img.rows, width, ys.data(), row); break;
      case 3: median3_rows<3>(dst, img.rows, width, ys.data(), row); break;
      case 4: median3_rows<4>(dst, img.rows, width, ys.data(), row); break;
      default: median3_rows<0>(dst, img.rows, width, ys.data(), row, cn);
    }
  });
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
