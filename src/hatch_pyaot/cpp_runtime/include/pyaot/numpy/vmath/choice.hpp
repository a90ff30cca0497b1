#pragma once
// Which implementation numpy's math ufuncs run in compiled code: ours (vmath/*.hpp, written
// for the auto-vectorizer) or libm's, per function and dtype, from the vector width the
// compiler targets. Ours is as accurate (docs/math.md has the ulp table) but only pays where
// the vectors are wide enough: measured on x86-64 (GCC 12, benchmarks/vmath_loop.cpp) float64
// exp is slower than glibc's scalar exp with SSE2, 1.5x faster with AVX2 and 3x with AVX-512;
// float64 log needs AVX-512; float32 exp wins from SSE2 on, float32 log from AVX2 on; the
// rest as docs/math.md's table says.
// Building with -DPYAOT_VMATH_ALWAYS picks ours everywhere (the tests do).

namespace pyaot::numpy::vmath {

/// The widest vectors the target has that also do integer arithmetic on every lane width
/// (the functions work on the bits): 0 where there are none.
inline constexpr int vector_bits =
#if defined(__AVX512F__)
    512;
#elif defined(__AVX2__)
    256;
#elif defined(__SSE2__) || defined(__ARM_NEON) || defined(__wasm_simd128__)
    128;
#else
    0;
#endif

/// A width no target has: for a dtype that has no implementation of ours yet.
inline constexpr int never = 1 << 30;

/// Wider than any target's vectors, for an implementation of ours that no target measured
/// runs faster than libm's: PYAOT_VMATH_ALWAYS still picks it (the tests check it), no other
/// build does.
inline constexpr int slower_everywhere = 1024;

/// Ours rather than libm's, where the target's vectors are at least `float_bits` (float32)
/// or `double_bits` (float64) wide.
template <class T>
constexpr bool ours(int float_bits, int double_bits) noexcept {
#if defined(PYAOT_VMATH_ALWAYS)
  return (sizeof(T) == 4 ? float_bits : double_bits) != never;
#else
  return vector_bits > 0 && vector_bits >= (sizeof(T) == 4 ? float_bits : double_bits);
#endif
}

}  // namespace pyaot::numpy::vmath
