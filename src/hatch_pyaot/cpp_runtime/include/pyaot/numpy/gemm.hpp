#pragma once
// C += A B for matmul (pyaot/numpy/linalg.hpp): a packed, register-blocked GEMM in the way of
// BLIS and GotoBLAS, written once in portable C++ with GCC/clang vector extensions, so the
// same code runs on every target at the width the target's build has (SSE2, AVX2, AVX-512,
// NEON, scalar wasm32).
//
// The loops, outside in: columns of B in blocks of kNc, rows of k in blocks of kKc (that
// block of B is packed into panels kNr columns wide), rows of A in blocks of mc (packed into
// panels kMr rows high), then a micro-kernel that keeps a kMr x kNr tile of C in registers
// for kKc steps of rank-1 updates. Packing reads each operand with its own strides, in the
// order its memory is laid out, so transposed and strided operands run as fast as contiguous
// ones (a transposed B is read down its contiguous columns, not across a 4 KB stride).
//
// Arithmetic is in W (the compute type of linalg.hpp: unsigned for integers, which wrap like
// numpy). Floats are summed in blocks of kKc, each from a zeroed register tile: rounding
// differs from numpy's BLAS in the last bits (linalg.hpp says what the tests allow). No FMA
// (the build has -ffp-contract=off).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

