#pragma once
// numpy.ndarray: a view (data pointer, shape, strides) on reference-counted storage.
//
// Copying an ndarray handle shares the elements, as `b = a` does in Python; views (slices,
// transposes, later) share the storage of the array they come from. Strides count ELEMENTS,
// not bytes, and may be negative or zero. N == 0 is a 0-d array of one element.
//
// The reference count is not atomic: compiled code runs holding the GIL (or, in a standalone
// program, on one thread), as every handle to one storage lives in one thread at a time.
// Storage borrowed from a Python object is released by dropping that object, which needs the
// GIL anyway.
//
// Element access checks indices like numpy ("index 5 is out of bounds for axis 0 with size
// 3"); built with PYAOT_BOUNDSCHECK=0 (the `boundscheck = false` setting) the range check is
// left out: negative indices still count from the end, out of range is undefined behaviour.

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/complex.hpp"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#ifndef PYAOT_BOUNDSCHECK
#define PYAOT_BOUNDSCHECK 1
#endif

namespace pyaot::numpy {

/// The owner of an array's bytes, shared by every view on them.
struct Storage {
  std::int64_t refcount;  ///< handles alive; not atomic (see the top of this header)
  void* data;             ///< the bytes (for allocated storage: 64-byte aligned)
  bool writeable;         ///< false: setitem raises "assignment destination is read-only"
  void (*release)(Storage*) noexcept;  ///< frees the bytes and this Storage at refcount 0
  void* owner;  ///< what release drops (a PyObject* at the CPython boundary); nullptr when
                ///< the runtime allocated the bytes
};

inline void incref(Storage* storage) noexcept {
  if (storage != nullptr) ++storage->refcount;
}

inline void decref(Storage* storage) noexcept {
  if (storage != nullptr && --storage->refcount == 0) storage->release(storage);
}

/// The numpy dtype of an element type: its name (str(dtype)), kind (dtype.kind) and itemsize.
template <class T>
struct dtype_traits;

#define PYAOT_NUMPY_DTYPE(type, dtype_name, dtype_kind)            \
  template <>                                                      \
  struct dtype_traits<type> {                                      \
    static constexpr const char* name = dtype_name;                \
    static constexpr char kind = dtype_kind;                       \
    static constexpr int itemsize = static_cast<int>(sizeof(type)); \
  }
PYAOT_NUMPY_DTYPE(bool, "bool", 'b');
PYAOT_NUMPY_DTYPE(std::int8_t, "int8", 'i');
PYAOT_NUMPY_DTYPE(std::int16_t, "int16", 'i');
PYAOT_NUMPY_DTYPE(std::int32_t, "int32", 'i');
PYAOT_NUMPY_DTYPE(std::int64_t, "int64", 'i');
PYAOT_NUMPY_DTYPE(std::uint8_t, "uint8", 'u');
PYAOT_NUMPY_DTYPE(std::uint16_t, "uint16", 'u');
PYAOT_NUMPY_DTYPE(std::uint32_t, "uint32", 'u');
PYAOT_NUMPY_DTYPE(std::uint64_t, "uint64", 'u');
PYAOT_NUMPY_DTYPE(float, "float32", 'f');
PYAOT_NUMPY_DTYPE(double, "float64", 'f');
PYAOT_NUMPY_DTYPE(complex64, "complex64", 'c');
PYAOT_NUMPY_DTYPE(pyaot::complex, "complex128", 'c');
#undef PYAOT_NUMPY_DTYPE

static_assert(sizeof(bool) == 1 && sizeof(float) == 4 && sizeof(double) == 8,
              "numpy's bool, float32 and float64 layouts");

/// An N-dimensional array of T: a handle with value semantics whose elements are shared.
template <class T, int N>
struct ndarray {
  static_assert(N >= 0, "an array has zero or more dimensions");
  using value_type = T;
  static constexpr int ndim = N;

  T* data = nullptr;  ///< the element at index (0, ..., 0)
  std::array<std::int64_t, N> shape{};
  std::array<std::int64_t, N> strides{};  ///< in elements
  Storage* storage = nullptr;

  ndarray() noexcept = default;

  /// A view on `storage`'s bytes; takes its own reference to `storage`.
  ndarray(T* data_, const std::array<std::int64_t, N>& shape_,
          const std::array<std::int64_t, N>& strides_, Storage* storage_) noexcept
      : data(data_), shape(shape_), strides(strides_), storage(storage_) {
    incref(storage);
  }

