#pragma once
// Length of range(start, stop, step), as CPython's compute_range_length computes it.

#include <cstdint>
#include <limits>

#include "pyaot/error.hpp"
#include "pyaot/int_overflow.hpp"

namespace pyaot {

/// Number of items of range(start, stop, step). ValueError for step 0; OverflowError when the
/// count does not fit int64 (only possible for |step| == 1 over more than half the int64 range).
inline bool range_length(std::int64_t& out, std::int64_t start, std::int64_t stop,
                         std::int64_t step) noexcept {
  using U = std::uint64_t;
  U count;
  if (step > 0) {
    if (start >= stop) {
      out = 0;
      return true;
    }
    // stop - start and |step| are exact in unsigned arithmetic (mod 2**64, both < 2**64).
    count = (static_cast<U>(stop) - static_cast<U>(start) - 1u) / static_cast<U>(step) + 1u;
  } else if (step < 0) {
    if (start <= stop) {
      out = 0;
      return true;
    }
    count = (static_cast<U>(start) - static_cast<U>(stop) - 1u) / (U{0} - static_cast<U>(step)) +
            1u;
  } else [[unlikely]] {
    return raise(Exc::ValueError, "range() arg 3 must not be zero");
  }
  if (count > static_cast<U>(std::numeric_limits<std::int64_t>::max())) [[unlikely]] {
    return raise_int_overflow();
  }
  out = static_cast<std::int64_t>(count);
  return true;
}

// The k-th item of range(start, stop, step) for k < its length. start + k * step is in
// range, but k * step alone may not be (range(-2**63, 2**63 - 1, 3)): compute modulo 2**64.
constexpr std::int64_t range_item(std::int64_t start, std::int64_t step, std::int64_t k) noexcept {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(start) +
                                   static_cast<std::uint64_t>(k) * static_cast<std::uint64_t>(step));
}

}  // namespace pyaot
