#pragma once
// Depthwise Conv (one filter per channel): each channel is copied into a zero-padded plane,
// then every output row is computed in blocks of kDwBlock columns held in registers: the
// bias, then the taps in order (ky, kx), the fused activation, one store. A row's last
// block starts at ow - kDwBlock (it recomputes a few columns, to the same values). 3x3 and
// 5x5 kernels at stride 1 and 2 are templates the compiler unrolls and vectorizes; other
// sizes run the same loops with sizes read at run time. Channels are split over the
// threads (pyaot/onnx/threads.hpp): each is computed by the same code on any count.

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "pyaot/error.hpp"
#include "pyaot/onnx/activation.hpp"
#include "pyaot/onnx/conv_shape.hpp"
#include "pyaot/onnx/gemm.hpp"
#include "pyaot/onnx/scratch.hpp"
#include "pyaot/onnx/threads.hpp"

namespace pyaot::onnx {

namespace detail {

inline constexpr std::int64_t kDwBlock = 32;

/// Rows and columns of a channel's zero-padded plane.
struct DwPlane {
  std::int64_t rows, cols;
};

inline DwPlane dw_plane(const ConvShape& s) noexcept {
  return {std::max(s.pt + s.h, (s.oh - 1) * s.sh + (s.kh - 1) * s.dh + 1),
          std::max(s.pl + s.w, (s.ow - 1) * s.sw + (s.kw - 1) * s.dw + 1)};
}

/// Channel xc (h x w) into p (rows x cols) at (pt, pl), zeros around.
inline void dw_pad(const float* xc, const ConvShape& s, DwPlane plane, float* p) noexcept {
  const std::size_t row_bytes = sizeof(float) * static_cast<std::size_t>(plane.cols);
  std::memset(p, 0, row_bytes * static_cast<std::size_t>(s.pt));
  for (std::int64_t r = 0; r < s.h; ++r) {
    float* dst = p + (s.pt + r) * plane.cols;
    std::memset(dst, 0, row_bytes);
    std::memcpy(dst + s.pl, xc + r * s.w, sizeof(float) * static_cast<std::size_t>(s.w));
  }
  std::memset(p + (s.pt + s.h) * plane.cols, 0,
              row_bytes * static_cast<std::size_t>(plane.rows - s.pt - s.h));
}

/// out[0, count) = act(b + the taps over src); K and S (0: read from s) fix the kernel side
/// and the stride at compile time.
template <int K, int S, std::int64_t N>
[[gnu::always_inline]] inline void dw_block(const float* src, std::int64_t cols,
                                            const float* w, float b, float* out,
                                            const ConvShape& s, Activation act) noexcept {
  const std::int64_t kh = K != 0 ? K : s.kh, kw = K != 0 ? K : s.kw;
  const std::int64_t sw = S != 0 ? S : s.sw;
  float acc[N];
  for (std::int64_t j = 0; j < N; ++j) acc[j] = b;
  for (std::int64_t ky = 0; ky < kh; ++ky) {
    const float* row = src + ky * s.dh * cols;
    for (std::int64_t kx = 0; kx < kw; ++kx) {
      const float wk = w[ky * kw + kx];
      const float* tap = row + kx * s.dw;
      for (std::int64_t j = 0; j < N; ++j) acc[j] += wk * tap[j * sw];
    }
  }
  if (act.kind == Act::Relu) {
    for (std::int64_t j = 0; j < N; ++j) acc[j] = acc[j] > 0.0f ? acc[j] : 0.0f;
  } else if (act.kind == Act::Clip) {
    for (std::int64_t j = 0; j < N; ++j) acc[j] = clip(acc[j], act.lo, act.hi);
  }
  for (std::int64_t j = 0; j < N; ++j) out[j] = acc[j];
}

/// One output row in blocks of N columns (the last one ending at the row's end).
template <int K, int S, std::int64_t N>
[[gnu::always_inline]] inline void dw_row(const float* row, std::int64_t cols, const float* w,
                                          float b, float* out, const ConvShape& s,
                                          Activation act) noexcept {
  const std::int64_t sw = S != 0 ? S : s.sw;
  for (std::int64_t ox = 0;; ox += N) {
    const std::int64_t at = std::min(ox, s.ow - N);
    dw_block<K, S, N>(row + at * sw, cols, w, b, out + at, s, act);
    if (at == s.ow - N) break;
  }
}

/// One channel's output plane from its padded plane p.
template <int K, int S>
[[gnu::always_inline]] inline void dw_channel(const float* p, DwPlane plane, const float* w,
                                              float b, float* y, const ConvShape& s,
                                              Activation act) noexcept {
  const std::int64_t sh = S != 0 ? S : s.sh;
  for (std::int64_t oy = 0; oy < s.oh; ++oy) {
    const float* row = p + oy * sh * plane.cols;
    float* out = y + oy * s.ow;
    if (s.ow >= kDwBlock) {
      dw_row<K, S, kDwBlock>(row, plane.cols, w, b, out, s, act);
    } else if (s.ow >= 8) {
      dw_row<K, S, 8>(row, plane.cols, w, b, out, s, act);
    } else {
      dw_row<K, S, 1>(row, plane.cols, w, b, out, s, act);
    }
  }
}

template <int K, int S>
[[gnu::always_inline]] inline void dw_channels(const float* x, const float* w, const float* bias,
                                               float* y, const ConvShape& s, Activation act,
                                               float* p, std::int64_t c0,
                                               std::int64_t c1) noexcept {
  const DwPlane plane = dw_plane(s);
  for (std::int64_t c = c0; c < c1; ++c) {
    dw_pad(x + c * s.h * s.w, s, plane, p);
    dw_channel<K, S>(p, plane, w + c * s.kh * s.kw, bias != nullptr ? bias[c] : 0.0f,
                     y + c * s.oh * s.ow, s, act);
  }
}

/// Channels [c0, c1) of one image, the kernel picked by its size and stride.
[[gnu::always_inline]] inline void dw_dispatch(const float* x, const float* w,
                                               const float* bias, float* y, const ConvShape& s,
                                               Activation act, float* p, std::int64_t c0,
                                               std::int64_t c1) noexcept {
  const bool square = s.kh == s.kw && s.sh == s.sw;
  if (square && s.kh == 3 && s.sh == 1) return dw_channels<3, 1>(x, w, bias, y, s, act, p, c0, c1);
  if (square && s.kh == 3 && s.sh == 2) return dw_channels<3, 2>(x, w, bias, y, s, act, p, c0, c1);
  if (square && s.kh == 5 && s.sh == 1) return dw_channels<5, 1>(x, w, bias, y, s, act, p, c0, c1);
  if (square && s.kh == 5 && s.sh == 2) return dw_channels<5, 2>(x, w, bias, y, s, act, p, c0, c1);
  dw_channels<0, 0>(x, w, bias, y, s, act, p, c0, c1);
}

#if defined(PYAOT_X86_64) && !defined(PYAOT_ONNX_PORTABLE)
[[gnu::target("avx2")]] inline void dw_avx2(const float* x, const float* w, const float* bias,
                                           float* y, const ConvShape& s, Activation act,
                                           float* p, std::int64_t c0, std::int64_t c1) noexcept {
  dw_dispatch(x, w, bias, y, s, act, p, c0, c1);
}

[[gnu::target("avx512f")]] inline void dw_avx512(const float* x, const float* w,
                                                 const float* bias, float* y,
                                                 const ConvShape& s, Activation act, float* p,
                                                 std::int64_t c0, std::int64_t c1) noexcept {
  dw_dispatch(x, w, bias, y, s, act, p, c0, c1);
}
#endif

inline void dw_run(const float* x, const float* w, const float* bias, float* y,
                   const ConvShape& s, Activation act, float* p, std::int64_t c0,
                   std::int64_t c1) noexcept {
#if defined(PYAOT_X86_64) && !defined(PYAOT_ONNX_PORTABLE)
  if (has_avx512()) return dw_avx512(x, w, bias, y, s, act, p, c0, c1);
  if (has_avx2()) return dw_avx2(x, w, bias, y, s, act, p, c0, c1);
#endif
  dw_dispatch(x, w, bias, y, s, act, p, c0, c1);
}

}  // namespace detail

/// y = act(depthwise conv(x, w) + bias) (s.groups == s.cin == s.cout); false (MemoryError)
/// only when the padded planes cannot be allocated.
inline bool depthwise_conv(const float* x, const float* w, const float* bias, float* y,
                           const ConvShape& s, Activation act) noexcept {
  if (s.n == 0 || s.cout == 0 || s.oh == 0 || s.ow == 0) return true;
  const detail::DwPlane plane = detail::dw_plane(s);
  const std::int64_t floats = plane.rows * plane.cols;
  const std::int64_t channels = s.n * s.cout;
  const int parts = detail::work_parts(channels, channels * s.oh * s.ow * s.kh * s.kw);
  float* planes = scratch_floats(Slot::Columns, floats * parts);
  if (planes == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the padded planes of a depthwise Conv");
  }
  // channel c of image b is channel b * cout + c of one tall image: x and y are contiguous
  detail::for_parts(channels, parts, [&](int part, std::int64_t c0, std::int64_t c1) {
    float* p = planes + part * floats;
    for (std::int64_t c = c0; c < c1;) {  // runs of channels within one image
      const std::int64_t b = c / s.cout, end = std::min(c1, (b + 1) * s.cout);
      detail::dw_run(x + b * s.cin * s.h * s.w, w, bias, y + b * s.cout * s.oh * s.ow, s, act,
                     p, c - b * s.cout, end - b * s.cout);
      c = end;
    }
  });
  return true;
}

}  // namespace pyaot::onnx
