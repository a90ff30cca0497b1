#pragma once
// cv2.filter2D(src, ddepth, kernel, anchor, delta, borderType): the correlation of the image
// with a 2-d kernel (not flipped, as OpenCV), summed in double, plus delta, saturated to the
// result's dtype. OpenCV sums uint8 in float (and kernels of 130 taps or more through the
// DFT): within 1 LSB of cv2 there, exact for kernels whose sums are exact in float.

#include <cstdint>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

template <class D, class T, int N, class K>
bool filter2d(numpy::ndarray<D, N>& out, const numpy::ndarray<T, N>& src,
              const numpy::ndarray<K, 2>& kernel, std::int64_t ax, std::int64_t ay,
              double delta, std::int64_t border) noexcept {
  Image<T> img;
  if (!image(img, src, "filter2D") || !border_mode(border, "filter2D")) return false;
  if (border == 3) [[unlikely]] return error("filter2D", "BORDER_WRAP is not supported");
  const std::int64_t kh = kernel.shape[0], kw = kernel.shape[1];
  if (kh == 0 || kw == 0) [[unlikely]] return error("filter2D", "the kernel is empty");
  if (ax < 0) ax = kw / 2;
  if (ay < 0) ay = kh / 2;
  if (ax >= kw || ay >= kh) [[unlikely]]
    return error("filter2D", "the anchor must be inside the kernel");
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  struct Tap {
    std::int64_t dy, dx;
    double w;
  };
  std::vector<Tap> taps;
  for (std::int64_t i = 0; i < kh; ++i)
    for (std::int64_t j = 0; j < kw; ++j) {
      const double w = static_cast<double>(kernel.data[i * kernel.strides[0] + j * kernel.strides[1]]);
      if (w != 0) taps.push_back({i, j, w});
    }
  const std::int64_t cn = img.cn;
  const std::vector<std::int64_t> xs = border_table(img.cols, ax, kw - 1 - ax, border);
  const std::vector<std::int64_t> ys = border_table(img.rows, ay, kh - 1 - ay, border);
  D* dst = out.data;
  for (std::int64_t y = 0; y < img.rows; ++y)
    for (std::int64_t x = 0; x < img.cols; ++x)
      for (std::int64_t k = 0; k < cn; ++k) {
        double sum = 0;
        for (const Tap& t : taps) {
          const std::int64_t sy = ys[y + t.dy], sx = xs[x + t.dx];
          if (sy >= 0 && sx >= 0) sum += t.w * static_cast<double>(img.row(sy)[sx * cn + k]);
        }
        *dst++ = saturate<D>(sum + delta);
      }
  return true;
}

}  // namespace pyaot::cv2
