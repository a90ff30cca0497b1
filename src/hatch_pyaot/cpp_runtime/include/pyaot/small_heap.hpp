#pragma once
// A thread's free lists of small boxes: objects, list boxes and their item arrays come from
// here and go back here (detail::allocate / detail::deallocate, and small_allocator for a
// std::vector's storage).

#include <cstddef>
#include <cstdint>
#include <new>

namespace pyaot {

struct object;

namespace detail {

/// Freed boxes of each size (in 16-byte steps up to 256 bytes) kept for the next box of that
/// size, linked through their first bytes: programs make and drop many small objects (trees,
/// points) and small lists (the rows of a list[list[int]] argument, `[a, b]` in a loop), and
/// a list pop is cheaper than malloc, whose slow paths (consolidating thousands of freed
/// chunks when a large block is asked for) a call's worth of rows runs into. Off under
/// AddressSanitizer, which must see every free. With them, the objects waiting to be freed
/// (the trashcan, builtins/object.hpp): one thread-local, since in a shared library each thread-local access is a call
/// (__tls_get_addr) and freeing an object needs both. Plain data, so that the thread-local
/// needs no guard.
struct Heap {
  static constexpr std::size_t kStep = 16, kClasses = 16, kKeep = 1 << 16;
  void* head[kClasses];
  std::uint32_t count[kClasses];
  bool freeing;     ///< an object is being freed: those it releases wait in `pending`
  object* pending;  ///< linked through their `refs`, which a dead object no longer needs
};

inline Heap& heap() {
  static thread_local Heap state;  // zero-initialized
  return state;
}

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kFreeLists = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kFreeLists = false;
#else
inline constexpr bool kFreeLists = true;
#endif
#else
inline constexpr bool kFreeLists = true;
#endif

/// The free list of a box of `size` bytes (0: none, too large or off).
constexpr std::uint8_t size_class(std::size_t size) noexcept {
  const std::size_t k = (size + Heap::kStep - 1) / Heap::kStep;
  return kFreeLists && k < Heap::kClasses ? static_cast<std::uint8_t>(k) : 0;
}

inline void* allocate(std::size_t size) {
  if (const std::uint8_t k = size_class(size)) {
    Heap& h = heap();
    if (void* p = h.head[k]) {
      h.head[k] = *static_cast<void**>(p);
      --h.count[k];
      return p;
    }
    return ::operator new(k * Heap::kStep);
  }
  return ::operator new(size);
}

/// A box of free list `k` (not 0) goes back to it, or to the system past kKeep of them.
inline void deallocate_class(Heap& h, void* p, std::uint8_t k) {
  if (h.count[k] < Heap::kKeep) {
    *static_cast<void**>(p) = h.head[k];
    h.head[k] = p;
    ++h.count[k];
    return;
  }
  ::operator delete(p);
}

inline void deallocate(void* p, std::size_t size) {
  if (const std::uint8_t k = size_class(size)) {
    deallocate_class(heap(), p, k);
    return;
  }
  ::operator delete(p);
}

}  // namespace detail

/// A std::vector's allocator from the free lists: a small list's array (four ints, eight
/// pointers) costs a list pop, not a malloc; a large one goes to operator new as before.
template <class T>
struct small_allocator {
  using value_type = T;
  small_allocator() noexcept = default;
  template <class U>
  small_allocator(const small_allocator<U>&) noexcept {}  // NOLINT: rebinding, as std's
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__, "boxes are 16-byte aligned");
  T* allocate(std::size_t n) {  // n is below max_size(): std::vector checks it first
    return static_cast<T*>(detail::allocate(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) noexcept { detail::deallocate(p, n * sizeof(T)); }
  template <class U>
  friend bool operator==(const small_allocator&, const small_allocator<U>&) noexcept {
    return true;
  }
};

}  // namespace pyaot
