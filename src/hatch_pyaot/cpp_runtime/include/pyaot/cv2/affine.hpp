#pragma once
// cv2.getRotationMatrix2D, cv2.getAffineTransform and cv2.warpAffine.
//
// warpAffine maps each output pixel through the inverse of M (M itself with
// WARP_INVERSE_MAP, 16), as OpenCV 5 computes it: positions in float, INTER_NEAREST rounds
// them, INTER_LINEAR interpolates in float (within 1 LSB of cv2 on uint8 where its SIMD
// fuses a multiply-add). BORDER_CONSTANT (0 or
// `borderValue`'s first channels), BORDER_REPLICATE, BORDER_REFLECT, BORDER_WRAP,
// BORDER_REFLECT_101.

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

inline bool get_rotation_matrix_2d(numpy::ndarray<double, 2>& out, double cx, double cy,
                                   double angle, double scale) noexcept {
  if (!numpy::empty(out, {2, 3})) return false;
  angle *= 3.141592653589793 / 180;
  const double alpha = std::cos(angle) * scale, beta = std::sin(angle) * scale;
  const double m[6] = {alpha, beta, (1 - alpha) * cx - beta * cy,
                       -beta, alpha, beta * cx + (1 - alpha) * cy};
  for (int i = 0; i < 6; ++i) out.data[i] = m[i];
  return true;
}

namespace detail {

/// Solves a x = b for a 6x6 system by Gaussian elimination with partial pivoting; false when
/// it is singular.
inline bool solve6(double a[6][6], double b[6]) noexcept {
  for (int c = 0; c < 6; ++c) {
    int p = c;
    for (int r = c + 1; r < 6; ++r)
      if (std::fabs(a[r][c]) > std::fabs(a[p][c])) p = r;
    if (std::fabs(a[p][c]) < 1e-300) return false;
    if (p != c) {
      for (int k = 0; k < 6; ++k) std::swap(a[p][k], a[c][k]);
      std::swap(b[p], b[c]);
    }
    for (int r = c + 1; r < 6; ++r) {
      const double f = a[r][c] / a[c][c];
      for (int k = c; k < 6; ++k) a[r][k] -= f * a[c][k];
      b[r] -= f * b[c];
    }
  }
  for (int c = 5; c >= 0; --c) {
    for (int k = c + 1; k < 6; ++k) b[c] -= a[c][k] * b[k];
    b[c] /= a[c][c];
  }
  return true;
}

template <class T>
inline double at2(const numpy::ndarray<T, 2>& a, std::int64_t i, std::int64_t j) noexcept {
  return static_cast<double>(a.data[i * a.strides[0] + j * a.strides[1]]);
}

}  // namespace detail

/// cv2.getAffineTransform(src, dst): the 2x3 matrix taking three points (3x2 arrays) to three.
template <class T, class U>
bool get_affine_transform(numpy::ndarray<double, 2>& out, const numpy::ndarray<T, 2>& src,
                          const numpy::ndarray<U, 2>& dst) noexcept {
  if (src.shape[0] != 3 || src.shape[1] != 2 || dst.shape[0] != 3 || dst.shape[1] != 2)
    [[unlikely]]
    return error("getAffineTransform", "src and dst must be 3x2 arrays of points "
                 "(src.checkVector(2, CV_32F) == 3 && dst.checkVector(2, CV_32F) == 3)");
  double a[6][6] = {}, b[6];
  for (int i = 0; i < 3; ++i) {
    const double x = detail::at2(src, i, 0), y = detail::at2(src, i, 1);
    a[i][0] = a[i + 3][3] = x;
    a[i][1] = a[i + 3][4] = y;
    a[i][2] = a[i + 3][5] = 1;
    b[i] = detail::at2(dst, i, 0);
    b[i + 3] = detail::at2(dst, i, 1);
  }
  if (!numpy::empty(out, {2, 3})) return false;
  if (!detail::solve6(a, b)) {
    for (int i = 0; i < 6; ++i) out.data[i] = 0;  // OpenCV: a zero matrix
    return true;
  }
  for (int i = 0; i < 6; ++i) out.data[i] = b[i];
  return true;
}

