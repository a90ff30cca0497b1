#pragma once
// Python's str: an immutable sequence of code points (DESIGN §5.2), indexed in O(1), as a
// handle to one reference-counted UTF-32 buffer (the empty string needs no buffer). The
// same code runs on every target; `len("Straße") == 6` and `"✓"[0]` answer as in Python.
// (PEP 393's 1/2/4 bytes per code point would save memory for ASCII text; UTF-32 first.)
//
// Operations that can fail return false with the Python exception pending (error.hpp),
// worded as CPython 3.11 words it.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "pyaot/builtins/format.hpp"
#include "pyaot/builtins/str_pool.hpp"
#include "pyaot/counted.hpp"
#include "pyaot/error.hpp"
#include "pyaot/memory.hpp"

namespace pyaot {

namespace detail {
/// Copies text to dst and returns the end (memcpy with the null data of an empty view would
/// be undefined behaviour, even for no bytes).
inline char32_t* copy_chars(char32_t* dst, std::u32string_view text) noexcept {
  if (!text.empty()) std::memcpy(dst, text.data(), text.size() * sizeof(char32_t));
  return dst + text.size();
}
}  // namespace detail

/// One allocation: the count and the length, then the code points.
struct StrBox {
  std::int64_t refs;
  std::int64_t size;
  std::int64_t hash;  ///< py_hash, once asked (-1: not yet), as CPython caches it
  /// The exact Python str this one was converted from, a reference the box owns (null for a
  /// string built here, and on every target without Python): converting it back out is
  /// that object again, not a new one hashed anew (pyaot/python/str.hpp).
  void* origin = nullptr;
  char32_t* chars() noexcept { return reinterpret_cast<char32_t*>(this + 1); }
};

namespace detail {
/// Lets a box's origin go (set by pyaot/python/str.hpp when it gives a box one).
inline void (*release_str_origin)(void* origin) noexcept = nullptr;
}  // namespace detail

inline constexpr std::size_t str_box_bytes(std::int64_t n) noexcept {
  return sizeof(StrBox) + static_cast<std::size_t>(n) * sizeof(char32_t);
}

/// How a string box goes: a short one back to its page (str_pool.hpp), a long one to free;
/// the immortal ones (literals, the Latin-1 characters) never.
struct free_str_box {
  static constexpr bool immortals = true;
  // out of line: the handle's reset (a load, a compare, a decrement) inlines where it is used
  [[gnu::noinline]] void operator()(StrBox* box) const noexcept {
    if (box->origin != nullptr) detail::release_str_origin(box->origin);
    if (str_pool::enabled && str_box_bytes(box->size) <= str_pool::SMALL) {
      str_pool::release(box);
    } else {
      std::free(box);
    }
  }
};

/// A literal of the source in static storage (generated code declares one per literal, of
/// N - 1 code points and the terminating 0 the C++ literal brings): no allocation at run time.
template <std::size_t N>
struct LitBox {
  StrBox box;
  char32_t chars[N];
};

namespace detail {
/// One code point in static storage: the strings of U+0000..U+00FF are shared, as CPython
/// shares its 1-character Latin-1 strings (s[i] and `for c in s` allocate nothing for them).
struct CharBox {
  StrBox box;
  char32_t c;
};
static_assert(sizeof(StrBox) % alignof(char32_t) == 0 && offsetof(CharBox, c) == sizeof(StrBox));

constexpr std::array<CharBox, 256> latin1_table() {
  std::array<CharBox, 256> out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = CharBox{{IMMORTAL_REFS, 1, -1}, static_cast<char32_t>(i)};
  }
  return out;
}
inline std::array<CharBox, 256> latin1_chars = latin1_table();
}  // namespace detail

class str {
 public:
  str() = default;  ///< ""

