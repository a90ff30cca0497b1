#pragma once
// cv2.Canny(image, threshold1, threshold2, apertureSize, L2gradient) on a uint8 image of any
// channel count: OpenCV's algorithm step for step, so the edges equal cv2's bit for bit.
// - Gradients dx, dy: Sobel to int16 with BORDER_REPLICATE (scaled by 1/16 for aperture 7,
//   the thresholds too); the magnitude |dx| + |dy| (or dx^2 + dy^2 against squared
//   thresholds for L2gradient); over several channels the first channel of largest magnitude.
// - Non-maximum suppression in integers: the direction is one of four sectors by comparing
//   |dy| << 15 with |dx| * round(tan(22.5 deg) * 2^15) (and tan(67.5 deg) = that + 2^16);
//   a pixel is kept when its magnitude exceeds the low threshold and is a maximum along the
//   gradient (strictly before it, or equal after it, as OpenCV compares); outside the image
//   the magnitude is 0.
// - Hysteresis: pixels above the high threshold seed a stack; kept pixels 8-connected to a
//   seed become edges (255).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "pyaot/cv2/derivatives.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

namespace detail {

/// The magnitude of each pixel (and the dx, dy it came from) from cn-channel gradients.
inline void canny_magnitude(std::vector<std::int32_t>& mag, std::vector<std::int16_t>& gx,
                            std::vector<std::int16_t>& gy, const std::int16_t* dx,
                            const std::int16_t* dy, std::int64_t n, std::int64_t cn,
                            bool l2) noexcept {
  for (std::int64_t i = 0; i < n; ++i) {
    std::int32_t best = -1;
    for (std::int64_t k = 0; k < cn; ++k) {
      const std::int32_t x = dx[i * cn + k], y = dy[i * cn + k];
      const std::int32_t m = l2 ? x * x + y * y : std::abs(x) + std::abs(y);
      if (m > best) {
        best = m;
        gx[i] = static_cast<std::int16_t>(x);
        gy[i] = static_cast<std::int16_t>(y);
      }
    }
    mag[i] = best;
  }
}

}  // namespace detail

template <int N>
bool canny(numpy::ndarray<std::uint8_t, 2>& out, const numpy::ndarray<std::uint8_t, N>& src,
           double low_thresh, double high_thresh, std::int64_t aperture, bool l2) noexcept {
  if ((aperture & 1) == 0 || aperture < 3 || aperture > 7) [[unlikely]]
    return error("Canny", "Aperture size should be odd between 3 and 7");
  Image<std::uint8_t> img;
  if (!image(img, src, "Canny")) return false;
  const double scale = aperture == 7 ? 1.0 / 16.0 : 1.0;
  low_thresh *= scale;
  high_thresh *= scale;
  if (low_thresh > high_thresh) std::swap(low_thresh, high_thresh);
  if (l2) {
    low_thresh = std::min(32767.0, low_thresh);
    high_thresh = std::min(32767.0, high_thresh);
    if (low_thresh > 0) low_thresh *= low_thresh;
    if (high_thresh > 0) high_thresh *= high_thresh;
  }
  const std::int64_t low = static_cast<std::int64_t>(std::floor(low_thresh));
  const std::int64_t high = static_cast<std::int64_t>(std::floor(high_thresh));
  numpy::ndarray<std::int16_t, N> dx, dy;
  if (!sobel(dx, src, 1, 0, aperture, scale, 0.0, 1) ||
      !sobel(dy, src, 0, 1, aperture, scale, 0.0, 1))
    return false;
  const std::int64_t rows = img.rows, cols = img.cols, n = rows * cols;
  // the magnitude with a border of zeros: (rows + 2) x (cols + 2)
  const std::int64_t step = cols + 2;
  std::vector<std::int32_t> mag(static_cast<std::size_t>(n));
  std::vector<std::int16_t> gx(static_cast<std::size_t>(n)), gy(static_cast<std::size_t>(n));
  detail::canny_magnitude(mag, gx, gy, dx.data, dy.data, n, img.cn, l2);
  std::vector<std::int32_t> padded(static_cast<std::size_t>((rows + 2) * step), 0);
  for (std::int64_t r = 0; r < rows; ++r)
    std::copy_n(mag.data() + r * cols, cols, padded.data() + (r + 1) * step + 1);
  // the map: 0 may be an edge, 1 is not, 2 is; a border of 1s stops the hysteresis
  std::vector<std::uint8_t> map(static_cast<std::size_t>((rows + 2) * step), 1);
  std::vector<std::uint8_t*> stack;
  constexpr std::int64_t tg22 = 13573;
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::int32_t* m_a = padded.data() + (r + 1) * step + 1;
    const std::int32_t* m_p = m_a - step;
    const std::int32_t* m_n = m_a + step;
    std::uint8_t* pmap = map.data() + (r + 1) * step + 1;
    for (std::int64_t c = 0; c < cols; ++c) {
      const std::int64_t m = m_a[c];
      if (m <= low) continue;
      const std::int16_t xs = gx[r * cols + c], ys = gy[r * cols + c];
      const std::int64_t x = std::abs(xs), y = static_cast<std::int64_t>(std::abs(ys)) << 15;
      const std::int64_t tg22x = x * tg22;
      bool peak;
      if (y < tg22x) {
        peak = m > m_a[c - 1] && m >= m_a[c + 1];
      } else if (y > tg22x + (x << 16)) {
        peak = m > m_p[c] && m >= m_n[c];
      } else {
        const std::int64_t s = (xs ^ ys) < 0 ? -1 : 1;
        peak = m > m_p[c - s] && m > m_n[c + s];
      }
      if (!peak) continue;
      pmap[c] = 0;
      if (m > high) {
        pmap[c] = 2;
        stack.push_back(pmap + c);
      }
    }
  }
  const std::int64_t around[8] = {-step - 1, -step, -step + 1, -1, 1, step - 1, step, step + 1};
  while (!stack.empty()) {
    std::uint8_t* p = stack.back();
    stack.pop_back();
    for (const std::int64_t d : around)
      if (p[d] == 0) {
        p[d] = 2;
        stack.push_back(p + d);
      }
  }
  if (!result(out, rows, cols, 1)) return false;
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::uint8_t* pmap = map.data() + (r + 1) * step + 1;
    for (std::int64_t c = 0; c < cols; ++c) out.data[r * cols + c] = pmap[c] == 2 ? 255 : 0;
  }
  return true;
}

}  // namespace pyaot::cv2
