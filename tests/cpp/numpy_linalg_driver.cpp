// The differential driver of tests/test_numpy_linalg.py: reads cases from stdin, one a line,
// "OP DTYPE ARRAY...", where an ARRAY is "NDIM SHAPE... STRIDES... OFFSET BUFLEN VALUE...":
// a view with those shape and element strides, OFFSET elements into a fresh buffer of BUFLEN
// values. Prints "ok NDIM SHAPE... VALUE..." (C order) or "error TYPE: MESSAGE" per case.
// "time N REPS" prints the best seconds of one N x N float64 matmul.

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "pyaot/error.hpp"
#include "pyaot/numpy/linalg.hpp"
#include "pyaot/numpy/ndarray.hpp"

using namespace pyaot::numpy;
using I64 = std::int64_t;

namespace {

bool read_token(char* buf) { return std::scanf("%63s", buf) == 1; }

I64 read_int() {
  char buf[64];
  if (!read_token(buf)) std::abort();
  return std::strtoll(buf, nullptr, 10);
}

template <class T>
T read_value() {
  char buf[64];
  if (!read_token(buf)) std::abort();
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(std::strtoll(buf, nullptr, 10));
  } else {
    return static_cast<T>(std::strtod(buf, nullptr));
  }
}

template <class T, int N>
ndarray<T, N> read_array() {
  if (read_int() != N) std::abort();
  std::array<I64, N> shape{}, strides{};
  for (int k = 0; k < N; ++k) shape[k] = read_int();
  for (int k = 0; k < N; ++k) strides[k] = read_int();
  const I64 offset = read_int(), buflen = read_int();
  ndarray<T, 1> buf;
  if (!empty(buf, {buflen})) std::abort();
  for (I64 i = 0; i < buflen; ++i) buf.data[i] = read_value<T>();
  return ndarray<T, N>(buf.data + offset, shape, strides, buf.storage);
}

template <class T>
void print_value(T v) {
  if constexpr (std::is_integral_v<T>) {
    std::printf(" %lld", static_cast<long long>(v));
  } else {
    std::printf(" %.17g", static_cast<double>(v));
  }
}

bool error() {
  pyaot::ErrorState& state = pyaot::error_state();
  std::printf("error %s: %s\n", pyaot::exc_name(state.type), state.message.c_str());
  pyaot::clear_error();
  return false;
}

template <class T, int N>
void show(bool ok, const ndarray<T, N>& r) {
  if (!ok) {
    error();
    return;
  }
  std::printf("ok %d", N);
  for (int k = 0; k < N; ++k) std::printf(" %lld", static_cast<long long>(r.shape[k]));
  for (I64 flat = 0; flat < r.size(); ++flat) {
    I64 rest = flat, off = 0;
    for (int k = N - 1; k >= 0; --k) {
      off += rest % r.shape[k] * r.strides[k];
      rest /= r.shape[k];
    }
    print_value(r.data[off]);
  }
  std::printf("\n");
}

template <class T>
void show_scalar(bool ok, T v) {
  if (!ok) {
    error();
    return;
  }
  std::printf("ok 0");
  print_value(v);
  std::printf("\n");
}

template <class T>
void run_case(const std::string& op) {
  if (op == "dot") {
    auto a = read_array<T, 1>();
    auto b = read_array<T, 1>();
    T out{};
    const bool ok = dot(out, a, b);
    show_scalar(ok, out);
  } else if (op == "matmul") {
    auto a = read_array<T, 2>();
    auto b = read_array<T, 2>();
    ndarray<T, 2> out;
    const bool ok = matmul(out, a, b);
    show(ok, out);
  } else if (op == "matvec") {
    auto a = read_array<T, 2>();
    auto x = read_array<T, 1>();
    ndarray<T, 1> out;
    const bool ok = matvec(out, a, x);
    show(ok, out);
  } else if (op == "vecmat") {
    auto x = read_array<T, 1>();
    auto a = read_array<T, 2>();
    ndarray<T, 1> out;
    const bool ok = vecmat(out, x, a);
    show(ok, out);
  } else if (op == "outer") {
    auto a = read_array<T, 1>();
    auto b = read_array<T, 1>();
    ndarray<T, 2> out;
    const bool ok = outer(out, a, b);
    show(ok, out);
  } else if (op == "norm1") {
    auto a = read_array<T, 1>();
    norm_t<T> out{};
    const bool ok = norm(out, a);
    show_scalar(ok, out);
  } else if (op == "norm2") {
    auto a = read_array<T, 2>();
    norm_t<T> out{};
    const bool ok = norm(out, a);
    show_scalar(ok, out);
  } else {
    std::abort();
  }
}

void time_matmul(I64 n, I64 reps) {
  ndarray<double, 2> a, b, c;
  if (!empty(a, {n, n}) || !empty(b, {n, n})) std::abort();
  for (I64 i = 0; i < n * n; ++i) {
    a.data[i] = static_cast<double>(i % 7) - 3.0;
    b.data[i] = static_cast<double>(i % 5) * 0.5;
  }
  double best = 1e30;
  for (I64 r = 0; r < reps; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    if (!matmul(c, a, b)) std::abort();
    const auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double>(t1 - t0).count());
  }
  std::printf("time %.9f %.17g\n", best, c.data[n * n - 1]);
}

}  // namespace

int main() {
  char op[64], dtype[64];
  while (read_token(op)) {
    if (std::strcmp(op, "time") == 0) {
      const I64 n = read_int();
      time_matmul(n, read_int());
      continue;
    }
    if (!read_token(dtype)) return 1;
    const std::string d = dtype;
    if (d == "int32") run_case<std::int32_t>(op);
    else if (d == "int64") run_case<std::int64_t>(op);
    else if (d == "float32") run_case<float>(op);
    else if (d == "float64") run_case<double>(op);
    else return 1;
  }
  std::printf("checks passed\n");
  return 0;
}
