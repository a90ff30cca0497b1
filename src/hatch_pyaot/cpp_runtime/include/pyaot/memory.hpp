#pragma once
// Allocations a Python program sizes (`[0] * n`, `s * n`, `s.center(n)`): a request that
// cannot be met must raise MemoryError, as CPython does. operator new would throw
// std::bad_alloc instead, which a runtime built without exceptions cannot catch (the process
// would abort), so the size is tried with malloc first.

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "pyaot/error.hpp"

namespace pyaot {

/// True when `count` items of `size` bytes can be allocated now; else MemoryError pending.
inline bool can_allocate(std::uint64_t count, std::size_t size) noexcept {
  if (size != 0 && count > SIZE_MAX / size) [[unlikely]] return raise(Exc::MemoryError, "");
  const auto bytes = static_cast<std::size_t>(count) * size;
  if (bytes < (std::size_t{1} << 26)) [[likely]] return true;  // 64 MiB: no need to ask
  void* probe = std::malloc(bytes);
  if (probe == nullptr) [[unlikely]] return raise(Exc::MemoryError, "");
  std::free(probe);
  return true;
}

}  // namespace pyaot
