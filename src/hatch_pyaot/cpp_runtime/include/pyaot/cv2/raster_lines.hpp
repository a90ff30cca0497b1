#pragma once
// The line rasterisers of cv2's drawing functions (pyaot/cv2/drawing.hpp), on a Canvas: a
// uint8 image written in place with one colour.
// - clip_line: Cohen-Sutherland clipping to the image (OpenCV's clipLine: each moved
//   coordinate a product and quotient in double, truncated).
// - line_int: OpenCV's LineIterator between integer end points, left to right: for
//   8-connectivity a Bresenham walk one pixel per step of the major axis, for 4-connectivity
//   a walk of dx + dy + 1 pixels that moves along one axis at a time.
// - line_fixed: OpenCV's Line2 between end points in 16.16 fixed point (polygon outlines of
//   thick lines), stepping the major axis one pixel at a time from the rounded start.

#include <cstdint>
#include <utility>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2::detail {

inline constexpr int xy_shift = 16;
inline constexpr std::int64_t xy_one = std::int64_t{1} << xy_shift;

struct Canvas {
  std::uint8_t* data = nullptr;
  std::int64_t rows = 0, cols = 0, cn = 1, row_step = 0;
  std::uint8_t color[4] = {};

  void put(std::int64_t x, std::int64_t y) const noexcept {
    std::uint8_t* p = data + y * row_step + x * cn;
    for (std::int64_t k = 0; k < cn; ++k) p[k] = color[k];
  }
  void put_inside(std::int64_t x, std::int64_t y) const noexcept {
    if (x >= 0 && x < cols && y >= 0 && y < rows) put(x, y);
  }
  /// Pixels x1..x2 of row y (inside the image).
  void hline(std::int64_t y, std::int64_t x1, std::int64_t x2) const noexcept {
    for (std::int64_t x = x1; x <= x2; ++x) put(x, y);
  }
};

/// a * b / c in double, truncated (OpenCV 5's clipLine).
inline std::int64_t scaled(std::int64_t a, std::int64_t b, std::int64_t c) noexcept {
  return static_cast<std::int64_t>(static_cast<double>(a) * static_cast<double>(b) /
                                   static_cast<double>(c));
}

/// Clips the segment to a width x height box; false when nothing of it is inside.
inline bool clip_line(std::int64_t width, std::int64_t height, std::int64_t& x1,
                      std::int64_t& y1, std::int64_t& x2, std::int64_t& y2) noexcept {
  if (width <= 0 || height <= 0) return false;
  const std::int64_t right = width - 1, bottom = height - 1;
  auto code = [&](std::int64_t x, std::int64_t y) {
    return (x < 0) + (x > right) * 2 + (y < 0) * 4 + (y > bottom) * 8;
  };
  int c1 = code(x1, y1), c2 = code(x2, y2);
  if ((c1 & c2) == 0 && (c1 | c2) != 0) {
    if (c1 & 12) {
      const std::int64_t a = c1 < 8 ? 0 : bottom;
      x1 += scaled(a - y1, x2 - x1, y2 - y1);
      y1 = a;
      c1 = (x1 < 0) + (x1 > right) * 2;
    }
    if (c2 & 12) {
      const std::int64_t a = c2 < 8 ? 0 : bottom;
      x2 += scaled(a - y2, x2 - x1, y2 - y1);
      y2 = a;
      c2 = (x2 < 0) + (x2 > right) * 2;
    }
    if ((c1 & c2) == 0 && (c1 | c2) != 0) {
      if (c1) {
        const std::int64_t a = c1 == 1 ? 0 : right;
        y1 += scaled(a - x1, y2 - y1, x2 - x1);
        x1 = a;
        c1 = 0;
      }
      if (c2) {
        const std::int64_t a = c2 == 1 ? 0 : right;
        y2 += scaled(a - x2, y2 - y1, x2 - x1);
        x2 = a;
        c2 = 0;
      }
    }
  }
  return (c1 | c2) == 0;
}

/// The pixels from (x1, y1) to (x2, y2), both included, 4- or 8-connected.
inline void line_int(const Canvas& img, std::int64_t x1, std::int64_t y1, std::int64_t x2,
                     std::int64_t y2, int connectivity) noexcept {
  const bool outside = x1 < 0 || x1 >= img.cols || x2 < 0 || x2 >= img.cols || y1 < 0 ||
                       y1 >= img.rows || y2 < 0 || y2 >= img.rows;
  if (outside && !clip_line(img.cols, img.rows, x1, y1, x2, y2)) return;
  if (x2 < x1) {  // left to right
    std::swap(x1, x2);
    std::swap(y1, y2);
  }
  std::int64_t dx = x2 - x1, dy = y2 - y1;
  // the major axis' step and the minor one's, as (x, y) moves
  std::int64_t major_x = 1, major_y = 0, minor_x = 0, minor_y = dy < 0 ? -1 : 1;
  if (dy < 0) dy = -dy;
  if (dy > dx) {
    std::swap(dx, dy);
    std::swap(major_x, minor_x);
    std::swap(major_y, minor_y);
  }
  std::int64_t x = x1, y = y1;
  if (connectivity == 8) {
    std::int64_t err = dx - 2 * dy;
    for (std::int64_t i = 0; i <= dx; ++i) {
      img.put(x, y);
      const bool minor = err < 0;
      err += -2 * dy + (minor ? 2 * dx : 0);
      x += major_x + (minor ? minor_x : 0);
      y += major_y + (minor ? minor_y : 0);
    }
  } else {
    std::int64_t err = 0;
    for (std::int64_t i = 0; i <= dx + dy; ++i) {
      img.put(x, y);
      const bool minor = err < 0;
      err += -2 * dy + (minor ? 2 * dx + 2 * dy : 0);
      x += minor ? minor_x : major_x;
      y += minor ? minor_y : major_y;
    }
  }
}

/// The pixels from p1 to p2 in 16.16 fixed point, clipped pixel by pixel.
inline void line_fixed(const Canvas& img, std::int64_t x1, std::int64_t y1, std::int64_t x2,
                       std::int64_t y2) noexcept {
  if (!clip_line(img.cols << xy_shift, img.rows << xy_shift, x1, y1, x2, y2)) return;
  const std::int64_t ax = x2 > x1 ? x2 - x1 : x1 - x2, ay = y2 > y1 ? y2 - y1 : y1 - y2;
  const bool wide = ax > ay;
  // from the end with the smaller major coordinate
  if (wide ? x2 < x1 : y2 < y1) {
    std::swap(x1, x2);
    std::swap(y1, y2);
  }
  const std::int64_t dx = x2 - x1, dy = y2 - y1;
  std::int64_t x_step, y_step, count;
  if (wide) {
    x_step = xy_one;
    y_step = (dy * xy_one) / (ax | 1);
    count = (x2 - x1) >> xy_shift;
  } else {
    x_step = (dx * xy_one) / (ay | 1);
    y_step = xy_one;
    count = (y2 - y1) >> xy_shift;
  }
  x1 += xy_one >> 1;
  y1 += xy_one >> 1;
  img.put_inside((x2 + (xy_one >> 1)) >> xy_shift, (y2 + (xy_one >> 1)) >> xy_shift);
  if (wide) {
    x1 >>= xy_shift;
    for (; count >= 0; --count, ++x1, y1 += y_step) img.put_inside(x1, y1 >> xy_shift);
  } else {
    y1 >>= xy_shift;
    for (; count >= 0; --count, x1 += x_step, ++y1) img.put_inside(x1 >> xy_shift, y1);
  }
}

}  // namespace pyaot::cv2::detail
