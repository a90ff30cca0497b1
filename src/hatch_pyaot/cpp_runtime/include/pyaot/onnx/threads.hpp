#pragma once
// Threads for the ONNX kernels (the pool of pyaot/parallel/pool.hpp, its count from
// PYAOT_NUM_THREADS or the `threads` setting; one thread on WebAssembly): a kernel splits
// independent units (depthwise channels, GEMM column blocks or rows) into fixed contiguous
// parts, never its reductions, so every value is computed by the same code whatever the
// count and the results are identical to one thread's. Each part gets its index, for its
// own scratch memory.

#include <cstdint>

#include "pyaot/parallel/pool.hpp"

namespace pyaot::onnx::detail {

/// Multiply-adds below which a part is not worth a thread's wake-up.
inline constexpr std::int64_t kMinPartWork = std::int64_t{1} << 20;

/// The parts `units` independent units of `work` multiply-adds in all are split into: one
/// per thread at most, 1 on one thread or when the call's tuning picked serial.
inline int work_parts(std::int64_t units, std::int64_t work) {
  if (units < 2 || work < 2 * kMinPartWork) return 1;
  parallel::TuneState& tuned = parallel::tune_state();
  ++tuned.splittable;
  if (tuned.serial_only) return 1;
  std::int64_t parts = parallel::thread_count();
  parts = parts < units ? parts : units;
  parts = parts < work / kMinPartWork ? parts : work / kMinPartWork;
  return parts < 1 ? 1 : static_cast<int>(parts);
}

/// body(part, begin, end) over `parts` contiguous ranges of [0, units), in fixed positions.
template <class F>
inline void for_parts(std::int64_t units, int parts, F&& body) {
  auto part_body = [&](int part) {
    const std::int64_t begin = units * part / parts, end = units * (part + 1) / parts;
    if (begin < end) body(part, begin, end);
  };
#if PYAOT_THREADS_AVAILABLE
  if (parts > 1) {
    parallel::pool().run(parts, part_body);
    return;
  }
#endif
  for (int part = 0; part < parts; ++part) part_body(part);
}

}  // namespace pyaot::onnx::detail
