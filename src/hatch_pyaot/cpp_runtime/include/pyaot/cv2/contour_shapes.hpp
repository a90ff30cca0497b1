#pragma once
// cv2.boundingRect(points) -> (x, y, w, h) and cv2.contourArea(contour, oriented) -> float on
// a contour: int32 or float32 points as a (k, 1, 2), (1, k, 2) or (k, 2) array, as
// findContours returns them. The rectangle spans floor(min) to floor(max), both included
// (for int points: min to max); the area is the shoelace sum over the closed polygon in
// double from float points, halved (the absolute value unless oriented), as OpenCV computes.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <type_traits>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

namespace detail {

/// The points of a contour array as x, y pairs (gathered when strided); false after cv2's error.
template <class T, int N>
bool contour_points(std::vector<T>& xy, const numpy::ndarray<T, N>& a, const char* func) {
  bool ok;
  if constexpr (N == 2) {
    ok = a.shape[1] == 2;
  } else if constexpr (N == 3) {
    ok = a.shape[2] == 2 && (a.shape[0] == 1 || a.shape[1] == 1);
  } else {
    ok = false;
  }
  if (!ok) [[unlikely]]
    return error(func, "the points are a (k, 1, 2) or (k, 2) array of int32 or float32 "
                 "(npoints >= 0 && (depth == CV_32F || depth == CV_32S))");
  const std::int64_t n = N == 2 ? a.shape[0] : a.shape[0] * a.shape[1];
  xy.resize(static_cast<std::size_t>(2 * n));
  for (std::int64_t i = 0; i < n; ++i)
    for (std::int64_t k = 0; k < 2; ++k) {
      std::int64_t off = k * a.strides[N - 1];
      if constexpr (N == 2) {
        off += i * a.strides[0];
      } else {
        off += a.shape[0] == 1 ? i * a.strides[1] : i * a.strides[0];
      }
      xy[static_cast<std::size_t>(2 * i + k)] = a.data[off];
    }
  return true;
}

template <class T>
inline std::int64_t floor_point(T v) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<std::int64_t>(std::floor(v));
  } else {
    return v;
  }
}

}  // namespace detail

template <class T, int N>
bool bounding_rect(std::tuple<std::int64_t, std::int64_t, std::int64_t, std::int64_t>& out,
                   const numpy::ndarray<T, N>& points) noexcept {
  std::vector<T> xy;
  if (!detail::contour_points(xy, points, "boundingRect")) return false;
  if (xy.empty()) {
    out = {0, 0, 0, 0};
    return true;
  }
  T x0 = xy[0], x1 = xy[0], y0 = xy[1], y1 = xy[1];
  for (std::size_t i = 2; i < xy.size(); i += 2) {
    x0 = std::min(x0, xy[i]);
    x1 = std::max(x1, xy[i]);
    y0 = std::min(y0, xy[i + 1]);
    y1 = std::max(y1, xy[i + 1]);
  }
  const std::int64_t left = detail::floor_point(x0), top = detail::floor_point(y0);
  out = {left, top, detail::floor_point(x1) - left + 1, detail::floor_point(y1) - top + 1};
  return true;
}

template <class T, int N>
bool contour_area(double& out, const numpy::ndarray<T, N>& contour, bool oriented) noexcept {
  std::vector<T> xy;
  if (!detail::contour_points(xy, contour, "contourArea")) return false;
  const std::size_t n = xy.size() / 2;
  double a = 0;
  if (n > 0) {
    float px = static_cast<float>(xy[2 * n - 2]), py = static_cast<float>(xy[2 * n - 1]);
    for (std::size_t i = 0; i < n; ++i) {
      const float x = static_cast<float>(xy[2 * i]), y = static_cast<float>(xy[2 * i + 1]);
      a += static_cast<double>(px) * y - static_cast<double>(py) * x;
      px = x;
      py = y;
    }
  }
  a *= 0.5;
  out = oriented ? a : std::fabs(a);
  return true;
}

}  // namespace pyaot::cv2
