#pragma once
// A per-element function of a uint8 image, applied by a table of its 256 results: exact (each
// entry is the function's own value) and a load per element whatever the function costs.

#include <cstdint>

namespace pyaot::cv2::detail {

template <class D, class F>
inline void apply_table(D* __restrict dst, const std::uint8_t* __restrict src, std::int64_t n,
                        F f) noexcept {
  D table[256];
  for (int v = 0; v < 256; ++v) table[v] = f(static_cast<std::uint8_t>(v));
  std::int64_t i = 0;
  for (; i + 4 <= n; i += 4) {  // four independent loads per step
    const D a = table[src[i]], b = table[src[i + 1]], c = table[src[i + 2]],
            d = table[src[i + 3]];
    dst[i] = a;
    dst[i + 1] = b;
    dst[i + 2] = c;
    dst[i + 3] = d;
  }
  for (; i < n; ++i) dst[i] = table[src[i]];
}

}  // namespace pyaot::cv2::detail
