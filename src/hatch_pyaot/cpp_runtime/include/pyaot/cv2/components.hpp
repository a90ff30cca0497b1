#pragma once
// cv2.connectedComponents(image, connectivity, ltype) -> (n, labels) and
// cv2.connectedComponentsWithStats -> (n, labels, stats, centroids) on a uint8 HxW image:
// nonzero pixels 4- or 8-connected share a label, 0 is the background. The labels are
// numbered as OpenCV's default algorithms number them: for 8-connectivity (Spaghetti, which
// scans 2x2 blocks) in the raster order of each component's first 2x2 block, for
// 4-connectivity (SAUF) in the raster order of its first pixel. Found here by one raster scan
// with union-find, then components sorted by that first block or pixel.
// stats rows are (left, top, width, height, area), the background's included; a label
// without pixels (the background of an image with none) reads (-1, INT_MAX, 0, 0, 0) with a
// NaN centroid, as OpenCV writes it.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

namespace detail {

inline std::int32_t find_root(std::vector<std::int32_t>& parent, std::int32_t i) noexcept {
  while (parent[static_cast<std::size_t>(i)] != i) {
    const std::int32_t up = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(i)])];
    parent[static_cast<std::size_t>(i)] = up;
    i = up;
  }
  return i;
}

inline std::int32_t unite(std::vector<std::int32_t>& parent, std::int32_t a,
                          std::int32_t b) noexcept {
  a = find_root(parent, a);
  b = find_root(parent, b);
  if (a == b) return a;
  if (b < a) std::swap(a, b);
  parent[static_cast<std::size_t>(b)] = a;
  return a;
}

/// The labels of `img` (0 for the background) written to `labels`; the label count.
inline std::int64_t label_components(std::int32_t* labels, const Image<std::uint8_t>& img,
                                     bool eight) {
  const std::int64_t rows = img.rows, cols = img.cols;
  std::vector<std::int32_t> parent{0};
  std::vector<std::int64_t> first{0};  // the order key of each provisional label's first pixel
  const std::int64_t blocks = (cols + 1) / 2;
  for (std::int64_t r = 0; r < rows; ++r) {
    const std::uint8_t* row = img.row(r);
    std::int32_t* lab = labels + r * cols;
    const std::int32_t* up = r > 0 ? lab - cols : nullptr;
    for (std::int64_t c = 0; c < cols; ++c) {
      if (row[c] == 0) {
        lab[c] = 0;
        continue;
      }
      std::int32_t l = 0;
      auto join = [&](std::int32_t other) {
        if (other != 0) l = l == 0 ? find_root(parent, other) : unite(parent, l, other);
      };
      if (c > 0) join(lab[c - 1]);
      if (up != nullptr) {
        join(up[c]);
        if (eight && c > 0) join(up[c - 1]);
        if (eight && c + 1 < cols) join(up[c + 1]);
      }
      const std::int64_t key = eight ? (r / 2) * blocks + c / 2 : r * cols + c;
      if (l == 0) {
        l = static_cast<std::int32_t>(parent.size());
        parent.push_back(l);
        first.push_back(key);
      } else {
        std::int64_t& k = first[static_cast<std::size_t>(l)];
        k = std::min(k, key);
      }
      lab[c] = l;
    }
  }
  // each root's first key, then the roots in that order
  const std::size_t count = parent.size();
  std::vector<std::int64_t> key(count, std::numeric_limits<std::int64_t>::max());
  for (std::size_t i = 1; i < count; ++i) {
    const auto root = static_cast<std::size_t>(find_root(parent, static_cast<std::int32_t>(i)));
    key[root] = std::min(key[root], first[i]);
  }
  std::vector<std::int32_t> roots;
  for (std::size_t i = 1; i < count; ++i)
    if (parent[i] == static_cast<std::int32_t>(i)) roots.push_back(static_cast<std::int32_t>(i));
  std::sort(roots.begin(), roots.end(), [&](std::int32_t a, std::int32_t b) {
    return key[static_cast<std::size_t>(a)] < key[static_cast<std::size_t>(b)];
  });
  std::vector<std::int32_t> final_label(count, 0);
  for (std::size_t i = 0; i < roots.size(); ++i)
    final_label[static_cast<std::size_t>(roots[i])] = static_cast<std::int32_t>(i + 1);
  for (std::size_t i = 1; i < count; ++i)
    final_label[i] = final_label[static_cast<std::size_t>(find_root(parent, static_cast<std::int32_t>(i)))];
  for (std::int64_t i = 0; i < rows * cols; ++i) labels[i] = final_label[static_cast<std::size_t>(labels[i])];
  return static_cast<std::int64_t>(roots.size()) + 1;
}