  /// A string of n code points to fill in through `chars` (not yet valid text).
  static str with_size(std::size_t n, char32_t*& chars) {
    str out;
    chars = nullptr;
    if (n == 0) return out;
    const std::size_t bytes = box_bytes(n);
    void* memory = str_pool::enabled && bytes <= str_pool::SMALL ? str_pool::allocate(bytes)
                                                                  : std::malloc(bytes);
    if (memory == nullptr) std::abort();  // sizes a program chooses are checked first
    out.box_ = decltype(out.box_)::adopt(static_cast<StrBox*>(memory));
    out.box_->refs = 1;
    out.box_->size = static_cast<std::int64_t>(n);
    out.box_->hash = -1;
    out.box_->origin = nullptr;
    chars = out.box_->chars();
    return out;
  }
  /// The string of these code points (one Latin-1 character: its shared string, as CPython
  /// shares them for slices and splits too).
  static str of(std::u32string_view text) {
    if (text.size() == 1) return of_char(text[0]);
    char32_t* chars;
    str out = with_size(text.size(), chars);
    detail::copy_chars(chars, text);
    return out;
  }
  static str of(const std::u32string& text) { return of(std::u32string_view(text)); }
  /// A literal of the source (generated code writes U"..." with its length).
  static str lit(const char32_t* text, std::size_t n) { return of(std::u32string_view(text, n)); }
  /// A literal in static storage (its LitBox, see there): shared, never freed.
  template <std::size_t N>
  static str lit(LitBox<N>& literal) noexcept {
    static_assert(offsetof(LitBox<N>, chars) == sizeof(StrBox));
    return shared(&literal.box);
  }
  /// The 1-character string of c (shared for Latin-1).
  [[gnu::always_inline]] static str of_char(char32_t c) {
    if (static_cast<std::uint32_t>(c) < 256) return shared(&detail::latin1_chars[c].box);
    char32_t* chars;
    str out = with_size(1, chars);
    chars[0] = c;
    return out;
  }
  static str from_utf8(std::string_view bytes);

  std::u32string_view view() const noexcept {
    return box_ ? std::u32string_view(box_->chars(), static_cast<std::size_t>(box_->size))
                : std::u32string_view();
  }
  std::int64_t size() const noexcept { return box_ ? box_->size : 0; }
  bool empty() const noexcept { return !box_; }
  char32_t operator[](std::size_t i) const noexcept { return box_->chars()[i]; }
  StrBox* box() const noexcept { return box_.get(); }

 private:
  static str shared(StrBox* box) noexcept {
    str out;
    out.box_ = counted<StrBox, free_str_box>::borrow(box);
    return out;
  }
  static std::size_t box_bytes(std::size_t n) noexcept {
    return str_box_bytes(static_cast<std::int64_t>(n));
  }
  counted<StrBox, free_str_box> box_;
};

// ---- UTF-8 (the text of f-strings and messages), and the code points of a char ----------

