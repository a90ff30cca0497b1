#pragma once
// cv2.convertScaleAbs: |src * alpha + beta| saturated to uint8, computed in float as OpenCV
// does.

#include <cmath>
#include <cstdint>

#include "pyaot/cv2/image.hpp"

namespace pyaot::cv2 {

template <class T, int N>
bool convert_scale_abs(numpy::ndarray<std::uint8_t, N>& out, const numpy::ndarray<T, N>& src,
                       double alpha, double beta) noexcept {
  Image<T> img;
  if (!image(img, src, "convertScaleAbs") || !result(out, img.rows, img.cols, img.cn))
    return false;
  const float a = static_cast<float>(alpha), b = static_cast<float>(beta);
  const std::int64_t n = img.rows * img.row_size();
  for (std::int64_t i = 0; i < n; ++i)
    out.data[i] = saturate<std::uint8_t>(std::fabs(static_cast<float>(img.data[i]) * a + b));
  return true;
}

}  // namespace pyaot::cv2
