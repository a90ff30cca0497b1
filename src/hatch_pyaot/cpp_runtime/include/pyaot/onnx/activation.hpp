#pragma once
// Activations that a producer (Conv, Gemm, MatMul, elementwise) applies as it stores its
// result: fused when the model is lowered, so the tensor is written once.

#include <algorithm>
#include <cstdint>

namespace pyaot::onnx {

enum class Act : int { None, Relu, Clip };

struct Activation {
  Act kind = Act::None;
  float lo = 0.0f;
  float hi = 0.0f;

  float operator()(float v) const noexcept {
    switch (kind) {
      case Act::Relu:
        return v > 0.0f ? v : 0.0f;
      case Act::Clip:
        return std::min(std::max(v, lo), hi);
      default:
        return v;
    }
  }
};

}  // namespace pyaot::onnx
