#pragma once
// The one reference-counted handle behind every heap value of the runtime (str, list, dict,
// set, user objects): a pointer to a box that starts with `std::int64_t refs`. Copies share
// the box, the last handle to go frees it (DESIGN §5.1: intrusive, non-atomic, one thread per
// call). Each value type holds one as its only member, so its copies, moves and destructor
// are the defaults (rule of zero) and the counting is written once, here.

#include <cstdlib>
#include <utility>

namespace pyaot {

/// How a box made with `new` goes.
struct delete_box {
  template <class Box>
  void operator()(Box* box) const noexcept {
    delete box;
  }
};

/// How a box made with `malloc` (a header and its items in one allocation) goes.
struct free_box {
  template <class Box>
  void operator()(Box* box) const noexcept {
    std::free(box);
  }
};

template <class Box, class Free = delete_box>
class counted {
 public:
  counted() = default;  ///< no box: an empty string, or a local before its first assignment
  counted(const counted& other) noexcept : box_(other.box_) { retain(); }
  counted(counted&& other) noexcept : box_(std::exchange(other.box_, nullptr)) {}
  counted& operator=(const counted& other) noexcept {
    counted held(other);  // retained before the old box is let go: `a = a` keeps it
    std::swap(box_, held.box_);
    return *this;
  }
  counted& operator=(counted&& other) noexcept {
    if (this != &other) {
      reset();
      box_ = std::exchange(other.box_, nullptr);
    }
    return *this;
  }
  ~counted() { reset(); }

  /// A handle to a new box, whose count the maker set to 1.
  static counted adopt(Box* box) noexcept {
    counted out;
    out.box_ = box;
    return out;
  }
  /// A new handle to a box that another handle holds.
  static counted borrow(Box* box) noexcept {
    counted out;
    out.box_ = box;
    out.retain();
    return out;
  }

  Box* get() const noexcept { return box_; }
  Box* operator->() const noexcept { return box_; }
  explicit operator bool() const noexcept { return box_ != nullptr; }
  friend bool operator==(const counted& a, const counted& b) noexcept {
    return a.box_ == b.box_;
  }

  /// Lets the box go (freed if this was its last handle); the handle is then empty.
  void reset() noexcept {
    if (box_ != nullptr && --box_->refs == 0) Free{}(box_);
    box_ = nullptr;
  }

 private:
  void retain() const noexcept {
    if (box_ != nullptr) ++box_->refs;
  }
  Box* box_ = nullptr;
};

}  // namespace pyaot
