#pragma once
// Elementwise ONNX ops: a unary map, and n-ary maps (binary ops, Where) with NumPy broadcasting
// over at most six dimensions, the operands' strides (0 where a dimension is broadcast)
// computed when the model was lowered. The generated code passes the scalar operation as a lambda.

#include <array>
#include <cmath>
#include <cstdint>

namespace pyaot::onnx {

using Dims = std::array<std::int64_t, 6>;

template <class T, class A, class F>
inline void unary(T* y, const A* a, std::int64_t n, F f) noexcept {
  for (std::int64_t i = 0; i < n; ++i) y[i] = f(a[i]);
}

/// One operand of a broadcast map: its data and its element strides over the output's six
/// dimensions (0 where the operand is broadcast along one).
template <class A>
struct In {
  const A* p;
  Dims s;
};

/// True when strides s walk a C-contiguous tensor of this shape (axes of length 1 are free).
inline bool dense(const Dims& s, const Dims& shape) noexcept {
  std::int64_t step = 1;
  for (int axis = 5; axis >= 0; --axis) {
    if (shape[axis] == 1) continue;
    if (s[axis] != step) return false;
    step *= shape[axis];
  }
  return true;
}

/// y = f(a, b, ...) over the operands broadcast to shape: one flat loop when every operand is
/// as dense as y, else six nested loops with the innermost over the last axis.
template <class T, class F, class... A>
inline void broadcast(T* y, const Dims& shape, F f, In<A>... in) noexcept {
  if ((dense(in.s, shape) && ...)) {
    const std::int64_t n = shape[0] * shape[1] * shape[2] * shape[3] * shape[4] * shape[5];
    for (std::int64_t i = 0; i < n; ++i) y[i] = f(in.p[i]...);
    return;
  }
  const auto at = [&](const auto& x, std::int64_t i0, std::int64_t i1, std::int64_t i2,
                      std::int64_t i3, std::int64_t i4) {
    return x.p + i0 * x.s[0] + i1 * x.s[1] + i2 * x.s[2] + i3 * x.s[3] + i4 * x.s[4];
  };
  for (std::int64_t i0 = 0; i0 < shape[0]; ++i0)
    for (std::int64_t i1 = 0; i1 < shape[1]; ++i1)
      for (std::int64_t i2 = 0; i2 < shape[2]; ++i2)
        for (std::int64_t i3 = 0; i3 < shape[3]; ++i3)
          for (std::int64_t i4 = 0; i4 < shape[4]; ++i4) {
            for (std::int64_t i5 = 0; i5 < shape[5]; ++i5) {
              *y++ = f(at(in, i0, i1, i2, i3, i4)[i5 * in.s[5]]...);  // row pointers: loop-invariant
            }
          }
}

inline float sigmoid(float v) noexcept {
  return v >= 0.0f ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

}  // namespace pyaot::onnx