inline bool components_args(Image<std::uint8_t>& img, const numpy::ndarray<std::uint8_t, 2>& src,
                            std::int64_t connectivity, std::int64_t ltype,
                            const char* func) noexcept {
  if (connectivity != 8 && connectivity != 4) [[unlikely]]
    return error(func, "connectivity == 8 || connectivity == 4");
  if (ltype != 4) [[unlikely]]
    return error(func, "the labels' type is cv2.CV_32S here (ltype=4)");
  return image(img, src, func);
}

}  // namespace detail

inline bool connected_components(std::tuple<std::int64_t, numpy::ndarray<std::int32_t, 2>>& out,
                                 const numpy::ndarray<std::uint8_t, 2>& src,
                                 std::int64_t connectivity, std::int64_t ltype) noexcept {
  Image<std::uint8_t> img;
  if (!detail::components_args(img, src, connectivity, ltype, "connectedComponents"))
    return false;
  auto& labels = std::get<1>(out);
  if (!numpy::empty(labels, {img.rows, img.cols})) return false;
  std::get<0>(out) = detail::label_components(labels.data, img, connectivity == 8);
  return true;
}

inline bool connected_components_with_stats(
    std::tuple<std::int64_t, numpy::ndarray<std::int32_t, 2>, numpy::ndarray<std::int32_t, 2>,
               numpy::ndarray<double, 2>>& out,
    const numpy::ndarray<std::uint8_t, 2>& src, std::int64_t connectivity,
    std::int64_t ltype) noexcept {
  constexpr const char* func = "connectedComponentsWithStats";
  Image<std::uint8_t> img;
  if (!detail::components_args(img, src, connectivity, ltype, func)) return false;
  auto& [n, labels, stats, centroids] = out;
  if (!numpy::empty(labels, {img.rows, img.cols})) return false;
  n = detail::label_components(labels.data, img, connectivity == 8);
  if (!numpy::empty(stats, {n, 5}) || !numpy::empty(centroids, {n, 2})) return false;
  struct Box {
    std::int64_t left = std::numeric_limits<std::int64_t>::max(), top = left, right = -1,
                 bottom = -1, area = 0, sx = 0, sy = 0;
  };
  std::vector<Box> boxes(static_cast<std::size_t>(n));
  for (std::int64_t r = 0; r < img.rows; ++r)
    for (std::int64_t c = 0; c < img.cols; ++c) {
      Box& b = boxes[static_cast<std::size_t>(labels.data[r * img.cols + c])];
      b.left = std::min(b.left, c);
      b.right = std::max(b.right, c);
      b.top = std::min(b.top, r);
      b.bottom = std::max(b.bottom, r);
      ++b.area;
      b.sx += c;
      b.sy += r;
    }
  for (std::int64_t l = 0; l < n; ++l) {
    const Box& b = boxes[static_cast<std::size_t>(l)];
    std::int32_t* s = stats.data + l * 5;
    double* m = centroids.data + l * 2;
    if (b.area == 0) {
      s[0] = -1;
      s[1] = std::numeric_limits<std::int32_t>::max();
      s[2] = s[3] = s[4] = 0;
      m[0] = m[1] = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    s[0] = static_cast<std::int32_t>(b.left);
    s[1] = static_cast<std::int32_t>(b.top);
    s[2] = static_cast<std::int32_t>(b.right - b.left + 1);
    s[3] = static_cast<std::int32_t>(b.bottom - b.top + 1);
    s[4] = static_cast<std::int32_t>(b.area);
    m[0] = static_cast<double>(b.sx) / static_cast<double>(b.area);
    m[1] = static_cast<double>(b.sy) / static_cast<double>(b.area);
  }
  return true;
}

}  // namespace pyaot::cv2
