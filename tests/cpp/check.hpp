// The scaffolding the C++ unit tests in tests/cpp share: CHECK, its counters, the check of a
// pending runtime exception, and main's summary. Include it once, from the test file itself.

#pragma once

#include <cstdio>

#include "pyaot/error.hpp"

namespace {

int failures = 0;
int checks = 0;

#define CHECK(cond)                                                                 \
  do {                                                                              \
    ++checks;                                                                       \
    if (!(cond)) {                                                                  \
      std::fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                                   \
    }                                                                               \
  } while (0)

/// A call returned false with exactly this pending exception; clears it.
[[maybe_unused]] bool raised(bool ok, pyaot::Exc type, const char* message) {
  pyaot::ErrorState& state = pyaot::error_state();
  const bool good = !ok && state.set && state.type == type && state.message == message;
  if (!good) {
    std::fprintf(stderr, "  expected %s: %s; got ok=%d set=%d %s: %s\n", pyaot::exc_name(type),
                 message, ok, state.set, pyaot::exc_name(state.type), state.message.c_str());
  }
  pyaot::clear_error();
  return good;
}

/// No runtime exception is pending.
[[maybe_unused]] bool clean() { return !pyaot::error_state().set; }

/// Prints the summary, "all N checks passed" or "F of N checks failed"; main's exit status.
[[maybe_unused]] int check_summary() {
  if (failures != 0) {
    std::fprintf(stderr, "%d of %d checks failed\n", failures, checks);
    return 1;
  }
  std::printf("all %d checks passed\n", checks);
  return 0;
}

}  // namespace
