#pragma once
// The recursion limit of compiled code. Functions that can recurse (those in a cycle of the
// call graph) take a depth counter instead of touching thread-local state on every call;
// past the limit they raise RecursionError as CPython does, instead of overflowing the C
// stack.

#include "pyaot/error.hpp"

namespace pyaot {

// CPython's default sys.getrecursionlimit().
inline constexpr int max_recursion_depth = 1000;

[[gnu::cold]] inline bool raise_recursion_error() noexcept {
  return raise(Exc::RecursionError, "maximum recursion depth exceeded");
}

}  // namespace pyaot
