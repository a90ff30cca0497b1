#pragma once
// The command line of a standalone executable: `<tag> --n 20 --x=2.5 --img in.npy`.
//
// Generated code declares the compiled function's parameters, parses, then fetches each value
// into a variable that already holds the parameter's default (print_exception and
// print_result, for the end of main, are in pyaot/standalone/result.hpp):
//
//   namespace sa = pyaot::standalone;
//   static constexpr sa::Param params[] = {
//       {.name = "img", .kind = sa::Kind::Array, .dtype = "uint8", .ndim = 2},
//       {.name = "sigma", .kind = sa::Kind::Float, .default_repr = "1.5"},
//       {.name = "level", .kind = sa::Kind::Scalar, .dtype = "int8", .default_repr = "3"},
//   };
//   static constexpr sa::Program program{.prog = "blur", .description = "Blurs an image.",
//                                        .params = params, .nparams = 3, .output = true};
//   sa::Args args;
//   if (const int status = args.parse(program, argc, argv); status >= 0) return status;
//   pyaot::numpy::ndarray<std::uint8_t, 2> img;
//   if (!args.get(img, 0)) return sa::print_exception();   // reads the .npy file
//   double sigma = 1.5;
//   args.get(sigma, 1);                                     // unchanged when not given
//   std::int8_t level = 3;
//   args.get(level, 2);
//
// parse() returns -1 when main should go on, else the exit status: 0 after printing --help
// (-h) to stdout, 2 after printing a usage error to stderr, in argparse's form:
//
//   usage: blur [-h] --img IMG [--sigma SIGMA] [--level LEVEL] [--output FILE.npy]
//   blur: error: argument --sigma: invalid float value: 'x'
//
// The rules:
// - `--name value` or `--name=value`; a parameter `max_iter` is also `--max-iter`. A token
//   that starts with "--" is never taken as a value (write `--s=--text` for such a str).
// - Every argument at most once; every parameter without a default must be given.
// - int: Python's int() of the text (ASCII whitespace around it, a sign, '_' between
//   digits; not the non-ASCII digits and spaces Python also takes), within the int64 range.
// - float: Python's float() ('2.5', ' 1e3 ', 'inf', '-Infinity', 'nan', '1_000.5'; no
//   hexadecimal), rounded once to the nearest double (out of range: inf or 0.0, as Python).
// - bool: 'true' or 'false' in any case, or '1' or '0', nothing else (argparse's type=bool
//   would take any non-empty text as True).
// - str: the text as it is (bytes that are not UTF-8 are kept; JSON shows them as Python's
//   surrogateescape would).
// - Json (list[T], dict[str, T], set[T], frozenset[T], T | None, ...): JSON text as
//   json.loads reads it (pyaot/standalone/json_parse.hpp), or @FILE.json for a file's
//   (@- standard input); malformed JSON is a usage error. values.hpp converts it to the
//   parameter's type (a TypeError naming the item, as the C ABI words it).
// - Array: the path of a .npy file ("-": standard input), read by get().
// - Scalar (a NumPy scalar such as np.uint8 or np.float32): an int within the dtype's
//   bounds, a float (float(), then rounded to the dtype), or a bool, as above.
// - `--output FILE.npy` (only when Program::output) asks for the result in a .npy file; a
//   parameter named "output" takes precedence (the generator should then not set output).
//   -h and --help always ask for help: a parameter named "help" cannot be given.
// - `--output-img FILE.npy` (only for an Array parameter with Param::output) asks for the
//   array `img` in a .npy file after the call, with what the function wrote into it (an
//   in-place kernel); output(index) gives the path (result.hpp's write_argument writes it).
//   A parameter named "output_img" takes precedence.
// - An unknown argument is an error that suggests the closest name ("did you mean --n?").
//
// get() of an array reads the file then (pyaot/standalone/npy.hpp): a missing or malformed
// file, or one of another dtype or rank, is a pending ValueError or TypeError naming the
// parameter; main reports it like any exception raised by the function (exit status 1).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/standalone/json_parse.hpp"
#include "pyaot/standalone/npy.hpp"
#include "pyaot/standalone/text.hpp"

