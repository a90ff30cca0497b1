#pragma once
// numpy.linalg.det, slogdet, inv and solve on 2-d float arrays (float32 or float64, the compiler casts
// integers to float64): LU factorization with partial pivoting, as LAPACK's getrf, so the
// results agree with numpy's to rounding (not bit for bit: LAPACK blocks its loops). A pivot
// that is exactly zero is numpy's LinAlgError('Singular matrix') (a ValueError here, its
// base); det is then 0.
//
//   det(out, a) / slogdet(out, a) / inv(out, a) / solve(out, a, b)   b 1-d or 2-d

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace solve_detail {

[[gnu::cold]] inline bool singular() noexcept {
  return raise(Exc::ValueError, "Singular matrix");
}

template <class T>
inline bool square(const ndarray<T, 2>& a) noexcept {
  if (a.shape[0] != a.shape[1]) [[unlikely]]
    return raise(Exc::ValueError, "Last 2 dimensions of the array must be square");
  return true;
}

/// a's rows as a dense row-major copy, factorized in place: L (unit) below, U on and above
/// the diagonal; perm[i] the row swapped with i. False (and no error) for a zero pivot.
template <class T>
struct Lu {
  std::int64_t n;
  std::vector<T> m;
  std::vector<std::int64_t> perm;
  int sign = 1;

  explicit Lu(const ndarray<T, 2>& a) : n(a.shape[0]), m(static_cast<std::size_t>(n * n)),
                                        perm(static_cast<std::size_t>(n)) {
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < n; ++j)
        m[static_cast<std::size_t>(i * n + j)] = a.data[i * a.strides[0] + j * a.strides[1]];
  }

  T& at(std::int64_t i, std::int64_t j) noexcept { return m[static_cast<std::size_t>(i * n + j)]; }

  bool factor() noexcept {
    bool ok = true;
    for (std::int64_t k = 0; k < n; ++k) {
      std::int64_t p = k;
      for (std::int64_t i = k + 1; i < n; ++i)
        if (std::abs(at(i, k)) > std::abs(at(p, k))) p = i;
      perm[static_cast<std::size_t>(k)] = p;
      if (p != k) {
        sign = -sign;
        for (std::int64_t j = 0; j < n; ++j) std::swap(at(k, j), at(p, j));
      }
      const T pivot = at(k, k);
      if (pivot == T(0)) {
        ok = false;
        continue;
      }
      for (std::int64_t i = k + 1; i < n; ++i) {
        const T f = at(i, k) / pivot;
        at(i, k) = f;
        for (std::int64_t j = k + 1; j < n; ++j) at(i, j) -= f * at(k, j);
      }
    }
    return ok;
  }

  /// x = A^-1 x for one right side of stride `stride` (permuted, then L, then U).
  void solve_in_place(T* x, std::int64_t stride) noexcept {
    for (std::int64_t k = 0; k < n; ++k) {
      const std::int64_t p = perm[static_cast<std::size_t>(k)];
      if (p != k) std::swap(x[k * stride], x[p * stride]);
    }
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < i; ++j) x[i * stride] -= at(i, j) * x[j * stride];
    for (std::int64_t i = n - 1; i >= 0; --i) {
      for (std::int64_t j = i + 1; j < n; ++j) x[i * stride] -= at(i, j) * x[j * stride];
      x[i * stride] /= at(i, i);
    }
  }
};

template <class T, int N>
bool copy_into(ndarray<T, N>& out, const ndarray<T, N>& b) noexcept {
  if (!empty(out, b.shape)) return false;
  if constexpr (N == 1) {
    for (std::int64_t i = 0; i < b.shape[0]; ++i) out.data[i] = b.data[i * b.strides[0]];
  } else {
    for (std::int64_t i = 0; i < b.shape[0]; ++i)
      for (std::int64_t j = 0; j < b.shape[1]; ++j)
        out.data[i * b.shape[1] + j] = b.data[i * b.strides[0] + j * b.strides[1]];
  }
  return true;
}

}  // namespace solve_detail

template <class T>
bool det(T& out, const ndarray<T, 2>& a) noexcept {
  if (!solve_detail::square(a)) return false;
  solve_detail::Lu<T> lu(a);
  if (!lu.factor()) {
    out = T(0);
    return true;
  }
  T d = T(lu.sign);
  for (std::int64_t i = 0; i < lu.n; ++i) d *= lu.at(i, i);
  out = d;
  return true;
}

/// (sign, log|det|): (0, -inf) for a singular matrix.
template <class T>
bool slogdet(std::tuple<T, T>& out, const ndarray<T, 2>& a) noexcept {
  if (!solve_detail::square(a)) return false;
  solve_detail::Lu<T> lu(a);
  if (!lu.factor()) {
    out = {T(0), -std::numeric_limits<T>::infinity()};
    return true;
  }
  T sign = T(lu.sign), log_abs = T(0);
  for (std::int64_t i = 0; i < lu.n; ++i) {
    const T d = lu.at(i, i);
    sign = d < 0 ? -sign : sign;
    log_abs += std::log(std::abs(d));
  }
  out = {sign, log_abs};
  return true;
}

template <class T>
bool inv(ndarray<T, 2>& out, const ndarray<T, 2>& a) noexcept {
  if (!solve_detail::square(a)) return false;
  solve_detail::Lu<T> lu(a);
  if (!lu.factor()) return solve_detail::singular();
  const std::int64_t n = lu.n;
  if (!empty(out, {n, n})) return false;
  for (std::int64_t i = 0; i < n * n; ++i) out.data[i] = T(0);
  for (std::int64_t i = 0; i < n; ++i) out.data[i * n + i] = T(1);
  for (std::int64_t j = 0; j < n; ++j) lu.solve_in_place(out.data + j, n);
  return true;
}

template <class T, int N>
bool solve(ndarray<T, N>& out, const ndarray<T, 2>& a, const ndarray<T, N>& b) noexcept {
  static_assert(N == 1 || N == 2, "solve takes a 1-d or 2-d right side");
  if (!solve_detail::square(a)) return false;
  if (b.shape[0] != a.shape[0]) [[unlikely]]
    return raise_format(Exc::ValueError,
                        "%s: Input operand 1 has a mismatch in its core dimension 0, with "
                        "gufunc signature %s (size %lld is different from %lld)",
                        N == 1 ? "solve1" : "solve",
                        N == 1 ? "(m,m),(m)->(m)" : "(m,m),(m,n)->(m,n)",
                        static_cast<long long>(b.shape[0]), static_cast<long long>(a.shape[0]));
  solve_detail::Lu<T> lu(a);
  if (!lu.factor()) return solve_detail::singular();
  if (!solve_detail::copy_into(out, b)) return false;
  if constexpr (N == 1) {
    lu.solve_in_place(out.data, 1);
  } else {
    for (std::int64_t j = 0; j < b.shape[1]; ++j) lu.solve_in_place(out.data + j, b.shape[1]);
  }
  return true;
}

}  // namespace pyaot::numpy
