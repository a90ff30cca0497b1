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
/// (the trashcan, builtins/object.hpp): one thread-local, since in a shared library each
/// thread-local access is a call (__tls_get_addr) and freeing an object needs both. Plain
/// data, so that the thread-local needs no guard; the lists go back to the system when their
/// thread ends (release_lists), so that short-lived threads do not each keep what they freed.
struct Heap {
  static constexpr std::size_t kStep = 16, kClasses = 16, kKeep = 1 << 16;
  void* head[kClasses];
  std::uint32_t count[kClasses];
  bool freeing;     ///< an object is being freed: those it releases wait in `pending`
  bool releasing;   ///< the thread's end gives the lists back (keep_until_exit ran)
  object* pending;  ///< linked through their `refs`, which a dead object no longer needs
};

inline Heap& heap() {
  static thread_local Heap state;  // zero-initialized
  return state;
}

/// Whether AddressSanitizer instruments this build: it must see every allocation and free,
/// so the runtime's own pools (these free lists, the string pages of str_pool.hpp) are off.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool under_asan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool under_asan = true;
#else
inline constexpr bool under_asan = false;
#endif
#else
inline constexpr bool under_asan = false;
#endif
inline constexpr bool kFreeLists = !under_asan;

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

/// Gives every free list of `h` back to the system; boxes freed later (by other
/// thread-locals going at the thread's end) go to the system directly.
inline void release_lists(Heap& h) noexcept {
  for (std::size_t k = 1; k < Heap::kClasses; ++k) {
    while (void* p = h.head[k]) {
      h.head[k] = *static_cast<void**>(p);
      ::operator delete(p);
    }
    h.count[k] = Heap::kKeep;
  }
}

/// The thread-local whose destructor runs release_lists when its thread ends.
struct ListsRelease {
  ~ListsRelease() { release_lists(heap()); }
};

/// Registers the release at the thread's end: the first time a thread keeps a freed box,
/// not on every access to the heap. A WebAssembly module has one thread, which ends with it.
[[gnu::noinline]] inline void keep_until_exit(Heap& h) noexcept {
  h.releasing = true;
#if !defined(__wasi__) && !defined(__EMSCRIPTEN__)
  static thread_local ListsRelease release;  // made here, its destructor queued for the end
  (void)release;
#endif
}

/// A box of free list `k` (not 0) goes back to it, or to the system past kKeep of them.
inline void deallocate_class(Heap& h, void* p, std::uint8_t k) {
  if (h.count[k] < Heap::kKeep) {
    if (!h.releasing) [[unlikely]] keep_until_exit(h);
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
