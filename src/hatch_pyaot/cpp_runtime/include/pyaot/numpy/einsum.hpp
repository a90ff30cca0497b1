#pragma once
// numpy.einsum of one to three operands, its subscripts parsed by the compiler: every letter
// is one loop, walked as an odometer, each operand and the output stepping by their strides
// along it (0 where a letter is not theirs or an operand's axis of length 1 broadcasts; a
// repeated letter, as in "ii->i", sums its axes' strides). The output starts at zero and
// accumulates the products in its dtype (integers wrap around), so the letters it lacks are
// summed. With no output letter the result is a NumPy scalar.
//
//   einsum<L>(out, letters, out_map, map0, a0[, map1, a1[, map2, a2]])
//
// `letters` are the L letters (the output's first), each map gives an operand's (or the
// output's) axes as letter indices. The operands already have the result's dtype. Errors are
// numpy's ValueErrors: "dimensions in operand 0 for collapsing index 'i' don't
// match (2 != 3)", "operands could not be broadcast together with remapped shapes
// [original->remapped]: (3,)->(3,) (4,)->(4,) ".

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

namespace pyaot::numpy {

namespace detail {

template <class T, std::size_t N>
struct EinsumOperand {
  const std::array<int, N>& map;
  const ndarray<T, static_cast<int>(N)>& a;
};

template <class T>
inline T einsum_mul(T x, T y) noexcept {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(x) * static_cast<U>(y));
  } else if constexpr (std::is_same_v<T, bool>) {
    return x && y;
  } else {
    return static_cast<T>(x * y);
  }
}

template <class T>
inline T einsum_add(T x, T y) noexcept {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(x) + static_cast<U>(y));
  } else if constexpr (std::is_same_v<T, bool>) {
    return x || y;
  } else {
    return static_cast<T>(x + y);
  }
}

template <std::size_t N>
inline std::string einsum_shape(const std::array<std::int64_t, N>& shape) {
  std::string s = "(";
  for (std::size_t k = 0; k < N; ++k) {
    if (k) s += ",";
    s += std::to_string(shape[k]);
  }
  return s + (N == 1 ? ",)" : ")");
}

/// numpy's remapped shape: the operand's length along each letter (in numpy's order: the
/// output's letters, then the others by their character), "newaxis" where it has none,
/// leading newaxes left out.
template <int L, class T, std::size_t N>
inline std::string einsum_remapped(const char* letters, int outputs,
                                   const EinsumOperand<T, N>& op) {
  std::array<int, L> order{};
  int count = 0;
  for (int l = 0; l < outputs; ++l) order[count++] = l;
  for (int c = 0; c < 128; ++c) {
    for (int l = outputs; l < L; ++l) {
      if (letters[l] == c) order[count++] = l;
    }
  }
  std::string s = "(";
  bool started = false;
  int items = 0;
  for (int k = 0; k < L; ++k) {
    std::int64_t length = -1;
    for (std::size_t d = 0; d < N; ++d) {
      if (op.map[d] == order[k]) {
        length = op.a.shape[d];
        break;
      }
    }
    if (length < 0 && !started) continue;
    if (started) s += ",";
    started = true;
    ++items;
    s += length < 0 ? std::string("newaxis") : std::to_string(length);
  }
  return s + (items == 1 ? ",)" : ")");
}

/// Each letter's length from one operand (a repeated letter's axes must match; a length of 1
/// broadcasts), its strides along each letter; false with numpy's error pending.
template <int L, class T, std::size_t N>
inline bool einsum_lengths(std::array<std::int64_t, L>& dims, std::array<bool, L>& seen,
                           bool& mismatch, const char* letters, int index,
                           const EinsumOperand<T, N>& op) noexcept {
  std::array<std::int64_t, L> own{};
  std::array<bool, L> has{};
  for (std::size_t d = 0; d < N; ++d) {
    const int l = op.map[d];
    if (has[l] && own[l] != op.a.shape[d]) [[unlikely]] {
      return raise_format(Exc::ValueError, "dimensions in operand %d for collapsing index "
                          "'%c' don't match (%lld != %lld)", index, letters[l],
                          static_cast<long long>(own[l]), static_cast<long long>(op.a.shape[d]));
    }
    has[l] = true;
    own[l] = op.a.shape[d];
  }
  for (int l = 0; l < L; ++l) {
    if (!has[l]) continue;
    if (!seen[l] || dims[l] == 1) {
      dims[l] = own[l];
      seen[l] = true;
    } else if (own[l] != 1 && own[l] != dims[l]) {
      mismatch = true;
    }
  }
  return true;
}

template <int L, class T, std::size_t N>
inline std::array<std::int64_t, L> einsum_strides(const std::array<std::int64_t, L>& dims,
                                                  const EinsumOperand<T, N>& op) noexcept {
  std::array<std::int64_t, L> s{};
  for (std::size_t d = 0; d < N; ++d) {
    if (!(op.a.shape[d] == 1 && dims[op.map[d]] != 1)) s[op.map[d]] += op.a.strides[d];
  }
  return s;
}

