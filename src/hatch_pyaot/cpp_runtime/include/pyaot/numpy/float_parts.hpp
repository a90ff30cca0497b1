#pragma once
// numpy's ufuncs of two results and ldexp, on arrays: divmod (floor quotient and remainder,
// pyaot/numpy/scalar/divide.hpp), frexp (mantissa and int32 exponent), modf (fraction and
// integral part), and ldexp (x * 2**n), each computed per element into new C-order arrays.
//
//   divmod(out, a, b) / frexp(out, x) / modf(out, x) / ldexp(out, x, n)

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/rearrange.hpp"
#include "pyaot/numpy/scalar/divide.hpp"

namespace pyaot::numpy {

namespace float_parts_detail {
/// Two new arrays of a's shape, filled from f(element) -> (first, second).
template <class A, class B, class T, int N, class F>
bool split_each(std::tuple<ndarray<A, N>, ndarray<B, N>>& out, const ndarray<T, N>& x, F&& f) noexcept {
  auto& [first, second] = out;
  if (!empty(first, x.shape) || !empty(second, x.shape)) return false;
  A* p = first.data;
  B* q = second.data;
  detail::for_each_element(x, [&](const T& v) {
    auto [a, b] = f(v);
    *p++ = a;
    *q++ = b;
  });
  return true;
}

template <int N>
std::array<std::int64_t, N> broadcast(const std::array<std::int64_t, N>& a,
                                      const std::array<std::int64_t, N>& b, bool& ok) noexcept {
  std::array<std::int64_t, N> out{};
  ok = true;
  for (int d = 0; d < N; ++d) {
    if (a[d] == b[d] || b[d] == 1) out[d] = a[d];
    else if (a[d] == 1) out[d] = b[d];
    else ok = false;
  }
  return out;
}

template <class T, int N, class Index>
T at_broadcast(const ndarray<T, N>& a, const Index& index) noexcept {
  std::int64_t offset = 0;
  for (int d = 0; d < N; ++d) offset += (a.shape[d] == 1 ? 0 : index[d]) * a.strides[d];
  return a.data[offset];
}

template <std::size_t N>
inline std::string shape_text(const std::array<std::int64_t, N>& shape) {
  std::string out = "(";
  for (std::size_t d = 0; d < N; ++d) {
    out += std::to_string(shape[d]);
    if (N == 1 || d + 1 < N) out += ",";
  }
  return out + ")";
}

template <std::size_t N>
[[gnu::cold]] inline bool not_broadcast(const std::array<std::int64_t, N>& a,
                                        const std::array<std::int64_t, N>& b) noexcept {
  const std::string message = "operands could not be broadcast together with shapes " +
                              shape_text(a) + " " + shape_text(b) + " ";
  return raise(Exc::ValueError, message);
}
}  // namespace float_parts_detail

template <class T, int N>
bool divmod(std::tuple<ndarray<T, N>, ndarray<T, N>>& out, const ndarray<T, N>& a,
            const ndarray<T, N>& b) noexcept {
  bool ok = false;
  const auto shape = float_parts_detail::broadcast<N>(a.shape, b.shape, ok);
  if (!ok) [[unlikely]] return float_parts_detail::not_broadcast(a.shape, b.shape);
  auto& [q, r] = out;
  if (!empty(q, shape) || !empty(r, shape)) return false;
  std::int64_t at = 0;
  detail::fill_by_index(q, [&](const std::array<std::int64_t, N>& index) {
    auto [d, m] = scalar::divmod(float_parts_detail::at_broadcast(a, index),
                                 float_parts_detail::at_broadcast(b, index));
    r.data[at++] = m;
    return d;
  });
  return true;
}

template <class T, int N>
bool frexp(std::tuple<ndarray<T, N>, ndarray<std::int32_t, N>>& out, const ndarray<T, N>& x) noexcept {
  return float_parts_detail::split_each(out, x, [](T v) {
    int e = 0;
    const T m = std::frexp(v, &e);
    return std::tuple<T, std::int32_t>{m, std::isfinite(v) ? e : 0};
  });
}

template <class T, int N>
bool modf(std::tuple<ndarray<T, N>, ndarray<T, N>>& out, const ndarray<T, N>& x) noexcept {
  return float_parts_detail::split_each(out, x, [](T v) {
    T whole = 0;
    const T frac = std::modf(v, &whole);
    return std::tuple<T, T>{frac, whole};
  });
}

template <class T, int N, class I>
bool ldexp(ndarray<T, N>& out, const ndarray<T, N>& x, const ndarray<I, N>& n) noexcept {
  bool ok = false;
  const auto shape = float_parts_detail::broadcast<N>(x.shape, n.shape, ok);
  if (!ok) [[unlikely]] return float_parts_detail::not_broadcast(x.shape, n.shape);
  if (!empty(out, shape)) return false;
  detail::fill_by_index(out, [&](const std::array<std::int64_t, N>& index) {
    const auto e = static_cast<std::int64_t>(float_parts_detail::at_broadcast(n, index));
    const int clamped = static_cast<int>(e > 100000 ? 100000 : (e < -100000 ? -100000 : e));
    return std::ldexp(float_parts_detail::at_broadcast(x, index), clamped);
  });
  return true;
}

}  // namespace pyaot::numpy
