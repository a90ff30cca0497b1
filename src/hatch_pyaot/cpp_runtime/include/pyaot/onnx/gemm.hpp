#pragma once
// C = act(bias + A B): the blocked single-precision GEMM every Conv, Gemm and MatMul of a
// lowered ONNX model runs. A comes packed in panels of kMR rows ([panel][k][kMR], zero-padded;
// weights are packed when the package is built, pack_a packs a tensor at run time); B and C
// are read and written through row and column strides, so a transposed operand costs no copy.
// B is packed per (kKC x kNC) block into panels of NR columns, and a kMR x NR register-tile
// micro-kernel runs over the block: NR is 16 with AVX2+FMA (chosen at run time on x86-64) and
// 8 with 128-bit vectors elsewhere (SSE2, NEON, scalar wasm). A large product is split over
// the threads by columns or by row panels, each part with its own packing buffer.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "pyaot/aligned.hpp"
#include "pyaot/error.hpp"
#include "pyaot/onnx/activation.hpp"
#include "pyaot/onnx/scratch.hpp"
#include "pyaot/onnx/threads.hpp"

#if defined(__x86_64__) && defined(__GNUC__)  // NOLINT: the compiler's own macro
#define PYAOT_X86_64 1
#include <immintrin.h>

#include "pyaot/isa/detect.hpp"
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

// The 6 x 8 tile with 128-bit vectors (SSE2, NEON, wasm), without FMA.
#define PYAOT_TILE_NAME Portable
#define PYAOT_TILE_BYTES 16
#define PYAOT_TILE_ATTRS
#define PYAOT_TILE_FMA(a, b, c) ((c) + (a) * (b))
#include "pyaot/onnx/gemm_tile.inc"

/// One tile into C: bias (first K block) or C's values (later ones) added, the activation
/// applied after the last block.
template <std::int64_t NR>
[[gnu::always_inline]] inline void store_tile(const Gemm& g, const float* tile, std::int64_t i0,
                                              std::int64_t j0, std::int64_t rows,
                                              std::int64_t cols, bool first, bool last) noexcept {
  if (g.csc == 1 && cols == NR) {  // the common case: plain loops the compiler vectorizes
    for (std::int64_t i = 0; i < rows; ++i) {
      float* c = g.c + (i0 + i) * g.rsc + j0;
      const float* t = tile + i * NR;
      const float base = g.bias != nullptr ? g.bias[i0 + i] : 0.0f;
      if (first) {
        for (std::int64_t j = 0; j < NR; ++j) c[j] = t[j] + base;
      } else {
        for (std::int64_t j = 0; j < NR; ++j) c[j] += t[j];
      }
      if (last && g.act.kind == Act::Relu) {
        for (std::int64_t j = 0; j < NR; ++j) c[j] = c[j] > 0.0f ? c[j] : 0.0f;
      } else if (last && g.act.kind == Act::Clip) {
        for (std::int64_t j = 0; j < NR; ++j) c[j] = clip(c[j], g.act.lo, g.act.hi);
      }
    }
    return;
  }
  for (std::int64_t i = 0; i < rows; ++i) {
    float* c = g.c + (i0 + i) * g.rsc + j0 * g.csc;
    const float* t = tile + i * NR;
    float row[NR];
    const float base = g.bias != nullptr ? g.bias[i0 + i] : 0.0f;
    if (g.csc == 1) {
      for (std::int64_t j = 0; j < NR; ++j) row[j] = t[j] + (first ? base : (j < cols ? c[j] : 0));
    } else {
      for (std::int64_t j = 0; j < cols; ++j) row[j] = t[j] + (first ? base : c[j * g.csc]);
    }
    if (last && g.act.kind == Act::Relu) {
      for (std::int64_t j = 0; j < NR; ++j) row[j] = row[j] > 0.0f ? row[j] : 0.0f;
    } else if (last && g.act.kind == Act::Clip) {
      for (std::int64_t j = 0; j < NR; ++j) row[j] = clip(row[j], g.act.lo, g.act.hi);
    }
    if (g.csc == 1) {
      std::memcpy(c, row, sizeof(float) * static_cast<std::size_t>(cols));
    } else {
      for (std::int64_t j = 0; j < cols; ++j) c[j * g.csc] = row[j];
    }
  }
}

/// The loops around the micro-kernel (BLIS's order): a K x N block of B packed, then each
/// of its micro-panels (in L1) against every panel of A (in L2).
template <class K>
[[gnu::always_inline]] inline void run(const Gemm& g, float* bpack) noexcept {
  constexpr std::int64_t NR = K::NR;
  alignas(64) float tile[kMR * NR];
  for (std::int64_t j0 = 0; j0 < g.n; j0 += kNC) {
    const std::int64_t nc = std::min(kNC, g.n - j0);
    for (std::int64_t k0 = 0; k0 < g.k; k0 += kKC) {
      const std::int64_t kc = std::min(kKC, g.k - k0);
      const bool first = k0 == 0, last = k0 + kc == g.k;
      pack_b<NR>(g, k0, kc, j0, nc, bpack);
      for (std::int64_t jp = 0; jp < nc; jp += NR) {
        const std::int64_t cols = std::min(NR, nc - jp);
        for (std::int64_t i0 = 0; i0 < g.m; i0 += kMR) {
          K::micro(kc, g.a + i0 * g.k + k0 * kMR, bpack + jp * kc, tile);
          store_tile<NR>(g, tile, i0, j0 + jp, std::min(kMR, g.m - i0), cols, first, last);
        }
      }
    }
  }
}

