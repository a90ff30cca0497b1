#pragma once
// A separable filter: a horizontal kernel on every source row, then a vertical one over the
// rows, borders read through pyaot/cv2/border.hpp (BORDER_CONSTANT reads 0).
//
// `H` holds a row's horizontal sums and `V` the vertical ones: uint16 and uint32 for the
// fixed-point uint8 paths (their products and sums exact, in 8 lanes of SSE2), float for the
// others; `finish` turns a vertical sum into the result element (of the result's dtype D).
// Each source row is filtered once into a ring of kh + 1 rows (the rows one output row and
// the one before it read are kh + 1 consecutive ones, or, at a border, distinct ones within
// kh + 1 of the edge, so a row's slot is its index mod kh + 1; a row is used as soon as it is
// asked for, so a collision would only filter a row again). Every inner loop runs over a
// contiguous row and vectorizes. Zero taps are skipped for integer images (their products
// are 0; a float one may hold inf or NaN);
// `unit` says every tap is 1 (a box filter): sums without products, and for an integer image
// each output row's vertical sums are the previous row's, less the row that leaves the
// window, plus the one that enters it (exact in unsigned arithmetic).

#include <algorithm>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "pyaot/cv2/border.hpp"
#include "pyaot/cv2/image.hpp"
#include "pyaot/cv2/simd.hpp"

