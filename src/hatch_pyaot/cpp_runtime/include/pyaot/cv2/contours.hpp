#pragma once
// cv2.findContours(image, mode, method) -> (contours, hierarchy): Suzuki and Abe's border
// following as OpenCV runs it, so that the contours, their points and their order equal
// cv2's.
// - The image (nonzero = 1) gets a border of zeros and is scanned in raster order; a 0 -> 1
//   step starts an outer border, a (positive) -> 0 step a hole's border. Each border is
//   followed counter-clockwise from its first pixel in OpenCV's 8 directions (0 = +x, 2 = up,
//   4 = -x, 6 = down), marking each pixel with the border's number, negated where the pixel's
//   right neighbour is background (the scan's test for "inside").
// - CHAIN_APPROX_NONE keeps every step's point, CHAIN_APPROX_SIMPLE only the points where the
//   direction changes.
// - RETR_EXTERNAL skips holes and borders inside another outer border; RETR_LIST keeps all;
//   RETR_CCOMP and RETR_TREE find each border's parent from the last border pixel met on the
//   scan line (OpenCV's lnbd). Each border is put first among its parent's children, and the
//   result lists the tree depth first: so for LIST and EXTERNAL, the last border found comes
//   first, as in cv2. hierarchy[0][i] = (next, previous, first child, parent), -1 for none;
//   None when there is no contour.
// Borders are numbered without OpenCV's wrap at 127 (it then tells same-numbered borders
// apart by following them again; the answer is the same).

#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "pyaot/builtins/list.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

namespace detail {

struct Border {
  bool hole = false;
  std::int64_t parent = -1;  ///< a border's index, -1 for the frame
  std::int64_t first_child = -1, next = -1, previous = -1;
  std::vector<std::int32_t> points;  ///< x, y pairs
};

/// OpenCV's icvFetchContour: follows the border from `i0` (at x, y of the padded image),
/// marking it `nbd`, and appends its points (shifted back by the padding) to `pts`.
inline void follow_border(std::int32_t* i0, std::int64_t step, std::int64_t x, std::int64_t y,
                          bool hole, bool simple, std::int32_t nbd,
                          std::vector<std::int32_t>& pts) {
  static constexpr int dx[8] = {1, 1, 0, -1, -1, -1, 0, 1};
  static constexpr int dy[8] = {0, -1, -1, -1, 0, 1, 1, 1};
  std::int64_t deltas[16];
  for (int k = 0; k < 16; ++k) deltas[k] = dx[k & 7] + dy[k & 7] * step;
  auto put = [&](std::int64_t px, std::int64_t py) {
    pts.push_back(static_cast<std::int32_t>(px - 1));
    pts.push_back(static_cast<std::int32_t>(py - 1));
  };
  int s = hole ? 0 : 4;
  const int first_end = s;
  std::int32_t* i1;
  do {
    s = (s - 1) & 7;
    i1 = i0 + deltas[s];
  } while (*i1 == 0 && s != first_end);
  if (s == first_end) {  // a single pixel
    *i0 = -nbd;
    put(x, y);
    return;
  }
  std::int32_t* i3 = i0;
  std::int32_t* i4 = nullptr;
  int prev_s = s ^ 4;
  for (;;) {
    const int s_end = s;
    while (s < 15) {
      i4 = i3 + deltas[++s];
      if (*i4 != 0) break;
    }
    s &= 7;
    if (static_cast<unsigned>(s - 1) < static_cast<unsigned>(s_end)) {
      *i3 = -nbd;  // the right neighbour was looked at: background
    } else if (*i3 == 1) {
      *i3 = nbd;
    }
    if (s != prev_s || !simple) {
      put(x, y);
      prev_s = s;
    }
    x += dx[s];
    y += dy[s];
    if (i4 == i0 && i3 == i1) break;
    i3 = i4;
    s = (s + 4) & 7;
  }
}

/// The borders of `img` in the order found, each with its parent (per `mode`) set.
inline bool scan_borders(std::vector<Border>& borders, const Image<std::uint8_t>& img,
                         std::int64_t mode, bool simple) {
  const std::int64_t width = img.cols + 2, height = img.rows + 2;
  std::vector<std::int32_t> map(static_cast<std::size_t>(width * height), 0);
  for (std::int64_t r = 0; r < img.rows; ++r)
    for (std::int64_t c = 0; c < img.cols; ++c)
      map[static_cast<std::size_t>((r + 1) * width + c + 1)] = img.row(r)[c] != 0;
  auto marked = [](std::int32_t v) { return v != 0 && v != 1; };
  for (std::int64_t y = 1; y < height - 1; ++y) {
    std::int32_t* row = map.data() + y * width;
    std::int32_t prev = 0;
    std::int64_t lnbd = 0;  // the column of the last border pixel met on this row
    for (std::int64_t x = 1; x < width - 1; ++x) {
      const std::int32_t p = row[x];
      if (p == prev) continue;
      bool hole = false, skip = false;
      if (!(prev == 0 && p == 1)) {
        if (p != 0 || prev < 1) {
          skip = true;
        } else {
          if (marked(prev)) lnbd = x - 1;
          hole = true;
        }
      }
      if (!skip && mode == 0 && (hole || row[lnbd] > 0)) skip = true;
      std::int64_t parent = -1;
      if (!skip && mode >= 2 && !(mode == 2 && !hole) && lnbd > 0) {
        const std::int32_t v = row[lnbd];
        parent = (v < 0 ? -v : v) - 2;
        if (borders[static_cast<std::size_t>(parent)].hole == hole)
          parent = borders[static_cast<std::size_t>(parent)].parent;
      }
      if (skip) {
        prev = p;
        if (marked(prev)) lnbd = x;
        continue;
      }
      const std::int64_t at = x - (hole ? 1 : 0);
      Border b;
      b.hole = hole;
      b.parent = parent;
      const auto nbd = static_cast<std::int32_t>(borders.size() + 2);
      follow_border(row + at, width, at, y, hole, simple, nbd, b.points);
      borders.push_back(std::move(b));
      lnbd = at;
      prev = row[x];
    }
  }
  return true;
}

}  // namespace detail

