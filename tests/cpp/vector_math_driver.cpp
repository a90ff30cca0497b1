// numpy's math ufuncs as compiled code runs them (pyaot/numpy/scalar/math.hpp), over arrays in a
// loop the compiler vectorizes, for tests/test_vector_math.py. Built with -DPYAOT_VMATH_ALWAYS
// so that our own implementations (pyaot/numpy/vmath) run whatever the target.
//
// stdin: jobs, each a line `<function> <float32|float64> <n>` and n lines of an input's bits in
// hex; stdout: per job, n lines of the output's bits in hex.

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "pyaot/numpy/scalar/math.hpp"

namespace {

template <class T>
using Unary = T (*)(T);

/// One loop per function and type: out[j] = f(in[j]), as pyaot/numpy/elementwise.hpp's
/// contiguous loop is after inlining.
template <class T, T (*F)(T)>
void apply(T* out, const T* in, long n) {
  for (long j = 0; j < n; ++j) out[j] = F(in[j]);
}

template <class T>
using Loop = void (*)(T*, const T*, long);

template <class T>
Loop<T> find(const char* name) {
  namespace s = pyaot::numpy::scalar;
  struct Entry {
    const char* name;
    Loop<T> loop;
  };
  static const Entry table[] = {
      {"exp", apply<T, s::exp<T>>},
      {"log", apply<T, s::log<T>>},
      {"sin", apply<T, s::sin<T>>},
      {"cos", apply<T, s::cos<T>>},
      {"tanh", apply<T, s::tanh<T>>},
      {"sinh", apply<T, s::sinh<T>>},
      {"cosh", apply<T, s::cosh<T>>},
      {"log1p", apply<T, s::log1p<T>>},
      {"expm1", apply<T, s::expm1<T>>},
      {"tan", apply<T, s::tan<T>>},
      {"arctan", apply<T, s::arctan<T>>},
      {"arcsin", apply<T, s::arcsin<T>>},
      {"arccos", apply<T, s::arccos<T>>},
      {"cbrt", apply<T, s::cbrt<T>>},
  };
  for (const Entry& e : table) {
    if (std::strcmp(e.name, name) == 0) return e.loop;
  }
  return nullptr;
}

template <class T, class U>
bool run(const char* name, long n) {
  const Loop<T> loop = find<T>(name);
  if (loop == nullptr) return false;
  std::vector<T> in(static_cast<std::size_t>(n)), out(static_cast<std::size_t>(n));
  for (long j = 0; j < n; ++j) {
    unsigned long long b = 0;
    if (std::scanf("%llx", &b) != 1) return false;
    const U u = static_cast<U>(b);
    std::memcpy(&in[static_cast<std::size_t>(j)], &u, sizeof(U));
  }
  loop(out.data(), in.data(), n);
  for (long j = 0; j < n; ++j) {
    U u;
    std::memcpy(&u, &out[static_cast<std::size_t>(j)], sizeof(U));
    std::printf("%llx\n", static_cast<unsigned long long>(u));
  }
  return true;
}

}  // namespace

int main() {
  char name[32];
  char dtype[16];
  long n = 0;
  while (std::scanf("%31s %15s %ld", name, dtype, &n) == 3) {
    const bool single = std::strcmp(dtype, "float32") == 0;
    const bool ok = single ? run<float, std::uint32_t>(name, n)
                           : run<double, std::uint64_t>(name, n);
    if (!ok) {
      std::fprintf(stderr, "bad job: %s %s %ld\n", name, dtype, n);
      return 1;
    }
  }
  return 0;
}
