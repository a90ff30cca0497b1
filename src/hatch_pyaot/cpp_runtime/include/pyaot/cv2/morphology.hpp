#pragma once
// cv2.getStructuringElement, cv2.erode, cv2.dilate and cv2.morphologyEx.
//
// The element is a uint8 HxW array (non-zero: in the neighbourhood); None is a 3x3 rectangle.
// With the default border (BORDER_CONSTANT and cv2's morphologyDefaultBorderValue) pixels
// outside the image are left out of the minimum or maximum; the other border modes read
// through pyaot/cv2/border.hpp. Iterations apply the operator again.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

/// cv2.getStructuringElement(shape, (kw, kh), anchor): MORPH_RECT 0, MORPH_CROSS 1,
/// MORPH_ELLIPSE 2.
inline bool get_structuring_element(numpy::ndarray<std::uint8_t, 2>& out, std::int64_t shape,
                                    std::int64_t kw, std::int64_t kh, std::int64_t ax,
                                    std::int64_t ay) noexcept {
  if (shape < 0 || shape > 2) [[unlikely]]
    return error("getStructuringElement", "shape must be MORPH_RECT, MORPH_CROSS or "
                 "MORPH_ELLIPSE");
  if (kw <= 0 || kh <= 0) [[unlikely]]
    return error("getStructuringElement", "ksize must be positive");
  if (ax < 0) ax = kw / 2;
  if (ay < 0) ay = kh / 2;
  if (kw == 1 && kh == 1) shape = 0;
  if (!numpy::empty(out, {kh, kw})) return false;
  const std::int64_t r = kh / 2, c = kw / 2;
  const double inv_r2 = r != 0 ? 1.0 / static_cast<double>(r * r) : 0;
  for (std::int64_t i = 0; i < kh; ++i) {
    std::int64_t j1 = 0, j2 = 0;
    if (shape == 0 || (shape == 1 && i == ay)) {
      j2 = kw;
    } else if (shape == 1) {
      j1 = ax;
      j2 = ax + 1;
    } else {
      const std::int64_t dy = i - r;
      if (std::abs(dy) <= r) {
        const auto dx = static_cast<std::int64_t>(
            std::nearbyint(static_cast<double>(c) *
                           std::sqrt(static_cast<double>(r * r - dy * dy) * inv_r2)));
        j1 = std::max<std::int64_t>(c - dx, 0);
        j2 = std::min<std::int64_t>(c + dx + 1, kw);
      }
    }
    for (std::int64_t j = 0; j < kw; ++j) out.data[i * kw + j] = j >= j1 && j < j2 ? 1 : 0;
  }
  return true;
}

