#pragma once
// Running a cv2 kernel's loops with AVX2 where the CPU has it. The baseline x86-64 build has
// only SSE2, where GCC vectorizes few of the byte loops of an image (no pshufb for the
// interleaved channels, no 32-byte lanes); OpenCV itself picks AVX2 at run time. `vectorized(f)`
// runs `f` in a copy compiled for AVX2 when the CPU has it (pyaot/isa/detect.hpp, read once,
// lowered by PYAOT_CPU_FEATURES / PYAOT_ISA), else as built: `f` (a lambda marked
// PYAOT_CV2_INLINE) and the loops it calls ([[gnu::always_inline]]) are inlined into that
// copy, so they are compiled for it. The loops are integer or exact float
// operations, so both copies give the same result. Elsewhere (aarch64, wasm, a build for
// x86-64-v3 or above, MSVC) `f` just runs.

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__AVX2__)  // NOLINT: the compiler's
#define PYAOT_CV2_AVX2 1
#else
#define PYAOT_CV2_AVX2 0
#endif

#if defined(__GNUC__)
#define PYAOT_CV2_INLINE __attribute__((always_inline))
#else
#define PYAOT_CV2_INLINE
#endif

#include <cstdint>
#include <cstring>

#if PYAOT_CV2_AVX2
#include <pyaot/isa/detect.hpp>
#endif

