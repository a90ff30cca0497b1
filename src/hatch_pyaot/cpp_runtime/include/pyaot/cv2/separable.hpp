#pragma once
// A separable filter: a horizontal kernel on every source row, then a vertical one over the
// rows, borders read through pyaot/cv2/border.hpp (BORDER_CONSTANT reads 0). `A` is the
// accumulator (uint32 for OpenCV's fixed-point uint8 paths, float for float32), `finish`
// turns a vertical sum into the result element (of the result's dtype D).

#include <cstdint>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

template <class A, class T, class D, class Finish>
void separable(D* dst, const Image<T>& img, const std::vector<A>& kx, std::int64_t ax,
               const std::vector<A>& ky, std::int64_t ay, std::int64_t border,
               Finish finish) {
  const std::int64_t cn = img.cn, width = img.cols * cn;
  const std::int64_t kw = static_cast<std::int64_t>(kx.size());
  const std::int64_t kh = static_cast<std::int64_t>(ky.size());
  const std::vector<std::int64_t> xs = border_table(img.cols, ax, kw - 1 - ax, border);
  const std::vector<std::int64_t> ys = border_table(img.rows, ay, kh - 1 - ay, border);
  // horizontal pass of every source row (the vertical pass reads rows through ys)
  std::vector<A> horizontal(static_cast<std::size_t>(img.rows * width));
  std::vector<T> padded(static_cast<std::size_t>((img.cols + kw - 1) * cn));
  for (std::int64_t r = 0; r < img.rows; ++r) {
    const T* s = img.row(r);
    for (std::int64_t j = 0; j < img.cols + kw - 1; ++j)
      for (std::int64_t k = 0; k < cn; ++k)
        padded[j * cn + k] = xs[j] < 0 ? T(0) : s[xs[j] * cn + k];
    A* h = horizontal.data() + r * width;
    for (std::int64_t i = 0; i < width; ++i) h[i] = static_cast<A>(padded[i]) * kx[0];
    for (std::int64_t t = 1; t < kw; ++t) {  // tap by tap: the inner loop vectorizes
      const T* p = padded.data() + t * cn;
      const A k = kx[t];
      for (std::int64_t i = 0; i < width; ++i) h[i] += static_cast<A>(p[i]) * k;
    }
  }
  std::vector<A> sums(static_cast<std::size_t>(width));
  for (std::int64_t r = 0; r < img.rows; ++r, dst += width) {
    for (std::int64_t i = 0; i < width; ++i) sums[i] = 0;
    for (std::int64_t t = 0; t < kh; ++t) {
      const std::int64_t sy = ys[r + t];
      if (sy < 0) continue;
      const A* h = horizontal.data() + sy * width;
      const A k = ky[t];
      for (std::int64_t i = 0; i < width; ++i) sums[i] += h[i] * k;
    }
    for (std::int64_t i = 0; i < width; ++i) dst[i] = finish(sums[i]);
  }
}

}  // namespace pyaot::cv2
