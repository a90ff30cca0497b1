#pragma once
// A variable that a function shares with the closures it makes (DESIGN §5.8): a handle to
// one reference-counted box, as Python's cell objects are. The defining function and every
// closure holding the handle read and write the same value, so a closure sees the
// variable's latest binding (`[lambda: i for i in range(3)]` all give 2) and `nonlocal`
// writes are seen by the enclosing function. The count is not atomic (one thread per call).
// A cell holds a value and never its own closure (a function naming itself reads its own
// environment instead), so boxes form no cycles and counting frees them all.
//
// A function value is a std::tuple of its environment (cells and copies), and a value that
// is one of several functions a std::variant of theirs (codegen/closures.py): this header
// brings both.

#include <cstdint>
#include <tuple>
#include <utility>
#include <variant>

namespace pyaot {

template <class T>
class cell {
 public:
  cell() = default;  ///< no box yet
  cell(const cell& other) noexcept : box_(other.box_) {
    if (box_ != nullptr) ++box_->refs;
  }
  cell(cell&& other) noexcept : box_(std::exchange(other.box_, nullptr)) {}
  cell& operator=(const cell& other) noexcept {
    cell held(other);
    std::swap(box_, held.box_);
    return *this;
  }
  cell& operator=(cell&& other) noexcept {
    std::swap(box_, other.box_);
    return *this;
  }
  ~cell() {
    if (box_ != nullptr && --box_->refs == 0) delete box_;
  }

  /// A new box holding `value` (a local's zero value until its first assignment).
  static cell make(T value = T{}) {
    cell out;
    out.box_ = new Box{1, std::move(value)};
    return out;
  }

  T& get() const noexcept { return box_->value; }

  friend bool operator==(const cell& a, const cell& b) noexcept { return a.box_ == b.box_; }

 private:
  struct Box {
    std::int64_t refs;
    T value;
  };
  Box* box_ = nullptr;
};

}  // namespace pyaot
