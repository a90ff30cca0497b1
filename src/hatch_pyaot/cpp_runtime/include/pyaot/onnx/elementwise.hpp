#pragma once
// Elementwise ONNX ops: a unary map, and a binary map with NumPy broadcasting over at most
// six dimensions, the operands' strides (0 where a dimension is broadcast) computed when
// the model was lowered. The generated code passes the scalar operation as a lambda.

#include <array>
#include <cmath>
#include <cstdint>

namespace pyaot::onnx {

using Dims = std::array<std::int64_t, 6>;

template <class T, class A, class F>
inline void unary(T* y, const A* a, std::int64_t n, F f) noexcept {
  for (std::int64_t i = 0; i < n; ++i) y[i] = f(a[i]);
}

template <class T, class A, class B, class F>
inline void binary(T* y, const A* a, const Dims& as, const B* b, const Dims& bs,
                   const Dims& shape, F f) noexcept {
  if (as[5] == 1 && bs[5] == 1 && as[4] == shape[5] && bs[4] == shape[5] && as[3] ==
      shape[4] * shape[5] && bs[3] == as[3] && as[2] == shape[3] * as[3] && bs[2] == as[2] &&
      as[1] == shape[2] * as[2] && bs[1] == as[1] && as[0] == shape[1] * as[1] &&
      bs[0] == as[0]) {
    const std::int64_t n = shape[0] * as[0];
    for (std::int64_t i = 0; i < n; ++i) y[i] = f(a[i], b[i]);
    return;
  }
  for (std::int64_t i0 = 0; i0 < shape[0]; ++i0)
    for (std::int64_t i1 = 0; i1 < shape[1]; ++i1)
      for (std::int64_t i2 = 0; i2 < shape[2]; ++i2)
        for (std::int64_t i3 = 0; i3 < shape[3]; ++i3)
          for (std::int64_t i4 = 0; i4 < shape[4]; ++i4) {
            const A* pa = a + i0 * as[0] + i1 * as[1] + i2 * as[2] + i3 * as[3] + i4 * as[4];
            const B* pb = b + i0 * bs[0] + i1 * bs[1] + i2 * bs[2] + i3 * bs[3] + i4 * bs[4];
            for (std::int64_t i5 = 0; i5 < shape[5]; ++i5) {
              *y++ = f(pa[i5 * as[5]], pb[i5 * bs[5]]);
            }
          }
}

inline float sigmoid(float v) noexcept {
  return v >= 0.0f ? 1.0f / (1.0f + std::exp(-v)) : std::exp(v) / (1.0f + std::exp(v));
}

}  // namespace pyaot::onnx