namespace pyaot::cv2 {

template <class H, class V = H>
struct SeparableKernel {
  std::vector<H> x;   ///< horizontal taps
  std::int64_t ax;    ///< the anchor's column in x
  std::vector<H> y;   ///< vertical taps
  std::int64_t ay;    ///< the anchor's row in y
  bool unit = false;  ///< every tap is 1
};

namespace detail {

/// horizontal_row for K taps, in one pass: the sums in the same order as the tap-by-tap loop
/// (so a float one rounds the same), the taps of a unit kernel added without products.
template <int K, bool UNIT, class H, class W>
[[gnu::always_inline]] inline void horizontal_fixed(H* __restrict h, const W* __restrict w,
                                                    std::int64_t width, std::int64_t cn,
                                                    const H* taps) {
  H t[K];
  for (int j = 0; j < K; ++j) t[j] = taps[j];
  for (std::int64_t i = 0; i < width; ++i) {
    H acc = UNIT ? static_cast<H>(w[i]) : static_cast<H>(static_cast<H>(w[i]) * t[0]);
    for (int j = 1; j < K; ++j) {
      const H x = static_cast<H>(w[i + j * cn]);
      acc = UNIT ? static_cast<H>(acc + x) : static_cast<H>(acc + x * t[j]);
    }
    h[i] = acc;
  }
}

/// One source row's horizontal sums: `w` is the padded row (width + kw - 1 pixels).
template <class H, class V, class W>
[[gnu::always_inline]] inline void horizontal_row(H* __restrict h, const W* __restrict w,
                                                  std::int64_t width, std::int64_t cn,
                                                  const SeparableKernel<H, V>& k,
                                                  bool integral) {
  const std::int64_t kw = static_cast<std::int64_t>(k.x.size());
  const H* taps = k.x.data();
  switch (kw * 2 + (k.unit ? 1 : 0)) {
    case 6: return horizontal_fixed<3, false>(h, w, width, cn, taps);
    case 7: return horizontal_fixed<3, true>(h, w, width, cn, taps);
    case 10: return horizontal_fixed<5, false>(h, w, width, cn, taps);
    case 11: return horizontal_fixed<5, true>(h, w, width, cn, taps);
    case 14: return horizontal_fixed<7, false>(h, w, width, cn, taps);
    case 15: return horizontal_fixed<7, true>(h, w, width, cn, taps);
    default: break;
  }
  if (k.unit) {
    for (std::int64_t i = 0; i < width; ++i) h[i] = static_cast<H>(w[i]);
    for (std::int64_t t = 1; t < kw; ++t) {
      const W* __restrict p = w + t * cn;
      for (std::int64_t i = 0; i < width; ++i) h[i] = static_cast<H>(h[i] + p[i]);
    }
    return;
  }
  const H k0 = k.x[0];
  for (std::int64_t i = 0; i < width; ++i) h[i] = static_cast<H>(static_cast<H>(w[i]) * k0);
  for (std::int64_t t = 1; t < kw; ++t) {
    const H kt = k.x[t];
    if (integral && kt == H(0)) continue;
    const W* __restrict p = w + t * cn;
    for (std::int64_t i = 0; i < width; ++i)
      h[i] = static_cast<H>(h[i] + static_cast<H>(p[i]) * kt);
  }
}

/// v (+)= h * k over a row, in V (`first`: v = h * k).
template <class H, class V>
[[gnu::always_inline]] inline void vertical_tap(V* __restrict v, const H* __restrict h, std::int64_t width, H k,
                         bool unit, bool first) {
  if (unit) {
    if (first) {
      for (std::int64_t i = 0; i < width; ++i) v[i] = static_cast<V>(h[i]);
    } else {
      for (std::int64_t i = 0; i < width; ++i) v[i] += static_cast<V>(h[i]);
    }
  } else if constexpr (std::is_integral_v<H>) {
    // a widening product of two H (uint16 x uint16 -> uint32 is pmullw and pmulhuw)
    if (first) {
      for (std::int64_t i = 0; i < width; ++i) v[i] = static_cast<V>(h[i]) * static_cast<V>(k);
    } else {
      for (std::int64_t i = 0; i < width; ++i) v[i] += static_cast<V>(h[i]) * static_cast<V>(k);
    }
  } else {
    const V kv = static_cast<V>(k);
    if (first) {
      for (std::int64_t i = 0; i < width; ++i) v[i] = static_cast<V>(h[i]) * kv;
    } else {
      for (std::int64_t i = 0; i < width; ++i) v[i] += static_cast<V>(h[i]) * kv;
    }
  }
}

/// d = finish(sum over K rows of rows[j] * taps[j]), in one pass, summed in tap order as
/// vertical_tap does.
template <int K, class H, class V, class D, class Finish>
[[gnu::always_inline]] inline void vertical_fixed(D* __restrict d, const H* const* rows,
                                                  const H* taps, std::int64_t width,
                                                  const Finish& finish) {
  const H* __restrict p[K];
  V t[K];
  for (int j = 0; j < K; ++j) {
    p[j] = rows[j];
    t[j] = static_cast<V>(taps[j]);
  }
  for (std::int64_t i = 0; i < width; ++i) {
    V acc = static_cast<V>(p[0][i]) * t[0];
    for (int j = 1; j < K; ++j) acc += static_cast<V>(p[j][i]) * t[j];
    d[i] = finish(acc);
  }
}

}  // namespace detail

/// `finish` is a lambda marked PYAOT_CV2_INLINE (it runs in the AVX2 copy).
template <class H, class V, class T, class D, class Finish>
void separable(D* dst, const Image<T>& img, const SeparableKernel<H, V>& k, std::int64_t border,
               Finish finish) {
  constexpr bool integral = std::is_integral_v<T>;
  const std::int64_t cn = img.cn, width = img.cols * cn;
  const std::int64_t kw = static_cast<std::int64_t>(k.x.size());
  const std::int64_t kh = static_cast<std::int64_t>(k.y.size());
  const std::vector<std::int64_t> xs = border_table(img.cols, k.ax, kw - 1 - k.ax, border);
  const std::vector<std::int64_t> ys = border_table(img.rows, k.ay, kh - 1 - k.ay, border);
  const std::int64_t padded_size = (img.cols + kw - 1) * cn;
  std::vector<T> padded(static_cast<std::size_t>(padded_size));
  // a float filter converts the padded row once instead of once per tap
  using W = std::conditional_t<std::is_floating_point_v<H>, H, T>;
  std::vector<W> wide(std::is_same_v<W, T> ? 0 : static_cast<std::size_t>(padded_size));
  const std::vector<T> zero = fill_pixel(cn, T(0));
  const std::int64_t slots = kh + 1;
  std::vector<H> ring(static_cast<std::size_t>(slots * width));
  std::vector<std::int64_t> held(static_cast<std::size_t>(slots), -1);  // source row per slot
  auto horizontal = [&](std::int64_t sy) PYAOT_CV2_INLINE -> const H* {
    H* h = ring.data() + (sy % slots) * width;
    if (held[sy % slots] == sy) return h;
    held[sy % slots] = sy;
    pad_row(padded.data(), img.row(sy), img.cols, cn, k.ax, kw - 1 - k.ax, xs.data(),
            zero.data());
    if constexpr (std::is_same_v<W, T>) {
      detail::horizontal_row(h, padded.data(), width, cn, k, integral);
    } else {
      const T* __restrict pt = padded.data();
      W* __restrict w = wide.data();
      for (std::int64_t i = 0; i < padded_size; ++i) w[i] = static_cast<W>(pt[i]);
      detail::horizontal_row(h, wide.data(), width, cn, k, integral);
    }
    return h;
  };
  std::vector<V> sums(static_cast<std::size_t>(width));
  detail::vectorized([&]() PYAOT_CV2_INLINE {
    // copies: a uint8 store may alias what the lambda reaches through references
    const std::int64_t n = width, rows = img.rows;
    const Finish fin = finish;
    D* out = dst;
    for (std::int64_t r = 0; r < rows; ++r, out += n) {
      D* __restrict d = out;
      if (integral && k.unit && r > 0) {
        V* __restrict v = sums.data();
        const bool leaves = ys[r - 1] >= 0, enters = ys[r + kh - 1] >= 0;
        if (leaves && enters) {  // one pass: the sums updated and finished
          const H* __restrict gone = horizontal(ys[r - 1]);
          const H* __restrict come = horizontal(ys[r + kh - 1]);
          for (std::int64_t i = 0; i < n; ++i) {
            const V x = v[i] - static_cast<V>(gone[i]) + static_cast<V>(come[i]);
            v[i] = x;
            d[i] = fin(x);
          }
          continue;
        }
        if (leaves) {
          const H* __restrict h = horizontal(ys[r - 1]);
          for (std::int64_t i = 0; i < n; ++i) v[i] -= static_cast<V>(h[i]);
        }
        if (enters) {
          const H* __restrict h = horizontal(ys[r + kh - 1]);
          for (std::int64_t i = 0; i < n; ++i) v[i] += static_cast<V>(h[i]);
        }
      } else if (!k.unit && (kh == 3 || kh == 5 || kh == 7) && ys[r] >= 0 &&
                 ys[r + kh - 1] >= 0) {
        // every row inside (ys is -1 only at the ends): one pass over kh rows
        const H* rows_in[7];
        for (std::int64_t t = 0; t < kh; ++t) rows_in[t] = horizontal(ys[r + t]);
        const H* taps = k.y.data();
        if (kh == 3) detail::vertical_fixed<3, H, V>(d, rows_in, taps, n, fin);
        else if (kh == 5) detail::vertical_fixed<5, H, V>(d, rows_in, taps, n, fin);
        else detail::vertical_fixed<7, H, V>(d, rows_in, taps, n, fin);
        continue;
      } else {
        bool first = true;
        for (std::int64_t t = 0; t < kh; ++t) {
          const std::int64_t sy = ys[r + t];
          if (sy < 0 || (integral && !k.unit && k.y[t] == H(0))) continue;
          detail::vertical_tap(sums.data(), horizontal(sy), n, k.y[t], k.unit, first);
          first = false;
        }
        if (first) std::fill(sums.begin(), sums.end(), V(0));
      }
      const V* __restrict sum = sums.data();
      for (std::int64_t i = 0; i < n; ++i) d[i] = fin(sum[i]);
    }
  });
}

}  // namespace pyaot::cv2
