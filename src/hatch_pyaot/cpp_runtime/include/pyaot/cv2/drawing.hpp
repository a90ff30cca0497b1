#pragma once
// cv2.line, cv2.rectangle and cv2.circle on a uint8 image of 1 to 4 channels, drawn in place
// (the argument changes; it is also the result), as OpenCV draws them:
// - a line of thickness 1 is the LineIterator walk (LINE_8 or LINE_4); a thicker one is
//   first clipped to the image grown by the thickness on every side, then drawn as the
//   convex quadrilateral around it in 16.16 fixed point, filled (its outline drawn too),
//   with a filled circle of radius round(thickness / 2) at each end;
// - a rectangle is the closed polyline of its 4 corners (the thickness as for lines, each
//   corner capped), or the filled polygon for a negative thickness (cv2.FILLED);
// - a circle of LINE_8 and thickness 1 or FILLED is the midpoint walk; otherwise the polygon
//   OpenCV's ellipse2Poly makes (a vertex every 90, 30, 18 or 5 degrees by radius, from its
//   table of sines to 7 decimals), drawn as a polyline or filled; a LINE_4 circle of
//   thickness 1 is not compiled (ValueError).
// LINE_AA is not compiled (ValueError). The colour is up to 4 numbers, rounded and
// saturated to uint8 per channel.

#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pyaot/cv2/raster_fill.hpp"
#include "pyaot/cv2/raster_lines.hpp"