namespace pyaot::standalone {

/// What a parameter's annotation is.
enum class Kind : unsigned char {
  Int,     ///< int: std::int64_t
  Float,   ///< float: double
  Bool,    ///< bool
  Str,     ///< str: std::string or std::string_view
  Array,   ///< NDArray[dtype] of rank ndim: read from a .npy file
  Scalar,  ///< a NumPy scalar (np.float32, np.uint8, np.bool_, ...) of `dtype`
  Json,    ///< list, dict, set, T | None (`dtype` is the annotation): JSON, or @FILE.json
};

/// One parameter of the compiled function, in signature order.
struct Param {
  const char* name = nullptr;          ///< the Python name: given as --name
  Kind kind = Kind::Int;
  const char* dtype = nullptr;         ///< Array, Scalar: numpy's name ("uint8", "float32")
  int ndim = 0;                        ///< Array: the rank (the lowest, with max_ndim)
  int max_ndim = 0;                    ///< Array compiled for ranks ndim..max_ndim, or 0
  const char* default_repr = nullptr;  ///< nullptr: required; else repr(default) for --help
  const char* help = nullptr;          ///< a description for --help, or nullptr
  bool output = false;                 ///< Array: accept --output-<name> FILE.npy
};

/// The executable: its name, what --help says, and its parameters.
struct Program {
  const char* prog = "";                ///< the tag, in usage lines and error messages
  const char* description = nullptr;    ///< the docstring for --help, or nullptr
  const Param* params = nullptr;
  int nparams = 0;
  bool output = false;                  ///< accept --output FILE.npy (the result is an array)
};

namespace args_detail {

/// The ASCII whitespace int() and float() strip (" \t\n\v\f\r": not \x1c-\x1f, which
/// str.isspace() counts; the non-ASCII whitespace and digits Python also takes are refused).
inline bool is_space(char c) noexcept { return c == ' ' || (c >= '\t' && c <= '\r'); }

/// The text without the whitespace Python's int() and float() ignore around a number.
inline std::string_view strip(std::string_view text) noexcept {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

inline bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

/// Digits with single underscores between them (Python's digitpart) at text[at...]: appends
/// the digits to `digits`, advances `at`; false when there is no digit there.
inline bool digit_part(std::string_view text, std::size_t& at, std::string& digits) {
  if (at >= text.size() || !is_digit(text[at])) return false;
  while (at < text.size()) {
    if (is_digit(text[at])) {
      digits += text[at++];
    } else if (text[at] == '_' && at + 1 < text.size() && is_digit(text[at + 1])) {
      ++at;
    } else {
      break;
    }
  }
  return true;
}

/// Python's int(text) as a sign and a magnitude; `overflow` when it is 2**64 or more.
inline bool parse_int(std::string_view text, bool& negative, std::uint64_t& magnitude,
                      bool& overflow) {
  text = strip(text);
  negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  std::string digits;
  std::size_t at = 0;
  if (!digit_part(text, at, digits) || at != text.size()) return false;
  magnitude = 0;
  overflow = false;
  for (char c : digits) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) overflow = true;
    magnitude = magnitude * 10 + digit;
  }
  return true;
}

/// Whether lowercase(text) == word (word in lowercase).
inline bool equals_lower(std::string_view text, std::string_view word) noexcept {
  if (text.size() != word.size()) return false;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c =
        text[k] >= 'A' && text[k] <= 'Z' ? static_cast<char>(text[k] - 'A' + 'a') : text[k];
    if (c != word[k]) return false;
  }
  return true;
}

/// Python's float(text): whitespace around, a sign, then inf/infinity/nan in any case or a
/// decimal number with optional fraction and exponent ('_' between digits); no hexadecimal.
inline bool parse_float(std::string_view text, double& out) {
  text = strip(text);
  bool negative = false;
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (equals_lower(text, "inf") || equals_lower(text, "infinity")) {
    out = negative ? -std::numeric_limits<double>::infinity()
                   : std::numeric_limits<double>::infinity();
    return true;
  }
  if (equals_lower(text, "nan")) {
    out = negative ? -std::numeric_limits<double>::quiet_NaN()
                   : std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  std::string clean = negative ? "-" : "";
  std::size_t at = 0;
  const bool whole = digit_part(text, at, clean);
  bool fraction = false;
  if (at < text.size() && text[at] == '.') {
    clean += '.';
    ++at;
    fraction = digit_part(text, at, clean);
  }
  if (!whole && !fraction) return false;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    clean += 'e';
    ++at;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) clean += text[at++];
    if (!digit_part(text, at, clean)) return false;
  }
  if (at != text.size()) return false;
  out = std::strtod(clean.c_str(), nullptr);  // correctly rounded; overflow gives ±inf
  return true;
}

