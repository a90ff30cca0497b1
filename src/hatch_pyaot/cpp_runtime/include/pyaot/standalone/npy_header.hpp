#pragma once
// The header of a NumPy .npy file, read without trusting it (pyaot/standalone/npy.hpp reads
// and writes whole files with it).
//
// A file starts with the magic string "\x93NUMPY", a format version (1.0: a 2-byte header
// length; 2.0 and 3.0: 4 bytes), then the header: the text of a Python dict literal such as
// {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }, padded with spaces and a
// newline. numpy reads it with ast.literal_eval; here a small recursive-descent reader takes
// the same literals (strings, ints, True/False/None, nested tuples, lists and dicts, at most
// 32 deep), keeps the last of repeated keys as a dict does, and requires exactly the keys
// 'descr', 'fortran_order' (a bool) and 'shape' (a tuple of ints), as numpy does. Every
// problem is a ValueError "argument 'img' is not a valid .npy file: <what>"; a valid header
// of another dtype or rank is the TypeError check_type raises.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/standalone/text.hpp"

namespace pyaot::standalone {

namespace npy {

inline constexpr int kMaxDims = 64;  ///< NumPy's NPY_MAXDIMS
inline constexpr std::size_t kMaxHeader = std::size_t{1} << 20;  ///< longer headers: refused
inline constexpr std::string_view kMagic{"\x93NUMPY", 6};

/// What a .npy header says.
struct Header {
  int version = 1;              ///< the format's major version: 1, 2 or 3
  std::size_t data_offset = 0;  ///< where the elements start
  std::string_view descr;       ///< the 'descr' value as written (for messages)
  char kind = 0;                ///< 'b', 'i', 'u', 'f', 'c' for a plain numeric dtype, else 0
  int itemsize = 0;
  bool swap = false;  ///< multi-byte items in the other byte order
  bool fortran_order = false;
  int ndim = 0;
  std::array<std::int64_t, kMaxDims> shape{};
};

/// ValueError "argument 'img' is not a valid .npy file: <what>".
[[gnu::cold]] inline bool malformed(const char* param, const std::string& what) noexcept {
  return raise_format(Exc::ValueError, "argument '%s' is not a valid .npy file: %s", param,
                      what.c_str());
}

inline std::uint64_t read_le(std::string_view bytes, std::size_t at, int width) noexcept {
  std::uint64_t value = 0;
  for (int k = width - 1; k >= 0; --k) {
    value = (value << 8) | static_cast<unsigned char>(bytes[at + static_cast<std::size_t>(k)]);
  }
  return value;
}

/// The magic string, version and header length at the start of `first` (the file's first 12
/// bytes, or all of it when shorter): where the header text starts and its length.
inline bool read_preamble(std::string_view first, std::size_t& header_at,
                          std::size_t& header_length, const char* param) noexcept {
  if (first.substr(0, kMagic.size()) != kMagic) {
    return malformed(param, "it does not start with the magic string \\x93NUMPY");
  }
  if (first.size() < 8) return malformed(param, "it ends inside its format version");
  const int major = static_cast<unsigned char>(first[6]);
  const int minor = static_cast<unsigned char>(first[7]);
  if (major < 1 || major > 3 || minor != 0) {
    return malformed(param, "format version " + std::to_string(major) + "." +
                                std::to_string(minor) + " is not supported (1.0, 2.0 and 3.0 are)");
  }
  const int width = major == 1 ? 2 : 4;
  header_at = 8 + static_cast<std::size_t>(width);
  if (first.size() < header_at) return malformed(param, "it ends inside its header length");
  const std::uint64_t length = read_le(first, 8, width);
  if (length > kMaxHeader) {
    return malformed(param, "its header is too long (" + std::to_string(length) + " bytes)");
  }
  header_length = static_cast<std::size_t>(length);
  return true;
}

// ---- The header: a Python dict literal ------------------------------------------------------

enum class Literal { String, Int, Name, Tuple, List, Dict, Number };

/// A value of the header's dict: its kind and where its text is (for a string: its contents).
struct Span {
  Literal kind = Literal::Name;
  std::size_t begin = 0;
  std::size_t end = 0;
  bool one_item_without_comma = false;  ///< "(3)": parentheses, not a tuple
};

/// A recursive-descent reader of the Python literals numpy writes in a header (and those
/// ast.literal_eval would accept around them: nested tuples, lists, dicts, negative numbers).
class LiteralReader {
 public:
  /// `python2_longs`: ints may end in 'L' (numpy takes that in version 1.0 and 2.0 headers,
  /// which Python 2 may have written).
  LiteralReader(std::string_view text, bool python2_longs) noexcept
      : text_(text), python2_longs_(python2_longs) {}

