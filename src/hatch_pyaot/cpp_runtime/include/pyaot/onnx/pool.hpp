#pragma once
// ONNX MaxPool, AveragePool (count_include_pad either way) and GlobalAveragePool/
// GlobalMaxPool over NCHW (1-d pools come as height 1), with the geometry of ConvShape
// (cout = cin, no groups).

#include <cstdint>
#include <limits>

#include "pyaot/onnx/conv.hpp"

namespace pyaot::onnx {

inline void max_pool(const float* x, float* y, const ConvShape& s) noexcept {
  for (std::int64_t c = 0; c < s.n * s.cin; ++c) {
    const float* xc = x + c * s.h * s.w;
    for (std::int64_t oy = 0; oy < s.oh; ++oy) {
      for (std::int64_t ox = 0; ox < s.ow; ++ox) {
        float best = -std::numeric_limits<float>::infinity();
        for (std::int64_t ky = 0; ky < s.kh; ++ky) {
          const std::int64_t iy = oy * s.sh - s.pt + ky * s.dh;
          if (iy < 0 || iy >= s.h) continue;
          for (std::int64_t kx = 0; kx < s.kw; ++kx) {
            const std::int64_t ix = ox * s.sw - s.pl + kx * s.dw;
            if (ix >= 0 && ix < s.w && xc[iy * s.w + ix] > best) best = xc[iy * s.w + ix];
          }
        }
        *y++ = best;
      }
    }
  }
}

inline void average_pool(const float* x, float* y, const ConvShape& s,
                         bool count_include_pad) noexcept {
  for (std::int64_t c = 0; c < s.n * s.cin; ++c) {
    const float* xc = x + c * s.h * s.w;
    for (std::int64_t oy = 0; oy < s.oh; ++oy) {
      for (std::int64_t ox = 0; ox < s.ow; ++ox) {
        float sum = 0.0f;
        std::int64_t count = 0, padded = 0;
        for (std::int64_t ky = 0; ky < s.kh; ++ky) {
          const std::int64_t iy = oy * s.sh - s.pt + ky;
          for (std::int64_t kx = 0; kx < s.kw; ++kx) {
            const std::int64_t ix = ox * s.sw - s.pl + kx;
            // count_include_pad counts the pads, not what ceil_mode adds past them
            if (iy < s.h + s.pt && ix < s.w + s.pl) ++padded;
            if (iy >= 0 && iy < s.h && ix >= 0 && ix < s.w) {
              sum += xc[iy * s.w + ix];
              ++count;
            }
          }
        }
        const std::int64_t d = count_include_pad ? padded : count;
        *y++ = d > 0 ? sum / static_cast<float>(d) : 0.0f;
      }
    }
  }
}

/// Mean (or max) over each of the `planes` planes of `size` elements.
inline void global_pool(const float* x, float* y, std::int64_t planes, std::int64_t size,
                        bool max) noexcept {
  for (std::int64_t p = 0; p < planes; ++p) {
    const float* xp = x + p * size;
    float acc = max ? -std::numeric_limits<float>::infinity() : 0.0f;
    for (std::int64_t i = 0; i < size; ++i) acc = max ? (xp[i] > acc ? xp[i] : acc) : acc + xp[i];
    y[p] = max ? acc : acc / static_cast<float>(size);
  }
}

}  // namespace pyaot::onnx
