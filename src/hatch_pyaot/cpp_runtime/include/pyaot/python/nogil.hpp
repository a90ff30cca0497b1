// The GIL released while a compiled call works on large arrays (docs/variants.md, "Threads").
// The wrapper releases it only for kernels that touch no Python object: numbers and arrays
// in and out (converted before, converted back after), no print(). Storages borrowed from
// numpy arrays are only dropped by the wrapper, after the GIL is back; the interrupt hook
// takes the GIL for the moment it runs the signal handlers.
#pragma once

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <cstdint>
#include <type_traits>

#include "pyaot/python/error.hpp"

namespace pyaot::python {

/// Elements of all array arguments from which a call runs without the GIL.
inline constexpr std::int64_t nogil_elements = std::int64_t{1} << 16;

template <class A>
inline std::int64_t elements_of(const A& value) noexcept {
  if constexpr (requires { value.size(); value.data; }) {
    return value.size();
  } else {
    return 0;
  }
}

/// The elements of the arrays among `args` (a tuned call's shape: pyaot/python/tune.hpp).
template <class... A>
inline std::int64_t total_elements(const A&... args) noexcept {
  return (std::int64_t{0} + ... + elements_of(args));
}

/// Whether the arrays among `args` are large enough to be worth releasing the GIL for.
template <class... A>
inline bool worth_releasing(const A&... args) noexcept {
  return total_elements(args...) >= nogil_elements;
}

/// Releases the GIL for its lifetime when `release` is true (and it is not released yet).
class WithoutGil {
 public:
  explicit WithoutGil(bool release) noexcept {
    if (release && released_state() == nullptr) {
      released_state() = PyEval_SaveThread();
      held_ = true;
    }
  }
  WithoutGil(const WithoutGil&) = delete;
  WithoutGil& operator=(const WithoutGil&) = delete;
  ~WithoutGil() {
    if (held_) {
      PyThreadState* state = released_state();
      released_state() = nullptr;
      PyEval_RestoreThread(state);
    }
  }

 private:
  bool held_ = false;
};

}  // namespace pyaot::python