namespace pyaot::cv2 {

namespace detail {

inline constexpr std::int64_t max_thickness = 32767;

/// sin(i degrees) to 7 decimals, i in 0..450 (OpenCV's table; cos(a) is entry 450 - a).
inline const std::array<float, 451>& sine_table() noexcept {
  static const std::array<float, 451> table = [] {
    std::array<float, 451> t{};
    for (int i = 0; i <= 450; ++i)
      t[static_cast<std::size_t>(i)] = static_cast<float>(
          std::round(std::sin(i * 3.14159265358979323846 / 180.0) * 1e7) / 1e7);
    return t;
  }();
  return table;
}

inline std::int64_t round_even(double v) noexcept { return std::llrint(v); }

inline void thick_line(const Canvas& img, Point64 p0, Point64 p1, std::int64_t thickness,
                       int connectivity, int flags, int shift) noexcept {
  const int up = xy_shift - shift;
  const std::int64_t half = xy_one >> 1;
  p0 = {p0.x << up, p0.y << up};
  p1 = {p1.x << up, p1.y << up};
  if (thickness <= 1) {
    if (connectivity == 4 || shift == 0) {
      line_int(img, (p0.x + half) >> xy_shift, (p0.y + half) >> xy_shift,
               (p1.x + half) >> xy_shift, (p1.y + half) >> xy_shift, connectivity);
    } else {
      line_fixed(img, p0.x, p0.y, p1.x, p1.y);
    }
    return;
  }
  const double dx = static_cast<double>(p0.x - p1.x) / static_cast<double>(xy_one);
  const double dy = static_cast<double>(p1.y - p0.y) / static_cast<double>(xy_one);
  double r = dx * dx + dy * dy;
  const std::int64_t odd = thickness & 1;
  const std::int64_t t = thickness << (xy_shift - 1);
  if (std::fabs(r) > DBL_EPSILON) {
    r = (static_cast<double>(t) + static_cast<double>(odd * xy_one) * 0.5) / std::sqrt(r);
    const std::int64_t ox = round_even(dy * r), oy = round_even(dx * r);
    fill_convex(img, {{p0.x + ox, p0.y + oy}, {p0.x - ox, p0.y - oy},
                      {p1.x - ox, p1.y - oy}, {p1.x + ox, p1.y + oy}},
                connectivity, xy_shift);
  }
  for (int i = 0; i < 2; ++i) {
    if (flags & (i + 1))
      circle_int(img, (p0.x + half) >> xy_shift, (p0.y + half) >> xy_shift,
                 (t + half) >> xy_shift, true);
    p0 = p1;
  }
}

inline void poly_line(const Canvas& img, const std::vector<Point64>& v, bool closed,
                      std::int64_t thickness, int connectivity, int shift) noexcept {
  if (v.empty()) return;
  std::size_t i = closed ? v.size() - 1 : 0;
  int flags = closed ? 2 : 3;
  Point64 p0 = v[i];
  for (i = closed ? 0 : 1; i < v.size(); ++i) {
    thick_line(img, p0, v[i], thickness, connectivity, flags, shift);
    p0 = v[i];
    flags = 2;
  }
}

/// OpenCV's EllipseEx for a full circle of `radius` (16.16) around `center` (16.16).
inline void circle_polygon(const Canvas& img, Point64 center, std::int64_t radius,
                           std::int64_t thickness, int connectivity) noexcept {
  const auto& sines = sine_table();
  std::int64_t step = (radius + (xy_one >> 1)) >> xy_shift;
  step = step < 3 ? 90 : step < 10 ? 30 : step < 15 ? 18 : 5;
  std::vector<Point64> v;
  const double r = static_cast<double>(radius);
  for (std::int64_t i = 0; i < 360 + step; i += step) {
    const std::int64_t a = i > 360 ? 360 : i;
    const double x = r * sines[static_cast<std::size_t>(450 - a)];
    const double y = r * sines[static_cast<std::size_t>(a)];
    const double px = static_cast<double>(center.x) + x * 1.0f - y * 0.0f;
    const double py = static_cast<double>(center.y) + x * 0.0f + y * 1.0f;
    Point64 q{round_even(px / static_cast<double>(xy_one)) << xy_shift,
              round_even(py / static_cast<double>(xy_one)) << xy_shift};
    q.x += round_even(px - static_cast<double>(q.x));
    q.y += round_even(py - static_cast<double>(q.y));
    if (v.empty() || q.x != v.back().x || q.y != v.back().y) v.push_back(q);
  }
  if (v.size() == 1) v.assign(2, center);
  if (thickness >= 0) {
    poly_line(img, v, false, thickness, connectivity, xy_shift);
  } else {
    fill_convex(img, v, connectivity, xy_shift);
  }
}

/// The canvas of `a` with `color`; ValueError where cv2 cannot draw on it.
template <int N>
bool canvas(Canvas& out, const numpy::ndarray<std::uint8_t, N>& a, const double (&color)[4],
            std::int64_t line_type, int& connectivity, const char* func) noexcept {
  static_assert(N == 2 || N == 3, "an image is HxW or HxWxC");
  out.rows = a.shape[0];
  out.cols = a.shape[1];
  out.cn = N == 3 ? a.shape[2] : 1;
  if (out.rows == 0 || out.cols == 0 || out.cn < 1 || out.cn > 4) [[unlikely]]
    return error(func, "the image is empty or has more than 4 channels");
  if (a.strides[1] != out.cn || (N == 3 && a.strides[N - 1] != 1)) [[unlikely]]
    return error(func, "the image's columns are not contiguous (cv2 cannot draw on this "
                 "view)");
  if (line_type == 16) [[unlikely]]
    return error(func, "LINE_AA is not compiled here (LINE_8 or LINE_4)");
  if (line_type != 0 && line_type != 1 && line_type != 4 && line_type != 8) [[unlikely]]
    return error(func, "connectivity == 8 || connectivity == 4");
  connectivity = line_type == 1 || line_type == 4 ? 4 : 8;
  out.data = a.data;
  out.row_step = a.strides[0];
  for (std::int64_t k = 0; k < out.cn; ++k) out.color[k] = saturate<std::uint8_t>(color[k]);
  return true;
}

}  // namespace detail

namespace detail {

/// Draws `body(canvas, connectivity)` on `img` in place and returns it as `out`; false after
/// cv2's error.
template <int N, class Body>
bool draw(numpy::ndarray<std::uint8_t, N>& out, const numpy::ndarray<std::uint8_t, N>& img,
          const double (&color)[4], std::int64_t line_type, const char* func,
          Body&& body) noexcept {
  Canvas c;
  int connectivity = 8;
  if (!canvas(c, img, color, line_type, connectivity, func) || !body(c, connectivity))
    return false;
  out = img;
  return true;
}

}  // namespace detail

template <int N>
bool draw_line(numpy::ndarray<std::uint8_t, N>& out, const numpy::ndarray<std::uint8_t, N>& img,
               std::int64_t x1, std::int64_t y1, std::int64_t x2, std::int64_t y2, double c0,
               double c1, double c2, double c3, std::int64_t thickness,
               std::int64_t line_type) noexcept {
  return detail::draw(out, img, {c0, c1, c2, c3}, line_type, "line",
                      [&](const detail::Canvas& c, int connectivity) {
    if (thickness <= 0 || thickness > detail::max_thickness) [[unlikely]]
      return error("line", "0 < thickness && thickness <= MAX_THICKNESS");
    std::int64_t ax = x1, ay = y1, bx = x2, by = y2;
    if (thickness > 1) {  // first clipped to the image grown by the thickness on every side
      const std::int64_t m = thickness;
      ax += m, ay += m, bx += m, by += m;
      if (!detail::clip_line(c.cols + 2 * m, c.rows + 2 * m, ax, ay, bx, by)) return true;
      ax -= m, ay -= m, bx -= m, by -= m;
    }
    detail::thick_line(c, {ax, ay}, {bx, by}, thickness, connectivity, 3, 0);
    return true;
  });
}

template <int N>
bool draw_rectangle(numpy::ndarray<std::uint8_t, N>& out,
                    const numpy::ndarray<std::uint8_t, N>& img, std::int64_t x1,
                    std::int64_t y1, std::int64_t x2, std::int64_t y2, double c0, double c1,
                    double c2, double c3, std::int64_t thickness,
                    std::int64_t line_type) noexcept {
  return detail::draw(out, img, {c0, c1, c2, c3}, line_type, "rectangle",
                      [&](const detail::Canvas& c, int connectivity) {
    if (thickness > detail::max_thickness) [[unlikely]]
      return error("rectangle", "thickness <= MAX_THICKNESS");
    const std::vector<detail::Point64> corners{{x1, y1}, {x2, y1}, {x2, y2}, {x1, y2}};
    if (thickness >= 0) {
      detail::poly_line(c, corners, true, thickness, connectivity, 0);
    } else {
      detail::fill_convex(c, corners, connectivity, 0);
    }
    return true;
  });
}

template <int N>
bool draw_circle(numpy::ndarray<std::uint8_t, N>& out, const numpy::ndarray<std::uint8_t, N>& img,
                 std::int64_t x, std::int64_t y, std::int64_t radius, double c0, double c1,
                 double c2, double c3, std::int64_t thickness,
                 std::int64_t line_type) noexcept {
  return detail::draw(out, img, {c0, c1, c2, c3}, line_type, "circle",
                      [&](const detail::Canvas& c, int connectivity) {
    if (radius < 0 || thickness > detail::max_thickness) [[unlikely]]
      return error("circle", "radius >= 0 && thickness <= MAX_THICKNESS");
    if (thickness >= 0 && thickness <= 1 && connectivity == 4) [[unlikely]]
      return error("circle", "a LINE_4 circle of thickness 1 is not compiled here");
    if (thickness > 1 || line_type != 8) {
      detail::circle_polygon(c, {x << detail::xy_shift, y << detail::xy_shift},
                             radius << detail::xy_shift, thickness, connectivity);
    } else {
      detail::circle_int(c, x, y, radius, thickness < 0);
    }
    return true;
  });
}

}  // namespace pyaot::cv2
