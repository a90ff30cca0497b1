#pragma once
// NumPy's .npy files, for the standalone executables (`--img in.npy`, `--output out.npy`):
//
//   bool read_npy(numpy::ndarray<T, N>& out, std::string_view bytes, const char* param);
//   bool read_npy_file(numpy::ndarray<T, N>& out, const char* path, const char* param);
//   bool write_npy(const numpy::ndarray<T, N>& a, std::string& out);
//   bool write_npy_file(const numpy::ndarray<T, N>& a, const char* path);
//
// Reading takes format versions 1.0, 2.0 and 3.0, any byte order ('<f8', '>i4', '=u2', '|b1':
// the elements are byte-swapped to native) and fortran_order (the result is then a
// Fortran-contiguous view: the same values, other strides). The dtype and rank must be T and
// N exactly: otherwise TypeError "argument 'img' must be a uint8 array of rank 2, not a
// float64 array of rank 3", as the C ABI words it. A malformed file is a ValueError naming
// the parameter and what is wrong ("argument 'img' is not a valid .npy file: ..."); so is a
// file that cannot be opened or read (pyaot::Exc has no OSError). The input is never trusted:
// no read past its end, no overflow in the shape's product, no allocation the data present
// cannot fill (a header may claim any shape; the array is allocated only when the file holds
// that many bytes). On failure `out` is left as it was. The path "-" is standard input.
//
// Writing produces what numpy.save does for a C-ordered array: version 1.0, the native
// descr, keys sorted, numpy's spare room after the shape, padded with spaces to a multiple
// of 64 bytes and a newline; then the elements in C order (whatever the array's strides).
// A write_npy_file failure is a ValueError "cannot write 'out.npy': <reason>".
//
// Only the C and C++ standard libraries are used (this builds for wasm32-wasi and musl), and
// on Windows _setmode for standard input and output.

#include <array>
#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/standalone/npy_header.hpp"
#include "pyaot/standalone/text.hpp"

#if defined(_WIN32)
#include <fcntl.h>  // _O_BINARY
#include <io.h>     // _setmode, _fileno
#endif

namespace pyaot::standalone {

namespace npy {

/// A new array of the header's shape (C-contiguous, uninitialized).
template <class T, int N>
bool allocate(numpy::ndarray<T, N>& out, const Header& header) noexcept {
  std::array<std::int64_t, N> shape{};
  for (int axis = 0; axis < N; ++axis) {
    shape[static_cast<std::size_t>(axis)] = header.shape[static_cast<std::size_t>(axis)];
  }
  return numpy::empty(out, shape);
}

/// After the file's bytes were copied in: bools made 0 or 1, byte order made native, and
/// Fortran strides for a fortran_order file.
template <class T, int N>
void finish(numpy::ndarray<T, N>& a, const Header& header) noexcept {
  const auto count = static_cast<std::size_t>(a.size());
  auto* bytes = reinterpret_cast<unsigned char*>(a.data);
  if constexpr (std::is_same_v<T, bool>) {
    for (std::size_t k = 0; k < count; ++k) bytes[k] = bytes[k] != 0 ? 1 : 0;
  }
  if (header.swap) {
    for (std::size_t k = 0; k < count; ++k) {
      unsigned char* item = bytes + k * sizeof(T);
      for (std::size_t lo = 0, hi = sizeof(T) - 1; lo < hi; ++lo, --hi) {
        std::swap(item[lo], item[hi]);
      }
    }
  }
  if (header.fortran_order && count != 0) {
    std::int64_t stride = 1;
    for (int axis = 0; axis < N; ++axis) {
      a.strides[static_cast<std::size_t>(axis)] = stride;
      stride *= a.shape[static_cast<std::size_t>(axis)];
    }
  }
}

/// A growable malloc'd byte buffer whose allocation failure is a MemoryError, not an abort.
class Buffer {
 public:
  Buffer() noexcept = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() { std::free(data_); }

  std::string_view view() const noexcept { return {data_, size_}; }

