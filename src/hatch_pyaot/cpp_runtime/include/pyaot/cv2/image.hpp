#pragma once
// What every cv2 operator shares: an image read from a NumPy array (rows, columns, channels;
// a copy when the array is not C-contiguous), a new result array, saturating casts and
// cv2's errors.
//
// An image is an HxW array (1 channel) or an HxWxC array. cv2 turns an HxWx1 array into an
// HxW result; the compiler types results by rank, so an HxWx1 argument raises ValueError
// here instead (docs/vision.md). cv2's own errors (cv2.error, a subclass of Exception) are
// raised as ValueError with cv2's condition in the message.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::cv2 {

/// An image's elements in C order: row r, column c, channel k at data[(r*cols + c)*cn + k].
template <class T>
struct Image {
  const T* data = nullptr;
  std::int64_t rows = 0, cols = 0, cn = 1;
  std::vector<T> copy;  ///< the elements of a strided array, gathered

  std::int64_t row_size() const noexcept { return cols * cn; }
  const T* row(std::int64_t r) const noexcept { return data + r * row_size(); }
};

[[gnu::cold]] inline bool error(const char* func, const char* what) noexcept {
  return raise_format(Exc::ValueError, "cv2.%s(): %s", func, what);
}

/// `a` as an image; ValueError for an empty image or an HxWx1 array.
template <class T, int N>
bool image(Image<T>& out, const numpy::ndarray<T, N>& a, const char* func) noexcept {
  static_assert(N == 2 || N == 3, "an image is HxW or HxWxC");
  out.rows = a.shape[0];
  out.cols = a.shape[1];
  out.cn = N == 3 ? a.shape[N - 1] : 1;
  if (out.rows == 0 || out.cols == 0 || out.cn == 0) [[unlikely]]
    return error(func, "the image is empty (!_src.empty())");
  if (N == 3 && out.cn == 1) [[unlikely]]
    return error(func, "a 1-channel image is an HxW array here (cv2 would return HxW)");
  if (a.is_c_contiguous()) {
    out.data = a.data;
    return true;
  }
  out.copy.resize(static_cast<std::size_t>(out.rows * out.cols * out.cn));
  T* dst = out.copy.data();
  for (std::int64_t r = 0; r < out.rows; ++r)
    for (std::int64_t c = 0; c < out.cols; ++c) {
      const T* p = a.data + r * a.strides[0] + c * a.strides[1];
      for (std::int64_t k = 0; k < out.cn; ++k) *dst++ = p[N == 3 ? k * a.strides[N - 1] : 0];
    }
  out.data = out.copy.data();
  return true;
}

/// A new C-contiguous rows x cols (x cn when N is 3) result.
template <class T, int N>
bool result(numpy::ndarray<T, N>& out, std::int64_t rows, std::int64_t cols,
            std::int64_t cn) noexcept {
  static_assert(N == 2 || N == 3, "an image is HxW or HxWxC");
  if constexpr (N == 2) {
    return numpy::empty(out, {rows, cols});
  } else {
    return numpy::empty(out, {rows, cols, cn});
  }
}

/// The channel count an N-d result has room for: 1 for HxW, else `cn`; ValueError when an HxW
/// result would need more channels.
template <int N>
bool result_channels(std::int64_t cn, const char* func) noexcept {
  if (N == 2 && cn != 1) [[unlikely]]
    return error(func, "the result has several channels: pass an HxWxC array");
  return true;
}

/// cv::saturate_cast<T>: a number rounded half to even (cvRound) and clamped to T's range
/// for integer T; a plain conversion for float. Rounds by adding and subtracting 1.5 * 2^52
/// (exact in the default rounding mode, and it vectorizes, unlike a call of nearbyint).
template <class T>
inline T saturate(double v) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(v);
  } else {
    constexpr double lo = static_cast<double>(std::numeric_limits<T>::lowest());
    constexpr double hi = static_cast<double>(std::numeric_limits<T>::max());
    constexpr double magic = 6755399441055744.0;
    if (v != v) return 0;  // NaN
    v = v < lo ? lo : v > hi ? hi : v;
    return static_cast<T>((v + magic) - magic);
  }
}

template <class T>
inline T saturate_int(std::int64_t v) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(v);
  } else {
    constexpr std::int64_t hi = std::numeric_limits<T>::max();
    constexpr std::int64_t lo = std::numeric_limits<T>::min();
    return static_cast<T>(v < lo ? lo : v > hi ? hi : v);
  }
}

/// a - b, saturated for integer T (cv::subtract).
template <class T>
inline T saturate_diff(T a, T b) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return a - b;
  } else {
    return saturate_int<T>(static_cast<std::int64_t>(a) - static_cast<std::int64_t>(b));
  }
}

/// The largest value of a channel: 255 for uint8, 1.0 for float (cv2's alpha).
template <class T>
inline constexpr T full_scale = std::is_floating_point_v<T> ? T(1) : T(255);

}  // namespace pyaot::cv2
