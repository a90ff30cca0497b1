#pragma once
// Data movement of lowered ONNX models. Transpose, Slice, Gather with constant indices,
// Pad, Expand, Tile, Resize (nearest) and the like are one gather through an index table
// computed when the model was lowered (-1: the padding value); Concat and Split copy
// contiguous blocks.

#include <cstdint>
#include <cstring>

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