  /// Appends up to `count` bytes from `file` (fewer at its end); false with an error set when
  /// reading fails or memory runs out.
  bool read(std::FILE* file, std::size_t count, const char* path, const char* param) noexcept {
    while (count > 0) {
      const std::size_t chunk = count < kChunk ? count : kChunk;
      if (!reserve(size_ + chunk)) return false;
      const std::size_t got = std::fread(data_ + size_, 1, chunk, file);
      size_ += got;
      count -= got;
      if (got < chunk) break;
    }
    if (std::ferror(file)) {
      return raise_format(Exc::ValueError, "argument '%s': cannot read %s: %s", param,
                          repr(path).c_str(), std::strerror(errno));
    }
    return true;
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{1} << 16;

  bool reserve(std::size_t wanted) noexcept {
    if (wanted <= capacity_) return true;
    std::size_t capacity = capacity_ < kChunk ? kChunk : capacity_;
    while (capacity < wanted) {
      capacity = capacity > std::numeric_limits<std::size_t>::max() / 2 ? wanted : capacity * 2;
    }
    void* grown = std::realloc(data_, capacity);
    if (grown == nullptr) return raise(Exc::MemoryError, "out of memory reading a .npy file");
    data_ = static_cast<char*>(grown);
    capacity_ = capacity;
    return true;
  }

  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

/// An open file, closed at the end of the scope ("-" is standard input/output, not closed;
/// on Windows switched to binary mode, which fopen's "rb"/"wb" give the others: text mode
/// would turn each \n byte written into \r\n and stop reading at a 0x1A byte).
class File {
 public:
  File(const char* path, const char* mode) noexcept
      : file_(std::strcmp(path, "-") == 0 ? (mode[0] == 'r' ? stdin : stdout)
                                          : std::fopen(path, mode)),
        owned_(std::strcmp(path, "-") != 0) {
#if defined(_WIN32)
    if (!owned_) _setmode(_fileno(file_), _O_BINARY);
#endif
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  ~File() {
    if (owned_ && file_ != nullptr) std::fclose(file_);
  }
  std::FILE* get() const noexcept { return file_; }

  /// fclose (or fflush for stdout), reporting whether everything was written.
  bool close() noexcept {
    std::FILE* file = file_;
    file_ = nullptr;
    if (file == nullptr) return false;
    const bool ok = !std::ferror(file);
    if (!owned_) return std::fflush(file) == 0 && ok;
    return std::fclose(file) == 0 && ok;
  }

 private:
  std::FILE* file_;
  bool owned_;
};

/// The file's size when it can be seeked (a regular file), leaving it at its start.
inline bool seekable_size(std::FILE* file, std::uint64_t& size) noexcept {
  if (std::fseek(file, 0, SEEK_END) != 0) return false;
  const long end = std::ftell(file);
  if (end < 0 || std::fseek(file, 0, SEEK_SET) != 0) return false;
  size = static_cast<std::uint64_t>(end);
  return true;
}

/// numpy's descr of T in native byte order: '<f8', '|u1', '|b1'.
template <class T>
std::string native_descr() {
  using traits = numpy::dtype_traits<T>;
  const char order = traits::itemsize == 1                          ? '|'
                     : std::endian::native == std::endian::little ? '<'
                                                                    : '>';
  return std::string(1, order) + traits::kind + std::to_string(traits::itemsize);
}

/// The version 1.0 preamble and header numpy.save writes for a C-ordered T array.
template <class T, int N>
std::string header_bytes(const std::array<std::int64_t, N>& shape) {
  std::string dict = "{'descr': '" + native_descr<T>() +
                     "', 'fortran_order': False, 'shape': " +
                     numpy::detail::shape_repr(shape.data(), N) + ", }";
  if constexpr (N > 0) {
    // numpy's room for the first axis to grow to 21 digits
    const std::size_t digits = std::to_string(shape[0]).size();
    if (digits < 21) dict.append(21 - digits, ' ');
  }
  const std::size_t length = dict.size() + 1;
  const std::size_t pad = 64 - (10 + length) % 64;
  dict.append(pad, ' ');
  dict += '\n';
  std::string out(kMagic);
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(dict.size() & 0xFF);
  out += static_cast<char>(dict.size() >> 8);
  return out + dict;
}

/// Calls sink(pointer, byte count) for the elements in C order, in chunks; stops at the first
/// false it returns.
template <class T, int N, class Sink>
bool each_chunk(const numpy::ndarray<T, N>& a, Sink&& sink) {
  const std::int64_t count = a.size();
  if (count == 0) return true;
  if (a.is_c_contiguous()) {
    return sink(static_cast<const void*>(a.data), static_cast<std::size_t>(count) * sizeof(T));
  }
  constexpr std::size_t kItems = 8192 / sizeof(T);
  T buffer[kItems];
  std::size_t filled = 0;
  std::array<std::int64_t, N> index{};
  std::int64_t offset = 0;
  for (std::int64_t k = 0; k < count; ++k) {
    buffer[filled++] = a.data[offset];
    if (filled == kItems) {
      if (!sink(static_cast<const void*>(buffer), filled * sizeof(T))) return false;
      filled = 0;
    }
    for (int axis = N - 1; axis >= 0; --axis) {
      const auto u = static_cast<std::size_t>(axis);
      offset += a.strides[u];
      if (++index[u] < a.shape[u]) break;
      offset -= a.strides[u] * a.shape[u];
      index[u] = 0;
    }
  }
  return filled == 0 || sink(static_cast<const void*>(buffer), filled * sizeof(T));
}

}  // namespace npy

/// A T array of rank N from the bytes of a .npy file (see the top of this header).
template <class T, int N>
bool read_npy(numpy::ndarray<T, N>& out, std::string_view bytes, const char* param) noexcept {
  npy::other_rank() = -1;
  npy::Header header;
  if (!npy::parse_header(header, bytes, param) || !npy::check_type<T, N>(header, param)) {
    return false;
  }
  std::size_t nbytes = 0;
  if (!npy::data_size(nbytes, header, bytes.size() - header.data_offset, param)) return false;
  numpy::ndarray<T, N> a;
  if (!npy::allocate(a, header)) return false;
  if (nbytes != 0) {
    std::memcpy(static_cast<void*>(a.data), bytes.data() + header.data_offset, nbytes);
  }
  npy::finish(a, header);
  out = std::move(a);
  return true;
}

/// A T array of rank N from the .npy file at `path` ("-": standard input). The header is read
/// first; the elements go straight into the array once the file is known to hold them.
template <class T, int N>
bool read_npy_file(numpy::ndarray<T, N>& out, const char* path, const char* param) noexcept {
  npy::other_rank() = -1;
  npy::File file(path, "rb");
  if (file.get() == nullptr) {
    return raise_format(Exc::ValueError, "argument '%s': cannot open %s: %s", param,
                        repr(path).c_str(), std::strerror(errno));
  }
  std::uint64_t size = 0;
  npy::Buffer head;
  if (!npy::seekable_size(file.get(), size)) {
    // a pipe: read it whole (memory grows only with the bytes that actually arrive)
    if (!head.read(file.get(), std::numeric_limits<std::size_t>::max(), path, param)) return false;
    return read_npy(out, head.view(), param);
  }
  std::size_t header_at = 0;
  std::size_t header_length = 0;
  if (!head.read(file.get(), 12, path, param)) return false;
  if (!npy::read_preamble(head.view(), header_at, header_length, param)) return false;
  const std::size_t header_end = header_at + header_length;
  if (head.view().size() < header_end &&
      !head.read(file.get(), header_end - head.view().size(), path, param)) {
    return false;
  }
  npy::Header header;
  if (!npy::parse_header(header, head.view(), param) || !npy::check_type<T, N>(header, param)) {
    return false;
  }
  const std::uint64_t available = size >= header.data_offset ? size - header.data_offset : 0;
  std::size_t nbytes = 0;
  if (!npy::data_size(nbytes, header, available, param)) return false;
  numpy::ndarray<T, N> a;
  if (!npy::allocate(a, header)) return false;
  if (std::fseek(file.get(), static_cast<long>(header.data_offset), SEEK_SET) != 0) {
    return raise_format(Exc::ValueError, "argument '%s': cannot read %s: %s", param,
                        repr(path).c_str(), std::strerror(errno));
  }
  if (nbytes != 0 && std::fread(static_cast<void*>(a.data), 1, nbytes, file.get()) != nbytes) {
    if (std::ferror(file.get())) {
      return raise_format(Exc::ValueError, "argument '%s': cannot read %s: %s", param,
                          repr(path).c_str(), std::strerror(errno));
    }
    return npy::malformed(param, "its data is truncated (the file shrank while being read)");
  }
  npy::finish(a, header);
  out = std::move(a);
  return true;
}

/// Appends the .npy file numpy.save(a) would write (version 1.0, C order, native descr).
template <class T, int N>
bool write_npy(const numpy::ndarray<T, N>& a, std::string& out) noexcept {
  out += npy::header_bytes<T, N>(a.shape);
  return npy::each_chunk(a, [&](const void* bytes, std::size_t count) {
    out.append(static_cast<const char*>(bytes), count);
    return true;
  });
}

/// Writes a to the .npy file at `path` ("-": standard output); ValueError when that fails.
template <class T, int N>
bool write_npy_file(const numpy::ndarray<T, N>& a, const char* path) noexcept {
  npy::File file(path, "wb");
  const auto failed = [&]() {
    return raise_format(Exc::ValueError, "cannot write %s: %s", repr(path).c_str(),
                        std::strerror(errno));
  };
  if (file.get() == nullptr) return failed();
  const std::string header = npy::header_bytes<T, N>(a.shape);
  const auto put = [&](const void* bytes, std::size_t count) {
    return std::fwrite(bytes, 1, count, file.get()) == count;
  };
  if (!put(header.data(), header.size()) || !npy::each_chunk(a, put)) return failed();
  if (!file.close()) return failed();
  return true;
}

}  // namespace pyaot::standalone
