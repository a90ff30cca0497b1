#pragma once
// Data movement of lowered ONNX models. Transpose, Slice, Gather with constant indices,
// Pad, Expand, Tile, Resize (nearest) and the like are one gather through an index table
// computed when the model was lowered (-1: the padding value); Concat and Split copy
// contiguous blocks.

#include <cstdint>
#include <cstring>

#include "pyaot/error.hpp"

namespace pyaot::onnx {

template <class T, class I>
inline void gather(T* y, const T* x, const I* index, std::int64_t n, T fill) noexcept {
  for (std::int64_t i = 0; i < n; ++i) y[i] = index[i] >= 0 ? x[index[i]] : fill;
}

/// y (outer blocks of sum(chunks)) from the parts, part j giving chunks[j] elements a block.
template <class T>
inline void concat(T* y, const T* const* parts, const std::int64_t* chunks, std::int64_t count,
                   std::int64_t outer) noexcept {
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t j = 0; j < count; ++j) {
      std::memcpy(y, parts[j] + o * chunks[j], sizeof(T) * static_cast<std::size_t>(chunks[j]));
      y += chunks[j];
    }
  }
}

/// The inverse of concat: x's blocks handed out to the parts.
template <class T>
inline void split(T* const* parts, const T* x, const std::int64_t* chunks, std::int64_t count,
                  std::int64_t outer) noexcept {
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t j = 0; j < count; ++j) {
      std::memcpy(parts[j] + o * chunks[j], x, sizeof(T) * static_cast<std::size_t>(chunks[j]));
      x += chunks[j];
    }
  }
}

}  // namespace pyaot::onnx

namespace pyaot::onnx {

/// One axis of a separable Resize (linear, cubic): x viewed as (outer, n_in, inner) becomes
/// y (outer, n_out, inner), output row o the sum over `taps` of weight[o][t] times input row
/// index[o][t] (tables computed when the model was lowered).
inline void resample(float* y, const float* x, std::int64_t outer, std::int64_t n_in,
                     std::int64_t n_out, std::int64_t inner, const std::int32_t* index,
                     const float* weight, std::int64_t taps) noexcept {
  for (std::int64_t o = 0; o < outer; ++o) {
    const float* xo = x + o * n_in * inner;
    for (std::int64_t r = 0; r < n_out; ++r) {
      float* yr = y + (o * n_out + r) * inner;
      for (std::int64_t i = 0; i < inner; ++i) yr[i] = 0.0f;
      for (std::int64_t t = 0; t < taps; ++t) {
        const float wt = weight[r * taps + t];
        const float* xr = xo + index[r * taps + t] * inner;
        for (std::int64_t i = 0; i < inner; ++i) yr[i] += wt * xr[i];
      }
    }
  }
}

}  // namespace pyaot::onnx

namespace pyaot::onnx {

/// Gather with indices known only at run time: data viewed as (outer, n, inner), each index
/// (negative from the end) picks a block of `inner` elements; ValueError when one is out
/// of range.
template <class T, class I>
inline bool gather_runtime(T* y, const T* data, const I* index, std::int64_t count,
                           std::int64_t outer, std::int64_t n, std::int64_t inner) noexcept {
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t k = 0; k < count; ++k) {
      std::int64_t i = static_cast<std::int64_t>(index[k]);
      if (i < 0) i += n;
      if (i < 0 || i >= n) [[unlikely]] {
        return raise_format(Exc::ValueError, "Gather: index %lld is out of range for an axis "
                            "of length %lld", static_cast<long long>(index[k]),
                            static_cast<long long>(n));
      }
      std::memcpy(y, data + (o * n + i) * inner, sizeof(T) * static_cast<std::size_t>(inner));
      y += inner;
    }
  }
  return true;
}

}  // namespace pyaot::onnx
