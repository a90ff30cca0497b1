#pragma once
// Small blocks kept for reuse, per thread: objects of the program's classes (object.hpp) and
// the boxes of short strings (builtins/str.hpp) are made and dropped by the million, and a
// list pop is cheaper than malloc.

#include <cstddef>
#include <cstdint>
#include <new>

namespace pyaot {

namespace detail {

/// Freed objects of each size (in 16-byte steps up to 256 bytes) kept for the next object of
/// that size, linked through their first bytes: programs make and drop many small objects
/// (trees, points, words), and a list pop is cheaper than malloc. Plain data, so that the
/// thread-local needs no guard. Off under AddressSanitizer, which must see every free.
struct FreeLists {
  static constexpr std::size_t kStep = 16, kClasses = 16, kKeep = 1 << 16;
  void* head[kClasses];
  std::uint32_t count[kClasses];
};

inline FreeLists& free_lists() {
  static thread_local FreeLists lists;  // zero-initialized
  return lists;
}

inline void* allocate(std::size_t size) {
#if !defined(__SANITIZE_ADDRESS__)
  const std::size_t k = (size + FreeLists::kStep - 1) / FreeLists::kStep;
  if (k < FreeLists::kClasses) {
    FreeLists& lists = free_lists();
    if (void* p = lists.head[k]) {
      lists.head[k] = *static_cast<void**>(p);
      --lists.count[k];
      return p;
    }
    return ::operator new(k * FreeLists::kStep);
  }
#endif
  return ::operator new(size);
}

inline void deallocate(void* p, std::size_t size) {
#if !defined(__SANITIZE_ADDRESS__)
  const std::size_t k = (size + FreeLists::kStep - 1) / FreeLists::kStep;
  if (k < FreeLists::kClasses) {
    FreeLists& lists = free_lists();
    if (lists.count[k] < FreeLists::kKeep) {
      *static_cast<void**>(p) = lists.head[k];
      lists.head[k] = p;
      ++lists.count[k];
      return;
    }
  }
#endif
  (void)size;
  ::operator delete(p);
}

}  // namespace detail

}  // namespace pyaot
