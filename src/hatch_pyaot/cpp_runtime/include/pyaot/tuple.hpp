#pragma once
// Tuples whose items share one type, as std::array: indexing by a run-time value
// (negative indices count from the end; out of range raises IndexError as CPython does).
// Built with PYAOT_BOUNDSCHECK=0 (the `boundscheck = false` setting) the range check is
// left out: negative indices still count from the end, out of range is undefined behaviour.

#include <array>
#include <cstddef>
#include <cstdint>

#include "pyaot/error.hpp"

#ifndef PYAOT_BOUNDSCHECK
#define PYAOT_BOUNDSCHECK 1
#endif

namespace pyaot {

template <class T, std::size_t N>
inline bool tuple_index(T& out, const std::array<T, N>& items, std::int64_t index) noexcept {
  constexpr auto size = static_cast<std::int64_t>(N);
  if (index < 0) index += size;
  if constexpr (PYAOT_BOUNDSCHECK) {
    if (index < 0 || index >= size) [[unlikely]] {
      return raise(Exc::IndexError, "tuple index out of range");
    }
  }
  out = items[static_cast<std::size_t>(index)];
  return true;
}

}  // namespace pyaot
