#pragma once
// The boundary of a lowered ONNX model (codegen/onnx_models.py): inputs checked against the
// model's fixed shapes and made C-contiguous, outputs allocated, and the scratch arena in
// which every intermediate tensor lives at an offset planned when the package was built.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "pyaot/aligned.hpp"
#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/view.hpp"
#include "pyaot/onnx/scratch.hpp"

namespace pyaot::onnx {

/// `a` as a C-contiguous array of exactly `shape` (a copy only when it is strided), or
/// ValueError naming the model's input and the shape it expects.
template <class T, int N, std::size_t M>
bool input(pyaot::numpy::ndarray<T, N>& out, const pyaot::numpy::ndarray<T, N>& a,
           const std::array<std::int64_t, M>& shape, const char* model,
           const char* name) noexcept {
  static_assert(M == static_cast<std::size_t>(N));
  if (a.shape != shape) [[unlikely]] {
    const std::string want = pyaot::numpy::detail::shape_repr(shape.data(), N);
    const std::string got = pyaot::numpy::detail::shape_repr(a.shape.data(), N);
    return raise_format(Exc::ValueError, "%s() input '%s' must have shape %s, not %s", model,
                        name, want.c_str(), got.c_str());
  }
  if (a.is_c_contiguous()) {
    out = a;
    return true;
  }
  return pyaot::numpy::copy(out, a);
}

/// The block of scratch memory of a call's intermediate tensors (this thread's, kept for
/// its next call: pyaot/onnx/scratch.hpp).
class Arena {
 public:
  Arena() noexcept = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;

  bool allocate(std::size_t bytes) noexcept {
    if (bytes == 0) return true;
    base_ = static_cast<unsigned char*>(scratch(Slot::Arena, bytes));
    if (base_ == nullptr) [[unlikely]] {
      return raise(Exc::MemoryError, "cannot allocate the scratch memory of an ONNX model");
    }
    return true;
  }

  template <class T>
  T* at(std::size_t offset) const noexcept {
    return reinterpret_cast<T*>(base_ + offset);
  }

 private:
  unsigned char* base_ = nullptr;
};

}  // namespace pyaot::onnx