/// 'true'/'false' in any case, '1', '0'.
inline bool parse_bool(std::string_view text, bool& out) noexcept {
  if (equals_lower(text, "true") || text == "1") {
    out = true;
    return true;
  }
  if (equals_lower(text, "false") || text == "0") {
    out = false;
    return true;
  }
  return false;
}

/// The bounds of an integer dtype, as a sign-and-magnitude check; 0 for a non-integer dtype.
struct IntDtype {
  const char* name;
  bool is_signed;
  int bits;
};

inline constexpr IntDtype kIntDtypes[] = {
    {"int8", true, 8},    {"int16", true, 16},   {"int32", true, 32},   {"int64", true, 64},
    {"uint8", false, 8},  {"uint16", false, 16}, {"uint32", false, 32}, {"uint64", false, 64},
};

inline const IntDtype* int_dtype(std::string_view name) noexcept {
  for (const IntDtype& dtype : kIntDtypes) {
    if (name == dtype.name) return &dtype;
  }
  return nullptr;
}

/// Parameter names match with '-' and '_' the same.
inline bool same_name(std::string_view given, std::string_view name) noexcept {
  if (given.size() != name.size()) return false;
  for (std::size_t k = 0; k < given.size(); ++k) {
    const char a = given[k] == '-' ? '_' : given[k];
    const char b = name[k] == '-' ? '_' : name[k];
    if (a != b) return false;
  }
  return true;
}

/// The optimal string alignment distance (edits, with adjacent transpositions as one).
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> before(b.size() + 1);
  std::vector<std::size_t> previous(b.size() + 1);
  std::vector<std::size_t> current(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = a[i - 1] == b[j - 1] || ((a[i - 1] == '-' || a[i - 1] == '_') &&
                                                 (b[j - 1] == '-' || b[j - 1] == '_'));
      std::size_t best = previous[j - 1] + (same ? 0 : 1);
      best = std::min(best, previous[j] + 1);
      best = std::min(best, current[j - 1] + 1);
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        best = std::min(best, before[j - 2] + 1);
      }
      current[j] = best;
    }
    before.swap(previous);
    previous.swap(current);
  }
  return previous[b.size()];
}

/// The token as given, or its repr when it holds characters a terminal should not see.
inline std::string shown(std::string_view token) {
  for (char c : token) {
    if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') return repr(token);
  }
  return std::string(token);
}

}  // namespace args_detail

/// The parsed command line: see the top of this header.
class Args {
 public:
  /// -1 to go on; otherwise the exit status, after printing help (0) or a usage error (2).
  int parse(const Program& program, int argc, const char* const* argv) {
    program_ = &program;
    values_.assign(static_cast<std::size_t>(program.nparams), Value{});
    output_ = nullptr;
    bool output_given = false;
    for (int k = 1; k < argc; ++k) {
      const std::string_view token = argv[k];
      if (token == "-h" || token == "--help") {
        print_help();
        return 0;
      }
      if (token.size() < 3 || token.substr(0, 2) != "--") {
        return usage_error("unrecognized arguments: " + args_detail::shown(token));
      }
      std::string_view name = token.substr(2);
      const char* value = nullptr;
      if (const std::size_t eq = name.find('='); eq != std::string_view::npos) {
        value = argv[k] + 2 + eq + 1;
        name = name.substr(0, eq);
      }
      if (name == "help") {
        return usage_error("argument -h/--help: ignored explicit argument " + repr(value));
      }
      int index = find(name);
      const bool is_output = index < 0 && program.output && args_detail::same_name(name, "output");
      const int written = index < 0 && !is_output ? find_output(name) : -1;
      if (written >= 0) index = written;
      if (index < 0 && !is_output) return unknown(token, name);
      const std::string flag =
          "--" + (is_output ? std::string("output") : flag_name(param(index), written >= 0));
      if (value == nullptr) {
        if (k + 1 >= argc || std::string_view(argv[k + 1]).substr(0, 2) == "--") {
          return usage_error("argument " + flag + ": expected one argument");
        }
        value = argv[++k];
      }
      Value& slot = values_[static_cast<std::size_t>(index < 0 ? 0 : index)];
      if (is_output ? output_given : written >= 0 ? slot.output != nullptr : slot.given) {
        return usage_error("argument " + flag + ": may be given only once");
      }
      if (is_output) {
        output_given = true;
        output_ = value;
        continue;
      }
      if (written >= 0) {
        slot.output = value;
        continue;
      }
      if (const int status = convert(index, flag, value); status >= 0) return status;
    }
    std::string missing;
    for (int index = 0; index < program.nparams; ++index) {
      if (param(index).default_repr == nullptr && !values_[static_cast<std::size_t>(index)].given) {
        missing += (missing.empty() ? "--" : ", --") + std::string(param(index).name);
      }
    }
    if (!missing.empty()) return usage_error("the following arguments are required: " + missing);
    return -1;
  }

