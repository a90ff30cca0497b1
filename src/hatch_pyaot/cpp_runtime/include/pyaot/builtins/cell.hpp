#pragma once
// A variable that a function shares with the closures it makes (DESIGN §5.8): a handle to
// one reference-counted box (pyaot/counted.hpp), as Python's cell objects are. The defining
// function and every closure holding the handle read and write the same value, so a closure
// sees the variable's latest binding (`[lambda: i for i in range(3)]` all give 2) and
// `nonlocal` writes are seen by the enclosing function. A cell holds a value and never its
// own closure (a function naming itself reads its own environment instead), so boxes form
// no cycles and counting frees them all.
//
// A function value is a std::tuple of its environment (cells and copies), and a value that
// is one of several functions a std::variant of theirs (codegen/closures.py): this header
// brings both.

#include <cstdint>
#include <tuple>
#include <utility>
#include <variant>

#include "pyaot/counted.hpp"

namespace pyaot {

template <class T>
struct CellBox {
  std::int64_t refs = 1;
  T value{};
};

template <class T>
class cell {
 public:
  cell() = default;  ///< no box yet

  /// A new box holding `value` (a local's zero value until its first assignment).
  static cell make(T value = T{}) {
    cell out;
    out.box_ = counted<CellBox<T>>::adopt(new CellBox<T>{1, std::move(value)});
    return out;
  }

  T& get() const noexcept { return box_->value; }

  friend bool operator==(const cell& a, const cell& b) noexcept { return a.box_ == b.box_; }

 private:
  counted<CellBox<T>> box_;
};

}  // namespace pyaot
