#pragma once
// ONNX LSTM (one direction per call; the default activations sigmoid, tanh, tanh; gates in
// ONNX's order i, o, f, c). The input projection of every time step is one GEMM with W
// packed when the model was lowered; the recurrence runs a step at a time.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "pyaot/error.hpp"
#include "pyaot/onnx/elementwise.hpp"
#include "pyaot/onnx/gemm.hpp"

namespace pyaot::onnx {

struct Lstm {
  std::int64_t seq, batch, input, hidden, directions;
  const float* x;       ///< [seq][batch][input]
  const float* w;       ///< this direction's W [4 hidden][input], packed (pack_a)
  const float* r;       ///< this direction's R [4 hidden][hidden]
  const float* bias;    ///< Wb + Rb [4 hidden], or nullptr
  const float* peep;    ///< P [3 hidden] (i, o, f), or nullptr
  const float* h0;      ///< [batch][hidden], or nullptr (zeros)
  const float* c0;
  float* y;             ///< [seq][directions][batch][hidden], or nullptr
  float* yh;            ///< [directions][batch][hidden], or nullptr
  float* yc;
  std::int64_t direction;  ///< the index of this direction in y, yh, yc
  bool reverse;
};

inline bool lstm(const Lstm& l) noexcept {
  const std::int64_t H = l.hidden, G = 4 * H;
  const std::size_t floats = static_cast<std::size_t>(l.seq * l.batch * G + 2 * l.batch * H +
                                                      G + 1);
  float* scratch = static_cast<float*>(std::malloc(sizeof(float) * floats));
  if (scratch == nullptr) [[unlikely]] {
    return raise(Exc::MemoryError, "cannot allocate the state of an LSTM");
  }
  float* gx = scratch;                     // [seq * batch][4 hidden]
  float* h = gx + l.seq * l.batch * G;     // [batch][hidden]
  float* c = h + l.batch * H;
  float* g = c + l.batch * H;              // one batch row's gates
  // gx^T (4H x seq*batch) = W (4H x input) x^T: C[i][j] at gx[j * G + i]
  Gemm proj{G, l.seq * l.batch, l.input, l.w, l.x, 1, l.input, gx, 1, G, l.bias, Activation{}};
  if (!gemm(proj)) {
    std::free(scratch);
    return false;
  }
  for (std::int64_t i = 0; i < l.batch * H; ++i) {
    h[i] = l.h0 != nullptr ? l.h0[i] : 0.0f;
    c[i] = l.c0 != nullptr ? l.c0[i] : 0.0f;
  }
  for (std::int64_t step = 0; step < l.seq; ++step) {
    const std::int64_t t = l.reverse ? l.seq - 1 - step : step;
    for (std::int64_t b = 0; b < l.batch; ++b) {
      float* hb = h + b * H;
      float* cb = c + b * H;
      const float* xg = gx + (t * l.batch + b) * G;
      for (std::int64_t k = 0; k < G; ++k) {
        const float* rk = l.r + k * H;
        float sum = xg[k];
        for (std::int64_t j = 0; j < H; ++j) sum += rk[j] * hb[j];
        g[k] = sum;
      }
      for (std::int64_t j = 0; j < H; ++j) {
        const float cprev = cb[j];
        float gi = g[j], go = g[H + j], gf = g[2 * H + j];
        if (l.peep != nullptr) {
          gi += l.peep[j] * cprev;
          gf += l.peep[2 * H + j] * cprev;
        }
        const float ct = sigmoid(gf) * cprev + sigmoid(gi) * std::tanh(g[3 * H + j]);
        if (l.peep != nullptr) go += l.peep[H + j] * ct;
        cb[j] = ct;
        hb[j] = sigmoid(go) * std::tanh(ct);
      }
      if (l.y != nullptr) {
        std::memcpy(l.y + ((t * l.directions + l.direction) * l.batch + b) * H, hb,
                    sizeof(float) * static_cast<std::size_t>(H));
      }
    }
  }
  const std::size_t state = sizeof(float) * static_cast<std::size_t>(l.batch * H);
  if (l.yh != nullptr) std::memcpy(l.yh + l.direction * l.batch * H, h, state);
  if (l.yc != nullptr) std::memcpy(l.yc + l.direction * l.batch * H, c, state);
  std::free(scratch);
  return true;
}

}  // namespace pyaot::onnx
