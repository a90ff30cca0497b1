#pragma once
// cv2.Sobel(src, ddepth, dx, dy, ksize, scale, delta, borderType): OpenCV's derivative
// kernels (getDerivKernels: [-1, 0, 1] and [1, 2, 1] for ksize 3, built by repeated
// differencing and smoothing for 5 and 7; ksize 1 is [-1, 0, 1] without smoothing; -1 is
// Scharr's [-1, 0, 1] and [3, 10, 3]) applied as a separable filter, summed in float (exact
// for uint8 sources), scaled, shifted and saturated to the result's dtype.

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/separable.hpp"

namespace pyaot::cv2 {

namespace detail {

inline std::vector<float> deriv_kernel(std::int64_t order, std::int64_t ksize) {
  if (ksize == -1) {  // Scharr
    if (order == 0) return {3, 10, 3};
    return {-1, 0, 1};
  }
  if (ksize == 1 && order > 0) ksize = 3;
  if (ksize == 1) return {1};
  if (ksize == 3) {
    if (order == 0) return {1, 2, 1};
    if (order == 1) return {-1, 0, 1};
    return {1, -2, 1};
  }
  std::vector<int> k(static_cast<std::size_t>(ksize + 1), 0);
  k[0] = 1;
  for (std::int64_t i = 0; i < ksize - order - 1; ++i) {
    int old = k[0];
    for (std::int64_t j = 1; j <= ksize; ++j) {
      const int next = k[j] + k[j - 1];
      k[j - 1] = old;
      old = next;
    }
  }
  for (std::int64_t i = 0; i < order; ++i) {
    int old = -k[0];
    for (std::int64_t j = 1; j <= ksize; ++j) {
      const int next = k[j - 1] - k[j];
      k[j - 1] = old;
      old = next;
    }
  }
  return std::vector<float>(k.begin(), k.begin() + ksize);
}

}  // namespace detail

template <class D, class T, int N>
bool sobel(numpy::ndarray<D, N>& out, const numpy::ndarray<T, N>& src, std::int64_t dx,
           std::int64_t dy, std::int64_t ksize, double scale, double delta,
           std::int64_t border) noexcept {
  Image<T> img;
  if (!image(img, src, "Sobel") || !border_mode(border, "Sobel")) return false;
  if (border == 3) [[unlikely]] return error("Sobel", "BORDER_WRAP is not supported");
  const bool scharr = ksize == -1;
  if (scharr ? !((dx == 0 && dy == 1) || (dx == 1 && dy == 0))
             : (dx < 0 || dy < 0 || dx + dy == 0 || ksize <= 0 || ksize > 31 ||
                (ksize & 1) == 0 || (ksize > 1 && (dx >= ksize || dy >= ksize)) ||
                (ksize == 1 && (dx > 2 || dy > 2)))) [[unlikely]]
    return error("Sobel", "the derivative orders and ksize do not fit (ksize odd, at most "
                 "31, and larger than dx and dy; Scharr: dx + dy == 1)");
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  const std::vector<float> kx = detail::deriv_kernel(dx, ksize);
  const std::vector<float> ky = detail::deriv_kernel(dy, ksize);
  const std::int64_t ax = static_cast<std::int64_t>(kx.size()) / 2;
  const std::int64_t ay = static_cast<std::int64_t>(ky.size()) / 2;
  if constexpr (std::is_same_v<T, std::uint8_t> && std::is_integral_v<D>) {
    if (scale == 1 && delta == 0 && ksize <= 7) {
      // a row's sums are at most 255 * 64 (int16), the vertical ones 255 * 64 * 64 (int32)
      const SeparableKernel<std::int16_t, std::int32_t> k{
          {kx.begin(), kx.end()}, ax, {ky.begin(), ky.end()}, ay};
      separable(out.data, img, k, border, [](std::int32_t v) PYAOT_CV2_INLINE {
        // saturated in int32 (an int64 clamp does not vectorize)
        constexpr std::int32_t lo = std::numeric_limits<D>::lowest();
        constexpr std::int32_t hi = std::numeric_limits<D>::max();
        return static_cast<D>(v < lo ? lo : v > hi ? hi : v);
      });
      return true;
    }
  }
  const SeparableKernel<float> k{kx, ax, ky, ay};
  separable(out.data, img, k, border, [scale, delta](float v) PYAOT_CV2_INLINE {
    return saturate<D>(static_cast<double>(v) * scale + delta);
  });
  return true;
}

}  // namespace pyaot::cv2