  bool at_end() noexcept {
    skip_space();
    return at_ >= text_.size();
  }

  /// Skips what may precede the literal, as ast.literal_eval does: spaces and tabs, then
  /// blank lines; false when the first line is indented (Python's IndentationError; a form
  /// feed sets the indentation back to zero).
  bool skip_leading() noexcept {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t')) ++at_;
    bool indented = false;
    while (at_ < text_.size()) {
      const char c = text_[at_];
      if (c == '\n' || c == '\r') {
        indented = false;
      } else if (c == ' ' || c == '\t') {
        indented = true;
      } else if (c == '\f') {
        indented = false;
      } else {
        break;
      }
      ++at_;
    }
    return !indented;
  }

  bool accept(char c) noexcept {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  std::size_t position() const noexcept { return at_; }

  /// One value; false on a syntax error (or nesting deeper than 32).
  bool value(Span& out) noexcept {
    skip_space();
    if (at_ >= text_.size()) return false;
    const char c = text_[at_];
    if (c == '\'' || c == '"') return string(out);
    if (c == '(' || c == '[' || c == '{') return group(out);
    if (c == '-' || c == '+' || c == '.' || is_digit(c)) return number(out);
    if (is_name_start(c)) {
      out.kind = Literal::Name;
      out.begin = at_;
      while (at_ < text_.size() && (is_name_start(text_[at_]) || is_digit(text_[at_]))) ++at_;
      out.end = at_;
      const std::string_view name = text_.substr(out.begin, out.end - out.begin);
      return name == "True" || name == "False" || name == "None";
    }
    return false;
  }

 private:
  static bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }
  static bool is_name_start(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  void skip_space() noexcept {
    // Python's tokenizer: not \v
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' ||
                                  text_[at_] == '\r' || text_[at_] == '\f')) {
      ++at_;
    }
  }

  bool string(Span& out) noexcept {
    const char quote = text_[at_++];
    out.kind = Literal::String;
    out.begin = at_;
    while (at_ < text_.size() && text_[at_] != quote) {
      if (text_[at_] == '\n' || text_[at_] == '\r') return false;
      if (text_[at_] == '\\') ++at_;
      ++at_;
    }
    if (at_ >= text_.size()) return false;
    out.end = at_++;
    return true;
  }

  /// An int (digits with single underscores between them, no leading zero unless all are,
  /// an optional sign and maybe Python 2's 'L'), or another number token (a float: kept
  /// whole, interpreted by nobody).
  bool number(Span& out) noexcept {
    out.begin = at_;
    if (text_[at_] == '-' || text_[at_] == '+') {
      ++at_;
      skip_space();
    }
    const std::size_t digits = at_;
    while (at_ < text_.size() && (is_digit(text_[at_]) || is_name_start(text_[at_]) ||
                                  text_[at_] == '.')) {
      ++at_;
    }
    out.end = at_;
    if (digits == at_) return false;
    std::string_view body = text_.substr(digits, at_ - digits);
    if (!is_digit(body[0]) && !(body[0] == '.' && body.size() > 1 && is_digit(body[1]))) {
      return false;
    }
    if (python2_longs_ && body.size() > 1 && body.back() == 'L') body.remove_suffix(1);
    bool is_int = is_digit(body.back());
    bool nonzero = false;
    for (std::size_t k = 0; is_int && k < body.size(); ++k) {
      is_int = is_digit(body[k]) || (body[k] == '_' && is_digit(body[k + 1]));
      nonzero = nonzero || (body[k] >= '1' && body[k] <= '9');
    }
    if (is_int && body[0] == '0' && nonzero) return false;  // "01" is a SyntaxError
    out.kind = is_int ? Literal::Int : Literal::Number;
    return true;
  }

