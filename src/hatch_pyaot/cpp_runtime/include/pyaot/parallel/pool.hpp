// Threads for large elementwise loops (docs/variants.md, "Threads"): a small pool of our own
// (std::thread; no OpenMP runtime to ship), started on first use. for_chunks splits
// [0, n) into fixed contiguous parts, one per thread (the caller runs the first), so a
// result never depends on timing: each element is computed by the same code as serially.
//
// The count is PYAOT_NUM_THREADS when set (1: no threads), else the module's default
// (the `threads` setting, PYAOT_DEFAULT_THREADS), else one per core. WebAssembly without
// threads runs everything on the caller.
//
// Only loops that cannot fail run in parallel: an error is thread-local state, and the
// body must touch neither handles (their counts are not atomic) nor Python objects.
#pragma once

#include <cstdint>
#include <cstdlib>

#if defined(__wasm__) && !defined(__wasm_atomics__)
#define PYAOT_THREADS_AVAILABLE 0
#else
#define PYAOT_THREADS_AVAILABLE 1
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>
#if !defined(_WIN32)
#include <unistd.h>
#endif
#endif

#if defined(PYAOT_VARIANT_UNIT) && PYAOT_THREADS_AVAILABLE
#define PYAOT_VARIANT_UNIT_SHARES_TUNING 1
#else
#define PYAOT_VARIANT_UNIT_SHARES_TUNING 0
#endif

#ifndef PYAOT_DEFAULT_THREADS
#define PYAOT_DEFAULT_THREADS 0
#endif

namespace pyaot::parallel {

/// Elements below which a loop stays on one thread (the start-up of a part costs ~µs).
inline constexpr std::int64_t min_elements = std::int64_t{1} << 17;

inline constexpr int max_threads = 64;

/// The thread count from PYAOT_NUM_THREADS (else `fallback`), clamped to [1, max_threads];
/// 0 or an unreadable value means `cores`.
inline int count_from(const char* env, int fallback, int cores) noexcept {
  int wanted = fallback;
  if (env != nullptr && *env != '\0') {
    char* end = nullptr;
    const long value = std::strtol(env, &end, 10);
    const bool ok = end != env && *end == '\0' && value >= 0;
    wanted = ok ? static_cast<int>(value < 1000 ? value : 1000) : 0;
  }
  if (wanted <= 0) wanted = cores;
  return wanted < 1 ? 1 : (wanted > max_threads ? max_threads : wanted);
}

#if PYAOT_THREADS_AVAILABLE

class Pool {
 public:
  explicit Pool(int threads) : size_(threads), process_(process_id()) {}
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : workers_) t.join();
  }

  int size() const noexcept { return size_; }

  /// Runs body(part) for every part in [0, parts), on the caller and the workers (each
  /// takes the next part left, so a worker slow to wake costs no more than the serial
  /// loop); returns when all are done. One call at a time: a call made while another runs
  /// (from another thread, or from inside a body) runs serially.
  template <class F>
  void run(int parts, F& body) {
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    // a child process after fork() has none of the workers: it runs serially
    if (!busy.owns_lock() || parts <= 1 || size_ <= 1 || process_id() != process_) {
      for (int part = 0; part < parts; ++part) body(part);
      return;
    }
    start(size_ - 1 < parts - 1 ? size_ - 1 : parts - 1);
    std::unique_lock<std::mutex> lock(mutex_);
    task_ = [](void* context, int part) { (*static_cast<F*>(context))(part); };
    context_ = &body;
    parts_ = parts;
    next_.store(0, std::memory_order_relaxed);
    pending_ = parts;
    ++generation_;
    wake_.notify_all();
    drain(lock);
    done_.wait(lock, [this] { return pending_ == 0; });
  }

 private:
  /// Runs parts until none is left (`lock` held on entry and exit, released while a part runs).
  void drain(std::unique_lock<std::mutex>& lock) {
    for (;;) {
      const int part = next_.fetch_add(1, std::memory_order_relaxed);
      if (part >= parts_) return;
      void (*task)(void*, int) = task_;
      void* context = context_;
      lock.unlock();
      task(context, part);
      lock.lock();
      if (--pending_ == 0) done_.notify_all();
    }
  }

  static long process_id() noexcept {
#if defined(_WIN32)
    return 0;
#else
    return static_cast<long>(getpid());
#endif
  }

  void start(int wanted) {
    while (static_cast<int>(workers_.size()) < wanted) {
      workers_.emplace_back([this] { loop(); });
    }
  }

  void loop() {
    std::uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
      drain(lock);
    }
  }

  const int size_;
  const long process_;
  std::vector<std::thread> workers_;
  std::mutex busy_;  ///< held by the call in progress
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  void (*task_)(void*, int) = nullptr;
  void* context_ = nullptr;
  int parts_ = 0;
  std::atomic<int> next_{0};
  int pending_ = 0;
  std::uint64_t generation_ = 0;
  bool stopping_ = false;
};

inline Pool& pool() {
  static Pool instance(count_from(std::getenv("PYAOT_NUM_THREADS"), PYAOT_DEFAULT_THREADS,
                                  static_cast<int>(std::thread::hardware_concurrency())));
  return instance;
}

inline int thread_count() { return pool().size(); }

#else

inline int thread_count() { return 1; }

#endif

/// This thread's tuning state (pyaot/python/tune.hpp): `serial_only` is set by a call whose
/// measured pick is serial (its loops then stay on this thread); `splittable` counts the
/// loops large enough for threads, so that tuning times serial apart only where one ran.
/// The main unit holds it for the ISA variants' units.
struct TuneState {
  bool serial_only = false;
  std::uint64_t splittable = 0;
};

#if PYAOT_VARIANT_UNIT_SHARES_TUNING
TuneState& shared_tune_state() noexcept;
inline TuneState& tune_state() noexcept { return shared_tune_state(); }
#elif PYAOT_THREADS_AVAILABLE
inline TuneState& tune_state() noexcept {
  thread_local TuneState state;
  return state;
}
#else
inline TuneState& tune_state() noexcept {
  static TuneState state;
  return state;
}
#endif

/// The parts a loop of `n` elements in `rows` independent rows is worth splitting into:
/// a few per thread, for balance; 1 on one thread.
inline int parts_for(std::int64_t n, std::int64_t rows) {
  if (n < 2 * min_elements || rows < 2) return 1;
  TuneState& tuned = tune_state();
  ++tuned.splittable;
  if (tuned.serial_only) return 1;
  const int threads = thread_count();
  if (threads <= 1) return 1;
  std::int64_t parts = std::int64_t{threads} * 4;
  if (parts > n / min_elements) parts = n / min_elements;
  if (parts > rows) parts = rows;
  return static_cast<int>(parts < 1 ? 1 : parts);
}

/// body(begin, end) over `parts` contiguous ranges of [0, rows), in fixed positions.
template <class F>
inline void for_chunks(std::int64_t rows, int parts, F&& body) {
  auto part_body = [&](int part) {
    const std::int64_t begin = rows * part / parts;
    const std::int64_t end = rows * (part + 1) / parts;
    if (begin < end) body(begin, end);
  };
#if PYAOT_THREADS_AVAILABLE
  pool().run(parts, part_body);
#else
  for (int part = 0; part < parts; ++part) part_body(part);
#endif
}

}  // namespace pyaot::parallel
