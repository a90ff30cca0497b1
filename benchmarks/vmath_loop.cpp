// Our exp and log (pyaot/numpy/vmath) against libm's in a 1M-element loop, the figures of
// docs/math.md's speed table. Build and run once per ISA level, e.g.:
//   g++ -std=c++20 -O3 -ffp-contract=off -fno-math-errno [-march=x86-64-v3|-march=x86-64-v4] \
//       -Isrc/hatch_pyaot/cpp_runtime/include benchmarks/vmath_loop.cpp -o /tmp/vmath && /tmp/vmath
// Each figure is the best of 30 runs (the machine may be shared).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "pyaot/numpy/vmath/exp.hpp"
#include "pyaot/numpy/vmath/log.hpp"

namespace v = pyaot::numpy::vmath;

template <class T, T (*F)(T)>
[[gnu::noinline]] void loop(T* out, const T* in, long n) {
  for (long j = 0; j < n; ++j) out[j] = F(in[j]);
}

template <class T>
T libm_exp(T x) {
  return std::exp(x);
}
template <class T>
T libm_log(T x) {
  return std::log(x);
}

template <class F>
double best_ms(F f) {
  double best = 1e9;
  for (int r = 0; r < 30; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  return best * 1e3;
}

template <class T>
void compare(const char* dtype) {
  const long n = 1 << 20;
  std::vector<T> in(n), out(n);
  for (long i = 0; i < n; ++i) in[i] = static_cast<T>((i % 1000) * 0.01 - 5);
  const double ours_exp = best_ms([&] { loop<T, v::exp<T>>(out.data(), in.data(), n); });
  const double libm_exp_ms = best_ms([&] { loop<T, libm_exp<T>>(out.data(), in.data(), n); });
  for (long i = 0; i < n; ++i) in[i] = static_cast<T>((i % 1000) * 0.01 + 0.001);
  const double ours_log = best_ms([&] { loop<T, v::log<T>>(out.data(), in.data(), n); });
  const double libm_log_ms = best_ms([&] { loop<T, libm_log<T>>(out.data(), in.data(), n); });
  std::printf("%s exp: ours %.3f ms, libm %.3f ms (%.2fx)\n", dtype, ours_exp, libm_exp_ms,
              libm_exp_ms / ours_exp);
  std::printf("%s log: ours %.3f ms, libm %.3f ms (%.2fx)\n", dtype, ours_log, libm_log_ms,
              libm_log_ms / ours_log);
}

int main() {
  compare<float>("float32");
  compare<double>("float64");
}
