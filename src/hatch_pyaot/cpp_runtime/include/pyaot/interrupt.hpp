#pragma once
// Ctrl-C in a long compiled loop. CPython only runs its signal handlers (the SIGINT one raises
// KeyboardInterrupt) between bytecodes, so a compiled call that loops for minutes would sit
// out every Ctrl-C. Each loop of generated code counts its iterations down from
// interrupt_interval and then calls check_interrupt(), which runs the host's pending signal
// handlers through interrupt_hook: the init function of a CPython module sets it to
// PyErr_CheckSignals (pyaot/python/error.hpp). Standalone programs and C-ABI libraries leave
// it null: there the check does nothing, the process's own signal dispositions apply.
//
// The counter is a local of the generated function (a register, not thread-local state), so
// a loop pays one decrement and a predicted branch per iteration.

#include <cstdint>

#include "pyaot/error.hpp"

namespace pyaot {

inline constexpr std::uint32_t interrupt_interval = std::uint32_t{1} << 16;

/// Runs the host's pending signal handlers; false when one raised (its exception is then
/// pending in the host).
#ifdef PYAOT_VARIANT_UNIT
// An ISA variant's unit (codegen/isa_variants.py) checks through the main unit's hook.
bool shared_check_interrupt() noexcept;
[[gnu::cold]] inline bool check_interrupt() noexcept { return shared_check_interrupt(); }
#else
inline bool (*interrupt_hook)() noexcept = nullptr;

/// Called every interrupt_interval loop iterations. False, with Exc::Interrupted pending,
/// when a signal handler raised: the compiled code unwinds (running `finally` blocks; no
/// compiled `except` catches it) and the host's exception reaches the caller.
[[gnu::cold]] inline bool check_interrupt() noexcept {
  if (interrupt_hook == nullptr || interrupt_hook()) return true;
  return raise(Exc::Interrupted, "");
}
#endif

}  // namespace pyaot
