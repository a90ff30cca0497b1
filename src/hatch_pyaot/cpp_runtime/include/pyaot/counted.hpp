#pragma once
// The one reference-counted handle behind every heap value of the runtime (str, list, dict,
// set, user objects): a pointer to a box that starts with `std::int64_t refs`. Copies share
// the box, the last handle to go frees it (DESIGN §5.1: intrusive, non-atomic, one thread per
// call). Each value type holds one as its only member, so its copies, moves and destructor
// are the defaults (rule of zero) and the counting is written once, here.

#include <cstdint>
#include <cstdlib>
#include <utility>

namespace pyaot {

/// The count of a box that is never freed (str literals, the 1-character strings): such a
/// box is not counted at all by handles whose Free policy says `immortals` (no write to
/// memory shared by every copy and every thread), and no program holds 2^62 references, so
/// under any other policy it never reaches 0 either.
inline constexpr std::int64_t IMMORTAL_REFS = std::int64_t{1} << 62;

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
    if (box_ != nullptr && counts() && --box_->refs == 0) Free{}(box_);
    box_ = nullptr;
  }

 private:
  void retain() const noexcept {
    if (box_ != nullptr && counts()) ++box_->refs;
  }
  /// False for an immortal box under a policy that has them (the box is not null).
  bool counts() const noexcept {
    if constexpr (requires { Free::immortals; }) {
      return box_->refs < IMMORTAL_REFS / 2;
    } else {
      return true;
    }
  }
  Box* box_ = nullptr;
};

}  // namespace pyaot
