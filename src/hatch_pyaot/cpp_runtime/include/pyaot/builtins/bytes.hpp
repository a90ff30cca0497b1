#pragma once
// Python's bytes: an immutable sequence of ints 0..255, as a handle to one reference-counted
// buffer (the empty bytes needs none), the same shape as str (str.hpp) with a byte per item.
// b[i] is an int, b[a:b] a bytes; ==, < and `in` compare bytes as CPython does (memcmp).
//
// Operations that can fail return false with the Python exception pending (error.hpp).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "pyaot/builtins/list.hpp"
#include "pyaot/counted.hpp"
#include "pyaot/error.hpp"
#include "pyaot/memory.hpp"

namespace pyaot {

/// One allocation: the count, the length and a cached hash, then the bytes.
struct BytesBox {
  std::int64_t refs;
  std::int64_t size;
  std::int64_t hash;  ///< py_hash once asked (-1: not yet)
  unsigned char* data() noexcept { return reinterpret_cast<unsigned char*>(this + 1); }
};

class bytes {
 public:
  bytes() = default;  ///< b""

  /// n bytes to fill in through `data`.
  static bytes with_size(std::size_t n, unsigned char*& data) {
    bytes out;
    data = nullptr;
    if (n == 0) return out;
    void* memory = std::malloc(sizeof(BytesBox) + n);
    if (memory == nullptr) std::abort();  // sizes a program chooses are checked first
    out.box_ = counted<BytesBox, free_box>::adopt(static_cast<BytesBox*>(memory));
    out.box_->refs = 1;
    out.box_->size = static_cast<std::int64_t>(n);
    out.box_->hash = -1;
    data = out.box_->data();
    return out;
  }
  static bytes of(std::string_view text) {
    unsigned char* data;
    bytes out = with_size(text.size(), data);
    if (!text.empty()) std::memcpy(data, text.data(), text.size());
    return out;
  }
  /// A literal of the source (generated code writes its bytes as a C++ string literal).
  static bytes lit(const char* text, std::size_t n) { return of(std::string_view(text, n)); }

  std::string_view view() const noexcept {
    return box_ ? std::string_view(reinterpret_cast<const char*>(box_->data()),
                                   static_cast<std::size_t>(box_->size))
                : std::string_view();
  }
  std::int64_t size() const noexcept { return box_ ? box_->size : 0; }
  bool empty() const noexcept { return !box_; }
  /// The byte at i as an int.
  std::int64_t operator[](std::size_t i) const noexcept { return box_->data()[i]; }
  BytesBox* box() const noexcept { return box_.get(); }

