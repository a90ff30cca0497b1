#pragma once
// The BLAS that numpy itself calls, when the process has loaded it: numpy's Linux wheels ship
// OpenBLAS with the ILP64 CBLAS interface (`scipy_cblas_dgemm64_`, older wheels
// `cblas_dgemm64_`). A compiled function called from CPython finds it among the loaded
// shared objects and hands large float32/float64 products to it, so they run at numpy's speed
// (its threads and its kernel for this CPU) and give numpy's bits; everything else (small
// products, integers, operands BLAS cannot address, standalone programs and the cross
// targets, where no such library is loaded) runs gemm.hpp.
//
// The lookup reads the dynamic symbol tables of the loaded objects (dl_iterate_phdr), not
// dlopen/dlsym: those carry a newer glibc symbol version that would raise the wheel's
// manylinux tag, and it needs neither the GIL nor Python. PYAOT_BLAS=0 turns it off.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <type_traits>

#if defined(__linux__) && !defined(PYAOT_NO_BLAS)
#include <elf.h>
#include <link.h>
#define PYAOT_HAS_BLAS_LOOKUP 1
#endif

namespace pyaot::numpy::blas {

/// CBLAS enums (cblas.h).
inline constexpr int kRowMajor = 101;
inline constexpr int kNoTrans = 111;
inline constexpr int kTrans = 112;

template <class T>
using gemm_fn = void (*)(int layout, int trans_a, int trans_b, std::int64_t m, std::int64_t n,
                         std::int64_t k, T alpha, const T* a, std::int64_t lda, const T* b,
                         std::int64_t ldb, T beta, T* c, std::int64_t ldc);

struct library {
  gemm_fn<double> dgemm = nullptr;
  gemm_fn<float> sgemm = nullptr;
};

/// Products smaller than this many multiply-adds stay in gemm.hpp (a BLAS call costs more).
inline constexpr std::int64_t kMinWork = 32 * 32 * 32;

#if PYAOT_HAS_BLAS_LOOKUP
namespace detail {

inline std::uint32_t gnu_hash(const char* name) noexcept {
  std::uint32_t h = 5381;
  for (; *name; ++name) h = h * 33 + static_cast<unsigned char>(*name);
  return h;
}

/// The address of `name` in one loaded object, through its DT_GNU_HASH table; 0 if absent.
inline std::uintptr_t find_symbol(const dl_phdr_info* info, const char* name) noexcept {
  const ElfW(Dyn)* dyn = nullptr;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC) {
      dyn = reinterpret_cast<const ElfW(Dyn)*>(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    }
  }
  if (dyn == nullptr) return 0;
  std::uintptr_t strtab = 0, symtab = 0, gnu = 0;
  for (; dyn->d_tag != DT_NULL; ++dyn) {
    if (dyn->d_tag == DT_STRTAB) strtab = dyn->d_un.d_ptr;
    if (dyn->d_tag == DT_SYMTAB) symtab = dyn->d_un.d_ptr;
    if (dyn->d_tag == DT_GNU_HASH) gnu = dyn->d_un.d_ptr;
  }
  if (strtab == 0 || symtab == 0 || gnu == 0) return 0;
  // glibc relocates these entries to addresses; musl leaves them offsets from the base
  const auto at = [info](std::uintptr_t p) { return p < info->dlpi_addr ? p + info->dlpi_addr : p; };
  const auto* table = reinterpret_cast<const std::uint32_t*>(at(gnu));
  const auto* strings = reinterpret_cast<const char*>(at(strtab));
  const auto* symbols = reinterpret_cast<const ElfW(Sym)*>(at(symtab));
  const std::uint32_t buckets = table[0], first = table[1], bloom_words = table[2];
  if (buckets == 0) return 0;
  const auto* bucket = reinterpret_cast<const std::uint32_t*>(
      reinterpret_cast<const ElfW(Addr)*>(table + 4) + bloom_words);
  const std::uint32_t* chain = bucket + buckets;
  const std::uint32_t hash = gnu_hash(name);
  std::uint32_t index = bucket[hash % buckets];
  if (index < first) return 0;
  for (;; ++index) {
    const std::uint32_t h = chain[index - first];
    const ElfW(Sym)& sym = symbols[index];
    if ((h | 1) == (hash | 1) && sym.st_shndx != SHN_UNDEF &&
        std::strcmp(strings + sym.st_name, name) == 0) {
      return info->dlpi_addr + sym.st_value;
    }
    if (h & 1) return 0;
  }
}

inline int visit(dl_phdr_info* info, std::size_t, void* data) noexcept {
  if (info->dlpi_name == nullptr || std::strstr(info->dlpi_name, "blas") == nullptr) return 0;
  auto* lib = static_cast<library*>(data);
  for (const char* prefix : {"scipy_cblas_", "cblas_"}) {
    char dname[40], sname[40];
    std::strcpy(dname, prefix);
    std::strcat(dname, "dgemm64_");
    std::strcpy(sname, prefix);
    std::strcat(sname, "sgemm64_");
    const std::uintptr_t d = find_symbol(info, dname), s = find_symbol(info, sname);
    if (d != 0 && s != 0) {
      lib->dgemm = reinterpret_cast<gemm_fn<double>>(d);
      lib->sgemm = reinterpret_cast<gemm_fn<float>>(s);
      return 1;
    }
  }
  return 0;
}

}  // namespace detail
#endif

