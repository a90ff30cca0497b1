// Our vectorizable math (pyaot/numpy/vmath) against libm's in a 1M-element loop, the figures of
// docs/math.md's speed table. Build and run once per ISA level, e.g.:
//   g++ -std=c++20 -O3 -ffp-contract=off -fno-math-errno [-march=x86-64-v3|-march=x86-64-v4] \
//       -Isrc/hatch_pyaot/cpp_runtime/include benchmarks/vmath_loop.cpp -o /tmp/vmath && /tmp/vmath
// Each figure is the best of 30 runs (the machine may be shared). Functions named as arguments
// (`/tmp/vmath tan cbrt`) run alone.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "pyaot/numpy/vmath/exp.hpp"
#include "pyaot/numpy/vmath/hyperbolic.hpp"
#include "pyaot/numpy/vmath/log.hpp"
#include "pyaot/numpy/vmath/log1p_expm1.hpp"
#include "pyaot/numpy/vmath/trig.hpp"
#include "pyaot/numpy/vmath/tan.hpp"
#include "pyaot/numpy/vmath/inverse_trig.hpp"
#include "pyaot/numpy/vmath/cbrt.hpp"

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
PYAOT_LIBM(tan)
PYAOT_LIBM(cbrt)

template <class T>
T libm_arctan(T x) {
  return std::atan(x);
}

template <class T>
T libm_arcsin(T x) {
  return std::asin(x);
}

template <class T>
T libm_arccos(T x) {
  return std::acos(x);
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

/// The functions named on the command line (all when none is).
std::vector<std::string> wanted;

template <class T>
void compare(const char* dtype, const char* name, Loop<T> ours, Loop<T> libm, double lo,
             double step) {
  if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), name) == wanted.end()) return;
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
  PYAOT_COMPARE(T, dtype, tan, -10, 0.02);
  PYAOT_COMPARE(T, dtype, arctan, -20, 0.04);
  PYAOT_COMPARE(T, dtype, arcsin, -0.999, 0.002);
  PYAOT_COMPARE(T, dtype, arccos, -0.999, 0.002);
  PYAOT_COMPARE(T, dtype, cbrt, -100, 0.2);
  PYAOT_COMPARE(T, dtype, log1p, -0.9, 0.01);
  if constexpr (sizeof(T) == 4) {
    PYAOT_COMPARE(T, dtype, tanh, -5, 0.01);
    PYAOT_COMPARE(T, dtype, sinh, -5, 0.01);
    PYAOT_COMPARE(T, dtype, cosh, -5, 0.01);
    PYAOT_COMPARE(T, dtype, expm1, -5, 0.01);
  }
}

int main(int argc, char** argv) {
  wanted.assign(argv + 1, argv + argc);
  all<float>("float32");
  all<double>("float64");
}
