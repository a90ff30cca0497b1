#pragma once
// ONNX Conv (1-d models come as height 1): im2col, then the blocked GEMM with the weights
// packed when the package was built (one packed matrix per group); a 1x1 convolution with
// stride 1 and no padding reads its input directly, and a depthwise one (a group per
// channel) runs the direct kernels of pyaot/onnx/depthwise.hpp. Bias and the fused activation are applied as the result is
// stored.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "pyaot/error.hpp"
#include "pyaot/onnx/activation.hpp"
#include "pyaot/onnx/conv_shape.hpp"
#include "pyaot/onnx/depthwise.hpp"
#include "pyaot/onnx/gemm.hpp"
#include "pyaot/onnx/scratch.hpp"

namespace pyaot::onnx {

namespace detail {

/// The output columns [lo, hi) whose input column ox * stride - pad + offset lies inside
/// [0, width).
inline void inside(std::int64_t& lo, std::int64_t& hi, std::int64_t out, std::int64_t stride,
                   std::int64_t start, std::int64_t width) noexcept {
  // ix = ox * stride + start must satisfy 0 <= ix < width
  lo = start >= 0 ? 0 : (-start + stride - 1) / stride;
  hi = width - start <= 0 ? 0 : (width - start + stride - 1) / stride;
  lo = std::min(lo, out);
  hi = std::max(std::min(hi, out), lo);
}

/// col[(c * kh + ky) * kw + kx][oy * ow + ox] for the channels of one group: per row, the
/// padding is zeros and the inside a copy (a memcpy at stride 1).
inline void im2col(const float* x, const ConvShape& s, std::int64_t channels,
                   float* col) noexcept {
  for (std::int64_t c = 0; c < channels; ++c) {
    for (std::int64_t ky = 0; ky < s.kh; ++ky) {
      for (std::int64_t kx = 0; kx < s.kw; ++kx) {
        const std::int64_t start = kx * s.dw - s.pl;
        std::int64_t lo, hi;
        inside(lo, hi, s.ow, s.sw, start, s.w);
        for (std::int64_t oy = 0; oy < s.oh; ++oy, col += s.ow) {
          const std::int64_t iy = oy * s.sh - s.pt + ky * s.dh;
          if (iy < 0 || iy >= s.h) {
            std::memset(col, 0, sizeof(float) * static_cast<std::size_t>(s.ow));
            continue;
          }
          const float* src = x + (c * s.h + iy) * s.w + start;
          for (std::int64_t ox = 0; ox < lo; ++ox) col[ox] = 0.0f;
          if (s.sw == 1) {
            std::memcpy(col + lo, src + lo, sizeof(float) * static_cast<std::size_t>(hi - lo));
          } else {
            for (std::int64_t ox = lo; ox < hi; ++ox) col[ox] = src[ox * s.sw];
          }
          for (std::int64_t ox = hi; ox < s.ow; ++ox) col[ox] = 0.0f;
        }
      }
    }
  }
}

}  // namespace detail

/// y = act(conv(x, w) + bias); `packed` holds each group's weights packed by pack_a
/// (rows: the group's output channels; columns: its input channels times the kernel), and
/// `w` the plain weights (used by the depthwise path).
inline bool conv(const float* x, const float* packed, const float* w, const float* bias,
                 float* y, const ConvShape& s, Activation act) noexcept {
  const std::int64_t ipg = s.cin / s.groups, opg = s.cout / s.groups;
  const std::int64_t kdim = ipg * s.kh * s.kw, pixels = s.oh * s.ow;
  if (s.groups == s.cin && s.groups == s.cout) return depthwise_conv(x, w, bias, y, s, act);
  const bool direct = s.kh == 1 && s.kw == 1 && s.sh == 1 && s.sw == 1 && s.pt == 0 &&
                      s.pl == 0 && s.oh == s.h && s.ow == s.w;
  float* col = nullptr;
  if (!direct) {
    col = scratch_floats(Slot::Columns, kdim * pixels + 1);
    if (col == nullptr) [[unlikely]] {
      return raise(Exc::MemoryError, "cannot allocate the im2col buffer of a Conv");
    }
  }
  bool ok = true;
  for (std::int64_t b = 0; b < s.n && ok; ++b) {
    for (std::int64_t g = 0; g < s.groups && ok; ++g) {
      const float* xg = x + (b * s.cin + g * ipg) * s.h * s.w;
      if (!direct) detail::im2col(xg, s, ipg, col);
      Gemm gemm_args{opg,  pixels, kdim, packed + g * packed_a_size(opg, kdim),
                     direct ? xg : col, pixels, 1, y + (b * s.cout + g * opg) * pixels,
                     pixels, 1, bias != nullptr ? bias + g * opg : nullptr, act};
      ok = gemm(gemm_args);
    }
  }
  return ok;
}

/// ConvTranspose: per group, col = W_g^T x_g by the GEMM (``packed`` holds each group's
/// W^T: rows output channel x kernel position, columns input channels), then scattered
/// into y (initialized with the bias).
inline bool conv_transpose(const float* x, const float* packed, const float* bias, float* y,
                           const ConvShape& s) noexcept {
  const std::int64_t ipg = s.cin / s.groups, opg = s.cout / s.groups;
  const std::int64_t rows = opg * s.kh * s.kw, pixels = s.h * s.w;
  float* col = scratch_floats(Slot::Columns, rows * pixels + 1);
  if (col == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the buffer of a ConvTranspose");
  }
  bool ok = true;
  for (std::int64_t b = 0; b < s.n && ok; ++b) {
    for (std::int64_t g = 0; g < s.groups && ok; ++g) {
      const float* xg = x + (b * s.cin + g * ipg) * pixels;
      Gemm gemm_args{rows, pixels, ipg, packed + g * packed_a_size(rows, ipg), xg, pixels, 1,
                     col, pixels, 1, nullptr, Activation{}};
      ok = gemm(gemm_args);
      if (!ok) break;
      for (std::int64_t co = 0; co < opg; ++co) {
        float* yc = y + (b * s.cout + g * opg + co) * s.oh * s.ow;
        const float init = bias != nullptr ? bias[g * opg + co] : 0.0f;
        for (std::int64_t i = 0; i < s.oh * s.ow; ++i) yc[i] = init;
        for (std::int64_t ky = 0; ky < s.kh; ++ky) {
          for (std::int64_t kx = 0; kx < s.kw; ++kx) {
            const float* src = col + ((co * s.kh + ky) * s.kw + kx) * pixels;
            for (std::int64_t iy = 0; iy < s.h; ++iy) {
              const std::int64_t oy = iy * s.sh - s.pt + ky * s.dh;
              if (oy < 0 || oy >= s.oh) continue;
              for (std::int64_t ix = 0; ix < s.w; ++ix) {
                const std::int64_t ox = ix * s.sw - s.pl + kx * s.dw;
                if (ox >= 0 && ox < s.ow) yc[oy * s.ow + ox] += src[iy * s.w + ix];
              }
            }
          }
        }
      }
    }
  }
  return ok;
}

}  // namespace pyaot::onnx
