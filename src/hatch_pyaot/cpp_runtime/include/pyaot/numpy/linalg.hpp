#pragma once
// numpy's products and numpy.linalg.norm on 1-d and 2-d arrays: dot (1-d . 1-d), matmul
// (2-d @ 2-d), matvec (2-d @ 1-d), vecmat (1-d @ 2-d), outer, and norm (no axis/ord: the
// square root of the sum of the squares of all elements).
//
// Both operands have one element type T (the compiler promotes them first). Results are new,
// C-contiguous arrays; inputs may have any strides (negative, zero, transposed).
//
// Integers are exact and wrap around like numpy (the arithmetic runs on the unsigned type of
// the same width). Floats: numpy hands float products to BLAS, which sums in its own order
// (blocked, SIMD lanes), so the last bits can differ from these loops; the results agree to a
// few ulps of sum(|a| * |b|) (the tests compare with rtol 1e-12 for float64, 1e-5 for
// float32 relative to that bound). No FMA is used (-ffp-contract=off).
//
// matmul is numpy's own BLAS where the process has loaded it and the product is large
// (pyaot/numpy/blas.hpp), else the packed, register-blocked GEMM of pyaot/numpy/gemm.hpp.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/blas.hpp"
#include "pyaot/numpy/gemm.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace linalg_detail {

/// The type the arithmetic runs in: unsigned for integers (wraps like numpy), T for floats.
template <class T>
struct compute {
  using type = T;
};
template <class T>
  requires std::is_integral_v<T>
struct compute<T> {
  using type = std::make_unsigned_t<T>;
};
template <class T>
using compute_t = typename compute<T>::type;

template <class T>
inline constexpr bool supported =
    std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t> ||
    std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class T>
inline compute_t<T> widen(T value) noexcept {
  return static_cast<compute_t<T>>(value);
}

/// sum(a[k * sa] * b[k * sb] for k < n) in W, with eight independent partial sums.
template <class T, class W = compute_t<T>>
inline W strided_dot(const T* a, std::int64_t sa, const T* b, std::int64_t sb,
                     std::int64_t n) noexcept {
  W acc[8] = {};
  std::int64_t k = 0;
  if (sa == 1 && sb == 1) {
    for (; k + 8 <= n; k += 8) {
      for (int l = 0; l < 8; ++l) acc[l] += widen(a[k + l]) * widen(b[k + l]);
    }
  } else {
    for (; k + 8 <= n; k += 8) {
      for (int l = 0; l < 8; ++l) acc[l] += widen(a[(k + l) * sa]) * widen(b[(k + l) * sb]);
    }
  }
  for (; k < n; ++k) acc[0] += widen(a[k * sa]) * widen(b[k * sb]);
  return ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
}

[[gnu::cold]] inline bool dot_mismatch(std::int64_t n, std::int64_t m) noexcept {
  return raise_format(Exc::ValueError,
                      "shapes (%lld,) and (%lld,) not aligned: %lld (dim 0) != %lld (dim 0)",
                      static_cast<long long>(n), static_cast<long long>(m),
                      static_cast<long long>(n), static_cast<long long>(m));
}

/// numpy's matmul core-dimension error: `b_k` is operand 1's k, `a_k` operand 0's.
[[gnu::cold]] inline bool matmul_mismatch(std::int64_t b_k, std::int64_t a_k) noexcept {
  return raise_format(Exc::ValueError,
                      "matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                      "gufunc signature (n?,k),(k,m?)->(n?,m?) (size %lld is different from "
                      "%lld)",
                      static_cast<long long>(b_k), static_cast<long long>(a_k));
}

}  // namespace linalg_detail

/// numpy.dot(a, b) for two 1-d arrays: ValueError "shapes (3,) and (4,) not aligned: 3 (dim
/// 0) != 4 (dim 0)" when the lengths differ.
template <class T>
  requires linalg_detail::supported<T>
bool dot(T& out, const ndarray<T, 1>& a, const ndarray<T, 1>& b) noexcept {
  if (a.shape[0] != b.shape[0]) [[unlikely]] {
    return linalg_detail::dot_mismatch(a.shape[0], b.shape[0]);
  }
  out = static_cast<T>(
      linalg_detail::strided_dot(a.data, a.strides[0], b.data, b.strides[0], a.shape[0]));
  return true;
}