template <class T, std::size_t N>
inline const T* einsum_data(const EinsumOperand<T, N>& op) noexcept {
  return op.a.data;
}

}  // namespace detail

template <int L, class Out, std::size_t M, class T, std::size_t... N>
bool einsum_impl(Out& out, const char* letters, const std::array<int, M>& out_map,
                 const detail::EinsumOperand<T, N>&... ops) {
  constexpr std::size_t K = sizeof...(N);
  std::array<std::int64_t, L> dims{};
  std::array<bool, L> seen{};
  bool mismatch = false;
  bool ok = true;
  int index = 0;
  ((ok = ok && detail::einsum_lengths<L>(dims, seen, mismatch, letters, index++, ops)), ...);
  if (!ok) return false;
  if (mismatch) [[unlikely]] {
    std::string message = "operands could not be broadcast together with remapped shapes "
                          "[original->remapped]: ";
    ((message += detail::einsum_shape(ops.a.shape) + "->" +
                 detail::einsum_remapped<L>(letters, static_cast<int>(M), ops) + " "),
     ...);
    return raise(Exc::ValueError, message);
  }
  const std::array<const T*, K> data = {detail::einsum_data(ops)...};
  const std::array<std::array<std::int64_t, L>, K> steps = {
      detail::einsum_strides<L>(dims, ops)...};
  std::array<std::int64_t, L> sy{};
  T* y = nullptr;
  T scalar{};
  if constexpr (M > 0) {
    Shape<static_cast<int>(M)> shape{};
    for (std::size_t k = 0; k < M; ++k) shape[k] = dims[out_map[k]];
    ndarray<T, static_cast<int>(M)> result;
    if (!zeros(result, shape)) return false;
    for (std::size_t k = 0; k < M; ++k) sy[out_map[k]] += result.strides[k];
    y = result.data;
    out = std::move(result);
  } else {
    y = &scalar;
  }
  bool empty = false;
  for (int l = 0; l < L; ++l) empty = empty || dims[l] == 0;
  if (!empty) {
    std::array<std::int64_t, L> at{};
    std::array<std::int64_t, K> p{};
    std::int64_t py = 0;
    for (;;) {
      T v = data[0][p[0]];
      for (std::size_t k = 1; k < K; ++k) v = detail::einsum_mul<T>(v, data[k][p[k]]);
      y[py] = detail::einsum_add<T>(y[py], v);
      int l = L - 1;
      for (; l >= 0; --l) {
        for (std::size_t k = 0; k < K; ++k) p[k] += steps[k][l];
        py += sy[l];
        if (++at[l] < dims[l]) break;
        for (std::size_t k = 0; k < K; ++k) p[k] -= steps[k][l] * dims[l];
        py -= sy[l] * dims[l];
        at[l] = 0;
      }
      if (l < 0) break;
    }
  }
  if constexpr (M == 0) out = scalar;
  return true;
}

template <int L, class Out, std::size_t M, class T, std::size_t N0>
bool einsum(Out& out, const char* letters, const std::array<int, M>& out_map,
            const std::array<int, N0>& m0, const ndarray<T, static_cast<int>(N0)>& a0) {
  return einsum_impl<L>(out, letters, out_map, detail::EinsumOperand<T, N0>{m0, a0});
}

template <int L, class Out, std::size_t M, class T, std::size_t N0, std::size_t N1>
bool einsum(Out& out, const char* letters, const std::array<int, M>& out_map,
            const std::array<int, N0>& m0, const ndarray<T, static_cast<int>(N0)>& a0,
            const std::array<int, N1>& m1, const ndarray<T, static_cast<int>(N1)>& a1) {
  return einsum_impl<L>(out, letters, out_map, detail::EinsumOperand<T, N0>{m0, a0},
                        detail::EinsumOperand<T, N1>{m1, a1});
}

template <int L, class Out, std::size_t M, class T, std::size_t N0, std::size_t N1,
          std::size_t N2>
bool einsum(Out& out, const char* letters, const std::array<int, M>& out_map,
            const std::array<int, N0>& m0, const ndarray<T, static_cast<int>(N0)>& a0,
            const std::array<int, N1>& m1, const ndarray<T, static_cast<int>(N1)>& a1,
            const std::array<int, N2>& m2, const ndarray<T, static_cast<int>(N2)>& a2) {
  return einsum_impl<L>(out, letters, out_map, detail::EinsumOperand<T, N0>{m0, a0},
                        detail::EinsumOperand<T, N1>{m1, a1},
                        detail::EinsumOperand<T, N2>{m2, a2});
}

}  // namespace pyaot::numpy