/// numpy's BLAS if this process has loaded it (looked up once, at the first large product).
inline const library& loaded() noexcept {
  static const library found = [] {
    library lib;
#if PYAOT_HAS_BLAS_LOOKUP
    const char* setting = std::getenv("PYAOT_BLAS");
    if (setting == nullptr || std::strcmp(setting, "0") != 0) {
      dl_iterate_phdr(detail::visit, &lib);
    }
#endif
    return lib;
  }();
  return found;
}

/// How BLAS reads one row-major operand of `rows` x `cols` with element strides s0, s1: its
/// transpose flag and leading dimension; false when it cannot (negative, zero or other
/// strides: gemm.hpp takes those).
inline bool layout(std::int64_t s0, std::int64_t s1, std::int64_t rows, std::int64_t cols,
                   int& trans, std::int64_t& ld) noexcept {
  if (s1 == 1 && s0 >= (cols > 1 ? cols : 1)) {
    trans = kNoTrans;
    ld = s0;
    return true;
  }
  if (s0 == 1 && s1 >= (rows > 1 ? rows : 1)) {
    trans = kTrans;
    ld = s1;
    return true;
  }
  return false;
}

/// C (n x m, C-contiguous) = A (n x k) times B (k x m) through numpy's BLAS; false (C
/// untouched) when it is not loaded, the product is small or an operand's strides don't fit.
template <class T>
bool gemm(T* c, const T* a, std::int64_t sa0, std::int64_t sa1, const T* b, std::int64_t sb0,
          std::int64_t sb1, std::int64_t n, std::int64_t k, std::int64_t m) noexcept {
  if constexpr (std::is_same_v<T, double> || std::is_same_v<T, float>) {
    if (n * k * m < kMinWork) return false;
    const library& lib = loaded();
    const gemm_fn<T> fn = [&lib] {
      if constexpr (std::is_same_v<T, double>) return lib.dgemm;
      else return lib.sgemm;
    }();
    int ta, tb;
    std::int64_t lda, ldb;
    if (fn == nullptr || !layout(sa0, sa1, n, k, ta, lda) || !layout(sb0, sb1, k, m, tb, ldb)) {
      return false;
    }
    fn(kRowMajor, ta, tb, n, m, k, T{1}, a, lda, b, ldb, T{0}, c, m > 1 ? m : 1);
    return true;
  } else {
    return false;
  }
}

}  // namespace pyaot::numpy::blas
