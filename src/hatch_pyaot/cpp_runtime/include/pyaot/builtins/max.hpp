#pragma once
// builtins.max(a, b, *rest): the first largest item, compared like CPython's max()
// (an item replaces the current one only when item > current, so NaNs stick when first).
// Named max_ so that a max() macro (windows.h) cannot break calls to it.

#include <type_traits>

namespace pyaot::builtins {

template <class T, class... Ts>
inline std::common_type_t<T, Ts...> max_(T first, Ts... rest) noexcept {
  using R = std::common_type_t<T, Ts...>;
  R best = static_cast<R>(first);
  ((static_cast<R>(rest) > best ? static_cast<void>(best = static_cast<R>(rest))
                                : static_cast<void>(0)),
   ...);
  return best;
}

}  // namespace pyaot::builtins