/// a @ b for two 2-d arrays (numpy.matmul), a new C-contiguous (n, m) array; ValueError
/// (numpy's gufunc message) when a.shape[1] != b.shape[0].
template <class T>
  requires linalg_detail::supported<T>
bool matmul(ndarray<T, 2>& out, const ndarray<T, 2>& a, const ndarray<T, 2>& b) noexcept {
  using W = linalg_detail::compute_t<T>;
  const std::int64_t n = a.shape[0], k = a.shape[1], m = b.shape[1];
  if (b.shape[0] != k) [[unlikely]] return linalg_detail::matmul_mismatch(b.shape[0], k);
  ndarray<T, 2> result;
  if (!zeros(result, {n, m})) return false;
  if (n != 0 && m != 0 && k != 0 &&
      !blas::gemm(result.data, a.data, a.strides[0], a.strides[1], b.data, b.strides[0],
                  b.strides[1], n, k, m)) {
    const std::size_t bytes = gemm_detail::pack_bytes<W>(n, k, m);
    void* pack = ::operator new(bytes, std::align_val_t{64}, std::nothrow);
    if (pack == nullptr) [[unlikely]] return raise(Exc::MemoryError, "");
    // W and T are the same type, or the unsigned and signed types of one width (which may
    // alias each other)
    gemm_detail::gemm<T, W>(reinterpret_cast<W*>(result.data), a.data, a.strides[0],
                            a.strides[1], b.data, b.strides[0], b.strides[1], n, k, m,
                            static_cast<W*>(pack));
    ::operator delete(pack, std::align_val_t{64});
  }
  out = static_cast<ndarray<T, 2>&&>(result);
  return true;
}

/// a @ x for a 2-d a and a 1-d x: a new (n,) array; ValueError (numpy's matmul message).
template <class T>
  requires linalg_detail::supported<T>
bool matvec(ndarray<T, 1>& out, const ndarray<T, 2>& a, const ndarray<T, 1>& x) noexcept {
  const std::int64_t n = a.shape[0], k = a.shape[1];
  if (x.shape[0] != k) [[unlikely]] return linalg_detail::matmul_mismatch(x.shape[0], k);
  ndarray<T, 1> result;
  if (!empty(result, {n})) return false;
  for (std::int64_t i = 0; i < n; ++i) {
    result.data[i] = static_cast<T>(linalg_detail::strided_dot(
        a.data + i * a.strides[0], a.strides[1], x.data, x.strides[0], k));
  }
  out = static_cast<ndarray<T, 1>&&>(result);
  return true;
}

/// x @ a for a 1-d x and a 2-d a: a new (m,) array; ValueError (numpy's matmul message).
template <class T>
  requires linalg_detail::supported<T>
bool vecmat(ndarray<T, 1>& out, const ndarray<T, 1>& x, const ndarray<T, 2>& a) noexcept {
  using W = linalg_detail::compute_t<T>;
  const std::int64_t k = x.shape[0], m = a.shape[1];
  if (a.shape[0] != k) [[unlikely]] return linalg_detail::matmul_mismatch(a.shape[0], k);
  ndarray<T, 1> result;
  if (!zeros(result, {m})) return false;
  W* c = reinterpret_cast<W*>(result.data);
  for (std::int64_t kk = 0; kk < k; ++kk) {
    const W xk = linalg_detail::widen(x.data[kk * x.strides[0]]);
    const T* row = a.data + kk * a.strides[0];
    const std::int64_t s = a.strides[1];
    if (s == 1) {
      for (std::int64_t j = 0; j < m; ++j) c[j] += xk * linalg_detail::widen(row[j]);
    } else {
      for (std::int64_t j = 0; j < m; ++j) c[j] += xk * linalg_detail::widen(row[j * s]);
    }
  }
  out = static_cast<ndarray<T, 1>&&>(result);
  return true;
}

/// numpy.outer(a, b) for two 1-d arrays: a new (n, m) array of a[i] * b[j].
template <class T>
  requires linalg_detail::supported<T>