  /// A tuple, list or dict (a dict's keys and values are values too).
  bool group(Span& out) noexcept {
    const char open = text_[at_];
    const char close = open == '(' ? ')' : open == '[' ? ']' : '}';
    if (++depth_ > 32) return false;
    out.kind = open == '(' ? Literal::Tuple : open == '[' ? Literal::List : Literal::Dict;
    out.begin = at_++;
    int items = 0;
    bool comma = false;
    while (true) {
      if (accept(close)) break;
      if (items > 0 && !comma) return false;
      Span item;
      if (!value(item)) return false;
      if (open == '{' && (!accept(':') || !value(item))) return false;
      ++items;
      comma = accept(',');
    }
    out.end = at_;
    out.one_item_without_comma = open == '(' && items == 1 && !comma;
    --depth_;
    return true;
  }

  std::string_view text_;
  bool python2_longs_;
  std::size_t at_ = 0;
  int depth_ = 0;
};

inline std::string_view span_text(std::string_view text, const Span& span) noexcept {
  return text.substr(span.begin, span.end - span.begin);
}

/// The literal as written, for messages: quoted (a string's) and made printable.
inline std::string literal_repr(std::string_view text, const Span& span) {
  std::string shown = repr(span_text(text, span));
  if (span.kind == Literal::String) return shown;
  return shown.substr(1, shown.size() - 2);
}

/// The 'shape' value: a tuple of non-negative ints below 2**63, at most kMaxDims of them.
inline bool read_shape(Header& header, std::string_view text, const Span& span,
                       const char* param) {
  const auto invalid = [&](const char* why) {
    return malformed(param, "its shape " + literal_repr(text, span) + " is not valid (" + why +
                                ")");
  };
  if (span.kind != Literal::Tuple || span.one_item_without_comma) {
    return invalid("not a tuple");
  }
  LiteralReader reader(span_text(text, span).substr(1), header.version < 3);
  header.ndim = 0;
  while (!reader.accept(')')) {
    Span item;
    const std::size_t base = span.begin + 1;
    if (!reader.value(item) || item.kind != Literal::Int) return invalid("not a tuple of ints");
    const std::string_view digits = text.substr(base + item.begin, item.end - item.begin);
    if (header.ndim == kMaxDims) return invalid("more than 64 dimensions");
    std::uint64_t value = 0;
    for (char c : digits) {
      if (c < '0' || c > '9') continue;  // a sign, '_', 'L'
      const auto digit = static_cast<std::uint64_t>(c - '0');
      constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
      if (value > (limit - digit) / 10) return invalid("a dimension of 2**63 or more");
      value = value * 10 + digit;
    }
    if (digits.front() == '-' && value != 0) return invalid("a negative dimension");
    header.shape[static_cast<std::size_t>(header.ndim++)] = static_cast<std::int64_t>(value);
    reader.accept(',');
  }
  return true;
}

/// The 'descr' value: a plain dtype string sets kind, itemsize and swap; anything else that
/// numpy might understand (structured, subarray, strings, datetimes) leaves kind 0.
inline bool read_descr(Header& header, std::string_view text, const Span& span,
                       const char* param) {
  header.descr = span_text(text, span);
  header.kind = 0;
  header.itemsize = 0;
  if (span.kind == Literal::List || span.kind == Literal::Tuple || span.kind == Literal::Dict) {
    return true;
  }
  if (span.kind != Literal::String) {
    return malformed(param, "its descr " + literal_repr(text, span) +
                                " is not a valid dtype descriptor");
  }
  std::string_view descr = header.descr;
  char order = '=';
  if (!descr.empty() && std::string_view("<>|=").find(descr[0]) != std::string_view::npos) {
    order = descr[0];
    descr.remove_prefix(1);
  }
  static constexpr struct {
    const char* name;
    char kind;
    int itemsize;
  } names[] = {
      // numpy's names, and the type characters whose size no platform changes
      {"bool", 'b', 1},   {"int8", 'i', 1},    {"int16", 'i', 2},   {"int32", 'i', 4},
      {"int64", 'i', 8},  {"uint8", 'u', 1},   {"uint16", 'u', 2},  {"uint32", 'u', 4},
      {"uint64", 'u', 8}, {"float32", 'f', 4}, {"float64", 'f', 8}, {"?", 'b', 1},
      {"b", 'i', 1},      {"B", 'u', 1},       {"h", 'i', 2},       {"H", 'u', 2},
      {"i", 'i', 4},      {"I", 'u', 4},       {"q", 'i', 8},       {"Q", 'u', 8},
      {"e", 'f', 2},      {"f", 'f', 4},       {"d", 'f', 8},
  };
  for (const auto& known : names) {
    if (descr == known.name) {
      header.kind = known.kind;
      header.itemsize = known.itemsize;
    }
  }
  if (header.kind == 0 && descr.size() >= 2 && descr.size() <= 3 &&
      std::string_view("biufc").find(descr[0]) != std::string_view::npos) {
    int size = 0;
    for (char c : descr.substr(1)) size = c >= '0' && c <= '9' ? size * 10 + (c - '0') : -1000;
    const char kind = descr[0];
    const bool known = kind == 'b'   ? size == 1
                       : kind == 'c' ? size == 8 || size == 16 || size == 32
                       : kind == 'f' ? size == 2 || size == 4 || size == 8 || size == 16
                                     : size == 1 || size == 2 || size == 4 || size == 8;
    if (known) {
      header.kind = kind;
      header.itemsize = size;
    }
  }
  constexpr bool little = std::endian::native == std::endian::little;
  header.swap = header.itemsize > 1 && ((order == '<' && !little) || (order == '>' && little));
  return true;
}

/// numpy's name of the header's dtype ("float64", "complex128"), or the descr as written
/// ("<U5", "[('a', '<i4')]"; its repr when it holds unprintable characters).
inline std::string dtype_name(const Header& header) {
  const int bits = header.itemsize * 8;
  switch (header.kind) {
    case 'b': return "bool";
    case 'i': return "int" + std::to_string(bits);
    case 'u': return "uint" + std::to_string(bits);
    case 'f': return bits == 128 ? "longdouble" : "float" + std::to_string(bits);
    case 'c': return "complex" + std::to_string(bits);
    default: break;
  }
  const std::string shown = repr(header.descr);
  if (shown.size() == 2 || shown.find('\\') != std::string::npos) return shown;
  return shown.substr(1, shown.size() - 2);
}

/// Parses the preamble and header at the start of `bytes` (which must hold them whole, or be
/// the whole file).
inline bool parse_header(Header& header, std::string_view bytes, const char* param) {
  std::size_t header_at = 0;
  std::size_t header_length = 0;
  if (!read_preamble(bytes, header_at, header_length, param)) return false;
  if (bytes.size() - header_at < header_length) {
    return malformed(param, "it ends inside its header (" + std::to_string(header_length) +
                                " bytes announced, " + std::to_string(bytes.size() - header_at) +
                                " present)");
  }
  header.data_offset = header_at + header_length;
  const std::string_view text = bytes.substr(header_at, header_length);
  const auto cannot_parse = [&](const char* why) {
    return malformed(param, std::string("cannot parse its header (") + why + "): " + repr(text));
  };
  header.version = static_cast<unsigned char>(bytes[6]);
  LiteralReader reader(text, header.version < 3);
  if (!reader.skip_leading()) return cannot_parse("indented");
  if (!reader.accept('{')) return cannot_parse("not a dict");
  Span descr;
  Span fortran_order;
  Span shape;
  bool seen[3] = {false, false, false};
  bool comma = true;
  std::string unexpected;
  while (!reader.accept('}')) {
    Span key;
    Span value;
    if (!comma) return cannot_parse("a comma is missing");
    if (!reader.value(key) || !reader.accept(':') || !reader.value(value)) {
      return cannot_parse("not a Python literal");
    }
    comma = reader.accept(',');
    const std::string_view name = key.kind == Literal::String ? span_text(text, key) : "";
    // a repeated key: the last one counts, as in a Python dict
    if (name == "descr") {
      descr = value;
      seen[0] = true;
    } else if (name == "fortran_order") {
      fortran_order = value;
      seen[1] = true;
    } else if (name == "shape") {
      shape = value;
      seen[2] = true;
    } else if (unexpected.empty()) {
      unexpected = literal_repr(text, key);
    }
  }
  if (!reader.at_end()) return cannot_parse("text after the dict");
  if (!unexpected.empty()) {
    return malformed(param, "its header has an unexpected key " + unexpected);
  }
  if (!seen[0] || !seen[1] || !seen[2]) {
    return malformed(param, std::string("its header has no '") +
                                (!seen[0] ? "descr" : !seen[1] ? "fortran_order" : "shape") +
                                "' key");
  }
  if (!read_shape(header, text, shape, param)) return false;
  const std::string_view order = span_text(text, fortran_order);
  if (fortran_order.kind != Literal::Name || order == "None") {
    return malformed(param, "its fortran_order " + literal_repr(text, fortran_order) +
                                " is not a bool");
  }
  header.fortran_order = order == "True";
  return read_descr(header, text, descr, param);
}

/// "a float64", "an int8", "a <U5".
inline std::string with_article(const std::string& name) {
  return (name[0] == 'i' ? "an " : "a ") + name;
}

/// TypeError unless the file holds a T array of rank N.
/// The rank of the last .npy file whose dtype was right and rank not, or -1: a program
/// compiled for several ranks then tries its next variant (codegen/standalone.py). Reset by
/// each read.
inline int& other_rank() noexcept {
  static int rank = -1;
  return rank;
}

/// The ranks a parameter was compiled for while its file is read, when there are several
/// (set by Args::get): check_type's message then names them all.
struct RankRange {
  int lowest = 0;
  int highest = 0;
};
inline RankRange& compiled_ranks() noexcept {
  static RankRange ranks;
  return ranks;
}

template <class T, int N>
bool check_type(const Header& header, const char* param) {
  using traits = numpy::dtype_traits<T>;
  const bool dtype = header.kind == traits::kind && header.itemsize == traits::itemsize;
  if (dtype && header.ndim == N) return true;
  if (dtype) other_rank() = header.ndim;
  const bool supported = header.kind == 'b' || header.kind == 'i' || header.kind == 'u' ||
                         (header.kind == 'f' && header.itemsize != 2 && header.itemsize != 16);
  const std::string got = with_article(dtype_name(header));
  const RankRange ranks = compiled_ranks();
  const std::string rank = ranks.highest > ranks.lowest
                               ? std::to_string(ranks.lowest) + " to " + std::to_string(ranks.highest)
                               : std::to_string(N);
  return raise_format(Exc::TypeError,
                      "argument '%s' must be %s array of rank %s, not %s array of rank %d%s", param,
                      with_article(traits::name).c_str(), rank.c_str(), got.c_str(), header.ndim,
                      supported ? "" : " (unsupported dtype)");
}

/// The byte count of the elements, checked against the `available` bytes after the header
/// (and against PTRDIFF_MAX, without overflow).
inline bool data_size(std::size_t& nbytes, const Header& header, std::uint64_t available,
                      const char* param) {
  constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::ptrdiff_t>::max());
  std::uint64_t product = static_cast<std::uint64_t>(header.itemsize);
  bool zero = false;
  for (int axis = 0; axis < header.ndim; ++axis) {
    const auto dim = static_cast<std::uint64_t>(header.shape[static_cast<std::size_t>(axis)]);
    if (dim == 0) {
      zero = true;
    } else if (product > limit / dim) {
      return malformed(param, "its shape " + numpy::detail::shape_repr(header.shape.data(),
                                                                       header.ndim) +
                                  " is too large");
    } else {
      product *= dim;
    }
  }
  const std::uint64_t total = zero ? 0 : product;
  if (total > available) {
    return malformed(param, "its data is truncated (shape " +
                                numpy::detail::shape_repr(header.shape.data(), header.ndim) +
                                " of " + dtype_name(header) + " needs " + std::to_string(total) +
                                " bytes, " + std::to_string(available) + " follow the header)");
  }
  nbytes = static_cast<std::size_t>(total);
  return true;
}

}  // namespace npy

}  // namespace pyaot::standalone