using Contours = pyaot::list<numpy::ndarray<std::int32_t, 3>>;

inline bool find_contours(std::tuple<Contours, std::optional<numpy::ndarray<std::int32_t, 3>>>& out,
                          const numpy::ndarray<std::uint8_t, 2>& src, std::int64_t mode,
                          std::int64_t method) noexcept {
  if (mode < 0 || mode > 3) [[unlikely]]
    return error("findContours", "the mode is RETR_EXTERNAL, RETR_LIST, RETR_CCOMP or "
                 "RETR_TREE here");
  if (method != 1 && method != 2) [[unlikely]]
    return error("findContours", "the method is CHAIN_APPROX_NONE or CHAIN_APPROX_SIMPLE here");
  Image<std::uint8_t> img;
  if (!image(img, src, "findContours")) return false;
  std::vector<detail::Border> borders;
  detail::scan_borders(borders, img, mode, method == 2);
  // each border first among its parent's children
  std::int64_t top = -1;
  for (std::size_t i = 0; i < borders.size(); ++i) {
    detail::Border& b = borders[i];
    std::int64_t& head = b.parent < 0 ? top : borders[static_cast<std::size_t>(b.parent)].first_child;
    b.next = head;
    if (head >= 0) borders[static_cast<std::size_t>(head)].previous = static_cast<std::int64_t>(i);
    head = static_cast<std::int64_t>(i);
  }
  // depth first: the position of each border in the result
  std::vector<std::int64_t> order, index(borders.size(), -1);
  for (std::int64_t node = top; node >= 0;) {
    index[static_cast<std::size_t>(node)] = static_cast<std::int64_t>(order.size());
    order.push_back(node);
    const detail::Border& b = borders[static_cast<std::size_t>(node)];
    if (b.first_child >= 0) {
      node = b.first_child;
      continue;
    }
    while (node >= 0 && borders[static_cast<std::size_t>(node)].next < 0)
      node = borders[static_cast<std::size_t>(node)].parent;
    node = node >= 0 ? borders[static_cast<std::size_t>(node)].next : -1;
  }
  auto& [contours, hierarchy] = out;
  contours = Contours::make(order.size());
  const auto n = static_cast<std::int64_t>(order.size());
  if (n == 0) {
    hierarchy.reset();
    return true;
  }
  numpy::ndarray<std::int32_t, 3> h;
  if (!numpy::empty(h, {1, n, 4})) return false;
  auto at = [&](std::int64_t b) { return b < 0 ? -1 : index[static_cast<std::size_t>(b)]; };
  for (std::int64_t i = 0; i < n; ++i) {
    const detail::Border& b = borders[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])];
    numpy::ndarray<std::int32_t, 3> c;
    const auto k = static_cast<std::int64_t>(b.points.size() / 2);
    if (!numpy::empty(c, {k, 1, 2})) return false;
    std::copy(b.points.begin(), b.points.end(), c.data);
    list_append(contours, std::move(c));
    std::int32_t* row = h.data + i * 4;
    row[0] = static_cast<std::int32_t>(at(b.next));
    row[1] = static_cast<std::int32_t>(at(b.previous));
    row[2] = static_cast<std::int32_t>(at(b.first_child));
    row[3] = static_cast<std::int32_t>(at(b.parent));
  }
  hierarchy = std::move(h);
  return true;
}

}  // namespace pyaot::cv2
