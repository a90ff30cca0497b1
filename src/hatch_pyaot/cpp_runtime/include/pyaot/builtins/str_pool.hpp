#pragma once
// Memory for short strings: boxes of up to SMALL bytes are cut one after the other from
// 16 KiB pages (a bump of a pointer), and a page counts its live boxes; when the last one goes
// the page is reused from its start (it is the thread's current page) or given back. Strings
// made one after another lie one after another, as fresh malloc memory does (sorting and
// hashing a list of them read memory in order), and a short string costs no malloc/free:
// tokenizing, splitting and slicing make millions. A page's count is not atomic: a string is
// used by one thread at a time, as its reference count is (DESIGN §5.1).
//
// Off under AddressSanitizer, which must see every allocation and free (tests/cpp's test
// of the pages turns them on there with PYAOT_STR_POOL=1: ASan then sees each page). An ISA-variant unit
// (isa/shared.hpp) has a current page of its own: a page's header is all that its boxes need,
// so a string cut in one unit may go in another.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

#include "pyaot/small_heap.hpp"

namespace pyaot::str_pool {

inline constexpr std::size_t PAGE = 16384;  ///< bytes per page, and its alignment
inline constexpr std::size_t SMALL = 512;   ///< the largest box taken from a page

struct Page {
  std::int64_t live;  ///< boxes cut from it and not yet given back
  char* next;         ///< where the next box starts
  bool current;       ///< a thread still cuts boxes from it (then it is not given back)
};

inline constexpr std::size_t FIRST = (sizeof(Page) + 15) & ~std::size_t{15};

inline Page* page_of(void* box) noexcept {
  return reinterpret_cast<Page*>(reinterpret_cast<std::uintptr_t>(box) & ~(PAGE - 1));
}
inline char* start(Page* page) noexcept { return reinterpret_cast<char*>(page) + FIRST; }
inline char* end(Page* page) noexcept { return reinterpret_cast<char*>(page) + PAGE; }

inline void give_back(Page* page) noexcept { ::operator delete(page, std::align_val_t{PAGE}); }

/// The page a thread cuts from; when the thread ends, the page goes once its boxes have.
struct Current {
  Page* page = nullptr;
  ~Current() {
    if (page == nullptr) return;
    page->current = false;
    if (page->live == 0) give_back(page);
  }
};

#if defined(__wasm__) && !defined(__wasm_atomics__)
// one thread, and no __cxa_thread_atexit for a thread_local with a destructor (error.hpp)
inline Current& current() noexcept {
  static Current state;
  return state;
}
#else
inline Current& current() noexcept {
  thread_local Current state;
  return state;
}
#endif

/// A new current page (the full one goes once its last box has); nullptr when out of memory.
[[gnu::noinline]] inline Page* fresh_page(Current& state) noexcept {
  if (Page* old = state.page) old->current = false;  // full, so some of its boxes live
  void* memory = ::operator new(PAGE, std::align_val_t{PAGE}, std::nothrow);
  state.page = static_cast<Page*>(memory);
  if (memory == nullptr) return nullptr;
  *state.page = Page{0, start(state.page), true};
  return state.page;
}

/// `bytes` (at most SMALL) for a box; nullptr when out of memory.
[[gnu::always_inline]] inline void* allocate(std::size_t bytes) noexcept {
  bytes = (bytes + 7) & ~std::size_t{7};
  Current& state = current();
  Page* page = state.page;
  if (page == nullptr || static_cast<std::size_t>(end(page) - page->next) < bytes) [[unlikely]] {
    page = fresh_page(state);
    if (page == nullptr) return nullptr;
  }
  void* out = page->next;
  page->next += bytes;
  ++page->live;
  return out;
}

/// A box from allocate goes.
[[gnu::always_inline]] inline void release(void* box) noexcept {
  Page* page = page_of(box);
  if (--page->live != 0) [[likely]] return;
  if (page->current) {
    page->next = start(page);
  } else {
    give_back(page);
  }
}

#if defined(PYAOT_STR_POOL)  // 1: on, 0: off, whatever the sanitizers (tests/cpp)
inline constexpr bool enabled = PYAOT_STR_POOL != 0;
#else
inline constexpr bool enabled = !pyaot::detail::under_asan;
#endif

}  // namespace pyaot::str_pool
