#pragma once
// placeholder
#include "pyaot/cv2/image.hpp"
namespace pyaot::cv2::detail {
template <class T>
bool resize_cubic(T*, const Image<T>&, std::int64_t, std::int64_t, double, double) noexcept {
  return error("resize", "INTER_cubic is not supported yet");
}
}
