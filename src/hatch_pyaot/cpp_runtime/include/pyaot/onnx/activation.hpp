#pragma once
// Activations that a producer (Conv, Gemm, MatMul, elementwise) applies as it stores its
// result: fused when the model is lowered, so the tensor is written once.

#include <algorithm>
#include <cstdint>

namespace pyaot::onnx {

enum class Act : int { None, Relu, Clip };

/// std::min(std::max(v, lo), hi), NaN kept, in the form a vectorizer turns into max and min.
[[gnu::always_inline]] inline float clip(float v, float lo, float hi) noexcept {
  v = v < lo ? lo : v;
  return hi < v ? hi : v;
}

struct Activation {
  Act kind = Act::None;
  float lo = 0.0f;
  float hi = 0.0f;

  float operator()(float v) const noexcept {
    switch (kind) {
      case Act::Relu:
        return v > 0.0f ? v : 0.0f;
      case Act::Clip:
        return clip(v, lo, hi);
      default:
        return v;
    }
  }
};

}  // namespace pyaot::onnx
