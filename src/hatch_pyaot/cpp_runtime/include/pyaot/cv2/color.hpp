#pragma once
// cv2.cvtColor: channel swaps and alpha (BGR<->RGB, BGR<->BGRA), GRAY in both directions,
// and the colour spaces of pyaot/cv2/color_spaces.hpp. The code is a constant of the
// compiled function, so the result's rank is known when it compiles; the channel count is
// checked here, with cv2's condition in the message.
//
// uint8 is OpenCV's fixed point: gray = (B*3735 + G*19235 + R*9798 + 16384) >> 15.
// float32 uses OpenCV's float coefficients (0.114, 0.587, 0.299), within 1e-6.

#include <cstdint>

#include "pyaot/cv2/color_spaces.hpp"
#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

namespace detail {

[[gnu::cold]] inline bool bad_channels(std::int64_t scn) noexcept {
  return raise_format(Exc::ValueError,
                      "cv2.cvtColor(): invalid number of channels in input image (scn is %lld)",
                      static_cast<long long>(scn));
}

template <class T>
inline T gray(T b, T g, T r) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    return b * 0.114f + g * 0.587f + r * 0.299f;
  } else {
    return static_cast<T>((b * 3735 + g * 19235 + r * 9798 + 16384) >> 15);
  }
}

/// BGR(A) -> BGR(A): SCN channels in, DCN out, red and blue swapped when `swap`.
template <int SCN, int DCN, class T>
inline void reorder_n(T* dst, const T* s, std::int64_t n, bool swap) noexcept {
  const int b = swap ? 2 : 0;
  for (std::int64_t i = 0; i < n; ++i, s += SCN, dst += DCN) {
    const T c0 = s[b], c1 = s[1], c2 = s[b ^ 2];
    dst[0] = c0;
    dst[1] = c1;
    dst[2] = c2;
    if constexpr (DCN == 4) dst[3] = SCN == 4 ? s[3] : full_scale<T>;
  }
}

template <class T>
inline void reorder(T* dst, const Image<T>& src, std::int64_t dcn, bool swap) noexcept {
  const std::int64_t n = src.rows * src.cols;
  if (src.cn == 3 && dcn == 3) reorder_n<3, 3>(dst, src.data, n, swap);
  else if (src.cn == 3) reorder_n<3, 4>(dst, src.data, n, swap);
  else if (dcn == 3) reorder_n<4, 3>(dst, src.data, n, swap);
  else reorder_n<4, 4>(dst, src.data, n, swap);
}

template <int SCN, class T>
inline void to_gray_n(T* dst, const T* s, std::int64_t n, int blue) noexcept {
  for (std::int64_t i = 0; i < n; ++i, s += SCN) dst[i] = gray<T>(s[blue], s[1], s[blue ^ 2]);
}

template <class T>
inline void to_gray(T* dst, const Image<T>& src, int blue) noexcept {
  const std::int64_t n = src.rows * src.cols;
  if (src.cn == 3) to_gray_n<3>(dst, src.data, n, blue);
  else to_gray_n<4>(dst, src.data, n, blue);
}

template <class T>
inline void from_gray(T* dst, const Image<T>& src, std::int64_t dcn) noexcept {
  const std::int64_t n = src.rows * src.cols;
  for (std::int64_t i = 0; i < n; ++i, dst += dcn) {
    dst[0] = dst[1] = dst[2] = src.data[i];
    if (dcn == 4) dst[3] = full_scale<T>;
  }
}

/// The result's channels for a code, and whether the input may have 3 or 4 (else 1).
struct Conversion {
  std::int64_t dcn;
  bool colour_input;
};

inline Conversion conversion(std::int64_t code) noexcept {
  switch (code) {
    case 0: case 2: case 5: return {4, true};
    case 1: case 3: case 4: return {3, true};
    case 6: case 7: case 10: case 11: return {1, true};
    case 8: return {3, false};
    case 9: return {4, false};
    default: return {3, true};  // the colour spaces: three channels in and out
  }
}

}  // namespace detail

/// cv2.cvtColor(src, code) for the codes typing/cv2_color.py lets through.
template <class T, int M, int N>
bool cvt_color(numpy::ndarray<T, M>& out, const numpy::ndarray<T, N>& src,
               std::int64_t code) noexcept {
  Image<T> img;
  if (!image(img, src, "cvtColor")) return false;
  const detail::Conversion c = detail::conversion(code);
  const bool colour = img.cn == 3 || img.cn == 4;
  if (c.colour_input ? !colour : img.cn != 1) [[unlikely]] return detail::bad_channels(img.cn);
  if (!result(out, img.rows, img.cols, c.dcn)) return false;
  T* dst = out.data;
  switch (code) {
    case 0: case 1: detail::reorder(dst, img, c.dcn, false); break;
    case 2: case 3: case 4: case 5: detail::reorder(dst, img, c.dcn, true); break;
    case 6: case 10: detail::to_gray(dst, img, 0); break;
    case 7: case 11: detail::to_gray(dst, img, 2); break;
    case 8: case 9: detail::from_gray(dst, img, c.dcn); break;
    default:
      if (img.cn != 3) [[unlikely]] return detail::bad_channels(img.cn);
      colour_space(dst, img.data, img.rows * img.cols, code);
  }
  return true;
}

}  // namespace pyaot::cv2