/// Appends the UTF-8 bytes of a code point (a lone surrogate as its 3 bytes, as CPython's
/// "surrogatepass" would write it: only messages see these bytes).
inline void append_utf8(std::string& out, char32_t c) {
  const auto u = static_cast<std::uint32_t>(c);
  if (u < 0x80) {
    out.push_back(static_cast<char>(u));
  } else if (u < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (u >> 6)));
    out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
  } else if (u < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (u >> 12)));
    out.push_back(static_cast<char>(0x80 | ((u >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (u >> 18)));
    out.push_back(static_cast<char>(0x80 | ((u >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((u >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
  }
}

/// Decodes UTF-8 that this runtime wrote (f-strings of str() pieces): always well formed.
inline str str::from_utf8(std::string_view bytes) {
  std::size_t n = 0;  // a code point per byte that is no continuation byte
  for (char b : bytes) n += (static_cast<unsigned char>(b) & 0xC0) != 0x80;
  if (n == 1 && bytes.size() == 1) return of_char(static_cast<unsigned char>(bytes[0]));
  char32_t* chars;
  str out = with_size(n, chars);
  char32_t* const end = chars + n;
  for (std::size_t i = 0; i < bytes.size() && chars < end;) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    std::uint32_t c;
    std::size_t k;
    if (b < 0x80) {
      c = b;
      k = 1;
    } else if (b < 0xE0) {
      c = b & 0x1F;
      k = 2;
    } else if (b < 0xF0) {
      c = b & 0x0F;
      k = 3;
    } else {
      c = b & 0x07;
      k = 4;
    }
    for (std::size_t m = 1; m < k && i + m < bytes.size(); ++m) {
      c = (c << 6) | (static_cast<unsigned char>(bytes[i + m]) & 0x3F);
    }
    *chars++ = static_cast<char32_t>(c);
    i += k;
  }
  while (chars < end) *chars++ = 0xFFFD;  // only if the bytes were not well formed
  return out;
}

namespace format {
/// str(s) in an f-string or message.
inline void append_str(std::string& out, const pyaot::str& value) {
  for (char32_t c : value.view()) append_utf8(out, c);
}

/// f"{s:>8}": the width counts code points.
inline void append_padded(std::string& out, const pyaot::str& value, int width, bool left) {
  const std::int64_t n = value.size();
  const std::size_t pad = n < width ? static_cast<std::size_t>(width - n) : 0;
  if (!left) out.append(pad, ' ');
  append_str(out, value);
  if (left) out.append(pad, ' ');
}
}  // namespace format

// ---- reading -----------------------------------------------------------------------------

[[gnu::always_inline]] inline bool str_get(str& out, const str& s, std::int64_t i) {
  const std::int64_t n = s.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] return raise(Exc::IndexError, "string index out of range");
  out = str::of_char(s[static_cast<std::size_t>(i)]);
  return true;
}

namespace detail {
inline std::int64_t clamp_str_index(std::int64_t i, std::int64_t n) {
  if (i < 0) {
    i += n;
    if (i < 0) i = 0;
  }
  return i < n ? i : n;
}
}  // namespace detail

/// s[start:stop:step] (None bounds given as has_start/has_stop false).
inline bool str_slice(str& out, const str& s, bool has_start, std::int64_t start, bool has_stop,
                      std::int64_t stop, std::int64_t step) {
  if (step == 0) [[unlikely]] return raise(Exc::ValueError, "slice step cannot be zero");
  const std::int64_t n = s.size();
  const std::u32string_view v = s.view();
  if (step == 1) {
    const std::int64_t lo = has_start ? detail::clamp_str_index(start, n) : 0;
    const std::int64_t hi = has_stop ? detail::clamp_str_index(stop, n) : n;
    out = hi > lo ? str::of(v.substr(static_cast<std::size_t>(lo),
                                     static_cast<std::size_t>(hi - lo)))
                  : str();
    return true;
  }
  std::u32string text;
  if (step > 0) {
    const std::int64_t lo = has_start ? detail::clamp_str_index(start, n) : 0;
    const std::int64_t hi = has_stop ? detail::clamp_str_index(stop, n) : n;
    for (std::int64_t i = lo; i < hi; i += step) text.push_back(v[static_cast<std::size_t>(i)]);
  } else {
    auto bound = [n](std::int64_t i) {
      return i < 0 ? (i + n < -1 ? -1 : i + n) : (i > n - 1 ? n - 1 : i);
    };
    const std::int64_t lo = has_start ? bound(start) : n - 1;
    const std::int64_t hi = has_stop ? bound(stop) : -1;
    for (std::int64_t i = lo; i > hi; i += step) text.push_back(v[static_cast<std::size_t>(i)]);
  }
  out = str::of(std::move(text));
  return true;
}

inline str str_concat(const str& a, const str& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  char32_t* chars;
  str out = str::with_size(static_cast<std::size_t>(a.size() + b.size()), chars);
  detail::copy_chars(detail::copy_chars(chars, a.view()), b.view());
  return out;
}

inline bool str_repeat(str& out, const str& s, std::int64_t times) {
  if (times <= 0 || s.empty()) {
    out = str();
    return true;
  }
  if (times > INT64_MAX / s.size() ||
      !can_allocate(static_cast<std::uint64_t>(s.size() * times), sizeof(char32_t))) {
    return raise(Exc::MemoryError, "");
  }
  char32_t* chars;
  const std::u32string_view v = s.view();
  out = str::with_size(v.size() * static_cast<std::size_t>(times), chars);
  for (std::int64_t k = 0; k < times; ++k) chars = detail::copy_chars(chars, v);
  return true;
}

/// n * s
inline bool str_repeat_left(str& out, std::int64_t times, const str& s) {
  return str_repeat(out, s, times);
}

// Comparisons by code point, as Python orders strings.
inline bool str_eq(const str& a, const str& b) { return a.view() == b.view(); }
inline bool str_ne(const str& a, const str& b) { return a.view() != b.view(); }
inline bool str_lt(const str& a, const str& b) { return a.view() < b.view(); }
inline bool str_le(const str& a, const str& b) { return a.view() <= b.view(); }
inline bool str_gt(const str& a, const str& b) { return a.view() > b.view(); }
inline bool str_ge(const str& a, const str& b) { return a.view() >= b.view(); }

/// sub in s
inline bool str_in(const str& sub, const str& s) {
  return s.view().find(sub.view()) != std::u32string_view::npos;
}
inline bool str_not_in(const str& sub, const str& s) { return !str_in(sub, s); }

inline std::int64_t str_len(const str& s) { return s.size(); }
inline bool str_bool(const str& s) { return !s.empty(); }
inline str str_empty() { return str(); }

// Lists of strings compare their items with these (list.hpp's py_eq/py_lt use == and <).
inline bool operator==(const str& a, const str& b) { return str_eq(a, b); }
inline bool operator<(const str& a, const str& b) { return str_lt(a, b); }

/// A hash of the code points (FNV-1a); CPython's str hash is randomized per process, so no
/// program can depend on its value.
inline std::int64_t py_hash(const str& s) {
  StrBox* box = s.box();
  if (box != nullptr && box->hash != -1) return box->hash;
  std::uint64_t h = 14695981039346656037ull;
  for (char32_t c : s.view()) {
    h ^= static_cast<std::uint64_t>(c);
    h *= 1099511628211ull;
  }
  auto out = static_cast<std::int64_t>(h);
  out = out == -1 ? -2 : out;
  if (box != nullptr) box->hash = out;
  return out;
}

// ---- conversions -------------------------------------------------------------------------

inline str str_ascii(std::string_view text) {
  char32_t* chars;
  str out = str::with_size(text.size(), chars);
  for (char c : text) *chars++ = static_cast<unsigned char>(c);
  return out;
}

inline str str_of(std::int64_t value) {
  char digits[24];
  char* end = digits + sizeof digits;
  char* p = end;
  auto u = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  do {
    *--p = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (value < 0) *--p = '-';
  if (p + 1 == end) return str::of_char(static_cast<unsigned char>(*p));
  return str_ascii(std::string_view(p, static_cast<std::size_t>(end - p)));
}
inline str str_of(double value) {
  std::string text;
  format::append_str(text, value);
  return str_ascii(text);
}
inline str str_of(bool value) { return str_ascii(value ? "True" : "False"); }
inline str str_of(const str& value) { return value; }

/// chr(i)
inline bool str_chr(str& out, std::int64_t code) {
  if (code < 0 || code > 0x10FFFF) [[unlikely]] {
    return raise(Exc::ValueError, "chr() arg not in range(0x110000)");
  }
  out = str::of_char(static_cast<char32_t>(code));
  return true;
}

/// ord(s)
inline bool str_ord(std::int64_t& out, const str& s) {
  if (s.size() != 1) [[unlikely]] {
    return raise_format(Exc::TypeError, "ord() expected a character, but string of length %lld "
                        "found", static_cast<long long>(s.size()));
  }
  out = static_cast<std::int64_t>(s[0]);
  return true;
}

}  // namespace pyaot

#include "pyaot/builtins/str_sort.hpp"  // IWYU pragma: export
