#pragma once
// Memory aligned to a cache line, for packed GEMM panels and the ONNX arena. C++17's
// std::aligned_alloc is missing from the Windows C runtime (its free() cannot release such a
// block), which has _aligned_malloc/_aligned_free instead; every other target has it.

#include <cstddef>
#include <cstdlib>
#if defined(_WIN32)
#include <malloc.h>
#endif

namespace pyaot {

inline constexpr std::size_t kCacheLine = 64;

/// `bytes` rounded up to whole cache lines, aligned to one; nullptr when out of memory.
inline void* aligned_allocate(std::size_t bytes) noexcept {
  const std::size_t rounded = (bytes + kCacheLine - 1) / kCacheLine * kCacheLine;
#if defined(_WIN32)
  return _aligned_malloc(rounded, kCacheLine);
#else
  return std::aligned_alloc(kCacheLine, rounded);
#endif
}

/// Releases what aligned_allocate returned (nullptr is allowed).
inline void aligned_release(void* block) noexcept {
#if defined(_WIN32)
  _aligned_free(block);
#else
  std::free(block);
#endif
}

}  // namespace pyaot