namespace pyaot::cv2::detail {

#if defined(__GNUC__)  // GCC and Clang vector extensions: pshufb in the AVX2 copy
#define PYAOT_CV2_SHUFFLE 1
typedef std::uint8_t bytes16 __attribute__((vector_size(16)));
typedef std::int32_t ints4 __attribute__((vector_size(16)));

/// Sixteen bytes of v picked by a constant mask (v[m[0]], v[m[1]], ...).
#if defined(__clang__)
#define PYAOT_CV2_PICK(v, ...) __builtin_shufflevector(v, v, __VA_ARGS__)
#else
#define PYAOT_CV2_PICK(v, ...) __builtin_shuffle(v, ::pyaot::cv2::detail::bytes16{__VA_ARGS__})
#endif

[[gnu::always_inline]] inline bytes16 load16(const std::uint8_t* p) noexcept {
  bytes16 v;
  std::memcpy(&v, p, 16);
  return v;
}

[[gnu::always_inline]] inline void store16(std::uint8_t* p, bytes16 v) noexcept {
  std::memcpy(p, &v, 16);
}

/// Sixteen bytes of a and b picked by a constant mask (0-15 a's, 16-31 b's).
#if defined(__clang__)
#define PYAOT_CV2_PICK2B(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define PYAOT_CV2_PICK2B(a, b, ...) \
  __builtin_shuffle(a, b, ::pyaot::cv2::detail::bytes16{__VA_ARGS__})
#endif

/// Sixteen 3-byte pixels at p (48 bytes) split into their channels.
[[gnu::always_inline]] inline void load3(const std::uint8_t* p, bytes16& c0, bytes16& c1,
                                         bytes16& c2) noexcept {
  const bytes16 v0 = load16(p), v1 = load16(p + 16), v2 = load16(p + 32);
  // each channel's bytes of v0 and v1, then of v2
  const bytes16 t0 = PYAOT_CV2_PICK2B(v0, v1, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 0, 0, 0,
                                      0, 0);
  const bytes16 t1 = PYAOT_CV2_PICK2B(v0, v1, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 0, 0, 0,
                                      0, 0);
  const bytes16 t2 = PYAOT_CV2_PICK2B(v0, v1, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 0, 0, 0, 0,
                                      0, 0);
  c0 = PYAOT_CV2_PICK2B(t0, v2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 17, 20, 23, 26, 29);
  c1 = PYAOT_CV2_PICK2B(t1, v2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 18, 21, 24, 27, 30);
  c2 = PYAOT_CV2_PICK2B(t2, v2, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 19, 22, 25, 28, 31);
}

/// Sixteen 3-byte pixels stored at p (48 bytes) from their channels: load3's inverse.
[[gnu::always_inline]] inline void store3(std::uint8_t* p, bytes16 c0, bytes16 c1,
                                          bytes16 c2) noexcept {
  // each 16 bytes' channel 0 and 1 bytes, then channel 2's
  const bytes16 t0 = PYAOT_CV2_PICK2B(c0, c1, 0, 16, 0, 1, 17, 0, 2, 18, 0, 3, 19, 0, 4, 20, 0,
                                      5);
  const bytes16 t1 = PYAOT_CV2_PICK2B(c0, c1, 21, 0, 6, 22, 0, 7, 23, 0, 8, 24, 0, 9, 25, 0, 10,
                                      26);
  const bytes16 t2 = PYAOT_CV2_PICK2B(c0, c1, 0, 11, 27, 0, 12, 28, 0, 13, 29, 0, 14, 30, 0, 15,
                                      31, 0);
  store16(p, PYAOT_CV2_PICK2B(t0, c2, 0, 1, 16, 3, 4, 17, 6, 7, 18, 9, 10, 19, 12, 13, 20, 15));
  store16(p + 16,
          PYAOT_CV2_PICK2B(t1, c2, 0, 21, 2, 3, 22, 5, 6, 23, 8, 9, 24, 11, 12, 25, 14, 15));
  store16(p + 32,
          PYAOT_CV2_PICK2B(t2, c2, 26, 1, 2, 27, 4, 5, 28, 7, 8, 29, 10, 11, 30, 13, 14, 31));
}

/// The 16 x 16 bytes of a transposed in place: a[j] becomes (a[0][j], ..., a[15][j]). Four
/// rounds of interleaving a[i] with a[i + 8] (the byte at vector v, place b moves to vector
/// b, place v: each round rotates the 8 bits of (v, b) by one).
[[gnu::always_inline]] inline void transpose16(bytes16 (&a)[16]) noexcept {
  for (int round = 0; round < 4; ++round) {
    bytes16 t[16];
    for (int i = 0; i < 8; ++i) {
      t[2 * i] = PYAOT_CV2_PICK2B(a[i], a[i + 8], 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6,
                                  22, 7, 23);
      t[2 * i + 1] = PYAOT_CV2_PICK2B(a[i], a[i + 8], 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13,
                                      29, 14, 30, 15, 31);
    }
    for (int i = 0; i < 16; ++i) a[i] = t[i];
  }
}

/// Four 32-bit lanes, and lanes of a and b picked by a constant mask (0-3 a's, 4-7 b's).
typedef std::uint32_t words4 __attribute__((vector_size(16)));
#if defined(__clang__)
#define PYAOT_CV2_PICK2(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define PYAOT_CV2_PICK2(a, b, ...) \
  __builtin_shuffle(a, b, ::pyaot::cv2::detail::words4{__VA_ARGS__})
#endif

/// The 4 x 4 lanes of a0..a3 transposed in place: a_j becomes (a0[j], a1[j], a2[j], a3[j]).
[[gnu::always_inline]] inline void transpose4(words4& a0, words4& a1, words4& a2,
                                              words4& a3) noexcept {
  const words4 t0 = PYAOT_CV2_PICK2(a0, a1, 0, 4, 1, 5), t1 = PYAOT_CV2_PICK2(a0, a1, 2, 6, 3, 7);
  const words4 t2 = PYAOT_CV2_PICK2(a2, a3, 0, 4, 1, 5), t3 = PYAOT_CV2_PICK2(a2, a3, 2, 6, 3, 7);
  a0 = PYAOT_CV2_PICK2(t0, t2, 0, 1, 4, 5);
  a1 = PYAOT_CV2_PICK2(t0, t2, 2, 3, 6, 7);
  a2 = PYAOT_CV2_PICK2(t1, t3, 0, 1, 4, 5);
  a3 = PYAOT_CV2_PICK2(t1, t3, 2, 3, 6, 7);
}
#else
#define PYAOT_CV2_SHUFFLE 0
#endif

#if PYAOT_CV2_AVX2
// AVX2 and the OS saving the YMM state, as pyaot/isa/detect.hpp reads them (so
// PYAOT_CPU_FEATURES and PYAOT_ISA lower the choice as they lower a module's variant).
inline bool cpu_has_avx2() noexcept {
  static const bool yes = ::pyaot::isa::has(::pyaot::isa::all_of({"avx2", "os_avx"}));
  return yes;
}

template <class F>
[[gnu::target("avx2"), gnu::noinline]] void run_avx2(const F& f) noexcept {
  f();
}
#endif

/// f(), in its AVX2 copy where the CPU has AVX2.
template <class F>
[[gnu::always_inline]] inline void vectorized(const F& f) noexcept {
#if PYAOT_CV2_AVX2
  if (cpu_has_avx2()) return run_avx2(f);
#endif
  f();
}

}  // namespace pyaot::cv2::detail