  /// Whether the parameter was given on the command line.
  bool given(int index) const noexcept { return value(index).given; }

  /// A number or bool parameter (int, float, bool, NumPy scalar): `out` keeps its value (the
  /// default) when the parameter was not given.
  template <class T>
    requires std::is_arithmetic_v<T>
  void get(T& out, int index) const noexcept {
    const Value& v = value(index);
    if (!v.given) return;
    if constexpr (std::is_same_v<T, bool>) {
      out = v.b;
    } else if constexpr (std::is_floating_point_v<T>) {
      out = static_cast<T>(v.f);
    } else if constexpr (std::is_signed_v<T>) {
      out = static_cast<T>(v.i);
    } else {
      out = static_cast<T>(v.u);
    }
  }

  /// A str parameter (unchanged when not given).
  void get(std::string& out, int index) const {
    if (value(index).given) out = value(index).text;
  }
  void get(std::string_view& out, int index) const noexcept {
    if (value(index).given) out = value(index).text;
  }

  /// An array parameter: reads its .npy file; false with a pending ValueError or TypeError
  /// naming the parameter (or when it was not given, which parse() reports for a required
  /// one).
  template <class T, int N>
  bool get(numpy::ndarray<T, N>& out, int index) const noexcept {
    const Value& v = value(index);
    if (!v.given) {
      return raise_format(Exc::TypeError, "missing required argument '%s'", param(index).name);
    }
    npy::compiled_ranks() = {param(index).ndim, param(index).max_ndim};
    const bool read = read_npy_file(out, v.text, param(index).name);
    npy::compiled_ranks() = {};
    return read;
  }

  /// A Json parameter's text (the file's, for @FILE.json).
  std::string_view json(int index) const noexcept { return value(index).json; }

  /// The --output path, or nullptr: print the result as JSON.
  const char* output() const noexcept { return output_; }

  /// The --output-<name> path of an Array parameter, or nullptr: it is not written out.
  const char* output(int index) const noexcept { return value(index).output; }

  /// The usage line, wrapped at 78 columns as argparse does:
  /// "usage: blur [-h] --img IMG [--sigma SIGMA]".
  std::string usage() const {
    std::vector<std::string> parts{"[-h]"};
    for (int index = 0; index < program_->nparams; ++index) {
      const Param& p = param(index);
      const std::string part = "--" + std::string(p.name) + " " + metavar(p);
      parts.push_back(p.default_repr != nullptr ? "[" + part + "]" : part);
    }
    if (program_->output) parts.emplace_back("[--output FILE.npy]");
    for (int index = 0; index < program_->nparams; ++index) {
      const Param& p = param(index);
      if (writable(p)) parts.push_back("[--" + flag_name(p, true) + " FILE.npy]");
    }
    const std::string head = std::string("usage: ") + program_->prog;
    std::string text = head;
    std::size_t line_start = 0;
    for (const std::string& part : parts) {
      const std::size_t used = text.size() - line_start;
      if (used + 1 + part.size() > 78 && used > head.size()) {
        text += '\n';
        line_start = text.size();
        text.append(head.size(), ' ');
      }
      text += ' ';
      text += part;
    }
    return text;
  }

 private:
  struct Value {
    bool given = false;
    bool b = false;
    std::int64_t i = 0;
    std::uint64_t u = 0;
    double f = 0.0;
    const char* text = "";
    const char* output = nullptr;  ///< --output-<name>
    std::string json;              ///< Json: the text, read from the file for @FILE.json
  };

  const Param& param(int index) const noexcept { return program_->params[index]; }
  const Value& value(int index) const noexcept { return values_[static_cast<std::size_t>(index)]; }

  int find(std::string_view name) const noexcept {
    for (int index = 0; index < program_->nparams; ++index) {
      if (args_detail::same_name(name, param(index).name)) return index;
    }
    return -1;
  }