  ndarray(const ndarray& other) noexcept
      : data(other.data), shape(other.shape), strides(other.strides), storage(other.storage) {
    incref(storage);
  }

  ndarray(ndarray&& other) noexcept
      : data(other.data), shape(other.shape), strides(other.strides), storage(other.storage) {
    other.data = nullptr;
    other.storage = nullptr;
  }

  ndarray& operator=(const ndarray& other) noexcept {
    incref(other.storage);  // first: `a = a` must not free the storage
    decref(storage);
    data = other.data;
    shape = other.shape;
    strides = other.strides;
    storage = other.storage;
    return *this;
  }

  ndarray& operator=(ndarray&& other) noexcept {
    if (this != &other) {
      decref(storage);
      data = other.data;
      shape = other.shape;
      strides = other.strides;
      storage = other.storage;
      other.data = nullptr;
      other.storage = nullptr;
    }
    return *this;
  }

  ~ndarray() { decref(storage); }

  /// The number of elements (1 for a 0-d array).
  std::int64_t size() const noexcept {
    std::int64_t n = 1;
    for (std::int64_t dim : shape) n *= dim;
    return n;
  }

  /// numpy's flags.c_contiguous: empty arrays are, and dimensions of size 1 do not matter.
  bool is_c_contiguous() const noexcept {
    if (size() == 0) return true;
    std::int64_t expected = 1;
    for (int axis = N - 1; axis >= 0; --axis) {
      if (shape[axis] == 1) continue;
      if (strides[axis] != expected) return false;
      expected *= shape[axis];
    }
    return true;
  }
};

namespace detail {

/// Allocated storage is one block: the Storage, then the elements at kHeader (64-byte aligned).
inline constexpr std::size_t kAlignment = 64;
inline constexpr std::size_t kHeader = 64;
static_assert(sizeof(Storage) <= kHeader);

inline void free_allocated(Storage* storage) noexcept {
  storage->~Storage();
  ::operator delete(static_cast<void*>(storage), std::align_val_t{kAlignment});
}

/// numpy's _ArrayMemoryError._size_to_string: "8.00 TiB", "24 bytes".
inline std::string size_to_string(std::uint64_t bytes) {
  static constexpr const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  const int bit_length = bytes == 0 ? 0 : 64 - std::countl_zero(bytes);
  int unit = std::max(bit_length - 1, 1) / 10;
  const auto unit_bytes = static_cast<double>(std::uint64_t{1} << (unit * 10));
  double n_units = static_cast<double>(bytes) / unit_bytes;
  if (std::nearbyint(n_units) == 1024.0) {
    ++unit;
    n_units /= 1024.0;
  }
  char text[64];
  if (unit == 0) {
    std::snprintf(text, sizeof text, "%.0f %s", n_units, units[unit]);
  } else if (std::nearbyint(n_units) < 1000.0) {
    std::snprintf(text, sizeof text, "%#.3g %s", n_units, units[unit]);
  } else {
    std::snprintf(text, sizeof text, "%#.0f %s", n_units, units[unit]);
  }
  return text;
}

/// Python's repr of a shape tuple: "()", "(5,)", "(2, 3)".
inline std::string shape_repr(const std::int64_t* shape, int ndim) {
  std::string text = "(";
  for (int axis = 0; axis < ndim; ++axis) {
    if (axis > 0) text += ", ";
    text += std::to_string(shape[axis]);
  }
  text += ndim == 1 ? ",)" : ")";
  return text;
}

/// The byte count of a C-contiguous array, with numpy's errors: ValueError for a negative
/// dimension or a size past the largest object (PTRDIFF_MAX; zero dimensions skipped, as
/// numpy does).
inline bool checked_nbytes(std::int64_t& out, const std::int64_t* shape, int ndim,
                           int itemsize) noexcept {
  constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::ptrdiff_t>::max());
  std::uint64_t nbytes = static_cast<std::uint64_t>(itemsize);
  bool zero = false;
  for (int axis = 0; axis < ndim; ++axis) {
    const std::int64_t dim = shape[axis];
    if (dim < 0) return raise(Exc::ValueError, "negative dimensions are not allowed");
    if (dim == 0) {
      zero = true;
      continue;
    }
    if (nbytes > limit / static_cast<std::uint64_t>(dim)) {
      return raise(Exc::ValueError,
                   "array is too big; `arr.size * arr.dtype.itemsize` is larger than the "
                   "maximum possible size.");
    }
    nbytes *= static_cast<std::uint64_t>(dim);
  }
  out = zero ? 0 : static_cast<std::int64_t>(nbytes);
  return true;
}

/// Large blocks are backed by huge pages where the kernel offers them, as numpy's allocator
/// asks (4 MiB and up, Linux): a fresh block then costs one page fault per 2 MiB instead of
/// one per 4 KiB. Only advice: nothing changes where it is not taken.
inline void advise_huge_pages(void* block, std::size_t size) noexcept {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kPage = 4096;
  if (size < (std::size_t{4} << 20)) return;
  const auto begin = (reinterpret_cast<std::uintptr_t>(block) + kPage - 1) & ~(kPage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(block) + size) & ~(kPage - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)block;
  (void)size;
#endif
}

/// New storage of `nbytes` uninitialized bytes, refcount 1; MemoryError (numpy's message)
/// when the allocation fails.
inline bool allocate(Storage*& out, std::int64_t nbytes, const std::int64_t* shape, int ndim,
                     const char* dtype_name) noexcept {
  void* block = ::operator new(kHeader + static_cast<std::size_t>(nbytes),
                               std::align_val_t{kAlignment}, std::nothrow);
  if (block == nullptr) [[unlikely]] {
    const std::string size = size_to_string(static_cast<std::uint64_t>(nbytes));
    const std::string dims = shape_repr(shape, ndim);
    return raise_format(Exc::MemoryError,
                        "Unable to allocate %s for an array with shape %s and data type %s",
                        size.c_str(), dims.c_str(), dtype_name);
  }
  out = ::new (block) Storage{1, static_cast<unsigned char*>(block) + kHeader, true,
                              &free_allocated, nullptr};
  advise_huge_pages(block, kHeader + static_cast<std::size_t>(nbytes));
  return true;
}

[[gnu::cold]] inline bool index_error(std::int64_t index, int axis, std::int64_t size) noexcept {
  return raise_format(Exc::IndexError, "index %lld is out of bounds for axis %d with size %lld",
                      static_cast<long long>(index), axis, static_cast<long long>(size));
}

/// The element offset of `index` (negative entries count from the end), IndexError when out
/// of range (unless PYAOT_BOUNDSCHECK is 0).
template <int N>
inline bool checked_offset(std::int64_t& out, const std::array<std::int64_t, N>& shape,
                           const std::array<std::int64_t, N>& strides,
                           const std::array<std::int64_t, N>& index) noexcept {
  std::int64_t offset = 0;
  for (int axis = 0; axis < N; ++axis) {
    std::int64_t i = index[axis];
    if (i < 0) i += shape[axis];
    if constexpr (PYAOT_BOUNDSCHECK) {
      if (i < 0 || i >= shape[axis]) [[unlikely]] {
        return index_error(index[axis], axis, shape[axis]);
      }
    }
    offset += i * strides[axis];
  }
  out = offset;
  return true;
}

template <class... I>
inline constexpr bool are_indices = ((std::is_integral_v<I> && !std::is_same_v<I, bool>) && ...);

}  // namespace detail

