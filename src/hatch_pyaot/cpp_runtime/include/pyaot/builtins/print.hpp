#pragma once
// print(): the text is written through print_hook, which the init function of a CPython
// module sets to sys.stdout.write (so that redirections and pytest's capture see it, as
// for Python's own print); standalone programs and C-ABI libraries leave it null and write
// to the C standard output.

#include <cstdio>
#include <string_view>

#include "pyaot/error.hpp"

namespace pyaot {

/// Writes text (UTF-8) to stream 1 (stdout) or 2 (stderr); false when the host's write
/// raised (its exception is then pending in the host).
#ifdef PYAOT_VARIANT_UNIT
// An ISA variant's unit (codegen/isa_variants.py) prints through the main unit's hook.
bool shared_print_text(std::string_view text, int stream) noexcept;
inline bool print_text(std::string_view text, int stream = 1) noexcept {
  return shared_print_text(text, stream);
}
#else
inline bool (*print_hook)(std::string_view text, int stream) noexcept = nullptr;

/// Returns false with Exc::Interrupted pending (the host's own exception, passed on as it
/// is: see pyaot/python/error.hpp) when the host's stdout failed.
inline bool print_text(std::string_view text, int stream = 1) noexcept {
  if (print_hook != nullptr) {
    return print_hook(text, stream) || raise(Exc::Interrupted, "");
  }
  std::fwrite(text.data(), 1, text.size(), stream == 2 ? stderr : stdout);
  return true;
}
#endif

}  // namespace pyaot
