#pragma once
// What a UnicodeDecodeError / UnicodeEncodeError was raised about (its encoding, object,
// start, end and reason, the five arguments of CPython's constructor), kept beside the
// pending error: the message (error.hpp) is what compiled code reads, and at the CPython
// boundary python/error.hpp makes the real exception from these (CPython's str() of it is
// then the same message).

#include <cstddef>
#include <string>

namespace pyaot {

struct UnicodeErrorDetail {
  const char* encoding = "utf-8";
  std::string object;  ///< the bytes, or the str as UTF-8 (surrogates as their 3 bytes)
  std::size_t start = 0, end = 0;
  const char* reason = "";
};

/// The calling thread's (a plain static where WebAssembly has one thread, as error.hpp's).
inline UnicodeErrorDetail& unicode_error_detail() noexcept {
#if defined(__wasm__) && !defined(__wasm_atomics__)
  static UnicodeErrorDetail detail;
#else
  thread_local UnicodeErrorDetail detail;
#endif
  return detail;
}

}  // namespace pyaot
