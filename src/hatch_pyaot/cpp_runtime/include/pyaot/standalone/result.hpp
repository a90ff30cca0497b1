#pragma once
// The end of a standalone executable's main: the result, or the exception, as Python would
// show them.
//
//   int print_exception();                              // stderr "ValueError: message", 1
//   template <class R> int print_result(const Args& args, const R& result);
//   bool write_argument(const Args& args, const numpy::ndarray<T, N>& a, int index);
//
// write_argument writes an array argument, after the call, to its --output-<name> file when
// one was given (what an in-place kernel wrote into it); false with a pending ValueError
// when that fails.
// print_result prints json.dumps(result) and a newline on stdout (pyaot/standalone/json.hpp),
// or, given --output FILE.npy and an array result, writes the .npy file instead; it returns
// main's exit status (0, or 1 after print_exception() when writing fails). print_exception
// prints the pending pyaot exception as the last line of a Python traceback, with its Python
// location when known ("ZeroDivisionError: division by zero (at kernels.py:12)"), clears it
// and returns 1, Python's exit status for an uncaught exception.

#include <cstdio>
#include <string>

#include "pyaot/error.hpp"
#include "pyaot/standalone/args.hpp"
#include "pyaot/standalone/json.hpp"
#include "pyaot/standalone/npy.hpp"

namespace pyaot::standalone {

/// Prints the pending exception to stderr, clears it; returns 1.
inline int print_exception() {
  const ErrorState& state = error_state();
  std::string text;
  if (!state.set) {
    text = "SystemError: error return without exception set";
  } else {
    text = std::string(error_name(state)) + ": " + state.message;
    if (state.file != nullptr) {
      text += " (at " + std::string(state.file) + ":" + std::to_string(state.line) + ")";
    }
  }
  text += '\n';
  std::fflush(stdout);
  std::fwrite(text.data(), 1, text.size(), stderr);
  clear_error();
  return 1;
}

/// Writes the array argument `index` to its --output-<name> file, if one was given.
template <class T, int N>
bool write_argument(const Args& args, const numpy::ndarray<T, N>& a, int index) noexcept {
  const char* path = args.output(index);
  return path == nullptr || write_npy_file(a, path);
}

/// Prints the result as JSON, or writes it to the --output file (an array); main's status.
template <class R>
int print_result(const Args& args, const R& result) {
  if constexpr (json::is_ndarray<R>) {
    if (args.output() != nullptr) {
      return write_npy_file(result, args.output()) ? 0 : print_exception();
    }
  }
  std::string text = to_json(result);
  if (error_state().set) return print_exception();  // a dict key json.dumps refuses
  text += '\n';
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
    raise(Exc::ValueError, "cannot write the result to standard output");
    return print_exception();
  }
  return 0;
}

}  // namespace pyaot::standalone
