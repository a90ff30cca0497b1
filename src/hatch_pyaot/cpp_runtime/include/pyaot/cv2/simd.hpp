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
