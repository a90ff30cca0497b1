#pragma once
// ONNX GRU (one direction per call; the default activations sigmoid and tanh; gates in ONNX's
// order z, r, h). As in lstm.hpp, the input projection of every time step is one GEMM with W
// packed when the model was lowered, and the recurrence runs a step at a time.
//
//   z = sigmoid(x Wz + h Rz + bz)        r = sigmoid(x Wr + h Rr + br)
//   linear_before_reset = 0:  n = tanh(x Wh + (r * h) Rh + bh)
//   linear_before_reset = 1:  n = tanh(x Wh + r * (h Rh + Rbh) + Wbh)
//   h' = (1 - z) * n + z * h
// The lowering folds every bias outside a product into the projection's; rbh is Rbh when
// linear_before_reset = 1 (inside the product with r), else nullptr.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "pyaot/error.hpp"
#include "pyaot/onnx/elementwise.hpp"
#include "pyaot/onnx/gemm.hpp"

namespace pyaot::onnx {

struct Gru {
  std::int64_t seq, batch, input, hidden, directions;
  const float* x;     ///< [seq][batch][input]
  const float* w;     ///< this direction's W [3 hidden][input], packed (pack_a)
  const float* r;     ///< this direction's R [3 hidden][hidden]
  const float* bias;  ///< the biases folded outside the products [3 hidden], or nullptr
  const float* rbh;   ///< Rbh [hidden] with linear_before_reset, else nullptr
  const float* h0;    ///< [batch][hidden], or nullptr (zeros)
  float* y;           ///< [seq][directions][batch][hidden], or nullptr
  float* yh;          ///< [directions][batch][hidden], or nullptr
  std::int64_t direction;  ///< the index of this direction in y and yh
  bool reverse;
  bool linear_before_reset;
};

/// The dot product of a row of R and a hidden state.
inline float row_dot(const float* r, const float* h, std::int64_t n) noexcept {
  float sum = 0.0f;
  for (std::int64_t j = 0; j < n; ++j) sum += r[j] * h[j];
  return sum;
}

inline bool gru(const Gru& l) noexcept {
  const std::int64_t H = l.hidden, G = 3 * H;
  const std::size_t floats = static_cast<std::size_t>(l.seq * l.batch * G + l.batch * H +
                                                      4 * H + 1);
  float* scratch = static_cast<float*>(std::malloc(sizeof(float) * floats));
  if (scratch == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the state of a GRU");
  }
  float* gx = scratch;                  // [seq * batch][3 hidden]
  float* h = gx + l.seq * l.batch * G;  // [batch][hidden]
  float* zr = h + l.batch * H;          // one batch row's z and r gates
  float* rh = zr + 2 * H;               // r * h
  float* fresh = rh + H;                // the new state
  // gx^T (3H x seq*batch) = W (3H x input) x^T: C[i][j] at gx[j * G + i]
  Gemm proj{G, l.seq * l.batch, l.input, l.w, l.x, 1, l.input, gx, 1, G, l.bias, Activation{}};
  if (!gemm(proj)) {
    std::free(scratch);
    return false;
  }
  for (std::int64_t i = 0; i < l.batch * H; ++i) h[i] = l.h0 != nullptr ? l.h0[i] : 0.0f;
  const float* rn = l.r + 2 * H * H;  // Rh
  for (std::int64_t step = 0; step < l.seq; ++step) {
    const std::int64_t t = l.reverse ? l.seq - 1 - step : step;
    for (std::int64_t b = 0; b < l.batch; ++b) {
      float* hb = h + b * H;
      const float* xg = gx + (t * l.batch + b) * G;
      for (std::int64_t k = 0; k < 2 * H; ++k) zr[k] = sigmoid(xg[k] + row_dot(l.r + k * H, hb, H));
      if (l.linear_before_reset) {
        for (std::int64_t j = 0; j < H; ++j) {
          const float n = std::tanh(xg[2 * H + j] + zr[H + j] * (row_dot(rn + j * H, hb, H) +
                                                                 l.rbh[j]));
          fresh[j] = (1.0f - zr[j]) * n + zr[j] * hb[j];
        }
      } else {
        for (std::int64_t j = 0; j < H; ++j) rh[j] = zr[H + j] * hb[j];
        for (std::int64_t j = 0; j < H; ++j) {
          const float n = std::tanh(xg[2 * H + j] + row_dot(rn + j * H, rh, H));
          fresh[j] = (1.0f - zr[j]) * n + zr[j] * hb[j];
        }
      }
      std::memcpy(hb, fresh, sizeof(float) * static_cast<std::size_t>(H));
      if (l.y != nullptr) {
        std::memcpy(l.y + ((t * l.directions + l.direction) * l.batch + b) * H, hb,
                    sizeof(float) * static_cast<std::size_t>(H));
      }
    }
  }
  if (l.yh != nullptr) {
    std::memcpy(l.yh + l.direction * l.batch * H, h,
                sizeof(float) * static_cast<std::size_t>(l.batch * H));
  }
  std::free(scratch);
  return true;
}

}  // namespace pyaot::onnx