// ---- Allocation -----------------------------------------------------------------------------

/// A shape argument: not deduced, so `empty(out, {2, 3})` works.
template <int N>
using Shape = std::type_identity_t<std::array<std::int64_t, N>>;

/// numpy.empty(shape, dtype): C-contiguous, 64-byte aligned, elements uninitialized.
/// ValueError for a negative dimension or a byte count past PTRDIFF_MAX; MemoryError when the
/// allocation fails (numpy's messages).
template <class T, int N>
bool empty(ndarray<T, N>& out, const Shape<N>& shape) noexcept {
  std::int64_t nbytes = 0;
  if (!detail::checked_nbytes(nbytes, shape.data(), N, dtype_traits<T>::itemsize)) return false;
  Storage* storage = nullptr;
  if (!detail::allocate(storage, nbytes, shape.data(), N, dtype_traits<T>::name)) return false;
  // numpy's strides: C order, and all zero for an empty array
  std::array<std::int64_t, N> strides{};
  if (nbytes != 0) {
    std::int64_t stride = 1;
    for (int axis = N - 1; axis >= 0; --axis) {
      strides[axis] = stride;
      stride *= shape[axis];
    }
  }
  out = ndarray<T, N>(static_cast<T*>(storage->data), shape, strides, storage);
  decref(storage);
  return true;
}

/// numpy.zeros(shape, dtype).
template <class T, int N>
bool zeros(ndarray<T, N>& out, const Shape<N>& shape) noexcept {
  if (!empty(out, shape)) return false;
  std::memset(static_cast<void*>(out.data), 0, static_cast<std::size_t>(out.size()) * sizeof(T));
  return true;
}