 private:
  counted<BytesBox, free_box> box_;
};

// ---- reading -----------------------------------------------------------------------------

inline bool bytes_get(std::int64_t& out, const bytes& b, std::int64_t i) {
  const std::int64_t n = b.size();
  if (i < 0) i += n;
  if (i < 0 || i >= n) [[unlikely]] return raise(Exc::IndexError, "index out of range");
  out = b[static_cast<std::size_t>(i)];
  return true;
}

/// b[start:stop:step] (None bounds given as has_start/has_stop false).
inline bool bytes_slice(bytes& out, const bytes& b, bool has_start, std::int64_t start,
                        bool has_stop, std::int64_t stop, std::int64_t step) {
  if (step == 0) [[unlikely]] return raise(Exc::ValueError, "slice step cannot be zero");
  const std::int64_t n = b.size();
  const std::string_view v = b.view();
  std::string text;
  if (step > 0) {
    auto bound = [n](std::int64_t i) { return i < 0 ? (i + n < 0 ? 0 : i + n) : (i > n ? n : i); };
    const std::int64_t lo = has_start ? bound(start) : 0;
    const std::int64_t hi = has_stop ? bound(stop) : n;
    if (step == 1) {
      out = hi > lo ? bytes::of(v.substr(static_cast<std::size_t>(lo),
                                         static_cast<std::size_t>(hi - lo)))
                    : bytes();
      return true;
    }
    for (std::int64_t i = lo; i < hi; i += step) text.push_back(v[static_cast<std::size_t>(i)]);
  } else {
    auto bound = [n](std::int64_t i) {
      return i < 0 ? (i + n < -1 ? -1 : i + n) : (i > n - 1 ? n - 1 : i);
    };
    const std::int64_t lo = has_start ? bound(start) : n - 1;
    const std::int64_t hi = has_stop ? bound(stop) : -1;
    for (std::int64_t i = lo; i > hi; i += step) text.push_back(v[static_cast<std::size_t>(i)]);
  }
  out = bytes::of(text);
  return true;
}

inline bytes bytes_concat(const bytes& a, const bytes& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  unsigned char* data;
  bytes out = bytes::with_size(static_cast<std::size_t>(a.size() + b.size()), data);
  std::memcpy(data, a.view().data(), a.view().size());
  std::memcpy(data + a.view().size(), b.view().data(), b.view().size());
  return out;
}

inline bool bytes_repeat(bytes& out, const bytes& b, std::int64_t times) {
  if (times <= 0 || b.empty()) {
    out = bytes();
    return true;
  }
  if (times > INT64_MAX / b.size() || !can_allocate(static_cast<std::uint64_t>(b.size() * times), 1)) {
    return raise(Exc::MemoryError, "");
  }
  unsigned char* data;
  const std::string_view v = b.view();
  out = bytes::with_size(v.size() * static_cast<std::size_t>(times), data);
  for (std::int64_t k = 0; k < times; ++k, data += v.size()) std::memcpy(data, v.data(), v.size());
  return true;
}

inline bool bytes_repeat_left(bytes& out, std::int64_t times, const bytes& b) {
  return bytes_repeat(out, b, times);
}

// Comparisons byte by byte (std::string_view compares as unsigned char, as memcmp does).
inline bool bytes_eq(const bytes& a, const bytes& b) { return a.view() == b.view(); }
inline bool bytes_ne(const bytes& a, const bytes& b) { return a.view() != b.view(); }
inline bool bytes_lt(const bytes& a, const bytes& b) { return a.view() < b.view(); }
inline bool bytes_le(const bytes& a, const bytes& b) { return a.view() <= b.view(); }
inline bool bytes_gt(const bytes& a, const bytes& b) { return a.view() > b.view(); }
inline bool bytes_ge(const bytes& a, const bytes& b) { return a.view() >= b.view(); }
inline bool operator==(const bytes& a, const bytes& b) { return bytes_eq(a, b); }
inline bool operator<(const bytes& a, const bytes& b) { return bytes_lt(a, b); }

/// sub in b
inline bool bytes_in(const bytes& sub, const bytes& b) {
  return b.view().find(sub.view()) != std::string_view::npos;
}
inline bool bytes_not_in(const bytes& sub, const bytes& b) { return !bytes_in(sub, b); }

/// i in b: an int is a byte value (ValueError outside 0..255, as CPython).
inline bool bytes_has(bool& out, std::int64_t value, const bytes& b) {
  if (value < 0 || value > 255) [[unlikely]] {
    return raise(Exc::ValueError, "byte must be in range(0, 256)");
  }
  out = b.view().find(static_cast<char>(value)) != std::string_view::npos;
  return true;
}
inline bool bytes_has_not(bool& out, std::int64_t value, const bytes& b) {
  if (!bytes_has(out, value, b)) return false;
  out = !out;
  return true;
}

inline std::int64_t bytes_len(const bytes& b) { return b.size(); }
inline bool bytes_bool(const bytes& b) { return !b.empty(); }
inline bytes bytes_empty() { return bytes(); }

/// bytes(n): n zero bytes.
inline bool bytes_zeros(bytes& out, std::int64_t n) {
  if (n < 0) [[unlikely]] return raise(Exc::ValueError, "negative count");
  if (!can_allocate(static_cast<std::uint64_t>(n), 1)) return false;
  unsigned char* data;
  out = bytes::with_size(static_cast<std::size_t>(n), data);
  if (n > 0) std::memset(data, 0, static_cast<std::size_t>(n));
  return true;
}

/// bytes(list of ints)
inline bool bytes_of_list(bytes& out, const list<std::int64_t>& items) {
  const auto& v = items.items();
  unsigned char* data;
  bytes made = bytes::with_size(v.size(), data);
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] < 0 || v[i] > 255) [[unlikely]] {
      return raise(Exc::ValueError, "bytes must be in range(0, 256)");
    }
    data[i] = static_cast<unsigned char>(v[i]);
  }
  out = std::move(made);
  return true;
}

/// list(b): its ints.
inline list<std::int64_t> bytes_ints(const bytes& b) {
  list<std::int64_t> out = list<std::int64_t>::make(static_cast<std::size_t>(b.size()));
  for (unsigned char c : b.view()) out.items().push_back(c);
  return out;
}

/// b.hex()
inline std::string bytes_hex_text(const bytes& b) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string text;
  text.reserve(static_cast<std::size_t>(b.size()) * 2);
  for (unsigned char c : b.view()) {
    text.push_back(digits[c >> 4]);
    text.push_back(digits[c & 15]);
  }
  return text;
}

/// CPython's bytes hash is randomized per process (as str's): FNV-1a of the bytes.
inline std::int64_t py_hash(const bytes& b) {
  BytesBox* box = b.box();
  if (box != nullptr && box->hash != -1) return box->hash;
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : b.view()) {
    h ^= c;
    h *= 1099511628211ull;
  }
  auto out = static_cast<std::int64_t>(h);
  out = out == -1 ? -2 : out;
  if (box != nullptr) box->hash = out;
  return out;
}

/// repr(b) in a message, as CPython writes it: b'...' with \x escapes.
inline void append_repr(std::string& out, const bytes& b) {
  const std::string_view v = b.view();
  const bool single = v.find('\'') != std::string_view::npos;
  const char quote = single && v.find('"') == std::string_view::npos ? '"' : '\'';
  static constexpr char digits[] = "0123456789abcdef";
  out += 'b';
  out += quote;
  for (char ch : v) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c >= 0x7F) {
      out += "\\x";
      out += digits[c >> 4];
      out += digits[c & 15];
    } else {
      out += ch;
    }
  }
  out += quote;
}

}  // namespace pyaot
