#pragma once
// C = act(bias + A B): the blocked single-precision GEMM every Conv, Gemm and MatMul of a
// lowered ONNX model runs. A comes packed in panels of kMR rows ([panel][k][kMR], zero-padded;
// weights are packed when the package is built, pack_a packs a tensor at run time); B and C
// are read and written through row and column strides, so a transposed operand costs no copy.
// B is packed per (kKC x kNC) block into panels of NR columns, and a kMR x NR register-tile
// micro-kernel runs over the block: NR is 16 with AVX2+FMA (chosen at run time on x86-64) and
// 8 with 128-bit vectors elsewhere (SSE2, NEON, scalar wasm).

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "pyaot/error.hpp"
#include "pyaot/onnx/activation.hpp"

#if defined(__x86_64__) && defined(__GNUC__)  // NOLINT: the compiler's own macro
#define PYAOT_X86_64 1
#endif

namespace pyaot::onnx {

inline constexpr std::int64_t kMR = 6;
inline constexpr std::int64_t kKC = 256;
inline constexpr std::int64_t kNC = 512;

/// Floats of A packed for gemm (M rows, K columns).
constexpr std::int64_t packed_a_size(std::int64_t m, std::int64_t k) noexcept {
  return (m + kMR - 1) / kMR * kMR * k;
}

/// A (element (i, k) at a[i * rsa + k * csa]) packed for gemm into dst.
inline void pack_a(const float* a, std::int64_t rsa, std::int64_t csa, std::int64_t m,
                   std::int64_t k, float* dst) noexcept {
  for (std::int64_t i0 = 0; i0 < m; i0 += kMR) {
    for (std::int64_t kk = 0; kk < k; ++kk) {
      for (std::int64_t i = 0; i < kMR; ++i) {
        *dst++ = i0 + i < m ? a[(i0 + i) * rsa + kk * csa] : 0.0f;
      }
    }
  }
}

struct Gemm {
  std::int64_t m, n, k;
  const float* a;  ///< packed (pack_a)
  const float* b;
  std::int64_t rsb, csb;
  float* c;
  std::int64_t rsc, csc;
  const float* bias;  ///< one per row of C, or nullptr
  Activation act;
};

namespace detail {

typedef float v4f [[gnu::vector_size(16)]];
typedef float v8f [[gnu::vector_size(32)]];

template <class V>
[[gnu::always_inline]] inline void load(V& v, const float* p) noexcept {
  std::memcpy(&v, p, sizeof v);
}

template <class V>
[[gnu::always_inline]] inline void store(float* p, const V& v) noexcept {
  std::memcpy(p, &v, sizeof v);
}

template <std::int64_t NR>
[[gnu::always_inline]] inline void pack_b(const Gemm& g, std::int64_t k0, std::int64_t kc,
                                          std::int64_t j0, std::int64_t nc, float* dst) noexcept {
  for (std::int64_t jp = 0; jp < nc; jp += NR) {
    const std::int64_t width = std::min(NR, nc - jp);
    for (std::int64_t kk = 0; kk < kc; ++kk) {
      const float* row = g.b + (k0 + kk) * g.rsb + (j0 + jp) * g.csb;
      if (width == NR && g.csb == 1) {
        std::memcpy(dst, row, sizeof(float) * NR);
      } else {
        for (std::int64_t j = 0; j < NR; ++j) dst[j] = j < width ? row[j * g.csb] : 0.0f;
      }
      dst += NR;
    }
  }
}

/// tile[kMR][NR] = A panel (kc x kMR) times B panel (kc x NR).
template <class V>
[[gnu::always_inline]] inline void micro(std::int64_t kc, const float* a, const float* b,
                                         float* tile) noexcept {
  constexpr std::int64_t W = sizeof(V) / sizeof(float);
  constexpr std::int64_t NR = 2 * W;
  V acc[kMR][2] = {};
  for (std::int64_t kk = 0; kk < kc; ++kk) {
    V b0, b1;
    load(b0, b + kk * NR);
    load(b1, b + kk * NR + W);
    for (std::int64_t i = 0; i < kMR; ++i) {
      const V ai = V{} + a[kk * kMR + i];
      acc[i][0] += ai * b0;
      acc[i][1] += ai * b1;
    }
  }
  for (std::int64_t i = 0; i < kMR; ++i) {
    store(tile + i * NR, acc[i][0]);
    store(tile + i * NR + W, acc[i][1]);
  }
}

template <class V>
[[gnu::always_inline]] inline void run(const Gemm& g, float* bpack) noexcept {
  constexpr std::int64_t NR = 2 * static_cast<std::int64_t>(sizeof(V) / sizeof(float));
  alignas(64) float tile[kMR * NR];
  for (std::int64_t j0 = 0; j0 < g.n; j0 += kNC) {
    const std::int64_t nc = std::min(kNC, g.n - j0);
    for (std::int64_t k0 = 0; k0 < g.k; k0 += kKC) {
      const std::int64_t kc = std::min(kKC, g.k - k0);
      const bool first = k0 == 0, last = k0 + kc == g.k;
      pack_b<NR>(g, k0, kc, j0, nc, bpack);
      for (std::int64_t i0 = 0; i0 < g.m; i0 += kMR) {
        const float* a = g.a + i0 * g.k + k0 * kMR;
        const std::int64_t rows = std::min(kMR, g.m - i0);
        for (std::int64_t jp = 0; jp < nc; jp += NR) {
          micro<V>(kc, a, bpack + jp * kc, tile);
          const std::int64_t cols = std::min(NR, nc - jp);
          for (std::int64_t i = 0; i < rows; ++i) {
            float* c = g.c + (i0 + i) * g.rsc + (j0 + jp) * g.csc;
            const float base = g.bias != nullptr ? g.bias[i0 + i] : 0.0f;
            for (std::int64_t j = 0; j < cols; ++j) {
              float v = tile[i * NR + j] + (first ? base : c[j * g.csc]);
              c[j * g.csc] = last ? g.act(v) : v;
            }
          }
        }
      }
    }
  }
}

#if defined(PYAOT_X86_64) && !defined(PYAOT_ONNX_PORTABLE)
[[gnu::target("avx2,fma")]] inline void run_avx2(const Gemm& g, float* bpack) noexcept {
  run<v8f>(g, bpack);
}

inline bool has_avx2() noexcept {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#endif

}  // namespace detail

/// Runs g; false (MemoryError) only when the packing buffer cannot be allocated.
inline bool gemm(const Gemm& g) noexcept {
  if (g.m == 0 || g.n == 0) return true;
  if (g.k == 0) {
    for (std::int64_t i = 0; i < g.m; ++i) {
      for (std::int64_t j = 0; j < g.n; ++j) {
        g.c[i * g.rsc + j * g.csc] = g.act(g.bias != nullptr ? g.bias[i] : 0.0f);
      }
    }
    return true;
  }
  const std::size_t floats = static_cast<std::size_t>(kKC * (kNC + 16));
  float* bpack = static_cast<float*>(std::aligned_alloc(64, floats * sizeof(float)));
  if (bpack == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the packing buffer of a GEMM");
  }
#if defined(PYAOT_X86_64) && !defined(PYAOT_ONNX_PORTABLE)
  if (detail::has_avx2()) {
    detail::run_avx2(g, bpack);
  } else {
    detail::run<detail::v4f>(g, bpack);
  }
#else
  detail::run<detail::v4f>(g, bpack);
#endif
  std::free(bpack);
  return true;
}

}  // namespace pyaot::onnx

namespace pyaot::onnx {

/// gemm with A (element (i, k) at a[i * rsa + k * csa]) packed at run time.
inline bool gemm_unpacked(const float* a, std::int64_t rsa, std::int64_t csa, Gemm g) noexcept {
  float* packed = static_cast<float*>(std::malloc(
      sizeof(float) * static_cast<std::size_t>(packed_a_size(g.m, g.k) + 1)));
  if (packed == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the packing buffer of a GEMM");
  }
  pack_a(a, rsa, csa, g.m, g.k, packed);
  g.a = packed;
  const bool ok = gemm(g);
  std::free(packed);
  return ok;
}

}  // namespace pyaot::onnx