  static bool writable(const Param& p) noexcept { return p.kind == Kind::Array && p.output; }

  /// "img", or "output-img" for the flag that writes the array out.
  static std::string flag_name(const Param& p, bool written) {
    return written ? "output-" + std::string(p.name) : std::string(p.name);
  }

  /// The Array parameter whose --output-<name> this is, or -1.
  int find_output(std::string_view name) const {
    for (int index = 0; index < program_->nparams; ++index) {
      if (writable(param(index)) && args_detail::same_name(name, flag_name(param(index), true))) {
        return index;
      }
    }
    return -1;
  }

  static std::string metavar(const Param& p) {
    std::string name = p.name;
    for (char& c : name) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    return name;
  }

  /// What --help says of a parameter: "float (default: 1.5)", "the step (float, required)".
  static std::string describe(const Param& p) {
    std::string text;
    const std::string dtype = p.dtype != nullptr ? p.dtype : "?";
    switch (p.kind) {
      case Kind::Int: text = "int"; break;
      case Kind::Float: text = "float"; break;
      case Kind::Bool: text = "bool: true or false"; break;
      case Kind::Str: text = "str"; break;
      case Kind::Array:
        text = "a .npy file of " + npy::with_article(dtype) + " array of rank " +
               std::to_string(p.ndim) +
               (p.max_ndim > p.ndim ? " to " + std::to_string(p.max_ndim) : "");
        break;
      case Kind::Scalar: text = "numpy." + dtype; break;
      case Kind::Json: text = "JSON " + dtype + ", or @FILE.json"; break;
    }
    const std::string need =
        p.default_repr == nullptr ? "required" : std::string("default: ") + p.default_repr;
    if (p.help != nullptr) return std::string(p.help) + " (" + text + "; " + need + ")";
    return text + " (" + need + ")";
  }

  void print_help() const {
    std::vector<std::pair<std::string, std::string>> rows;
    rows.emplace_back("-h, --help", "show this help message and exit");
    for (int index = 0; index < program_->nparams; ++index) {
      const Param& p = param(index);
      rows.emplace_back("--" + std::string(p.name) + " " + metavar(p), describe(p));
    }
    if (program_->output) {
      rows.emplace_back("--output FILE.npy",
                        "write the result to this .npy file instead of printing it as JSON");
    }
    for (int index = 0; index < program_->nparams; ++index) {
      const Param& p = param(index);
      if (!writable(p)) continue;
      rows.emplace_back("--" + flag_name(p, true) + " FILE.npy",
                        "write " + std::string(p.name) + ", as the call left it, to this .npy "
                        "file");
    }
    std::size_t width = 0;
    for (const auto& row : rows) width = std::max(width, row.first.size());
    const std::size_t column = std::min<std::size_t>(width + 4, 24);
    std::string text = usage() + "\n\n";
    if (program_->description != nullptr && program_->description[0] != '\0') {
      text += program_->description;
      text += "\n\n";
    }
    text += "options:\n";
    for (const auto& [invocation, help] : rows) {
      text += "  " + invocation;
      if (invocation.size() + 4 <= column) {
        text.append(column - 2 - invocation.size(), ' ');
      } else {
        text += '\n';
        text.append(column, ' ');
      }
      text += help + "\n";
    }
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  }

  int usage_error(const std::string& message) const {
    const std::string text = usage() + "\n" + program_->prog + ": error: " + message + "\n";
    std::fwrite(text.data(), 1, text.size(), stderr);
    return 2;
  }

  int unknown(std::string_view token, std::string_view name) const {
    std::string best;
    std::size_t best_distance = 0;
    const auto consider = [&](std::string_view candidate) {
      const std::size_t distance = args_detail::edit_distance(name, candidate);
      const std::size_t longest = std::max(name.size(), candidate.size());
      if ((distance <= 1 || distance * 2 <= longest) &&
          (best.empty() || distance < best_distance)) {
        best = candidate;
        best_distance = distance;
      }
    };
    for (int index = 0; index < program_->nparams; ++index) {
      consider(param(index).name);
      if (writable(param(index))) consider(flag_name(param(index), true));
    }
    consider("help");
    if (program_->output) consider("output");
    std::string message = "unrecognized arguments: " + args_detail::shown(token);
    if (!best.empty()) message += " (did you mean --" + best + "?)";
    return usage_error(message);
  }

