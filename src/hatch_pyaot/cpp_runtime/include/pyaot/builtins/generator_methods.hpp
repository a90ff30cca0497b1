#pragma once
// A generator's own methods (docs/objects.md, "Generators"): `g.send(v)`, `g.throw(e)` and
// `g.close()`, with CPython's semantics and messages, over the resume modes of
// pyaot/builtins/generator.hpp; and the three steps of a `@contextlib.contextmanager`
// generator in a `with` statement (tracer/context_managers.py lowers `with` to them).

#include <utility>

#include "pyaot/builtins/generator.hpp"
#include "pyaot/error.hpp"

namespace pyaot {

/// `g.send(v)` (`none`: v is None): the next value it yields, StopIteration if it returns.
template <class T, class S>
bool generator_send(T& out, generator<T, S>& g, S v, bool none) noexcept {
  if (g.fresh()) {
    if (!none) return raise(Exc::TypeError, "can't send non-None value to a just-started generator");
  } else {
    g.put(std::move(v));
  }
  return next_item(out, g);
}

/// `g.send(None)` where the yields take a value that cannot be None: it can only start it.
template <class T, class S>
bool generator_send_none(T& out, generator<T, S>& g) noexcept {
  if (g.paused()) {
    return raise(Exc::TypeError, "send(None) to a compiled generator whose yield values "
                                 "cannot be None");
  }
  return next_item(out, g);
}

/// `g.throw(e)`, with e pending: raised at the paused yield; the next value it yields, or
/// StopIteration if it returns. A generator not started (or finished) raises e at once.
template <class T, class S>
bool generator_throw(T& out, generator<T, S>& g) noexcept {
  bool has = false;
  if (!g.resume(out, has, resume_mode::thrown)) return false;
  return has || raise(Exc::StopIteration, "");
}

/// `g.close()`: GeneratorExit raised at the paused yield; a generator that yields again
/// raises RuntimeError, one that raises something else passes it on.
template <class T, class S>
bool generator_close(generator<T, S>& g) noexcept {
  T item{};
  bool has = false;
  if (g.resume(item, has, resume_mode::close)) {
    return !has || raise(Exc::RuntimeError, "generator ignored GeneratorExit");
  }
  if (error_state().type == Exc::GeneratorExit) {
    clear_error();
    return true;
  }
  return false;
}

/// `with cm(...) as v`: the generator runs to its first yield, whose value is v.
template <class T, class S>
bool manager_enter(T& out, generator<T, S>& g) noexcept {
  bool has = false;
  if (!g.next(out, has)) return false;
  return has || raise(Exc::RuntimeError, "generator didn't yield");
}

/// The block ended without an exception: the generator resumes and must finish.
template <class T, class S>
bool manager_exit(generator<T, S>& g) noexcept {
  T item{};
  bool has = false;
  if (!g.next(item, has)) return false;
  return !has || raise(Exc::RuntimeError, "generator didn't stop");
}

/// The block raised (that exception pending again): thrown in at the yield. `suppressed`
/// when the generator returns; what it raises (the same exception, or another) passes on.
template <class T, class S>
bool manager_exit_error(bool& suppressed, generator<T, S>& g) noexcept {
  suppressed = false;
  ErrorState thrown = error_state();
  T item{};
  bool has = false;
  if (g.resume(item, has, resume_mode::thrown)) {
    if (has) return raise(Exc::RuntimeError, "generator didn't stop after throw()");
    suppressed = true;
    return true;
  }
  ErrorState& now = error_state();
  if (thrown.type == Exc::StopIteration && now.type == Exc::RuntimeError &&
      now.message == "generator raised StopIteration") {
    now = std::move(thrown);  // PEP 479's wrapping of the block's own StopIteration undone
  }
  return false;
}

}  // namespace pyaot
