// pyaot/small_heap.hpp with its free lists on (built without AddressSanitizer, which turns
// them off): boxes are reused within a thread, and a thread's lists go back to the system
// when it ends, so that a program of short-lived threads keeps nothing of what each freed.
// Counts the program's allocations by replacing operator new and delete.

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <thread>

#include "pyaot/builtins/list.hpp"
#include "check.hpp"

namespace {
std::atomic<long> live{0};
}  // namespace

void* operator new(std::size_t n) {
  void* p = std::malloc(n == 0 ? 1 : n);
  if (p == nullptr) std::abort();
  ++live;
  return p;
}
void operator delete(void* p) noexcept {
  if (p == nullptr) return;
  --live;
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

using ints = pyaot::list<std::int64_t>;

/// Rows of two ints made and dropped three times: the second and third rounds reuse the
/// first's boxes.
void churn() {
  for (int round = 0; round < 3; ++round) {
    pyaot::list<ints> rows = pyaot::list<ints>::make();
    for (std::int64_t i = 0; i < 1000; ++i) pyaot::list_append(rows, ints::of({i, i + 1}));
  }
}

int main() {
  static_assert(pyaot::detail::kFreeLists, "build this test without AddressSanitizer");
  const long before = live.load();
  std::thread first(churn);
  first.join();
  CHECK(live.load() == before);  // the thread's lists went back when it ended
  for (int k = 0; k < 8; ++k) {
    std::thread t(churn);
    t.join();
  }
  CHECK(live.load() == before);
  churn();
  const long kept = live.load() - before;  // this thread keeps its lists while it runs
  CHECK(kept > 0);
  churn();
  CHECK(live.load() - before == kept);  // and reuses them: no new allocation
  return check_summary();
}
