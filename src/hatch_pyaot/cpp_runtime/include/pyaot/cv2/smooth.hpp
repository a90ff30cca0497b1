#pragma once
// cv2.GaussianBlur, cv2.blur and cv2.boxFilter, through pyaot/cv2/separable.hpp.
//
// uint8 GaussianBlur is OpenCV's bit-exact fixed point: the kernel (its table for ksize 3
// to 9 with sigma <= 0, else exp(-x^2 / 2 sigma^2) normalized) quantized to 8 fractional bits by
// error diffusion with the centre tap taking the remainder, products summed exactly and
// rounded by 16 bits. float32 uses the kernel in float. blur/boxFilter sum in integers and
// round sum / area half up for uint8.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/separable.hpp"

namespace pyaot::cv2 {

namespace detail {

/// OpenCV's Gaussian weights of `n` taps (sigma <= 0: 0.3*((n-1)*0.5 - 1) + 0.8).
inline std::vector<double> gaussian_weights(std::int64_t n, double sigma) {
  // OpenCV's tables for 1, 3, 5, 7 and 9 taps (in 256ths)
  static const double small[5][9] = {{256}, {64, 128, 64}, {16, 64, 96, 64, 16},
                                     {8, 28, 56, 72, 56, 28, 8},
                                     {4, 13, 30, 51, 60, 51, 30, 13, 4}};
  std::vector<double> w(static_cast<std::size_t>(n));
  if (sigma <= 0 && n <= 9 && (n & 1) == 1) {
    for (std::int64_t i = 0; i < n; ++i) w[i] = small[n / 2][i] / 256.0;
    return w;
  }
  const double s = sigma > 0 ? sigma : static_cast<double>(n) * 0.15 + 0.35;
  const double scale2 = -0.125 / (s * s);  // x counts half steps: x = 2 * (i - (n - 1) / 2)
  const std::int64_t half = (n - 1) / 2;
  double sum = 0;
  for (std::int64_t i = 0, x = 1 - n; i < half; ++i, x += 2) {
    w[i] = std::exp(static_cast<double>(x * x) * scale2);
    sum += w[i];
  }
  sum = 1.0 / (sum * 2 + 1);
  for (std::int64_t i = 0; i < half; ++i) w[i] = w[n - 1 - i] = w[i] * sum;
  w[half] = sum;
  return w;
}

/// The weights in 8 fractional bits, by error diffusion, summing to exactly 256.
inline std::vector<std::uint32_t> fixed_weights(const std::vector<double>& w) {
  const std::size_t n = w.size();
  std::vector<std::uint32_t> out(n);
  double err = 0;
  std::int64_t sum = 0;
  for (std::size_t i = 0; i < n / 2; ++i) {
    const double adjusted = w[i] * 256.0 + err;
    const std::int64_t v = static_cast<std::int64_t>(std::nearbyint(adjusted));
    err = adjusted - static_cast<double>(v);
    out[i] = out[n - 1 - i] = static_cast<std::uint32_t>(v);
    sum += v;
  }
  out[n / 2] = static_cast<std::uint32_t>(256 - 2 * sum);
  return out;
}

inline bool kernel_size(std::int64_t& k, double sigma, bool is_uint8) noexcept {
  if (k <= 0 && sigma > 0)
    k = (static_cast<std::int64_t>(std::nearbyint(sigma * (is_uint8 ? 3 : 4) * 2 + 1))) | 1;
  if (k <= 0 || (k & 1) == 0) [[unlikely]]
    return error("GaussianBlur", "ksize must be positive and odd, or (0, 0) with sigma > 0 "
                 "(ksize.width > 0 && ksize.width % 2 == 1)");
  return true;
}

template <class T>
inline void copy_image(T* dst, const Image<T>& img) noexcept {
  std::memcpy(dst, img.data, static_cast<std::size_t>(img.rows * img.row_size()) * sizeof(T));
}

}  // namespace detail

/// cv2.GaussianBlur(src, (kw, kh), sigmaX, sigmaY=0, borderType=BORDER_DEFAULT).
template <class T, int N>
bool gaussian_blur(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src,
                   std::int64_t kw, std::int64_t kh, double sigma_x, double sigma_y,
                   std::int64_t border) noexcept {
  Image<T> img;
  if (!image(img, src, "GaussianBlur") || !border_mode(border, "GaussianBlur")) return false;
  if (border == 3) [[unlikely]] return error("GaussianBlur", "BORDER_WRAP is not supported");
  if (sigma_y <= 0) sigma_y = sigma_x;
  constexpr bool fixed = std::is_same_v<T, std::uint8_t>;
  if (!detail::kernel_size(kw, sigma_x, fixed) || !detail::kernel_size(kh, sigma_y, fixed))
    return false;
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  if (kw == 1 && kh == 1) {
    detail::copy_image(out.data, img);
    return true;
  }
  const std::vector<double> wx = detail::gaussian_weights(kw, sigma_x);
  const std::vector<double> wy = detail::gaussian_weights(kh, sigma_y);
  if constexpr (fixed) {
    // 8 fractional bits per pass: a row's sums are at most 255 * 256 (uint16), the vertical
    // ones 255 * 256 * 256 (uint32), all exact
    const std::vector<std::uint32_t> ix = detail::fixed_weights(wx);
    const std::vector<std::uint32_t> iy = detail::fixed_weights(wy);
    const SeparableKernel<std::uint16_t, std::uint32_t> k{
        {ix.begin(), ix.end()}, kw / 2, {iy.begin(), iy.end()}, kh / 2};
    separable(out.data, img, k, border, [](std::uint32_t v) PYAOT_CV2_INLINE {
      return static_cast<T>((v + (1u << 15)) >> 16);  // at most 255
    });
  } else {
    const SeparableKernel<float> k{{wx.begin(), wx.end()}, kw / 2, {wy.begin(), wy.end()},
                                   kh / 2};
    separable(out.data, img, k, border, [](float v) PYAOT_CV2_INLINE { return T(v); });
  }
  return true;
}

/// cv2.boxFilter(src, -1, (kw, kh), anchor=(ax, ay), normalize=, borderType=); cv2.blur is
/// the normalized one.
template <class T, int N>
bool box_filter(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src, std::int64_t kw,
                std::int64_t kh, std::int64_t ax, std::int64_t ay, bool normalize,
                std::int64_t border) noexcept {
  Image<T> img;
  if (!image(img, src, "boxFilter") || !border_mode(border, "boxFilter")) return false;
  if (border == 3) [[unlikely]] return error("boxFilter", "BORDER_WRAP is not supported");
  if (kw <= 0 || kh <= 0) [[unlikely]]
    return error("boxFilter", "ksize must be positive (ksize.width > 0 && ksize.height > 0)");
  if (ax < 0) ax = kw / 2;
  if (ay < 0) ay = kh / 2;
  if (ax >= kw || ay >= kh) [[unlikely]]
    return error("boxFilter", "the anchor must be inside the kernel");
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  const double scale = normalize ? 1.0 / static_cast<double>(kw * kh) : 1.0;
  if constexpr (std::is_floating_point_v<T>) {
    const SeparableKernel<float> k{std::vector<float>(kw, 1.f), ax, std::vector<float>(kh, 1.f),
                                   ay, true};
    separable(out.data, img, k, border, [scale](float v) PYAOT_CV2_INLINE { return static_cast<T>(v * scale); });
  } else {
    // sum / area rounded half up, as OpenCV's integer division (docs/vision.md: areas that
    // are powers of two take other paths in OpenCV)
    const std::uint64_t area = static_cast<std::uint64_t>(normalize ? kw * kh : 1);
    constexpr std::uint64_t top = std::numeric_limits<T>::max();
    if (std::is_same_v<T, std::uint8_t> && kw * kh <= 4096 && top * kw <= 65535) {
      // sums in uint16 along a row and uint32 down the columns (below 2^24); the quotient by
      // a float reciprocal, which vectorizes: (sum + area/2) * (1/area) is within 4.6e-5 of
      // the true quotient (at most 255.5), and a bias of 2^-14 lifts an exact integer
      // quotient above it without lifting any other past the next integer, as the fraction
      // of one is at most 1 - 1/area < 1 - 1.1e-4
      const float half = static_cast<float>(area / 2);
      const float reciprocal = 1.0f / static_cast<float>(area);
      const SeparableKernel<std::uint16_t, std::uint32_t> k{
          std::vector<std::uint16_t>(kw, 1), ax, std::vector<std::uint16_t>(kh, 1), ay, true};
      separable(out.data, img, k, border, [half, reciprocal](std::uint32_t v) PYAOT_CV2_INLINE {
        const float q = (static_cast<float>(static_cast<std::int32_t>(v)) + half) * reciprocal +
                        0x1p-14f;
        return static_cast<T>(static_cast<std::int32_t>(q));  // at most 255
      });
    } else {
      const SeparableKernel<std::uint64_t> k{std::vector<std::uint64_t>(kw, 1), ax,
                                             std::vector<std::uint64_t>(kh, 1), ay, true};
      separable(out.data, img, k, border, [area](std::uint64_t sum) PYAOT_CV2_INLINE {
        return saturate_int<T>(static_cast<std::int64_t>((sum + area / 2) / area));
      });
    }
  }
  return true;
}

}  // namespace pyaot::cv2
