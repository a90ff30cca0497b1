// The state a module's ISA-variant units share with its main unit (codegen/isa_variants.py):
// the error state, the interrupt hook, the print hook and the tuning state
// (pyaot/parallel/pool.hpp) live in the main unit, and these functions (defined here,
// non-inline: include this header in the main unit only) reach them. A variant unit, built
// with PYAOT_VARIANT_UNIT, keeps private copies of all its inline functions and templates
// (GCC's -fno-weak), so that none of its AVX code can be picked by the linker for the
// baseline unit; without the state here, an error raised in a variant would be lost.
#pragma once

#include <string_view>

#include "pyaot/builtins/print.hpp"
#include "pyaot/error.hpp"
#include "pyaot/interrupt.hpp"
#include "pyaot/parallel/pool.hpp"

namespace pyaot {

ErrorState& shared_error_state() noexcept { return error_state(); }

bool shared_check_interrupt() noexcept { return check_interrupt(); }

bool shared_print_text(std::string_view text, int stream) noexcept {
  return print_text(text, stream);
}

namespace parallel {
TuneState& shared_tune_state() noexcept { return tune_state(); }
}  // namespace parallel

}  // namespace pyaot