/// numpy.full(shape, value, dtype).
template <class T, int N>
bool full(ndarray<T, N>& out, const Shape<N>& shape,
          std::type_identity_t<T> value) noexcept {
  if (!empty(out, shape)) return false;
  std::fill_n(out.data, out.size(), value);
  return true;
}

/// numpy.ones(shape, dtype).
template <class T, int N>
bool ones(ndarray<T, N>& out, const Shape<N>& shape) noexcept {
  return full(out, shape, static_cast<T>(1));
}

/// numpy.empty_like(a): a's shape and dtype, always C-contiguous (numpy's default order='K'
/// would keep a Fortran-ordered a's layout; the values do not differ).
template <class T, int N>
bool empty_like(ndarray<T, N>& out, const ndarray<T, N>& a) noexcept {
  return empty(out, a.shape);
}

/// numpy.zeros_like(a), C-contiguous.
template <class T, int N>
bool zeros_like(ndarray<T, N>& out, const ndarray<T, N>& a) noexcept {
  return zeros(out, a.shape);
}

/// numpy.ones_like(a), C-contiguous.
template <class T, int N>
bool ones_like(ndarray<T, N>& out, const ndarray<T, N>& a) noexcept {
  return ones(out, a.shape);
}

/// numpy.full_like(a, value), C-contiguous.
template <class T, int N>
bool full_like(ndarray<T, N>& out, const ndarray<T, N>& a,
               std::type_identity_t<T> value) noexcept {
  return full(out, a.shape, value);
}

// ---- Element access -------------------------------------------------------------------------

/// The element offset of an in-range, non-negative index: sum(index[k] * strides[k]).
template <class T, int N, class... I>
  requires(sizeof...(I) == N && detail::are_indices<I...>)
inline std::int64_t offset(const ndarray<T, N>& a, I... index) noexcept {
  const std::array<std::int64_t, N> indices{static_cast<std::int64_t>(index)...};
  std::int64_t result = 0;
  for (int axis = 0; axis < N; ++axis) result += indices[axis] * a.strides[axis];
  return result;
}

/// a[index] without any check, for indices the compiler proved in range (0 <= i < shape).
template <class T, int N, class... I>
  requires(sizeof...(I) == N && detail::are_indices<I...>)
inline T& at(const ndarray<T, N>& a, I... index) noexcept {
  return a.data[offset(a, index...)];
}

/// out = a[index]: negative indices count from the end; IndexError when out of range.
template <class T, int N, class... I>
  requires(sizeof...(I) == N && detail::are_indices<I...>)
inline bool getitem(T& out, const ndarray<T, N>& a, I... index) noexcept {
  std::int64_t off = 0;
  if (!detail::checked_offset<N>(off, a.shape, a.strides, {std::int64_t(index)...})) return false;
  out = a.data[off];
  return true;
}

/// slot = &a[index] for a store, checked in NumPy's order: ValueError when a is read-only, then
/// getitem's index checks; the caller converts the value after, so an out-of-range index wins
/// over a float that cannot convert (``a[9] = nan`` raises IndexError).
template <class T, int N, class... I>
  requires(sizeof...(I) == N && detail::are_indices<I...>)
inline bool setitem(T*& slot, const ndarray<T, N>& a, I... index) noexcept {
  if (!a.storage->writeable) [[unlikely]] {
    return raise(Exc::ValueError, "assignment destination is read-only");
  }
  std::int64_t off = 0;
  if (!detail::checked_offset<N>(off, a.shape, a.strides, {std::int64_t(index)...})) return false;
  slot = a.data + off;
  return true;
}

/// setitem(slot, ...) for indices the compiler proved in range: only the read-only check.
template <class T, int N, class... I>
  requires(sizeof...(I) == N && detail::are_indices<I...>)
inline bool setitem_in_range(T*& slot, const ndarray<T, N>& a, I... index) noexcept {
  if (!a.storage->writeable) [[unlikely]] {
    return raise(Exc::ValueError, "assignment destination is read-only");
  }
  slot = a.data + offset(a, index...);
  return true;
}

/// a[index] = value: setitem(slot, ...)'s checks, then the store.
template <class T, int N, class... I>
  requires(sizeof...(I) == N && detail::are_indices<I...>)
inline bool setitem(const ndarray<T, N>& a, std::type_identity_t<T> value, I... index) noexcept {
  T* slot = nullptr;
  if (!setitem(slot, a, index...)) return false;
  *slot = value;
  return true;
}

}  // namespace pyaot::numpy