bool outer(ndarray<T, 2>& out, const ndarray<T, 1>& a, const ndarray<T, 1>& b) noexcept {
  const std::int64_t n = a.shape[0], m = b.shape[0];
  ndarray<T, 2> result;
  if (!empty(result, {n, m})) return false;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto ai = linalg_detail::widen(a.data[i * a.strides[0]]);
    T* row = result.data + i * m;
    const T* bj = b.data;
    const std::int64_t s = b.strides[0];
    for (std::int64_t j = 0; j < m; ++j) {
      row[j] = static_cast<T>(ai * linalg_detail::widen(bj[j * s]));
    }
  }
  out = static_cast<ndarray<T, 2>&&>(result);
  return true;
}

/// What numpy.linalg.norm(a) returns: float32 for float32, float64 otherwise.
template <class T>
using norm_t = std::conditional_t<std::is_same_v<T, float>, float, double>;

/// numpy.linalg.norm(a) with no ord or axis: sqrt(sum of squares) over all elements. The sum
/// runs in norm_t<T> (integers are converted to float64 first, as numpy does).
template <class T, int N>
  requires linalg_detail::supported<T>
bool norm(std::type_identity_t<norm_t<T>>& out, const ndarray<T, N>& a) noexcept {
  using R = norm_t<T>;
  R acc[8] = {};
  const std::int64_t size = a.size();
  if (size != 0) {
    if (a.is_c_contiguous()) {
      std::int64_t i = 0;
      for (; i + 8 <= size; i += 8) {
        for (int l = 0; l < 8; ++l) {
          const R v = static_cast<R>(a.data[i + l]);
          acc[l] += v * v;
        }
      }
      for (; i < size; ++i) {
        const R v = static_cast<R>(a.data[i]);
        acc[0] += v * v;
      }
    } else {
      std::array<std::int64_t, N> index{};
      for (std::int64_t flat = 0; flat < size; ++flat) {
        std::int64_t off = 0;
        for (int axis = 0; axis < N; ++axis) off += index[axis] * a.strides[axis];
        const R v = static_cast<R>(a.data[off]);
        acc[flat & 7] += v * v;
        for (int axis = N - 1; axis >= 0; --axis) {
          if (++index[axis] < a.shape[axis]) break;
          index[axis] = 0;
        }
      }
    }
  }
  out = std::sqrt(((acc[0] + acc[1]) + (acc[2] + acc[3])) +
                  ((acc[4] + acc[5]) + (acc[6] + acc[7])));
  return true;
}

/// norm of a float32 array into a double (the float32 result, widened).
template <int N>
bool norm(double& out, const ndarray<float, N>& a) noexcept {
  float result = 0.0f;
  if (!norm<float, N>(result, a)) return false;
  out = result;
  return true;
}

/// numpy.dot's own check before a product of ranks (2, 1), (2, 2) or (1, 2): the last axis
/// of a against the first axis of a 1-d b or the second-to-last of b, with numpy.dot's
/// message ("shapes (7,3) and (4,) not aligned: 3 (dim 1) != 4 (dim 0)"); matvec and matmul
/// raise matmul's, which is what `@` gives.
template <class A, int N, class B, int M>
  requires(N >= 1 && M >= 1)
bool dot_aligned(const ndarray<A, N>& a, const ndarray<B, M>& b) noexcept {
  const int b_axis = M == 1 ? 0 : M - 2;
  if (a.shape[N - 1] == b.shape[b_axis]) [[likely]] return true;
  const auto shape = [](const auto& dims, int n) {
    std::string text = "(";
    for (int d = 0; d < n; ++d) {
      text += std::to_string(dims[d]);
      if (d + 1 < n || n == 1) text += ",";
    }
    return text + ")";
  };
  const std::string left = shape(a.shape, N);
  const std::string right = shape(b.shape, M);
  return raise_format(Exc::ValueError, "shapes %s and %s not aligned: %lld (dim %d) != %lld (dim %d)",
                      left.c_str(), right.c_str(), static_cast<long long>(a.shape[N - 1]), N - 1,
                      static_cast<long long>(b.shape[b_axis]), b_axis);
}

}  // namespace pyaot::numpy
