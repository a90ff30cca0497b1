#pragma once
// OpenCV's border modes (cv::borderInterpolate) and cv2.copyMakeBorder.
//
//   BORDER_CONSTANT 0     iiiiii|abcdefgh|iiiiiii  (the value given)
//   BORDER_REPLICATE 1    aaaaaa|abcdefgh|hhhhhhh
//   BORDER_REFLECT 2      fedcba|abcdefgh|hgfedcb
//   BORDER_WRAP 3         cdefgh|abcdefgh|abcdefg
//   BORDER_REFLECT_101 4  gfedcb|abcdefgh|gfedcba  (BORDER_DEFAULT)

#include <cstdint>
#include <cstring>
#include <vector>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

inline constexpr int kBorderConstant = 0;

/// Whether `type` is a border mode of this table (BORDER_ISOLATED, 16, may be added; an
/// image is never a ROI of a larger one here, so it changes nothing).
inline bool border_mode(std::int64_t& type, const char* func) noexcept {
  type &= ~std::int64_t{16};
  if (type < 0 || type > 4) [[unlikely]] return error(func, "unknown border type");
  return true;
}

/// The index inside 0..len-1 that position `p` reads, or -1 (BORDER_CONSTANT outside).
inline std::int64_t border_index(std::int64_t p, std::int64_t len, std::int64_t type) noexcept {
  if (p >= 0 && p < len) return p;
  switch (type) {
    case 0: return -1;
    case 1: return p < 0 ? 0 : len - 1;
    case 3: return ((p % len) + len) % len;
    default: {
      if (len == 1) return 0;
      const std::int64_t delta = type == 4 ? 1 : 0;
      do {
        p = p < 0 ? -p - 1 + delta : len - 1 - (p - len) - delta;
      } while (p < 0 || p >= len);
      return p;
    }
  }
}

/// The source index of every position from -before to len + after - 1.
inline std::vector<std::int64_t> border_table(std::int64_t len, std::int64_t before,
                                              std::int64_t after, std::int64_t type) {
  std::vector<std::int64_t> table(static_cast<std::size_t>(len + before + after));
  for (std::int64_t i = 0; i < static_cast<std::int64_t>(table.size()); ++i)
    table[i] = border_index(i - before, len, type);
  return table;
}

/// A row of `cols` pixels of `cn` channels with `left` and `right` border pixels around it:
/// the inside copied whole, the border pixels read through `xs` (border_table(cols, left,
/// right, type)), `fill` where it says -1.
template <class T>
inline void pad_row(T* __restrict d, const T* __restrict s, std::int64_t cols, std::int64_t cn,
                    std::int64_t left, std::int64_t right, const std::int64_t* xs,
                    const T* fill) noexcept {
  std::memcpy(d + left * cn, s, static_cast<std::size_t>(cols * cn) * sizeof(T));
  auto edge = [&](std::int64_t j) {
    const std::int64_t sx = xs[j];
    for (std::int64_t k = 0; k < cn; ++k) d[j * cn + k] = sx < 0 ? fill[k] : s[sx * cn + k];
  };
  for (std::int64_t j = 0; j < left; ++j) edge(j);
  for (std::int64_t j = left + cols; j < left + cols + right; ++j) edge(j);
}

/// The `fill` of pad_row: `value` in every one of `cn` channels.
template <class T>
inline std::vector<T> fill_pixel(std::int64_t cn, T value) {
  return std::vector<T>(static_cast<std::size_t>(cn), value);
}

/// cv2.copyMakeBorder(src, top, bottom, left, right, borderType, value): `value` is cv2's
/// Scalar (a number given alone fills the first channel, the others get 0).
template <class T, int N>
bool copy_make_border(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src,
                      std::int64_t top, std::int64_t bottom, std::int64_t left,
                      std::int64_t right, std::int64_t type, double v0, double v1, double v2,
                      double v3) noexcept {
  Image<T> img;
  if (!image(img, src, "copyMakeBorder") || !border_mode(type, "copyMakeBorder")) return false;
  if (top < 0 || bottom < 0 || left < 0 || right < 0) [[unlikely]]
    return error("copyMakeBorder", "the border widths must not be negative "
                 "(top >= 0 && bottom >= 0 && left >= 0 && right >= 0)");
  const std::int64_t rows = img.rows + top + bottom, cols = img.cols + left + right;
  const std::int64_t cn = img.cn;
  if (!result(out, rows, cols, cn)) return false;
  const std::vector<std::int64_t> ys = border_table(img.rows, top, bottom, type);
  const std::vector<std::int64_t> xs = border_table(img.cols, left, right, type);
  const T fill[4] = {saturate<T>(v0), saturate<T>(v1), saturate<T>(v2), saturate<T>(v3)};
  std::vector<T> pixel(static_cast<std::size_t>(cn), T(0));
  for (std::int64_t k = 0; k < cn && k < 4; ++k) pixel[k] = fill[k];
  std::vector<T> blank(static_cast<std::size_t>(cols * cn));
  for (std::int64_t c = 0; c < cols; ++c)
    std::memcpy(&blank[c * cn], pixel.data(), static_cast<std::size_t>(cn) * sizeof(T));
  const std::size_t row_bytes = static_cast<std::size_t>(cols * cn) * sizeof(T);
  for (std::int64_t r = 0; r < rows; ++r) {
    T* d = out.data + r * cols * cn;
    if (ys[r] < 0) std::memcpy(d, blank.data(), row_bytes);
    else pad_row(d, img.row(ys[r]), img.cols, cn, left, right, xs.data(), pixel.data());
  }
  return true;
}

}  // namespace pyaot::cv2
