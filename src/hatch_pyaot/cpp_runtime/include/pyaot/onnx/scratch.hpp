#pragma once
// Scratch memory of a lowered ONNX model kept between its calls: one block per thread and
// per use (the arena of the intermediate tensors, im2col columns and padded planes, GEMM
// packing buffers), grown when a call needs more and freed when the thread ends. A block
// freshly mapped costs a page fault per 4 KiB on every call; a kept one costs none after
// the first. The uses nest (a Conv's columns stay while its GEMM packs), so each has its
// own block.

#include <cstddef>
#include <cstdint>

#include "pyaot/aligned.hpp"
#include "pyaot/parallel/pool.hpp"

namespace pyaot::onnx {

enum class Slot : int { Arena, Columns, Packing, PackedA, Count };

namespace detail {

struct ScratchBlocks {
  void* base[static_cast<int>(Slot::Count)] = {};
  std::size_t bytes[static_cast<int>(Slot::Count)] = {};

  ScratchBlocks() noexcept = default;
  ScratchBlocks(const ScratchBlocks&) = delete;
  ScratchBlocks& operator=(const ScratchBlocks&) = delete;
  ~ScratchBlocks() {
    for (void* block : base) aligned_release(block);
  }
};

inline ScratchBlocks& scratch_blocks() noexcept {
#if PYAOT_THREADS_AVAILABLE
  thread_local ScratchBlocks blocks;
#else
  static ScratchBlocks blocks;
#endif
  return blocks;
}

}  // namespace detail

/// At least `bytes` bytes for `slot` on this thread, aligned to a cache line (its contents
/// are not kept); nullptr when out of memory.
inline void* scratch(Slot slot, std::size_t bytes) noexcept {
  detail::ScratchBlocks& blocks = detail::scratch_blocks();
  const int i = static_cast<int>(slot);
  if (bytes < kCacheLine) bytes = kCacheLine;  // never an empty block: nullptr means no memory
  if (blocks.bytes[i] < bytes) {
    aligned_release(blocks.base[i]);
    blocks.base[i] = aligned_allocate(bytes);
    blocks.bytes[i] = blocks.base[i] != nullptr ? bytes : 0;
  }
  return blocks.base[i];
}

/// scratch() for `floats` floats.
inline float* scratch_floats(Slot slot, std::int64_t floats) noexcept {
  return static_cast<float*>(scratch(slot, sizeof(float) * static_cast<std::size_t>(floats)));
}

}  // namespace pyaot::onnx
