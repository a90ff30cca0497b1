#pragma once
// cv2.cvtColor's colour spaces for three-channel images: BGR/RGB -> HSV, BGR/RGB <-> YCrCb and
// BGR/RGB <-> YUV. uint8 is OpenCV's fixed point (14-bit YCrCb/YUV coefficients, HSV by its
// 12-bit division tables, here computed in float), equal to cv2 over all 16.7M colours;
// float32 uses OpenCV's float coefficients (H in degrees, S and V in [0, 1]).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/simd.hpp"

namespace pyaot::cv2 {

namespace detail {

inline constexpr int kYuvShift = 14;

[[gnu::always_inline]] inline int descale(int x) noexcept { return (x + (1 << (kYuvShift - 1))) >> kYuvShift; }

/// OpenCV's integer and float coefficients of one luma/chroma space: Y from B, G, R; the first
/// and second chroma channels from (R - Y) and (B - Y) (YCrCb) or (B - Y) and (R - Y) (YUV);
/// and back.
struct Luma {
  int to_first, to_second;      ///< chroma scale, 14-bit
  float to_first_f, to_second_f;
  bool red_first;               ///< YCrCb: Cr (from R) first; YUV: U (from B) first
  int r_from, g_from_first, g_from_second, b_from;  ///< the inverse, 14-bit
  float r_from_f, g_from_first_f, g_from_second_f, b_from_f;
};

inline constexpr Luma kYCrCb{11682, 9241, 0.713f, 0.564f, true,
                             22987, -11698, -5636, 29049, 1.403f, -0.714f, -0.344f, 1.773f};
inline constexpr Luma kYUV{8061, 14369, 0.492f, 0.877f, false,
                           18678, -6472, -9519, 33292, 1.140f, -0.395f, -0.581f, 2.032f};

/// x clamped to [lo, hi] (an int or int32 lanes).
template <class V>
[[gnu::always_inline]] inline void clamp_lanes(V& x, int lo, int hi) noexcept {
  const V zero = x - x, l = zero + lo, h = zero + hi;
  x = x < l ? l : x;
  x = x > h ? h : x;
}

/// OpenCV's integer Y and chroma channels of b, g, r (ints or int32 lanes), clamped to
/// [lo, hi].
template <class V>
[[gnu::always_inline]] inline void luma_of(const V& b, const V& g, const V& r, const Luma& c,
                                           int lo, int hi, V& y, V& first,
                                           V& second) noexcept {
  constexpr int half = 1 << (kYuvShift - 1), delta = 128 << kYuvShift;
  y = (b * 1868 + g * 9617 + r * 4899 + half) >> kYuvShift;
  const V f = c.red_first ? r - y : b - y, s = c.red_first ? b - y : r - y;
  first = (f * c.to_first + (delta + half)) >> kYuvShift;
  second = (s * c.to_second + (delta + half)) >> kYuvShift;
  clamp_lanes(y, lo, hi);
  clamp_lanes(first, lo, hi);
  clamp_lanes(second, lo, hi);
}

template <int BLUE, class T>
[[gnu::always_inline]] inline void to_luma(T* d, const T* s, const Luma& c) noexcept {
  const T b = s[BLUE], g = s[1], r = s[BLUE ^ 2];
  if constexpr (std::is_floating_point_v<T>) {
    const float y = b * 0.114f + g * 0.587f + r * 0.299f;
    const float first = c.red_first ? r - y : b - y, second = c.red_first ? b - y : r - y;
    d[0] = y;
    d[1] = first * c.to_first_f + 0.5f;
    d[2] = second * c.to_second_f + 0.5f;
  } else {
    int y, first, second;
    luma_of<int>(b, g, r, c, std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max(), y,
                 first, second);
    d[0] = static_cast<T>(y);
    d[1] = static_cast<T>(first);
    d[2] = static_cast<T>(second);
  }
}

template <int BLUE, class T>
[[gnu::always_inline]] inline void from_luma(T* d, const T* s, const Luma& c) noexcept {
  constexpr int blue = BLUE;
  const int red_at = c.red_first ? 1 : 2, blue_at = 3 - red_at;
  if constexpr (std::is_floating_point_v<T>) {
    const float y = s[0], cr = s[red_at] - 0.5f, cb = s[blue_at] - 0.5f;
    const float first = c.red_first ? cr : cb, second = c.red_first ? cb : cr;
    d[blue] = y + cb * c.b_from_f;
    d[1] = y + first * c.g_from_first_f + second * c.g_from_second_f;
    d[blue ^ 2] = y + cr * c.r_from_f;
  } else {
    const int y = s[0], cr = s[red_at] - 128, cb = s[blue_at] - 128;
    // g's coefficients are written for (Cr, Cb) in YCrCb and (U, V) in YUV
    const int first = c.red_first ? cr : cb, second = c.red_first ? cb : cr;
    d[blue] = saturate_int<T>(y + descale(cb * c.b_from));
    d[1] = saturate_int<T>(y + descale(first * c.g_from_first + second * c.g_from_second));
    d[blue ^ 2] = saturate_int<T>(y + descale(cr * c.r_from));
  }
}

// The uint8 HSV arithmetic, written once for an int (one pixel) and for a vector of int32
// lanes (to_hsv16): a comparison's mask (-1 or 0), a conversion, the lanes' float type.
[[gnu::always_inline]] inline int mask_of(bool c) noexcept { return -static_cast<int>(c); }
template <class To, class From>
[[gnu::always_inline]] inline void convert(To& out, From x) noexcept {
  out = static_cast<To>(x);
}
template <class V>
struct float_lanes {
  using type = float;
};

#if PYAOT_CV2_SHUFFLE
typedef std::int32_t ints8 __attribute__((vector_size(32)));
typedef float floats8 __attribute__((vector_size(32)));
[[gnu::always_inline]] inline const ints8& mask_of(const ints8& m) noexcept { return m; }
[[gnu::always_inline]] inline void convert(floats8& out, const ints8& x) noexcept {
  out = __builtin_convertvector(x, floats8);
}
[[gnu::always_inline]] inline void convert(ints8& out, const floats8& x) noexcept {
  out = __builtin_convertvector(x, ints8);
}
template <>
struct float_lanes<ints8> {
  using type = floats8;
};
#endif

/// OpenCV's HSV division tables, sdiv[i] = round((255 << 12) / i) and
/// hdiv[i] = round((180 << 12) / (6 i)), as `num` / i rounded: in float, which gives the
/// double's rounding for every i in [1, 255] (no quotient is near a half, and num < 2^22
/// rounds by adding and subtracting 1.5 * 2^23), so that it vectorizes (a table would be a
/// gather). i = 0 gives num, not the table's 0: the callers multiply it by 0 then.
/// (Out parameters: a function returning a 32-byte vector has an ABI that GCC warns of.)
template <class V>
[[gnu::always_inline]] inline void hsv_quotient(V& out, int num, const V& i) noexcept {
  typename float_lanes<V>::type q;
  convert(q, i - mask_of(i == 0));
  q = static_cast<float>(num) / q;
  constexpr float magic = 12582912.0f;
  convert(out, (q + magic) - magic);
}

/// OpenCV's uint8 hue, saturation and value of b, g, r (ints or vectors of int32 lanes).
template <class V>
[[gnu::always_inline]] inline void hsv_of(const V& b, const V& g, const V& r, V& h, V& sat,
                                          V& v) noexcept {
  const V bg = b > g ? b : g, bg_min = b < g ? b : g;
  v = bg > r ? bg : r;
  const V vmin = bg_min < r ? bg_min : r;
  const V diff = v - vmin;
  V sdiv, hdiv;
  hsv_quotient(sdiv, 255 << 12, v);
  hsv_quotient(hdiv, 30 << 12, diff);
  sat = (diff * sdiv + (1 << 11)) >> 12;
  // v == r ? g - b : v == g ? b - r + 2 * diff : r - g + 4 * diff, by masks (branches on
  // random colours mispredict, and masks vectorize)
  const V is_r = mask_of(v == r), is_g = mask_of(v == g) & ~is_r;
  h = (is_r & (g - b)) | (is_g & (b - r + 2 * diff)) | (~(is_r | is_g) & (r - g + 4 * diff));
  h = (h * hdiv + (1 << 11)) >> 12;
  h += (h >> 31) & 180;  // h < 0: h + 180
}

template <int BLUE, class T>
[[gnu::always_inline]] inline void to_hsv(T* d, const T* s) noexcept {
  const T b = s[BLUE], g = s[1], r = s[BLUE ^ 2];
  if constexpr (std::is_floating_point_v<T>) {
    const float v = std::max(std::max(b, g), r), vmin = std::min(std::min(b, g), r);
    const float diff = v - vmin;
    const float sat = diff / (std::fabs(v) + std::numeric_limits<float>::epsilon());
    const float k = 60.f / (diff + std::numeric_limits<float>::epsilon());
    float h = v == r ? (g - b) * k : v == g ? (b - r) * k + 120.f : (r - g) * k + 240.f;
    if (h < 0) h += 360.f;
    d[0] = h;
    d[1] = sat;
    d[2] = v;
  } else {
    int h, sat, v;
    hsv_of<int>(b, g, r, h, sat, v);
    d[0] = static_cast<T>(h);
    d[1] = static_cast<T>(sat);
    d[2] = static_cast<T>(v);
  }
}

#if PYAOT_CV2_SHUFFLE
/// The low bytes of the lanes of q0..q3, in order.
[[gnu::always_inline]] inline bytes16 narrow16(ints4 q0, ints4 q1, ints4 q2, ints4 q3) noexcept {
  const auto low = [](ints4 a, ints4 b) PYAOT_CV2_INLINE {
    return PYAOT_CV2_PICK2B(reinterpret_cast<bytes16>(a), reinterpret_cast<bytes16>(b), 0, 4, 8,
                            12, 16, 20, 24, 28, 0, 0, 0, 0, 0, 0, 0, 0);
  };
  const bytes16 t0 = low(q0, q1), t1 = low(q2, q3);
  return PYAOT_CV2_PICK2B(t0, t1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
}

/// Eight bytes at p, zero-extended into int32 lanes (the compiler's widening load).
[[gnu::always_inline]] inline void widen8(ints8& out, const std::uint8_t* p) noexcept {
  out = ints8{p[0], p[1], p[2], p[3], p[4], p[5], p[6], p[7]};
}

/// ints4 at p.
[[gnu::always_inline]] inline ints4 load_ints4(const std::int32_t* p) noexcept {
  ints4 v;
  std::memcpy(&v, p, 16);
  return v;
}

/// Sixteen 3-byte pixels at s mapped to sixteen at d by f(c0, c1, c2, o0, o1, o2), eight at
/// a time: c the channels in memory order and o the results (in [0, 255]), as int32 lanes
/// (AVX2's vectors; two vectors elsewhere). The channels are split by shuffles into planes
/// in memory, read back by widening loads.
template <class F>
[[gnu::always_inline]] inline void map16(std::uint8_t* d, const std::uint8_t* s,
                                         const F& f) noexcept {
  bytes16 c0, c1, c2;
  load3(s, c0, c1, c2);
  alignas(16) std::uint8_t planes[3][16];
  store16(planes[0], c0);
  store16(planes[1], c1);
  store16(planes[2], c2);
  // the planes in memory (else the compiler moves them lane by lane)
  __asm__("" : : "r"(planes) : "memory");
  alignas(32) std::int32_t out[3][16];
  for (int half = 0; half < 16; half += 8) {
    ints8 x0, x1, x2, o0, o1, o2;
    widen8(x0, planes[0] + half);
    widen8(x1, planes[1] + half);
    widen8(x2, planes[2] + half);
    f(x0, x1, x2, o0, o1, o2);
    std::memcpy(out[0] + half, &o0, sizeof o0);
    std::memcpy(out[1] + half, &o1, sizeof o1);
    std::memcpy(out[2] + half, &o2, sizeof o2);
  }
  const auto bytes = [](const std::int32_t* q) PYAOT_CV2_INLINE {
    return narrow16(load_ints4(q), load_ints4(q + 4), load_ints4(q + 8), load_ints4(q + 12));
  };
  store3(d, bytes(out[0]), bytes(out[1]), bytes(out[2]));
}

/// to_hsv of sixteen uint8 pixels.
template <int BLUE>
[[gnu::always_inline]] inline void to_hsv16(std::uint8_t* d, const std::uint8_t* s) noexcept {
  map16(d, s, [](const ints8& c0, const ints8& g, const ints8& c2, ints8& h, ints8& sat,
                 ints8& v) PYAOT_CV2_INLINE {
    hsv_of(BLUE == 0 ? c0 : c2, g, BLUE == 0 ? c2 : c0, h, sat, v);
  });
}

/// to_luma of sixteen uint8 pixels.
template <int BLUE>
[[gnu::always_inline]] inline void to_luma16(std::uint8_t* d, const std::uint8_t* s,
                                             const Luma& c) noexcept {
  map16(d, s, [&c](const ints8& c0, const ints8& g, const ints8& c2, ints8& y, ints8& first,
                   ints8& second) PYAOT_CV2_INLINE {
    luma_of(BLUE == 0 ? c0 : c2, g, BLUE == 0 ? c2 : c0, c, 0, 255, y, first, second);
  });
}
#endif

}  // namespace detail

namespace detail {

/// The pixels of one code, RGB's when BLUE is 2; one loop over them, run by vectorized().
template <int BLUE, class T>
inline void colour_space_n(T* dst, const T* src, std::int64_t n, std::int64_t code) noexcept {
  vectorized([&]() PYAOT_CV2_INLINE {
    T* __restrict d = dst;
    const T* __restrict s = src;
    const std::int64_t n_ = n;  // a copy: a uint8 store may alias what the lambda captured
    switch (code) {
      case 36: case 37: case 82: case 83: {
        const Luma& c = code < 80 ? kYCrCb : kYUV;
        std::int64_t i = 0;
#if PYAOT_CV2_SHUFFLE
        if constexpr (sizeof(T) == 1)
          for (; i + 16 <= n_; i += 16) to_luma16<BLUE>(d + 3 * i, s + 3 * i, c);
#endif
        for (; i < n_; ++i) to_luma<BLUE>(d + 3 * i, s + 3 * i, c);
        break;
      }
      case 38: case 39:
        for (std::int64_t i = 0; i < n_; ++i) from_luma<BLUE>(d + 3 * i, s + 3 * i, kYCrCb);
        break;
      case 84: case 85:
        for (std::int64_t i = 0; i < n_; ++i) from_luma<BLUE>(d + 3 * i, s + 3 * i, kYUV);
        break;
      default: {
        std::int64_t i = 0;
#if PYAOT_CV2_SHUFFLE
        if constexpr (sizeof(T) == 1)
          for (; i + 16 <= n_; i += 16) to_hsv16<BLUE>(d + 3 * i, s + 3 * i);
#endif
        for (; i < n_; ++i) to_hsv<BLUE>(d + 3 * i, s + 3 * i);
      }
    }
  });
}

}  // namespace detail

/// The colour-space codes: 36-39 YCrCb, 40/41 HSV, 82-85 YUV; `n` three-channel pixels.
template <class T>
void colour_space(T* dst, const T* src, std::int64_t n, std::int64_t code) noexcept {
  if (code & 1) detail::colour_space_n<2>(dst, src, n, code);  // the odd codes are RGB's
  else detail::colour_space_n<0>(dst, src, n, code);
}

}  // namespace pyaot::cv2
