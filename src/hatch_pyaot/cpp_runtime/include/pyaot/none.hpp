#pragma once
// Python's None as a C++ value (docs/internals.md, "Types and their C++ spelling").

namespace pyaot {

struct None {
  friend bool operator==(None, None) = default;
};

inline constexpr None none{};

}  // namespace pyaot
