#pragma once
// ONNX Einsum of one or two float operands: every letter of the equation is one loop, walked
// as an odometer, each operand and the output stepping by their strides along it (0 where a
// letter is not theirs; a repeated letter, as in "ii->i", sums its axes' strides). The output
// starts at zero and accumulates, so the letters it lacks are summed.

#include <array>
#include <cstdint>

namespace pyaot::onnx {

inline constexpr int kEinsumLetters = 12;
using Letters = std::array<std::int64_t, kEinsumLetters>;

struct Einsum {
  int letters;           ///< loops, at most kEinsumLetters
  Letters dims;          ///< each letter's length
  const float* a;
  Letters sa;            ///< a's stride along each letter
  const float* b;        ///< nullptr with one operand
  Letters sb;
  float* y;
  Letters sy;            ///< the output's stride (0 for a summed letter)
  std::int64_t outputs;  ///< the output's element count
};

inline void einsum(const Einsum& e) noexcept {
  for (std::int64_t i = 0; i < e.outputs; ++i) e.y[i] = 0.0f;
  for (int l = 0; l < e.letters; ++l) {
    if (e.dims[l] == 0) return;
  }
  Letters at{};
  std::int64_t pa = 0, pb = 0, py = 0;
  const int last = e.letters - 1;
  for (;;) {
    const std::int64_t n = last >= 0 ? e.dims[last] : 1;
    const std::int64_t da = last >= 0 ? e.sa[last] : 0, db = last >= 0 ? e.sb[last] : 0,
                       dy = last >= 0 ? e.sy[last] : 0;
    for (std::int64_t i = 0; i < n; ++i) {  // the innermost letter
      const float v = e.a[pa + i * da] * (e.b != nullptr ? e.b[pb + i * db] : 1.0f);
      e.y[py + i * dy] += v;
    }
    int l = last - 1;  // the odometer over the other letters
    for (; l >= 0; --l) {
      pa += e.sa[l], pb += e.sb[l], py += e.sy[l];
      if (++at[l] < e.dims[l]) break;
      pa -= e.sa[l] * e.dims[l], pb -= e.sb[l] * e.dims[l], py -= e.sy[l] * e.dims[l];
      at[l] = 0;
    }
    if (l < 0) return;
  }
}

}  // namespace pyaot::onnx
