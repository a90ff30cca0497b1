#pragma once
// The C ABI of compiled functions (docs/c-abi.md): the pyaot_array struct, the status and
// error getters, and the conversions the generated extern "C" wrappers use.
//
// An array argument is borrowed: its ndarray view gets a Storage of its own that never frees
// the caller's elements. A result array must own its elements, so a result that still points
// into an argument (`return a`, `return a[1:]`) is copied first. The error state is the
// thread's pyaot::error_state(); pyaot_error_message() keeps the last message (with its
// Python location) until the next failing call on the thread.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "pyaot/c_value.hpp"
#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"

extern "C" {

typedef enum pyaot_dtype {
  PYAOT_BOOL = 0,
  PYAOT_INT8 = 1,
  PYAOT_INT16 = 2,
  PYAOT_INT32 = 3,
  PYAOT_INT64 = 4,
  PYAOT_UINT8 = 5,
  PYAOT_UINT16 = 6,
  PYAOT_UINT32 = 7,
  PYAOT_UINT64 = 8,
  PYAOT_FLOAT32 = 9,
  PYAOT_FLOAT64 = 10
} pyaot_dtype;

typedef struct pyaot_array {
  void* data;
  int32_t dtype;
  int32_t ndim;
  int64_t shape[8];
  int64_t strides[8];
  void* owner;
} pyaot_array;

}  // extern "C"

namespace pyaot::c_abi {

inline constexpr int kMaxRank = 8;

template <class T>
inline constexpr std::int32_t dtype_code = -1;
template <> inline constexpr std::int32_t dtype_code<bool> = PYAOT_BOOL;
template <> inline constexpr std::int32_t dtype_code<std::int8_t> = PYAOT_INT8;
template <> inline constexpr std::int32_t dtype_code<std::int16_t> = PYAOT_INT16;
template <> inline constexpr std::int32_t dtype_code<std::int32_t> = PYAOT_INT32;
template <> inline constexpr std::int32_t dtype_code<std::int64_t> = PYAOT_INT64;
template <> inline constexpr std::int32_t dtype_code<std::uint8_t> = PYAOT_UINT8;
template <> inline constexpr std::int32_t dtype_code<std::uint16_t> = PYAOT_UINT16;
template <> inline constexpr std::int32_t dtype_code<std::uint32_t> = PYAOT_UINT32;
template <> inline constexpr std::int32_t dtype_code<std::uint64_t> = PYAOT_UINT64;
template <> inline constexpr std::int32_t dtype_code<float> = PYAOT_FLOAT32;
template <> inline constexpr std::int32_t dtype_code<double> = PYAOT_FLOAT64;

inline const char* dtype_name(std::int32_t code) noexcept {
  static constexpr const char* names[] = {"bool",   "int8",   "int16",  "int32",
                                          "int64",  "uint8",  "uint16", "uint32",
                                          "uint64", "float32", "float64"};
  return code >= 0 && code <= PYAOT_FLOAT64 ? names[code] : "unknown";
}

/// The message of the last failure, kept for pyaot_error_message().
struct LastError {
  std::string type = "Exception";
  std::string message;
};

inline LastError& last_error() noexcept {
#if defined(__wasm__) && !defined(__wasm_atomics__)
  static LastError last;  // see error_state()
#else
  thread_local LastError last;
#endif
  return last;
}

/// The status of a failed call (1 + the exception kind); the error moves to last_error().
[[gnu::cold]] inline std::int32_t failure() noexcept {
  ErrorState& state = error_state();
  LastError& last = last_error();
  last.type = state.set ? error_name(state) : "SystemError";
  last.message = state.set ? state.message : "a compiled function failed without an error set";
  if (state.set && state.file != nullptr) {
    last.message += " (at " + std::string(state.file) + ":" + std::to_string(state.line) + ")";
  }
  const std::int32_t status = state.set ? 1 + static_cast<std::int32_t>(state.type) : 1;
  clear_error();
  return status;
}

/// The status of a call whose array argument has a rank outside those the function was
/// compiled for (its body leaves the rank open): the TypeError the CPython module raises.
[[gnu::cold]] inline std::int32_t rank_error(const char* func, const char* param, int lowest,
                                             int highest, int given) noexcept {
  raise_format(Exc::TypeError,
               "%s() argument '%s' must be an array of rank %d to %d (the ranks it was "
               "compiled for), not rank %d",
               func, param, lowest, highest, given);
  return failure();
}

inline void release_borrowed(numpy::Storage* storage) noexcept { delete storage; }

/// A view of a caller's array: dtype and rank must be T and N exactly (TypeError naming the
/// parameter otherwise).
template <class T, int N>
bool from_c(numpy::ndarray<T, N>& out, const pyaot_array* array, const char* func,
            const char* param) noexcept {
  if (array == nullptr || (array->data == nullptr && array->ndim > 0 && array->shape[0] > 0)) {
    return raise_format(Exc::TypeError, "%s() argument '%s' must be an array, not NULL", func,
                        param);
  }
  if (array->dtype != dtype_code<T> || array->ndim != N) {
    return raise_format(Exc::TypeError,
                        "%s() argument '%s' must be a %s array of rank %d, not a %s array of "
                        "rank %d",
                        func, param, numpy::dtype_traits<T>::name, N,
                        dtype_name(array->dtype), static_cast<int>(array->ndim));
  }
  auto* storage = new (std::nothrow) numpy::Storage{0, array->data, true, &release_borrowed,
                                                    nullptr};
  if (storage == nullptr) return raise(Exc::MemoryError, "out of memory");
  std::array<std::int64_t, N> shape{};
  std::array<std::int64_t, N> strides{};
  for (int d = 0; d < N; ++d) {
    if (array->shape[d] < 0) {
      delete storage;
      return raise_format(Exc::ValueError, "%s() argument '%s' has a negative dimension", func,
                          param);
    }
    shape[d] = array->shape[d];
    strides[d] = array->strides[d];
  }
  out = numpy::ndarray<T, N>(static_cast<T*>(array->data), shape, strides, storage);
  return true;
}

/// A result for the caller, who releases it with pyaot_array_release. One that points into
/// an argument's elements (a borrowed Storage) is copied first.
template <class T, int N>
bool to_c(pyaot_array* out, const numpy::ndarray<T, N>& value) noexcept {
  static_assert(N <= kMaxRank, "pyaot_array holds up to 8 dimensions");
  numpy::ndarray<T, N> owned = value;
  if (owned.storage == nullptr || owned.storage->release == &release_borrowed) {
    if (!numpy::copy(owned, value)) return false;
  }
  *out = pyaot_array{};
  out->data = owned.data;
  out->dtype = dtype_code<T>;
  out->ndim = N;
  for (int d = 0; d < N; ++d) {
    out->shape[d] = owned.shape[d];
    out->strides[d] = owned.strides[d];
  }
  numpy::incref(owned.storage);
  out->owner = owned.storage;
  return true;
}

}  // namespace pyaot::c_abi

