// The standalone executables' runtime (pyaot/standalone/*.hpp) driven from
// tests/test_standalone_runtime.py. One program, a mode per first argument:
//
//   read DTYPE NDIM PATH [OUT]   read_npy_file, print the array as JSON (and its layout on
//                                stderr); with OUT, write it back with write_npy_file
//   bytes DTYPE NDIM PATH [OUT]  the same through read_npy on the file's bytes, writing OUT
//                                with write_npy (to a string first)
//   views DIR                    strided views written to DIR/<name>.npy, their JSON printed
//   floats                       stdin: one float.hex() per line; prints the JSON of each
//   floats32                     stdin: one float32 bit pattern (hex) per line; the same
//   strings                      stdin: one hex-encoded byte string per line; JSON strings
//   misc                         JSON of tuples, None, bools, integers of every width
//   args ARGV...                 a program with parameters of every kind; prints them as a
//                                JSON list (or writes --output, and --output-img) like a
//                                generated main

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <tuple>

#include "pyaot/standalone/args.hpp"
#include "pyaot/standalone/json.hpp"
#include "pyaot/standalone/npy.hpp"
#include "pyaot/standalone/result.hpp"

namespace sa = pyaot::standalone;
namespace np = pyaot::numpy;

namespace {

template <class T, int N>
int read_as(const char* mode, const char* path, const char* out) {
  np::ndarray<T, N> a;
  if (std::strcmp(mode, "read") == 0) {
    if (!sa::read_npy_file(a, path, "img")) return sa::print_exception();
  } else {
    std::string bytes;
    if (std::FILE* file = std::fopen(path, "rb")) {
      char chunk[4096];
      std::size_t got = 0;
      while ((got = std::fread(chunk, 1, sizeof chunk, file)) > 0) bytes.append(chunk, got);
      std::fclose(file);
    }
    if (!sa::read_npy(a, bytes, "img")) return sa::print_exception();
  }
  std::fprintf(stderr, "layout: c_contiguous=%d strides=", a.is_c_contiguous() ? 1 : 0);
  for (int axis = 0; axis < N; ++axis) {
    std::fprintf(stderr, "%lld,", static_cast<long long>(a.strides[axis]));
  }
  std::fprintf(stderr, "\n");
  if (out != nullptr) {
    if (std::strcmp(mode, "read") == 0) {
      if (!sa::write_npy_file(a, out)) return sa::print_exception();
    } else {
      std::string bytes;
      sa::write_npy(a, bytes);
      std::FILE* file = std::fopen(out, "wb");
      if (file == nullptr) return 3;
      std::fwrite(bytes.data(), 1, bytes.size(), file);
      std::fclose(file);
    }
  }
  std::puts(sa::to_json(a).c_str());
  return 0;
}

template <class T>
int read_rank(const char* mode, int ndim, const char* path, const char* out) {
  switch (ndim) {
    case 0: return read_as<T, 0>(mode, path, out);
    case 1: return read_as<T, 1>(mode, path, out);
    case 2: return read_as<T, 2>(mode, path, out);
    case 3: return read_as<T, 3>(mode, path, out);
    default: return 3;
  }
}

int read_mode(const char* mode, const std::string& dtype, int ndim, const char* path,
              const char* out) {
  if (dtype == "bool") return read_rank<bool>(mode, ndim, path, out);
  if (dtype == "int8") return read_rank<std::int8_t>(mode, ndim, path, out);
  if (dtype == "int16") return read_rank<std::int16_t>(mode, ndim, path, out);
  if (dtype == "int32") return read_rank<std::int32_t>(mode, ndim, path, out);
  if (dtype == "int64") return read_rank<std::int64_t>(mode, ndim, path, out);
  if (dtype == "uint8") return read_rank<std::uint8_t>(mode, ndim, path, out);
  if (dtype == "uint16") return read_rank<std::uint16_t>(mode, ndim, path, out);
  if (dtype == "uint32") return read_rank<std::uint32_t>(mode, ndim, path, out);
  if (dtype == "uint64") return read_rank<std::uint64_t>(mode, ndim, path, out);
  if (dtype == "float32") return read_rank<float>(mode, ndim, path, out);
  if (dtype == "float64") return read_rank<double>(mode, ndim, path, out);
  return 3;
}

/// Views of arange(24.0).reshape(2, 3, 4) and of a float32 matrix, written and printed.
int views_mode(const std::string& dir) {
  np::ndarray<double, 3> base;
  if (!np::empty(base, {2, 3, 4})) return sa::print_exception();
  for (int k = 0; k < 24; ++k) base.data[k] = k * 0.5 - 3;
  // base.transpose(2, 0, 1)
  const np::ndarray<double, 3> transposed(base.data, {4, 2, 3}, {1, 12, 4}, base.storage);
  // base[::-1, :, ::-2]
  const np::ndarray<double, 3> reversed(base.data + 12 + 3, {2, 3, 2}, {-12, 4, -2}, base.storage);
  // numpy.broadcast_to(base[0, 0], (3, 4)): a zero stride
  const np::ndarray<double, 2> broadcast(base.data, {3, 4}, {0, 1}, base.storage);
  np::ndarray<float, 2> small;
  if (!np::empty(small, {2, 2})) return sa::print_exception();
  small.data[0] = 0.1f;
  small.data[1] = -1e-7f;
  small.data[2] = 3.4e38f;
  small.data[3] = 16777217.0f;
  const np::ndarray<float, 2> small_t(small.data, {2, 2}, {1, 2}, small.storage);
  np::ndarray<bool, 1> flags;
  if (!np::empty(flags, {3})) return sa::print_exception();
  flags.data[0] = true;
  flags.data[1] = false;
  flags.data[2] = true;
  const np::ndarray<bool, 1> flags_rev(flags.data + 2, {3}, {-1}, flags.storage);
  const np::ndarray<double, 2> empty_rows(base.data, {0, 4}, {0, 0}, base.storage);
  if (!sa::write_npy_file(transposed, (dir + "/transposed.npy").c_str()) ||
      !sa::write_npy_file(reversed, (dir + "/reversed.npy").c_str()) ||
      !sa::write_npy_file(broadcast, (dir + "/broadcast.npy").c_str()) ||
      !sa::write_npy_file(small_t, (dir + "/small_t.npy").c_str()) ||
      !sa::write_npy_file(flags_rev, (dir + "/flags_rev.npy").c_str()) ||
      !sa::write_npy_file(empty_rows, (dir + "/empty_rows.npy").c_str())) {
    return sa::print_exception();
  }
  std::puts(sa::to_json(std::make_tuple(transposed, reversed, broadcast, small_t, flags_rev,
                                        empty_rows))
                .c_str());
  return 0;
}

int floats_mode(bool single) {
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    if (single) {
      const auto bits = static_cast<std::uint32_t>(std::strtoul(line.c_str(), nullptr, 16));
      float value = 0;
      std::memcpy(&value, &bits, sizeof value);
      sa::append_json(out, value);
    } else {
      sa::append_json(out, std::strtod(line.c_str(), nullptr));
    }
    out += '\n';
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

int strings_mode() {
  std::string line;
  std::string out;
  while (std::getline(std::cin, line)) {
    std::string bytes;
    for (std::size_t k = 0; k + 1 < line.size(); k += 2) {
      bytes += static_cast<char>(std::strtoul(line.substr(k, 2).c_str(), nullptr, 16));
    }
    sa::append_json(out, bytes);
    out += '\n';
  }
  std::fputs(out.c_str(), stdout);
  return 0;
}

int misc_mode() {
  const std::tuple<std::int64_t, double, bool, pyaot::None, std::string> first{
      -9223372036854775807 - 1, 2.5, true, pyaot::none, "caf\xc3\xa9 \"q\"\n"};
  const std::tuple<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t,
                   std::uint32_t, std::uint64_t, float>
      widths{-128, 255, -32768, 65535, -2147483647 - 1, 4294967295u, 18446744073709551615u,
             0.1f};
  np::ndarray<std::int32_t, 0> scalar;
  if (!np::full(scalar, {}, 7)) return sa::print_exception();
  np::ndarray<double, 2> empty;
  if (!np::empty(empty, {2, 0})) return sa::print_exception();
  const std::array<double, 3> specials{NAN, INFINITY, -INFINITY};
  std::puts(sa::to_json(first).c_str());
  std::puts(sa::to_json(widths).c_str());
  std::puts(sa::to_json(std::make_tuple(scalar, empty, specials, std::make_pair(false, -0.0),
                                        std::tuple<>{}, "x"))
                .c_str());
  return 0;
}

int args_mode(int argc, const char* const* argv) {
  static constexpr sa::Param params[] = {
      {.name = "n", .kind = sa::Kind::Int},
      {.name = "x", .kind = sa::Kind::Float, .default_repr = "2.5", .help = "the step"},
      {.name = "flag", .kind = sa::Kind::Bool, .default_repr = "False"},
      {.name = "s", .kind = sa::Kind::Str, .default_repr = "'hi'"},
      {.name = "max_iter", .kind = sa::Kind::Int, .default_repr = "10"},
      {.name = "img", .kind = sa::Kind::Array, .dtype = "uint8", .ndim = 2,
       .default_repr = "None", .output = true},
      {.name = "level", .kind = sa::Kind::Scalar, .dtype = "int8", .default_repr = "3"},
      {.name = "count", .kind = sa::Kind::Scalar, .dtype = "uint64", .default_repr = "0"},
      {.name = "gain", .kind = sa::Kind::Scalar, .dtype = "float32", .default_repr = "1.0"},
      {.name = "on", .kind = sa::Kind::Scalar, .dtype = "bool", .default_repr = "True"},
  };
  static constexpr sa::Program program{.prog = "demo",
                                       .description = "Demonstrates every kind of parameter.",
                                       .params = params,
                                       .nparams = 10,
                                       .output = true};
  sa::Args args;
  if (const int status = args.parse(program, argc, argv); status >= 0) return status;
  std::int64_t n = 0;
  double x = 2.5;
  bool flag = false;
  std::string s = "hi";
  std::int64_t max_iter = 10;
  std::int8_t level = 3;
  std::uint64_t count = 0;
  float gain = 1.0f;
  bool on = true;
  args.get(n, 0);
  args.get(x, 1);
  args.get(flag, 2);
  args.get(s, 3);
  args.get(max_iter, 4);
  args.get(level, 6);
  args.get(count, 7);
  args.get(gain, 8);
  args.get(on, 9);
  if (args.given(5)) {
    np::ndarray<std::uint8_t, 2> img;
    if (!args.get(img, 5)) return sa::print_exception();
    if (n < 0) {
      pyaot::raise(pyaot::Exc::ValueError, "n must not be negative");
      return sa::print_exception();
    }
    if (!sa::write_argument(args, img, 5)) return sa::print_exception();
    return sa::print_result(args, img);
  }
  if (n < 0) {
    pyaot::raise(pyaot::Exc::ValueError, "n must not be negative");
    pyaot::fail_at("kernels.py", 12);
    return sa::print_exception();
  }
  return sa::print_result(args, std::make_tuple(n, x, flag, s, max_iter, level, count, gain, on));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 3;
  const std::string mode = argv[1];
  if ((mode == "read" || mode == "bytes") && argc >= 5) {
    return read_mode(argv[1], argv[2], std::atoi(argv[3]), argv[4], argc > 5 ? argv[5] : nullptr);
  }
  if (mode == "views" && argc == 3) return views_mode(argv[2]);
  if (mode == "floats") return floats_mode(false);
  if (mode == "floats32") return floats_mode(true);
  if (mode == "strings") return strings_mode();
  if (mode == "misc") return misc_mode();
  if (mode == "args") return args_mode(argc - 1, argv + 1);
  return 3;
}
