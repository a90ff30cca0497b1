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
#include "pyaot/cv2/simd.hpp"

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

/// BGR(A) -> BGR(A): SCN channels in, DCN out, red and blue swapped when SWAP.
template <int SCN, int DCN, bool SWAP, class T>
[[gnu::always_inline]] inline void reorder_n(T* __restrict dst, const T* __restrict s,
                                             std::int64_t n) noexcept {
  constexpr int b = SWAP ? 2 : 0;
  std::int64_t i = 0;
#if PYAOT_CV2_SHUFFLE
  if constexpr (SCN == 3 && DCN == 3 && SWAP && sizeof(T) == 1) {
    // five pixels a step: 16 bytes loaded, red and blue swapped by one shuffle, stored whole
    // (the 16th byte is the next step's first)
    const auto* src = reinterpret_cast<const std::uint8_t*>(s);
    auto* d = reinterpret_cast<std::uint8_t*>(dst);
    for (; 3 * i + 16 <= 3 * n; i += 5) {
      const bytes16 v = load16(src + 3 * i);
      store16(d + 3 * i, PYAOT_CV2_PICK(v, 2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9, 14, 13, 12, 15));
    }
  }
#endif
  for (; i < n; ++i) {
    const T c0 = s[i * SCN + b], c1 = s[i * SCN + 1], c2 = s[i * SCN + (b ^ 2)];
    dst[i * DCN] = c0;
    dst[i * DCN + 1] = c1;
    dst[i * DCN + 2] = c2;
    if constexpr (DCN == 4) dst[i * DCN + 3] = SCN == 4 ? s[i * SCN + 3] : full_scale<T>;
  }
}

template <bool SWAP, class T>
inline void reorder(T* dst, const Image<T>& src, std::int64_t dcn) noexcept {
  const std::int64_t n = src.rows * src.cols;
  const T* s = src.data;
  vectorized([&]() PYAOT_CV2_INLINE {
    if (src.cn == 3 && dcn == 3) reorder_n<3, 3, SWAP>(dst, s, n);
    else if (src.cn == 3) reorder_n<3, 4, SWAP>(dst, s, n);
    else if (dcn == 3) reorder_n<4, 3, SWAP>(dst, s, n);
    else reorder_n<4, 4, SWAP>(dst, s, n);
  });
}

template <int SCN, int BLUE, class T>
[[gnu::always_inline]] inline void to_gray_n(T* __restrict dst, const T* __restrict s,
                                             std::int64_t n) noexcept {
  for (std::int64_t i = 0; i < n; ++i)
    dst[i] = gray<T>(s[i * SCN + BLUE], s[i * SCN + 1], s[i * SCN + (BLUE ^ 2)]);
}

template <int BLUE, class T>
inline void to_gray(T* dst, const Image<T>& src) noexcept {
  const std::int64_t n = src.rows * src.cols;
  const T* s = src.data;
  vectorized([&]() PYAOT_CV2_INLINE {
    if (src.cn == 3) to_gray_n<3, BLUE>(dst, s, n);
    else to_gray_n<4, BLUE>(dst, s, n);
  });
}

template <int DCN, class T>
[[gnu::always_inline]] inline void from_gray_n(T* __restrict dst, const T* __restrict s,
                                               std::int64_t n) noexcept {
  for (std::int64_t i = 0; i < n; ++i) {
    dst[i * DCN] = dst[i * DCN + 1] = dst[i * DCN + 2] = s[i];
    if constexpr (DCN == 4) dst[i * DCN + 3] = full_scale<T>;
  }
}

template <class T>
inline void from_gray(T* dst, const Image<T>& src, std::int64_t dcn) noexcept {
  const std::int64_t n = src.rows * src.cols;
  const T* s = src.data;
  vectorized([&]() PYAOT_CV2_INLINE {
    if (dcn == 3) from_gray_n<3>(dst, s, n);
    else from_gray_n<4>(dst, s, n);
  });
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
    case 0: case 1: detail::reorder<false>(dst, img, c.dcn); break;
    case 2: case 3: case 4: case 5: detail::reorder<true>(dst, img, c.dcn); break;
    case 6: case 10: detail::to_gray<0>(dst, img); break;
    case 7: case 11: detail::to_gray<2>(dst, img); break;
    case 8: case 9: detail::from_gray(dst, img, c.dcn); break;
    default:
      if (img.cn != 3) [[unlikely]] return detail::bad_channels(img.cn);
      colour_space(dst, img.data, img.rows * img.cols, code);
  }
  return true;
}

}  // namespace pyaot::cv2
