#pragma once
// The filled shapes of cv2's drawing functions (pyaot/cv2/drawing.hpp):
// - fill_convex: OpenCV's FillConvexPoly: the outline drawn with the line rasterisers, then
//   rows filled between a left and a right edge walked down from the topmost vertex, each
//   edge's x stepped in 16.16 fixed point by its rounded slope, the row's ends rounded.
// - circle_int: OpenCV's Circle: the midpoint walk over an octant (dy up from 0, dx down
//   from the radius), its 8 mirror points put (or the 4 rows between them filled), clipped.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "pyaot/cv2/raster_lines.hpp"

namespace pyaot::cv2::detail {

struct Point64 {
  std::int64_t x, y;
};

inline void fill_convex(const Canvas& img, const std::vector<Point64>& v, int connectivity,
                        int shift) noexcept {
  const auto npts = static_cast<std::int64_t>(v.size());
  const std::int64_t delta = (std::int64_t{1} << shift) >> 1;
  const std::int64_t half = xy_one >> 1;
  const int up = xy_shift - shift;
  Point64 p0{v[static_cast<std::size_t>(npts - 1)].x << up,
             v[static_cast<std::size_t>(npts - 1)].y << up};
  std::int64_t xmin = v[0].x, xmax = v[0].x, ymin = v[0].y, ymax = v[0].y, imin = 0;
  for (std::int64_t i = 0; i < npts; ++i) {
    const Point64 q = v[static_cast<std::size_t>(i)];
    if (q.y < ymin) {
      ymin = q.y;
      imin = i;
    }
    ymax = std::max(ymax, q.y);
    xmax = std::max(xmax, q.x);
    xmin = std::min(xmin, q.x);
    const Point64 p{q.x << up, q.y << up};
    if (shift == 0) {
      line_int(img, p0.x >> xy_shift, p0.y >> xy_shift, p.x >> xy_shift, p.y >> xy_shift,
               connectivity);
    } else {
      line_fixed(img, p0.x, p0.y, p.x, p.y);
    }
    p0 = p;
  }
  xmin = (xmin + delta) >> shift;
  xmax = (xmax + delta) >> shift;
  ymin = (ymin + delta) >> shift;
  ymax = (ymax + delta) >> shift;
  if (npts < 3 || xmax < 0 || ymax < 0 || xmin >= img.cols || ymin >= img.rows) return;
  ymax = std::min(ymax, img.rows - 1);
  struct Edge {
    std::int64_t idx, di, x, dx, ye;
  } edge[2] = {{imin, 1, -xy_one, 0, ymin}, {imin, npts - 1, -xy_one, 0, ymin}};
  std::int64_t edges = npts;
  std::int64_t y = ymin;
  do {
    for (Edge& e : edge) {
      if (y < e.ye) continue;
      std::int64_t idx0 = e.idx, idx = idx0 + e.di;
      if (idx >= npts) idx -= npts;
      for (; edges-- > 0;) {
        const std::int64_t ty = (v[static_cast<std::size_t>(idx)].y + delta) >> shift;
        if (ty > y) {
          const std::int64_t xs = v[static_cast<std::size_t>(idx0)].x << up;
          const std::int64_t xe = v[static_cast<std::size_t>(idx)].x << up;
          e.ye = ty;
          e.dx = ((xe - xs) * 2 + (ty - y)) / (2 * (ty - y));
          e.x = xs;
          e.idx = idx;
          break;
        }
        idx0 = idx;
        idx += e.di;
        if (idx >= npts) idx -= npts;
      }
    }
    if (edges < 0) break;
    if (y >= 0) {
      const bool swapped = edge[0].x > edge[1].x;
      std::int64_t x1 = (edge[swapped ? 1 : 0].x + half) >> xy_shift;
      std::int64_t x2 = (edge[swapped ? 0 : 1].x + half) >> xy_shift;
      if (x2 >= 0 && x1 < img.cols) {
        img.hline(y, std::max<std::int64_t>(x1, 0), std::min(x2, img.cols - 1));
      }
    }
    edge[0].x += edge[0].dx;
    edge[1].x += edge[1].dx;
  } while (++y <= ymax);
}

inline void circle_int(const Canvas& img, std::int64_t cx, std::int64_t cy, std::int64_t radius,
                       bool fill) noexcept {
  std::int64_t err = 0, dx = radius, dy = 0, plus = 1, minus = (radius << 1) - 1;
  const std::int64_t w = img.cols, h = img.rows;
  auto row = [&](std::int64_t y, std::int64_t x1, std::int64_t x2) {
    if (y < 0 || y >= h) return;
    if (fill) {
      if (x2 >= 0 && x1 < w) img.hline(y, std::max<std::int64_t>(x1, 0), std::min(x2, w - 1));
    } else {
      if (x1 >= 0 && x1 < w) img.put(x1, y);
      if (x2 >= 0 && x2 < w) img.put(x2, y);
    }
  };
  while (dx >= dy) {
    const std::int64_t y11 = cy - dy, y12 = cy + dy, y21 = cy - dx, y22 = cy + dx;
    const std::int64_t x11 = cx - dx, x12 = cx + dx, x21 = cx - dy, x22 = cx + dy;
    if (x11 < w && x12 >= 0 && y21 < h && y22 >= 0) {
      row(y11, x11, x12);
      row(y12, x11, x12);
      if (x21 < w && x22 >= 0) {
        row(y21, x21, x22);
        row(y22, x21, x22);
      }
    }
    ++dy;
    err += plus;
    plus += 2;
    const std::int64_t mask = (err <= 0) - 1;
    err -= minus & mask;
    dx += mask;
    minus -= mask & 2;
  }
}

}  // namespace pyaot::cv2::detail
