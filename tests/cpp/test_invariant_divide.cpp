// pyaot/numpy/scalar/invariant_divide.hpp, in the vectorized loop the elementwise code becomes.
// Every dividend with every divisor for int8, uint8 and int16, checked against the
// definition of numpy's floored division: a == q * d + r with r between 0 and d (d excluded),
// q == r == 0 for d == 0, MIN // -1 == MIN with remainder 0. Seeded random pairs, edges
// included, for uint16 and the 32- and 64-bit dtypes, against pyaot/numpy/scalar/divide.hpp (numpy's
// integer floor_divide and remainder, checked against numpy by test_numpy_scalar_ops.py).

#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

#include "pyaot/numpy/scalar/invariant_divide.hpp"

namespace s = pyaot::numpy::scalar;

namespace {

long failures = 0;

template <class T>
void report(T a, T d) {
  if (failures++ < 10) {
    std::printf("mismatch: %lld // %lld\n", static_cast<long long>(a), static_cast<long long>(d));
  }
}

template <class T>
void divide_all(const T* a, T* q, T* r, long n, s::Divisor<T> d) {
  for (long j = 0; j < n; ++j) q[j] = s::floor_divide(a[j], d);
  for (long j = 0; j < n; ++j) r[j] = s::remainder(a[j], d);
}

/// q and r are numpy's floor_divide(a, d) and remainder(a, d).
template <class T>
bool floored(T a, T d, T q, T r) {
  using L = std::numeric_limits<T>;
  if (d == 0) return q == 0 && r == 0;
  if (L::is_signed && a == L::min() && d == static_cast<T>(-1)) return q == a && r == 0;
  using W = std::conditional_t<(sizeof(T) <= 2), int, long long>;  // q * d + r fits
  const W rr = r, dd = d;
  const bool between = dd > 0 ? (0 <= rr && rr < dd) : (dd < rr && rr <= 0);
  return static_cast<W>(q) * dd + rr == static_cast<W>(a) && between;
}

/// Every (dividend, divisor) pair of T.
template <class T>
void exhaustive() {
  using L = std::numeric_limits<T>;
  std::vector<T> a, q(std::size_t{1} << (8 * sizeof(T))), r(q.size());
  for (long v = L::min(); v <= L::max(); ++v) a.push_back(static_cast<T>(v));
  const long n = static_cast<long>(a.size());
  for (long d = L::min(); d <= L::max(); ++d) {
    const T divisor = static_cast<T>(d);
    divide_all(a.data(), q.data(), r.data(), n, s::invariant_divisor(divisor));
    long wrong = 0;
    for (long j = 0; j < n; ++j) wrong += !floored(a[j], divisor, q[j], r[j]);
    for (long j = 0; wrong != 0 && j < n; ++j) {
      if (!floored(a[j], divisor, q[j], r[j])) report(a[j], divisor);
    }
  }
}

/// A random value of T: every magnitude equally likely, either sign.
template <class T>
T random_value(std::mt19937_64& rng) {
  const auto v = static_cast<T>(rng() >> (rng() % 64));
  return (rng() & 1) ? static_cast<T>(T(0) - v) : v;
}

template <class T>
void random_pairs(int divisors, int dividends) {
  using L = std::numeric_limits<T>;
  std::mt19937_64 rng(20261201);
  const T edges[] = {0, 1, 2, 3, 7, L::max(), L::min(), static_cast<T>(L::max() / 2 + 1),
                     static_cast<T>(L::min() + 1), static_cast<T>(-1), static_cast<T>(-2)};
  std::vector<T> a(static_cast<std::size_t>(dividends)), q(a.size()), r(a.size());
  for (int i = 0; i < divisors; ++i) {
    const T d = i < static_cast<int>(std::size(edges)) ? edges[i] : random_value<T>(rng);
    for (std::size_t j = 0; j < a.size(); ++j) {
      a[j] = j < std::size(edges) ? edges[j] : random_value<T>(rng);
    }
    divide_all(a.data(), q.data(), r.data(), dividends, s::invariant_divisor(d));
    for (std::size_t j = 0; j < a.size(); ++j) {
      if (q[j] != s::floor_divide(a[j], d) || r[j] != s::remainder(a[j], d)) report(a[j], d);
    }
  }
}

}  // namespace

int main() {
  exhaustive<std::int8_t>();
  exhaustive<std::uint8_t>();
  exhaustive<std::int16_t>();
  random_pairs<std::uint16_t>(20000, 256);
  random_pairs<std::int32_t>(20000, 256);
  random_pairs<std::uint32_t>(20000, 256);
  random_pairs<std::int64_t>(20000, 256);
  random_pairs<std::uint64_t>(20000, 256);
  std::printf("%ld mismatches\n", failures);
  return failures == 0 ? 0 : 1;
}