/// The runtime's own exports: one definition per library, so the generated module defines
/// them (PYAOT_C_ABI_DEFINITIONS) and the standalone programs only declare them.
extern "C" {
const char* pyaot_error_type(void);
const char* pyaot_error_message(void);
void pyaot_array_release(pyaot_array* array);
void pyaot_value_release(pyaot_value* value);
}

#ifdef PYAOT_C_ABI_DEFINITIONS
#if defined(_WIN32)
#define PYAOT_RUNTIME_EXPORT __declspec(dllexport)
#else
#define PYAOT_RUNTIME_EXPORT __attribute__((visibility("default")))
#endif
extern "C" {
PYAOT_RUNTIME_EXPORT const char* pyaot_error_type(void) { return pyaot::c_abi::last_error().type.c_str(); }
PYAOT_RUNTIME_EXPORT const char* pyaot_error_message(void) {
  return pyaot::c_abi::last_error().message.c_str();
}
PYAOT_RUNTIME_EXPORT void pyaot_array_release(pyaot_array* array) {
  if (array == nullptr) return;
  pyaot::numpy::decref(static_cast<pyaot::numpy::Storage*>(array->owner));
  array->owner = nullptr;
  array->data = nullptr;
}
PYAOT_RUNTIME_EXPORT void pyaot_value_release(pyaot_value* value) {
  pyaot::c_abi::release_value(value);
}
}
#endif
