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

#if PYAOT_CV2_SHUFFLE
/// Four pixels of PIX (3 or 4) bytes at p, one per 32-bit lane; WHOLE: 16 bytes may be read
/// (else a 3-byte pixel's read stops at the 12th).
template <int PIX, bool WHOLE>
[[gnu::always_inline]] inline words4 load_pixels4(const void* p) noexcept {
  words4 v;
  if constexpr (PIX == 4 || WHOLE) {
    std::memcpy(&v, p, 16);
  } else {
    std::uint64_t lo;
    std::uint32_t hi;
    std::memcpy(&lo, p, 8);
    std::memcpy(&hi, static_cast<const char*>(p) + 8, 4);
    v = words4{static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(lo >> 32), hi, 0};
  }
  if constexpr (PIX == 4) return v;
  return reinterpret_cast<words4>(PYAOT_CV2_PICK(reinterpret_cast<bytes16>(v), 0, 1, 2, 15, 3, 4,
                                                 5, 15, 6, 7, 8, 15, 9, 10, 11, 15));
}

/// The four pixels of load_pixels4's lanes, stored at p; WHOLE: 16 bytes may be written (the
/// 4 after a 3-byte pixel's 12 are written again later).
template <int PIX>
[[gnu::always_inline]] inline void store_pixels4(void* p, words4 v, bool whole) noexcept {
  if constexpr (PIX == 4) {
    std::memcpy(p, &v, 16);
  } else {
    const words4 b = reinterpret_cast<words4>(PYAOT_CV2_PICK(
        reinterpret_cast<bytes16>(v), 0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 15, 15, 15, 15));
    if (whole) {
      std::memcpy(p, &b, 16);
    } else {
      const std::uint64_t lo = b[0] | static_cast<std::uint64_t>(b[1]) << 32;
      const std::uint32_t hi = b[2];
      std::memcpy(p, &lo, 8);
      std::memcpy(static_cast<char*>(p) + 8, &hi, 4);
    }
  }
}
#endif

/// A quarter turn: out[r][c] = src[rows-1-c][r] clockwise, src[c][cols-1-r] counterclockwise.
/// In tiles of 32 x 32 result pixels, so that the column reads of a tile stay in cache; where
/// a pixel is 3 or 4 bytes, blocks of 4 x 4 pixels move as the lanes of four vectors,
/// transposed, and where it is 1 byte, blocks of 16 x 16. CN > 0 fixes the channel count when
/// it compiles.
template <int CN, class T>
[[gnu::always_inline]] inline void rotate90(T* __restrict out, const Image<T>& img,
                                            bool clockwise) noexcept {
  const std::int64_t cn = CN > 0 ? CN : img.cn, rows = img.rows, cols = img.cols;
  const std::int64_t out_row = rows * cn;
  constexpr std::int64_t kTile = 32;
  const auto move = [&](std::int64_t r, std::int64_t c) PYAOT_CV2_INLINE {
    const T* p = img.row(clockwise ? rows - 1 - c : c) + (clockwise ? r : cols - 1 - r) * cn;
    T* d = out + r * out_row + c * cn;
    for (std::int64_t k = 0; k < cn; ++k) d[k] = p[k];
  };
  for (std::int64_t r0 = 0; r0 < cols; r0 += kTile)
    for (std::int64_t c0 = 0; c0 < rows; c0 += kTile) {
      const std::int64_t r_end = std::min(r0 + kTile, cols), c_end = std::min(c0 + kTile, rows);
      std::int64_t r = r0;
#if PYAOT_CV2_SHUFFLE
      constexpr int kPix = CN * static_cast<int>(sizeof(T));
      if constexpr (kPix == 3 || kPix == 4) {
        // result rows r..r+3 are source columns x..x+3 (reversed counterclockwise)
        const std::int64_t step = clockwise ? -img.row_size() : img.row_size();
        const auto block = [&]<bool WHOLE>(std::int64_t r, std::int64_t c, std::int64_t x)
            PYAOT_CV2_INLINE {
          const T* s = img.row(clockwise ? rows - 1 - c : c) + x * CN;
          words4 a0 = load_pixels4<kPix, WHOLE>(s), a1 = load_pixels4<kPix, WHOLE>(s + step);
          words4 a2 = load_pixels4<kPix, WHOLE>(s + 2 * step);
          words4 a3 = load_pixels4<kPix, WHOLE>(s + 3 * step);
          transpose4(a0, a1, a2, a3);
          T* d = out + r * out_row + c * CN;
          const bool whole = c + 6 <= rows;  // pixels c+4 and c+5 are moved later
          store_pixels4<kPix>(d, clockwise ? a0 : a3, whole);
          store_pixels4<kPix>(d + out_row, clockwise ? a1 : a2, whole);
          store_pixels4<kPix>(d + 2 * out_row, clockwise ? a2 : a1, whole);
          store_pixels4<kPix>(d + 3 * out_row, clockwise ? a3 : a0, whole);
        };
        for (; r + 4 <= r_end; r += 4) {
          const std::int64_t x = clockwise ? r : cols - 4 - r;
          std::int64_t c = c0;
          if (x + 6 <= cols) {  // 16 bytes read from pixel x stay in the row
            for (; c + 4 <= c_end; c += 4) block.template operator()<true>(r, c, x);
          } else {
            for (; c + 4 <= c_end; c += 4) block.template operator()<false>(r, c, x);
          }
          for (; c < c_end; ++c)
            for (std::int64_t j = 0; j < 4; ++j) move(r + j, c);
        }
      } else if constexpr (kPix == 1) {
        // result rows r..r+15 are source columns x..x+15 (reversed counterclockwise), moved
        // as 16 x 16 transposed bytes
        const std::int64_t step = clockwise ? -cols : cols;
        for (; r + 16 <= r_end; r += 16) {
          const std::int64_t x = clockwise ? r : cols - 16 - r;
          std::int64_t c = c0;
          for (; c + 16 <= c_end; c += 16) {
            const auto* s = reinterpret_cast<const std::uint8_t*>(
                img.row(clockwise ? rows - 1 - c : c) + x);
            bytes16 a[16];
            for (int k = 0; k < 16; ++k) a[k] = load16(s + k * step);
            transpose16(a);
            auto* d = reinterpret_cast<std::uint8_t*>(out + r * out_row + c);
            for (int j = 0; j < 16; ++j) store16(d + (clockwise ? j : 15 - j) * out_row, a[j]);
          }
          for (; c < c_end; ++c)
            for (std::int64_t j = 0; j < 16; ++j) move(r + j, c);
        }
      }
#endif
      for (; r < r_end; ++r)
        for (std::int64_t c = c0; c < c_end; ++c) move(r, c);
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
  T* dst = out.data;
  const bool clockwise = code == 0;
  detail::vectorized([&]() PYAOT_CV2_INLINE {
    switch (img.cn) {
      case 1: detail::rotate90<1>(dst, img, clockwise); break;
      case 3: detail::rotate90<3>(dst, img, clockwise); break;
      case 4: detail::rotate90<4>(dst, img, clockwise); break;
      default: detail::rotate90<0>(dst, img, clockwise);
    }
  });
  return true;
}

}  // namespace pyaot::cv2