  static constexpr const char* kBoolChoices = " (choose from true, false, 1, 0)";

  /// -magnitude or magnitude (a magnitude already checked to fit in int64).
  static std::int64_t signed_value(bool negative, std::uint64_t magnitude) noexcept {
    return static_cast<std::int64_t>(negative ? 0 - magnitude : magnitude);
  }

  /// Converts and stores a parameter's text: -1, or 2 after a usage error.
  int convert(int index, const std::string& flag, const char* text) {
    Value& v = values_[static_cast<std::size_t>(index)];
    const Param& p = param(index);
    const auto invalid = [&](const std::string& type, const char* why = "") {
      return usage_error("argument " + flag + ": invalid " + type + " value: " + repr(text) + why);
    };
    v.given = true;
    v.text = text;
    const std::string_view dtype = p.dtype != nullptr ? p.dtype : "";
    switch (p.kind) {
      case Kind::Str:
      case Kind::Array:
        return -1;
      case Kind::Json:
        return read_json(v, flag, text);
      case Kind::Bool:
        return args_detail::parse_bool(text, v.b) ? -1 : invalid("bool", kBoolChoices);
      case Kind::Float:
        return args_detail::parse_float(text, v.f) ? -1 : invalid("float");
      case Kind::Int: {
        bool negative = false;
        std::uint64_t magnitude = 0;
        bool overflow = false;
        if (!args_detail::parse_int(text, negative, magnitude, overflow)) return invalid("int");
        constexpr auto max = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        if (overflow || magnitude > max + (negative ? 1 : 0)) {
          return invalid("int", " (outside the int64 range)");
        }
        v.i = signed_value(negative, magnitude);
        return -1;
      }
      case Kind::Scalar:
        break;
    }
    if (dtype == "bool") {
      return args_detail::parse_bool(text, v.b) ? -1 : invalid("bool", kBoolChoices);
    }
    if (dtype == "float32" || dtype == "float64") {
      if (!args_detail::parse_float(text, v.f)) return invalid(std::string(dtype));
      if (dtype == "float32") v.f = static_cast<double>(static_cast<float>(v.f));
      return -1;
    }
    const args_detail::IntDtype* int_dtype = args_detail::int_dtype(dtype);
    if (int_dtype == nullptr) return usage_error("parameter " + flag + " has an unknown dtype");
    bool negative = false;
    std::uint64_t magnitude = 0;
    bool overflow = false;
    if (!args_detail::parse_int(text, negative, magnitude, overflow)) {
      return invalid(std::string(dtype));
    }
    const int value_bits = int_dtype->is_signed ? int_dtype->bits - 1 : int_dtype->bits;
    const std::uint64_t max = value_bits == 64 ? std::numeric_limits<std::uint64_t>::max()
                                               : (std::uint64_t{1} << value_bits) - 1;
    const std::uint64_t bound = !negative ? max : int_dtype->is_signed ? max + 1 : 0;
    if (overflow || magnitude > bound) {
      const std::string why = " (out of bounds for " + std::string(dtype) + ")";
      return invalid(std::string(dtype), why.c_str());
    }
    if (int_dtype->is_signed) {
      v.i = signed_value(negative, magnitude);
    } else {
      v.u = magnitude;
    }
    return -1;
  }

  /// A Json parameter's text, checked to be JSON: -1, or 2 after a usage error.
  int read_json(Value& v, const std::string& flag, const char* text) {
    if (text[0] == '@') {
      std::FILE* file = text[1] == '-' && text[2] == '\0' ? stdin : std::fopen(text + 1, "rb");
      if (file == nullptr) return usage_error("argument " + flag + ": cannot open " + repr(text + 1));
      char buffer[4096];
      for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;) v.json.append(buffer, n);
      const bool failed = std::ferror(file) != 0;
      if (file != stdin) std::fclose(file);
      if (failed) return usage_error("argument " + flag + ": cannot read " + repr(text + 1));
    } else {
      v.json = text;
    }
    pyaot_value tree{};
    std::string error;
    if (!parse_json(v.json, tree, error)) {
      return usage_error("argument " + flag + ": invalid JSON: " + error);
    }
    c_abi::release_value(&tree);
    return -1;
  }

  const Program* program_ = nullptr;
  std::vector<Value> values_;
  const char* output_ = nullptr;
};

}  // namespace pyaot::standalone
