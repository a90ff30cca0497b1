#pragma once
// cv2.flip and cv2.rotate: pixels moved whole, the same for every dtype.

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/simd.hpp"

namespace pyaot::cv2 {

namespace detail {

/// A row's pixels in reverse order; CN > 0 fixes the channel count when it compiles.
template <int CN, class T>
[[gnu::always_inline]] inline void mirror(T* __restrict d, const T* __restrict s,
                                          std::int64_t cols, std::int64_t cn) noexcept {
  const std::int64_t c_n = CN > 0 ? CN : cn;
  std::int64_t c = 0;
#if PYAOT_CV2_SHUFFLE
  if constexpr (CN == 3 && sizeof(T) == 1) {
    // five pixels a step: the 16 bytes that end with source pixel cols-1-c, their five pixels
    // reversed by one shuffle, stored whole (the 16th byte is the next step's first)
    const auto* src = reinterpret_cast<const std::uint8_t*>(s);
    auto* dst = reinterpret_cast<std::uint8_t*>(d);
    for (; c + 6 <= cols; c += 5) {
      const bytes16 v = load16(src + 3 * (cols - 5 - c) - 1);
      store16(dst + 3 * c, PYAOT_CV2_PICK(v, 13, 14, 15, 10, 11, 12, 7, 8, 9, 4, 5, 6, 1, 2, 3, 0));
    }
  }
#endif
  for (; c < cols; ++c) {
    const T* p = s + (cols - 1 - c) * c_n;
    for (std::int64_t k = 0; k < c_n; ++k) d[c * c_n + k] = p[k];
  }
}

/// A quarter turn, in tiles of 32 x 32 pixels so that the column reads of a tile stay in
/// cache; CN > 0 fixes the channel count when it compiles.
template <int CN, class T>
inline void rotate90(T* __restrict out, const Image<T>& img, bool clockwise) noexcept {
  const std::int64_t cn = CN > 0 ? CN : img.cn, rows = img.rows, cols = img.cols;
  constexpr std::int64_t kTile = 32;
  for (std::int64_t r0 = 0; r0 < cols; r0 += kTile)
    for (std::int64_t c0 = 0; c0 < rows; c0 += kTile)
      for (std::int64_t r = r0; r < std::min(r0 + kTile, cols); ++r) {
        T* d = out + r * rows * cn;
        const std::int64_t sx = clockwise ? r : cols - 1 - r;
        for (std::int64_t c = c0; c < std::min(c0 + kTile, rows); ++c) {
          const T* p = img.row(clockwise ? rows - 1 - c : c) + sx * cn;
          for (std::int64_t k = 0; k < cn; ++k) d[c * cn + k] = p[k];
        }
      }
}

}  // namespace detail

/// cv2.flip(src, flipCode): 0 around the x axis (rows reversed), > 0 around the y axis
/// (columns reversed), < 0 both.
namespace detail {

/// flip's rows, in dst (a new image of img's shape).
template <class T>
[[gnu::always_inline]] inline void flip_rows(T* dst, const Image<T>& img,
                                             std::int64_t code) noexcept {
  const std::int64_t cn = img.cn, row = img.row_size(), rows = img.rows, cols = img.cols;
  for (std::int64_t r = 0; r < rows; ++r) {
    const T* s = img.row(code == 0 || code < 0 ? rows - 1 - r : r);
    T* d = dst + r * row;
    if (code == 0) {
      std::memcpy(d, s, static_cast<std::size_t>(row) * sizeof(T));
      continue;
    }
    if (cn == 3) {
      mirror<3>(d, s, cols, 3);
    } else if (cn == 1) {
      mirror<1>(d, s, cols, 1);
    } else if (cn == 4) {
      mirror<4>(d, s, cols, 4);
    } else {
      mirror<0>(d, s, cols, cn);
    }
  }
}

}  // namespace detail

template <class T, int N>
bool flip(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src,
          std::int64_t code) noexcept {
  Image<T> img;
  if (!image(img, src, "flip") || !result(out, img.rows, img.cols, img.cn)) return false;
  T* dst = out.data;
  detail::vectorized([&]() PYAOT_CV2_INLINE { detail::flip_rows(dst, img, code); });
  return true;
}

/// cv2.rotate(src, rotateCode): 0 ROTATE_90_CLOCKWISE, 1 ROTATE_180,
/// 2 ROTATE_90_COUNTERCLOCKWISE.
template <class T, int N>
bool rotate(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src,
            std::int64_t code) noexcept {
  if (code == 1) return flip(out, src, -1);
  if (code != 0 && code != 2) [[unlikely]]
    return error("rotate", "rotateCode must be ROTATE_90_CLOCKWISE, ROTATE_180 or "
                 "ROTATE_90_COUNTERCLOCKWISE");
  Image<T> img;
  if (!image(img, src, "rotate") || !result(out, img.cols, img.rows, img.cn)) return false;
  // clockwise: out[r][c] = src[rows-1-c][r]; counterclockwise: out[r][c] = src[c][cols-1-r]
  switch (img.cn) {
    case 1: detail::rotate90<1>(out.data, img, code == 0); break;
    case 3: detail::rotate90<3>(out.data, img, code == 0); break;
    case 4: detail::rotate90<4>(out.data, img, code == 0); break;
    default: detail::rotate90<0>(out.data, img, code == 0);
  }
  return true;
}

}  // namespace pyaot::cv2
