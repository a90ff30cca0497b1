#pragma once
// A Python generator (DESIGN §5.9): a C++20 coroutine whose body is the generator
// function's own compiled body, `yield v` a `co_yield`. The frame holds the locals that
// live across a yield and the resume point, as a hand-written state machine would, but the
// compiler builds it, so every statement the emitter knows (try/finally, nested loops,
// checked temporaries) works between yields unchanged.
//
// `pyaot::generator<T>` is a handle with a reference count kept in the coroutine's promise:
// `h = g` shares one generator, as in Python. `next(out, has)` resumes it: true with `has`
// set and `out` the yielded value; true with `has` false once it is exhausted (a `for` loop
// needs no StopIteration); false with the exception the body raised pending. A generator
// that is dropped while suspended at a yield is closed first: it resumes with GeneratorExit
// pending, so its `finally` blocks run, as CPython's `close()` does.
//
// `send(v)`, `throw()` and `close()` (pyaot/builtins/generator_methods.hpp) resume it in a
// mode of their own: a `co_yield` gives back the value sent (S, `x = yield y`), or is falsy
// with the thrown exception (or GeneratorExit, when closed) pending, which the body then
// raises at the paused yield.
//
// No C++ exceptions: the promise's unhandled_exception is never reached (-fno-exceptions),
// and the frame is allocated with the nothrow `operator new`; if that fails the generator is
// empty and its first `next` raises MemoryError.

#include <coroutine>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

#include "pyaot/builtins/list.hpp"
#include "pyaot/error.hpp"
#include "pyaot/none.hpp"
#include "pyaot/recursion.hpp"

namespace pyaot {

template <class T, class S = None>
class generator;

/// How a suspended generator is resumed: by next()/send(), with an exception thrown in at the
/// paused yield (`throw()`), or closed (GeneratorExit raised there).
enum class resume_mode : unsigned char { next, thrown, close };

/// What a `co_yield` gives back: the value sent (None for next()), or nothing (false) when an
/// exception was thrown in, which is then pending.
template <class S>
struct sent_value {
  S* sent;
  explicit operator bool() const noexcept { return sent != nullptr; }
  S take() const noexcept { return std::move(*sent); }
};

namespace detail {

/// How many recursive generators are being resumed, one inside the other: past the
/// recursion limit, RecursionError instead of a C stack overflow. Only the generators of a
/// recursion cycle count (they start with a recursion_guard): a thread-local access costs
/// a few nanoseconds per resume in a shared library, which others need not pay.
inline int& generator_depth() noexcept {
#if defined(__wasm__) && !defined(__wasm_atomics__)
  static int depth = 0;
#else
  thread_local int depth = 0;
#endif
  return depth;
}

template <class T, class S>
struct generator_promise {
  // A constructor of its own: as an aggregate, the promise would be initialized from the
  // coroutine's arguments (C++20 parenthesized aggregate init: `value` from the first).
  generator_promise() noexcept {}

  T value{};
  S sent{};
  std::int32_t refs = 1;
  bool started = false;
  bool running = false;
  bool finished = false;  ///< closed or thrown into before it started: its body never runs
  resume_mode mode = resume_mode::next;
  bool failed = false;
  bool counted = false;  ///< a recursive generator: its resumes count in generator_depth

  generator<T, S> get_return_object() noexcept;
  static generator<T, S> get_return_object_on_allocation_failure() noexcept { return {}; }
  std::suspend_always initial_suspend() noexcept { return {}; }
  std::suspend_always final_suspend() noexcept { return {}; }
  void unhandled_exception() noexcept { std::abort(); }
  /// `co_return true` at the end (or a `return`), `co_return false` with an exception pending.
  void return_value(bool ok) noexcept { failed = !ok; }

  /// What `co_yield v` gives back when resumed: false with GeneratorExit pending when the
  /// generator is being closed, false with the thrown exception pending after throw().
  struct resumed {
    generator_promise* promise;
    bool await_ready() const noexcept { return false; }
    void await_suspend(std::coroutine_handle<>) const noexcept {}
    sent_value<S> await_resume() const noexcept {
      resume_mode mode = std::exchange(promise->mode, resume_mode::next);
      if (mode == resume_mode::close) raise(Exc::GeneratorExit, "");
      return {mode == resume_mode::next ? &promise->sent : nullptr};
    }
  };
  template <class U>
  resumed yield_value(U&& v) noexcept {
    value = std::forward<U>(v);
    return resumed{this};
  }
};

}  // namespace detail

template <class T, class S>
class generator {
 public:
  using promise_type = detail::generator_promise<T, S>;
  using handle_type = std::coroutine_handle<promise_type>;

