// Android's C library (bionic) under a library compiled against musl's headers.
//
// zig has no bionic headers: an Android shared library built with zig is compiled for
// aarch64-linux-musl and linked against musl's libc.so, whose soname (libc.so) is also
// bionic's. The ABI of what the runtime uses (pthread types, FILE*, stdio, malloc, libm)
// is the same on both; these few names are musl's only, or missing from the API-24 list
// the library is checked against, so it defines them itself, hidden, on top of what bionic
// exports (toolchains/bionic.py checks the imports after linking). toolchains/zig.py
// compiles this file into every Android shared library it links.
#include <cstddef>
#include <cstring>

extern "C" {
int* __errno(void);  // bionic's name for musl's __errno_location
void* memalign(std::size_t alignment, std::size_t size);  // in bionic since API 1

// musl's errno macro calls this.
[[gnu::visibility("hidden")]] int* __errno_location(void) { return __errno(); }

// C11; bionic exports it from API 28. memalign's blocks are freed with free() there.
[[gnu::visibility("hidden")]] void* aligned_alloc(std::size_t alignment, std::size_t size) {
  return memalign(alignment, size);
}

// clang emits bcmp for memcmp(...) == 0 on musl targets; bionic has no bcmp.
[[gnu::visibility("hidden")]] int bcmp(const void* a, const void* b, std::size_t n) {
  return std::memcmp(a, b, n);
}
}