namespace pyaot::numpy::gemm_detail {

/// Bytes in one vector register of the target this translation unit is built for.
#if defined(__AVX512F__)
inline constexpr std::size_t kVectorBytes = 64;
inline constexpr int kRegisters = 32;
#elif defined(__AVX2__)
inline constexpr std::size_t kVectorBytes = 32;
inline constexpr int kRegisters = 16;
#elif defined(__aarch64__)
inline constexpr std::size_t kVectorBytes = 16;
inline constexpr int kRegisters = 32;
#else
inline constexpr std::size_t kVectorBytes = 16;
inline constexpr int kRegisters = 16;
#endif

/// A vector register of W (a class member typedef: the attribute on an alias template is
/// lost when the alias is a template argument).
template <class W>
struct vector_of {
  typedef W type [[gnu::vector_size(kVectorBytes)]];
};
template <class W>
using vec = typename vector_of<W>::type;

template <class W>
inline constexpr int kLanes = static_cast<int>(kVectorBytes / sizeof(W));
/// The tile of C a micro-kernel holds: two vectors per row, and as many rows as leave a
/// quarter of the registers for B and the broadcast A values.
template <class W>
inline constexpr int kNr = 2 * kLanes<W>;
inline constexpr int kMr = (kRegisters * 3 / 4) / 2;
inline constexpr std::int64_t kKc = 256;
inline constexpr std::int64_t kMc = kMr * 16;
inline constexpr std::int64_t kNc = 2048;

template <class W>
inline vec<W> load(const W* p) noexcept {
  vec<W> v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}
template <class W>
inline void store(W* p, typename vector_of<W>::type v) noexcept {
  std::memcpy(p, &v, sizeof(v));
}

/// X[0:kb, 0:nb] (strides s0, s1) into panels `width` columns wide: panel p holds, for each
/// k, the `width` values X[k, p*width : p*width+width], zero past nb. B is packed so with
/// width kNr; A with width kMr as its transpose (A[i, k] is X[k, i]).
template <int width, class T, class W>
void pack_panels(W* out, const T* x, std::int64_t s0, std::int64_t s1, std::int64_t kb,
                 std::int64_t nb) noexcept {
  for (std::int64_t p = 0; p < nb; p += width) {
    const std::int64_t w = std::min<std::int64_t>(width, nb - p);
    W* panel = out + p * kb;
    if (w < width) std::fill(panel, panel + kb * width, W{});
    if (s1 == 1 || std::abs(s1) <= std::abs(s0)) {  // rows are the contiguous direction
      for (std::int64_t k = 0; k < kb; ++k) {
        const T* src = x + k * s0 + p * s1;
        for (std::int64_t j = 0; j < w; ++j) panel[k * width + j] = static_cast<W>(src[j * s1]);
      }
    } else {  // columns are: read each down its length
      for (std::int64_t j = 0; j < w; ++j) {
        const T* src = x + (p + j) * s1;
        for (std::int64_t k = 0; k < kb; ++k) panel[k * width + j] = static_cast<W>(src[k * s0]);
      }
    }
  }
}

/// C[0:h, 0:w] (row stride ldc) += the product of one A panel and one B panel over kb steps.
template <class W>
inline void micro_kernel(W* c, std::int64_t ldc, const W* a, const W* b, std::int64_t kb,
                         std::int64_t h, std::int64_t w) noexcept {
  constexpr int nr = kNr<W>;
  constexpr int nv = nr / kLanes<W>;
  vec<W> acc[kMr][nv] = {};
  for (std::int64_t k = 0; k < kb; ++k) {
    vec<W> bv[nv];
    for (int v = 0; v < nv; ++v) bv[v] = load(b + k * nr + v * kLanes<W>);
    for (int i = 0; i < kMr; ++i) {
      const W ai = a[k * kMr + i];
      for (int v = 0; v < nv; ++v) acc[i][v] += bv[v] * ai;
    }
  }
  if (h == kMr && w == nr) [[likely]] {
    for (int i = 0; i < kMr; ++i) {
      for (int v = 0; v < nv; ++v) {
        W* row = c + i * ldc + v * kLanes<W>;
        store(row, load(row) + acc[i][v]);
      }
    }
    return;
  }
  W tile[kMr][nr];
  std::memcpy(tile, acc, sizeof(tile));
  for (std::int64_t i = 0; i < h; ++i) {
    for (std::int64_t j = 0; j < w; ++j) c[i * ldc + j] += tile[i][j];
  }
}

/// The bytes of the two packing buffers gemm needs for these sizes.
template <class W>
inline std::size_t pack_bytes(std::int64_t n, std::int64_t k, std::int64_t m) noexcept {
  const auto round_up = [](std::int64_t x, std::int64_t to) { return (x + to - 1) / to * to; };
  const std::int64_t kb = std::min(kKc, k);
  const std::int64_t a = round_up(std::min(kMc, n), kMr) * kb;
  const std::int64_t b = round_up(std::min(kNc, m), kNr<W>) * kb;
  return static_cast<std::size_t>(a + b) * sizeof(W);
}

/// C (n x m, C-contiguous, zeroed, as W) += A (n x k, strides sa0, sa1) times B (k x m,
/// strides sb0, sb1); `pack` holds pack_bytes<W>(n, k, m), aligned to 64.
template <class T, class W>
void gemm(W* c, const T* a, std::int64_t sa0, std::int64_t sa1, const T* b, std::int64_t sb0,
          std::int64_t sb1, std::int64_t n, std::int64_t k, std::int64_t m, W* pack) noexcept {
  constexpr int nr = kNr<W>;
  const std::int64_t kb_max = std::min(kKc, k);
  W* packed_a = pack;
  W* packed_b = pack + ((std::min(kMc, n) + kMr - 1) / kMr * kMr) * kb_max;
  for (std::int64_t jc = 0; jc < m; jc += kNc) {
    const std::int64_t nb = std::min(kNc, m - jc);
    for (std::int64_t pc = 0; pc < k; pc += kKc) {
      const std::int64_t kb = std::min(kKc, k - pc);
      pack_panels<nr>(packed_b, b + pc * sb0 + jc * sb1, sb0, sb1, kb, nb);
      for (std::int64_t ic = 0; ic < n; ic += kMc) {
        const std::int64_t mb = std::min(kMc, n - ic);
        pack_panels<kMr>(packed_a, a + ic * sa0 + pc * sa1, sa1, sa0, kb, mb);
        for (std::int64_t jr = 0; jr < nb; jr += nr) {
          const W* panel_b = packed_b + jr * kb;
          const std::int64_t w = std::min<std::int64_t>(nr, nb - jr);
          for (std::int64_t ir = 0; ir < mb; ir += kMr) {
            micro_kernel(c + (ic + ir) * m + jc + jr, m, packed_a + ir * kb, panel_b, kb,
                         std::min<std::int64_t>(kMr, mb - ir), w);
          }
        }
      }
    }
  }
}

}  // namespace pyaot::numpy::gemm_detail
