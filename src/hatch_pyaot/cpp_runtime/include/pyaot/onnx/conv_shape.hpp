#pragma once
// The geometry of an ONNX Conv, ConvTranspose or pool (1-d ones as height 1), as the
// lowering writes it.

#include <cstdint>

namespace pyaot::onnx {

struct ConvShape {
  std::int64_t n, cin, h, w;  ///< input
  std::int64_t cout, oh, ow;  ///< output
  std::int64_t kh, kw, sh, sw, dh, dw, pt, pl;
  std::int64_t groups;
};

}  // namespace pyaot::onnx
