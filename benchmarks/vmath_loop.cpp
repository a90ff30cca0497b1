// Our vectorizable math (pyaot/numpy/vmath) against libm's in a 1M-element loop, the figures of
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
#include "pyaot/numpy/vmath/hyperbolic.hpp"
#include "pyaot/numpy/vmath/log.hpp"
#include "pyaot/numpy/vmath/log1p_expm1.hpp"
#include "pyaot/numpy/vmath/trig.hpp"

namespace v = pyaot::numpy::vmath;

template <class T, T (*F)(T)>
[[gnu::noinline]] void loop(T* out, const T* in, long n) {
  for (long j = 0; j < n; ++j) out[j] = F(in[j]);
}

template <class T>
using Loop = void (*)(T*, const T*, long);

#define PYAOT_LIBM(name)                   \
  template <class T>                       \
  T libm_##name(T x) {                     \
    return std::name(x);                   \
  }
PYAOT_LIBM(exp)
PYAOT_LIBM(log)
PYAOT_LIBM(sin)
PYAOT_LIBM(cos)
PYAOT_LIBM(tanh)
PYAOT_LIBM(sinh)
PYAOT_LIBM(cosh)
PYAOT_LIBM(log1p)
PYAOT_LIBM(expm1)

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
void compare(const char* dtype, const char* name, Loop<T> ours, Loop<T> libm, double lo,
             double step) {
  const long n = 1 << 20;
  std::vector<T> in(n), out(n);
  for (long i = 0; i < n; ++i) in[i] = static_cast<T>((i % 1000) * step + lo);
  const double a = best_ms([&] { ours(out.data(), in.data(), n); });
  const double b = best_ms([&] { libm(out.data(), in.data(), n); });
  std::printf("%s %s: ours %.3f ms, libm %.3f ms (%.2fx)\n", dtype, name, a, b, b / a);
}

#define PYAOT_COMPARE(T, dtype, name, lo, step) \
  compare<T>(dtype, #name, loop<T, v::name>, loop<T, libm_##name<T>>, lo, step)

template <class T>
void all(const char* dtype) {
  PYAOT_COMPARE(T, dtype, exp, -5, 0.01);
  PYAOT_COMPARE(T, dtype, log, 0.001, 0.01);
  PYAOT_COMPARE(T, dtype, sin, -10, 0.02);
  PYAOT_COMPARE(T, dtype, cos, -10, 0.02);
  if constexpr (sizeof(T) == 4) {
    PYAOT_COMPARE(T, dtype, tanh, -5, 0.01);
    PYAOT_COMPARE(T, dtype, sinh, -5, 0.01);
    PYAOT_COMPARE(T, dtype, cosh, -5, 0.01);
    PYAOT_COMPARE(T, dtype, log1p, -0.9, 0.01);
    PYAOT_COMPARE(T, dtype, expm1, -5, 0.01);
  }
}

int main() {
  all<float>("float32");
  all<double>("float64");
}
