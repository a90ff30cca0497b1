#pragma once
// ONNX reductions over a block of axes (outer x reduced x inner), Softmax/LogSoftmax over
// one axis, and LayerNormalization over the trailing axes.

#include <cmath>
#include <cstdint>
#include <limits>

namespace pyaot::onnx {

enum class Reduce : int { Sum, Mean, Max, Min, Prod, L2, SumSquare };

inline void reduce(const float* x, float* y, std::int64_t outer, std::int64_t count,
                   std::int64_t inner, Reduce kind) noexcept {
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t i = 0; i < inner; ++i) {
      const float* p = x + o * count * inner + i;
      double acc = kind == Reduce::Max   ? -std::numeric_limits<double>::infinity()
                   : kind == Reduce::Min ? std::numeric_limits<double>::infinity()
                   : kind == Reduce::Prod ? 1.0 : 0.0;
      for (std::int64_t r = 0; r < count; ++r) {
        const double v = p[r * inner];
        switch (kind) {
          case Reduce::Max: acc = v > acc ? v : acc; break;
          case Reduce::Min: acc = v < acc ? v : acc; break;
          case Reduce::Prod: acc *= v; break;
          case Reduce::L2:
          case Reduce::SumSquare: acc += v * v; break;
          default: acc += v; break;
        }
      }
      if (kind == Reduce::Mean) acc /= static_cast<double>(count);
      if (kind == Reduce::L2) acc = std::sqrt(acc);
      y[o * inner + i] = static_cast<float>(acc);
    }
  }
}

inline void softmax(const float* x, float* y, std::int64_t outer, std::int64_t count,
                    std::int64_t inner, bool log) noexcept {
  for (std::int64_t o = 0; o < outer; ++o) {
    for (std::int64_t i = 0; i < inner; ++i) {
      const float* p = x + o * count * inner + i;
      float* q = y + o * count * inner + i;
      float top = -std::numeric_limits<float>::infinity();
      for (std::int64_t r = 0; r < count; ++r) top = p[r * inner] > top ? p[r * inner] : top;
      double sum = 0.0;
      for (std::int64_t r = 0; r < count; ++r) sum += std::exp(double{p[r * inner] - top});
      for (std::int64_t r = 0; r < count; ++r) {
        const double shifted = double{p[r * inner] - top};
        q[r * inner] = static_cast<float>(log ? shifted - std::log(sum)
                                              : std::exp(shifted) / sum);
      }
    }
  }
}

/// y = (x - mean) / sqrt(var + epsilon) * scale + bias over rows of `count` elements;
/// scale and bias repeat every `count` elements (bias may be nullptr).
inline void layer_norm(const float* x, float* y, std::int64_t rows, std::int64_t count,
                       const float* scale, const float* bias, float epsilon) noexcept {
  for (std::int64_t r = 0; r < rows; ++r) {
    const float* p = x + r * count;
    float* q = y + r * count;
    double mean = 0.0;
    for (std::int64_t i = 0; i < count; ++i) mean += p[i];
    mean /= static_cast<double>(count);
    double var = 0.0;
    for (std::int64_t i = 0; i < count; ++i) var += (p[i] - mean) * (p[i] - mean);
    var /= static_cast<double>(count);
    const double inv = 1.0 / std::sqrt(var + double{epsilon});
    for (std::int64_t i = 0; i < count; ++i) {
      const double v = (p[i] - mean) * inv * scale[i] + (bias != nullptr ? bias[i] : 0.0f);
      q[i] = static_cast<float>(v);
    }
  }
}

}  // namespace pyaot::onnx