/// cv2.warpAffine(src, M, (w, h), flags, borderMode, borderValue).
template <class T, int N, class M>
bool warp_affine(numpy::ndarray<T, N>& out, const numpy::ndarray<T, N>& src,
                 const numpy::ndarray<M, 2>& m, std::int64_t width, std::int64_t height,
                 std::int64_t flags, std::int64_t border, double v0, double v1, double v2,
                 double v3) noexcept {
  Image<T> img;
  if (!image(img, src, "warpAffine")) return false;
  if (m.shape[0] != 2 || m.shape[1] != 3) [[unlikely]]
    return error("warpAffine", "M must be a 2x3 array (M0.rows == 2 && M0.cols == 3)");
  const std::int64_t interpolation = flags & 7;
  if (interpolation > 1) [[unlikely]]
    return error("warpAffine", "only INTER_NEAREST and INTER_LINEAR here");
  if (border == 5) [[unlikely]]
    return error("warpAffine", "BORDER_TRANSPARENT needs a dst, which is not taken here");
  if (!border_mode(border, "warpAffine")) return false;
  if (width <= 0 || height <= 0) [[unlikely]]
    return error("warpAffine", "dsize must be positive (dsize.area() > 0)");
  if (!result(out, height, width, img.cn)) return false;
  double a[6];
  for (int i = 0; i < 6; ++i) a[i] = detail::at2(m, i / 3, i % 3);
  if ((flags & 16) == 0) {  // invert
    double d = a[0] * a[4] - a[1] * a[3];
    d = d != 0 ? 1.0 / d : 0.0;
    const double a11 = a[4] * d, a22 = a[0] * d, a12 = -a[1] * d, a21 = -a[3] * d;
    const double b1 = -a11 * a[2] - a12 * a[5], b2 = -a21 * a[2] - a22 * a[5];
    a[0] = a11, a[1] = a12, a[2] = b1, a[3] = a21, a[4] = a22, a[5] = b2;
  }
  const std::int64_t cn = img.cn;
  const T fill[4] = {saturate<T>(v0), saturate<T>(v1), saturate<T>(v2), saturate<T>(v3)};
  auto pixel = [&](std::int64_t x, std::int64_t y, std::int64_t k) -> float {
    if (x < 0 || x >= img.cols || y < 0 || y >= img.rows) {
      if (border == 0) return k < 4 ? static_cast<float>(fill[k]) : 0.f;
      x = border_index(x, img.cols, border);
      y = border_index(y, img.rows, border);
    }
    return static_cast<float>(img.row(y)[x * cn + k]);
  };
  T* d = out.data;
  // as OpenCV 5 computes them: source positions (and the linear weights) in float
  float f[6];
  for (int i = 0; i < 6; ++i) f[i] = static_cast<float>(a[i]);
  for (std::int64_t y = 0; y < height; ++y) {
    const float fy = static_cast<float>(y);
    for (std::int64_t x = 0; x < width; ++x, d += cn) {
      const float fx = static_cast<float>(x);
      const float sx = f[0] * fx + f[1] * fy + f[2], sy = f[3] * fx + f[4] * fy + f[5];
      if (interpolation == 0) {
        const auto nx = static_cast<std::int64_t>(std::nearbyint(sx));
        const auto ny = static_cast<std::int64_t>(std::nearbyint(sy));
        for (std::int64_t k = 0; k < cn; ++k) d[k] = static_cast<T>(pixel(nx, ny, k));
        continue;
      }
      const float flx = std::floor(sx), fly = std::floor(sy);
      const float alpha = sx - flx, beta = sy - fly;
      const auto ix = static_cast<std::int64_t>(flx), iy = static_cast<std::int64_t>(fly);
      for (std::int64_t k = 0; k < cn; ++k) {
        const float p00 = pixel(ix, iy, k), p01 = pixel(ix + 1, iy, k);
        const float p10 = pixel(ix, iy + 1, k), p11 = pixel(ix + 1, iy + 1, k);
        const float top = p00 + alpha * (p01 - p00), bottom = p10 + alpha * (p11 - p10);
        d[k] = saturate<T>(top + beta * (bottom - top));
      }
    }
  }
  return true;
}

}  // namespace pyaot::cv2