  generator() noexcept = default;
  explicit generator(handle_type h) noexcept : h_(h) {}
  generator(const generator& other) noexcept : h_(other.h_) {
    if (h_) ++h_.promise().refs;
  }
  generator(generator&& other) noexcept : h_(std::exchange(other.h_, nullptr)) {}
  generator& operator=(const generator& other) noexcept {
    generator copy(other);
    std::swap(h_, copy.h_);
    return *this;
  }
  generator& operator=(generator&& other) noexcept {
    generator moved(std::move(other));
    std::swap(h_, moved.h_);
    return *this;
  }
  ~generator() { release(); }

  /// Resume to the next yield (see the top of this file).
  bool next(T& out, bool& has) noexcept { return resume(out, has, resume_mode::next); }

  /// Resume in `mode` (`thrown`: with the exception to raise at the yield pending).
  bool resume(T& out, bool& has, resume_mode mode) noexcept {
    has = false;
    if (!h_) return raise(Exc::MemoryError, "");
    promise_type& p = h_.promise();
    if (p.running) return raise(Exc::ValueError, "generator already executing");
    if (h_.done() || p.finished) return mode != resume_mode::thrown;
    if (!p.started && mode != resume_mode::next) {  // never started: nothing of it runs
      p.finished = true;
      return mode != resume_mode::thrown;
    }
    int* depth = p.counted ? &detail::generator_depth() : nullptr;
    if (depth != nullptr) {
      if (*depth >= max_recursion_depth) return raise_recursion_error();
      ++*depth;
    }
    p.started = p.running = true;
    p.mode = mode;
    h_.resume();
    p.running = false;
    p.mode = resume_mode::next;
    if (depth != nullptr || p.counted) --detail::generator_depth();  // counted from its start
    if (h_.done()) {
      // a generator that raised is finished: the next call says exhausted, as CPython's
      if (!std::exchange(p.failed, false)) return true;
      if (error_state().type == Exc::StopIteration) {  // PEP 479
        error_state().type = Exc::RuntimeError;
        error_state().message = "generator raised StopIteration";
      }
      return false;
    }
    out = std::move(p.value);
    has = true;
    return true;
  }

  /// Whether it has not started yet (send() of a value other than None refuses it).
  bool fresh() const noexcept { return h_ && !h_.promise().started && !h_.promise().finished; }

  /// Whether it is suspended at a yield (started, not finished, not running).
  bool paused() const noexcept {
    return h_ && h_.promise().started && !h_.promise().finished && !h_.done() &&
           !h_.promise().running;
  }

  /// The value the paused yield gives back on the next resume.
  void put(S v) noexcept {
    if (h_) h_.promise().sent = std::move(v);
  }

  /// The same generator (identity, for `is`).
  bool is(const generator& other) const noexcept { return h_ == other.h_; }

 private:
  void release() noexcept {
    if (!h_) return;
    promise_type& p = h_.promise();
    if (--p.refs > 0) return;
    if (p.started && !h_.done() && !p.running) {
      // close(): resume with GeneratorExit pending, so that `finally` blocks run; what the
      // body raises while closing is dropped, the caller's pending error kept
      ErrorState saved = std::exchange(error_state(), ErrorState{});
      p.mode = resume_mode::close;
      h_.resume();
      error_state() = std::move(saved);
    }
    h_.destroy();
    h_ = nullptr;
  }

  handle_type h_{};
};

namespace detail {

template <class T, class S>
generator<T, S> generator_promise<T, S>::get_return_object() noexcept {
  return generator<T, S>(std::coroutine_handle<generator_promise<T, S>>::from_promise(*this));
}

}  // namespace detail

/// `co_await recursion_guard{}` first in a recursive generator: it counts from then on, this
/// first resume included; false past the recursion limit (the body raises RecursionError).
struct recursion_guard {
  bool await_ready() const noexcept { return false; }
  template <class P>
  bool await_suspend(std::coroutine_handle<P> h) const noexcept {
    h.promise().counted = true;
    return false;  // not suspended: the body goes on at once
  }
  bool await_resume() const noexcept {
    return ++detail::generator_depth() <= max_recursion_depth;
  }
};

/// `next(g)`: StopIteration when exhausted, as CPython's builtin.
template <class T, class S>
bool next_item(T& out, generator<T, S>& g) noexcept {
  bool has = false;
  if (!g.next(out, has)) return false;
  return has || raise(Exc::StopIteration, "");
}

/// `next(g, default)`.
template <class T, class S, class D>
bool next_or(T& out, generator<T, S>& g, D&& fallback) noexcept {
  bool has = false;
  if (!g.next(out, has)) return false;
  if (!has) out = std::forward<D>(fallback);
  return true;
}

/// Every item the generator has left, into a new list: what a C-ABI caller and a standalone
/// program get for an entry point returning an iterator (a JSON array).
template <class T, class S>
bool drain(list<T>& out, generator<T, S> g) noexcept {
  out = list<T>::make();
  T item{};
  bool has = false;
  while (true) {
    if (!g.next(item, has)) return false;
    if (!has) return true;
    out.mutate().push_back(std::move(item));
  }
}

}  // namespace pyaot