namespace detail {

struct Element {
  std::int64_t kw = 3, kh = 3, ax = 1, ay = 1;
  std::vector<std::pair<std::int64_t, std::int64_t>> taps;  ///< (dy, dx) from the anchor
};

/// The taps of `kernel`; an empty kernel (None) is the (1 + 2 * iterations)-square
/// rectangle applied once, as OpenCV does.
inline bool element(Element& out, const numpy::ndarray<std::uint8_t, 2>& kernel,
                    std::int64_t ax, std::int64_t ay, std::int64_t& iterations,
                    const char* func) {
  const bool given = kernel.size() != 0;
  if (given) {
    out.kh = kernel.shape[0];
    out.kw = kernel.shape[1];
  } else if (iterations > 1) {
    out.kw = out.kh = 1 + 2 * iterations;
    iterations = 1;
  }
  out.ax = ax < 0 ? out.kw / 2 : ax;
  out.ay = ay < 0 ? out.kh / 2 : ay;
  if (out.ax >= out.kw || out.ay >= out.kh) [[unlikely]]
    return error(func, "the anchor must be inside the kernel");
  for (std::int64_t i = 0; i < out.kh; ++i)
    for (std::int64_t j = 0; j < out.kw; ++j)
      if (!given || kernel.data[i * kernel.strides[0] + j * kernel.strides[1]] != 0)
        out.taps.emplace_back(i - out.ay, j - out.ax);
  return true;
}

/// One erosion (`max` false) or dilation of `src` into `dst`, both rows x cols x cn.
template <class T>
void morph_once(T* dst, const T* src, std::int64_t rows, std::int64_t cols, std::int64_t cn,
                const Element& e, bool max, std::int64_t border) {
  const std::int64_t pad_l = e.ax, pad_r = e.kw - 1 - e.ax;
  const std::int64_t pad_t = e.ay, pad_b = e.kh - 1 - e.ay;
  const std::vector<std::int64_t> xs = border_table(cols, pad_l, pad_r, border);
  const std::vector<std::int64_t> ys = border_table(rows, pad_t, pad_b, border);
  const T neutral = max ? std::numeric_limits<T>::lowest()
                        : (std::is_floating_point_v<T> ? std::numeric_limits<T>::infinity()
                                                       : std::numeric_limits<T>::max());
  const std::int64_t pw = cols + pad_l + pad_r;
  const std::vector<T> fill = fill_pixel(cn, neutral);
  auto pad = [&](T* p, std::int64_t sy) {
    if (sy < 0) std::fill(p, p + pw * cn, neutral);
    else pad_row(p, src + sy * cols * cn, cols, cn, pad_l, pad_r, xs.data(), fill.data());
  };
  auto combine = [max](T* __restrict into, const T* __restrict from, std::int64_t n) {
    if (max) {
      for (std::int64_t i = 0; i < n; ++i) into[i] = std::max(into[i], from[i]);
    } else {
      for (std::int64_t i = 0; i < n; ++i) into[i] = std::min(into[i], from[i]);
    }
  };
  if (static_cast<std::int64_t>(e.taps.size()) == e.kw * e.kh) {
    // a rectangle is separable: down the kh padded rows (each padded once, in a ring of kh:
    // a row's slot is its index mod kh, as in pyaot/cv2/separable.hpp), then across kw
    const std::int64_t width = cols * cn, padded = pw * cn;
    std::vector<T> ring(static_cast<std::size_t>(e.kh * padded)), down(padded);
    std::vector<std::int64_t> held(static_cast<std::size_t>(e.kh), -2);
    auto row = [&](std::int64_t sy) -> const T* {
      const std::int64_t slot = sy < 0 ? 0 : sy % e.kh;
      T* p = ring.data() + slot * padded;
      if (held[slot] != sy) {
        held[slot] = sy;
        pad(p, sy);
      }
      return p;
    };
    for (std::int64_t r = 0; r < rows; ++r) {
      std::int64_t t = 0;
      while (t < e.kh && ys[r + t] < 0) ++t;  // rows outside the image hold the neutral value
      if (t == e.kh) {
        std::fill(dst + r * width, dst + (r + 1) * width, neutral);
        continue;
      }
      const T* first = row(ys[r + t]);
      std::copy(first, first + padded, down.data());
      for (++t; t < e.kh; ++t)
        if (ys[r + t] >= 0) combine(down.data(), row(ys[r + t]), padded);
      T* d = dst + r * width;
      std::copy(down.data(), down.data() + width, d);
      for (std::int64_t j = 1; j < e.kw; ++j) combine(d, down.data() + j * cn, width);
    }
    return;
  }
  std::vector<T> padded(static_cast<std::size_t>((rows + pad_t + pad_b) * pw * cn));
  for (std::int64_t r = 0; r < rows + pad_t + pad_b; ++r) pad(padded.data() + r * pw * cn, ys[r]);
  for (std::int64_t r = 0; r < rows; ++r)
    for (std::int64_t c = 0; c < cols; ++c)
      for (std::int64_t k = 0; k < cn; ++k) {
        T v = neutral;
        for (const auto& [dy, dx] : e.taps) {
          const T q = padded[((r + pad_t + dy) * pw + c + pad_l + dx) * cn + k];
          v = max ? std::max(v, q) : std::min(v, q);
        }
        dst[(r * cols + c) * cn + k] = v;
      }
}

template <class T>
bool morph(T* dst, const Image<T>& img, const Element& e, bool max, std::int64_t iterations,
           std::int64_t border) {
  const std::int64_t n = img.rows * img.row_size();
  if (e.taps.empty() || iterations <= 0) {  // OpenCV: no neighbourhood, the image itself
    std::copy(img.data, img.data + n, dst);
    return true;
  }
  std::vector<T> scratch;
  const T* from = img.data;
  for (std::int64_t i = 0; i < iterations; ++i) {
    if (i > 0) {
      scratch.assign(dst, dst + n);
      from = scratch.data();
    }
    morph_once(dst, from, img.rows, img.cols, img.cn, e, max, border);
  }
  return true;
}

}  // namespace detail

/// cv2.erode/cv2.dilate/cv2.morphologyEx: op 0 ERODE, 1 DILATE, 2 OPEN, 3 CLOSE, 4 GRADIENT,
/// 5 TOPHAT, 6 BLACKHAT. An empty `kernel` (None): the 3x3 rectangle.
template <class T, int N>
bool morphology(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src, std::int64_t op,
                const numpy::ndarray<std::uint8_t, 2>& kernel, std::int64_t ax, std::int64_t ay,
                std::int64_t iterations, std::int64_t border) noexcept {
  const char* func = op == 0 ? "erode" : op == 1 ? "dilate" : "morphologyEx";
  Image<T> img;
  if (!image(img, src, func) || !border_mode(border, func)) return false;
  if (op < 0 || op > 6) [[unlikely]]
    return error(func, "op must be MORPH_ERODE, DILATE, OPEN, CLOSE, GRADIENT, TOPHAT or "
                 "BLACKHAT");
  detail::Element e;
  if (!detail::element(e, kernel, ax, ay, iterations, func)) return false;
  if (!result(out, img.rows, img.cols, img.cn)) return false;
  T* dst = out.data;
  if (op <= 1) return detail::morph(dst, img, e, op == 1, iterations, border);
  const std::int64_t n = img.rows * img.row_size();
  std::vector<T> first(static_cast<std::size_t>(n));
  Image<T> mid;
  mid.rows = img.rows;
  mid.cols = img.cols;
  mid.cn = img.cn;
  mid.data = first.data();
  if (op == 4) {  // dilate - erode
    detail::morph(first.data(), img, e, false, iterations, border);
    detail::morph(dst, img, e, true, iterations, border);
    for (std::int64_t i = 0; i < n; ++i)
      dst[i] = saturate_diff(dst[i], first[i]);
    return true;
  }
  const bool open = op == 2 || op == 5;
  detail::morph(first.data(), img, e, !open, iterations, border);
  detail::morph(dst, mid, e, open, iterations, border);
  if (op == 5)
    for (std::int64_t i = 0; i < n; ++i) dst[i] = saturate_diff(img.data[i], dst[i]);
  if (op == 6)
    for (std::int64_t i = 0; i < n; ++i) dst[i] = saturate_diff(dst[i], img.data[i]);
  return true;
}

}  // namespace pyaot::cv2