#if defined(PYAOT_X86_64) && !defined(PYAOT_ONNX_PORTABLE)
// The 6 x 16 tile with AVX2 FMA (12 accumulators, two B loads and six broadcasts a step),
// and the 6 x 32 tile with AVX-512F.
#define PYAOT_TILE_NAME Avx2
#define PYAOT_TILE_BYTES 32
#define PYAOT_TILE_ATTRS [[gnu::target("avx2,fma")]]
#define PYAOT_TILE_FMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#include "pyaot/onnx/gemm_tile.inc"

#define PYAOT_TILE_NAME Avx512
#define PYAOT_TILE_BYTES 64
#define PYAOT_TILE_ATTRS [[gnu::target("avx512f")]]
#define PYAOT_TILE_FMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#include "pyaot/onnx/gemm_tile.inc"

[[gnu::target("avx2,fma")]] inline void run_avx2(const Gemm& g, float* bpack) noexcept {
  run<Avx2>(g, bpack);
}

[[gnu::target("avx512f")]] inline void run_avx512(const Gemm& g, float* bpack) noexcept {
  run<Avx512>(g, bpack);
}

// The micro-kernel's features as pyaot/isa/detect.hpp reads them, so PYAOT_CPU_FEATURES and
// PYAOT_ISA lower the choice as they lower a module's variant.
inline bool has_avx512() noexcept {
  return ::pyaot::isa::has(::pyaot::isa::all_of({"avx512f", "os_avx512"}));
}

inline bool has_avx2() noexcept {
  return ::pyaot::isa::has(::pyaot::isa::all_of({"avx2", "fma", "os_avx"}));
}
#endif

}  // namespace detail

namespace detail {

/// A matrix-vector product (one column of B and C): no packing of B, no tile.
inline void gemv(const Gemm& g) noexcept {
  for (std::int64_t i0 = 0; i0 < g.m; i0 += kMR) {
    const float* a = g.a + i0 * g.k;
    float acc[kMR] = {};
    for (std::int64_t kk = 0; kk < g.k; ++kk) {
      const float bk = g.b[kk * g.rsb];
      for (std::int64_t r = 0; r < kMR; ++r) acc[r] += a[kk * kMR + r] * bk;
    }
    for (std::int64_t r = 0; r < std::min(kMR, g.m - i0); ++r) {
      g.c[(i0 + r) * g.rsc] = g.act(acc[r] + (g.bias != nullptr ? g.bias[i0 + r] : 0.0f));
    }
  }
}

/// The loops with the widest micro-kernel this CPU runs.
inline void run_any(const Gemm& g, float* bpack) noexcept {
#if defined(PYAOT_X86_64) && !defined(PYAOT_ONNX_PORTABLE)
  if (has_avx512()) {
    run_avx512(g, bpack);
  } else if (has_avx2()) {
    run_avx2(g, bpack);
  } else {
    run<Portable>(g, bpack);
  }
#else
  run<Portable>(g, bpack);
#endif
}

/// g's columns [j0, min(j1, n)).
inline Gemm columns(Gemm g, std::int64_t j0, std::int64_t j1) noexcept {
  g.b += j0 * g.csb;
  g.c += j0 * g.csc;
  g.n = std::min(j1, g.n) - j0;
  return g;
}

/// g's rows [i0, min(i1, m)) (i0 a multiple of kMR: whole packed panels).
inline Gemm rows(Gemm g, std::int64_t i0, std::int64_t i1) noexcept {
  g.a += i0 * g.k;
  g.c += i0 * g.rsc;
  if (g.bias != nullptr) g.bias += i0;
  g.m = std::min(i1, g.m) - i0;
  return g;
}

}  // namespace detail

/// Runs g (its parts on the threads, pyaot/onnx/threads.hpp); false (MemoryError) only
/// when the packing buffer cannot be allocated.
inline bool gemm(const Gemm& g) noexcept {
  if (g.m == 0 || g.n == 0) return true;
  if (g.n == 1) {
    detail::gemv(g);
    return true;
  }
  if (g.k == 0) {
    for (std::int64_t i = 0; i < g.m; ++i) {
      for (std::int64_t j = 0; j < g.n; ++j) {
        g.c[i * g.rsc + j * g.csc] = g.act(g.bias != nullptr ? g.bias[i] : 0.0f);
      }
    }
    return true;
  }
  // threads split the columns (in runs of 32) or the rows (in panels), never k
  const std::int64_t column_units = (g.n + 31) / 32, row_units = (g.m + kMR - 1) / kMR;
  const bool by_columns = column_units >= row_units;
  const int parts = detail::work_parts(by_columns ? column_units : row_units, g.m * g.n * g.k);
  const std::int64_t floats = std::min(kKC, g.k) * ((std::min(kNC, g.n) + 31) / 32 * 32);
  float* bpack = scratch_floats(Slot::Packing, floats * parts);
  if (bpack == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the packing buffer of a GEMM");
  }
  detail::for_parts(by_columns ? column_units : row_units, parts,
                    [&](int part, std::int64_t begin, std::int64_t end) {
                      detail::run_any(by_columns ? detail::columns(g, begin * 32, end * 32)
                                                 : detail::rows(g, begin * kMR, end * kMR),
                                      bpack + part * floats);
                    });
  return true;
}

}  // namespace pyaot::onnx

namespace pyaot::onnx {

/// gemm with A (element (i, k) at a[i * rsa + k * csa]) packed at run time.
inline bool gemm_unpacked(const float* a, std::int64_t rsa, std::int64_t csa, Gemm g) noexcept {
  float* packed = scratch_floats(Slot::PackedA, packed_a_size(g.m, g.k) + 1);
  if (packed == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the packing buffer of a GEMM");
  }
  pack_a(a, rsa, csa, g.m, g.k, packed);
  g.a = packed;
  return gemm(g);
}

}  // namespace pyaot::onnx
