// Unit tests of pyaot/numpy/ndarray.hpp without Python: storage reference counts, views
// sharing data, allocation and its errors, element access and its errors (numpy's messages),
// 0-d arrays, strides. Built with AddressSanitizer, UBSan and LeakSanitizer by
// tests/test_ndarray_runtime.py; exits non-zero on any failed check.

#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"

#include "check.hpp"

namespace {

using pyaot::Exc;
using pyaot::numpy::ndarray;
using pyaot::numpy::Storage;

// Storage that counts its releases, standing in for a borrowed Python array.
int released = 0;
void count_release(Storage* storage) noexcept {
  ++released;
  delete storage;
}

void test_dtype_traits() {
  using pyaot::numpy::dtype_traits;
  static_assert(dtype_traits<bool>::itemsize == 1 && dtype_traits<bool>::kind == 'b');
  static_assert(dtype_traits<std::int16_t>::itemsize == 2);
  static_assert(dtype_traits<std::int16_t>::kind == 'i');
  static_assert(dtype_traits<std::uint32_t>::itemsize == 4);
  static_assert(dtype_traits<std::uint32_t>::kind == 'u');
  static_assert(dtype_traits<float>::itemsize == 4 && dtype_traits<double>::kind == 'f');
  CHECK(std::string(dtype_traits<bool>::name) == "bool");
  CHECK(std::string(dtype_traits<std::int8_t>::name) == "int8");
  CHECK(std::string(dtype_traits<std::int64_t>::name) == "int64");
  CHECK(std::string(dtype_traits<std::uint8_t>::name) == "uint8");
  CHECK(std::string(dtype_traits<std::uint64_t>::name) == "uint64");
  CHECK(std::string(dtype_traits<float>::name) == "float32");
  CHECK(std::string(dtype_traits<double>::name) == "float64");
}

void test_storage_refcounts() {
  double values[6] = {0, 1, 2, 3, 4, 5};
  released = 0;
  auto* storage = new Storage{1, values, true, &count_release, nullptr};
  {
    ndarray<double, 1> a(values, {6}, {1}, storage);
    CHECK(storage->refcount == 2);
    pyaot::numpy::decref(storage);  // only the handles hold it now
    CHECK(storage->refcount == 1);
    {
      ndarray<double, 1> b = a;  // copy: shares
      CHECK(storage->refcount == 2);
      ndarray<double, 1> c = std::move(b);  // move: no new reference
      CHECK(storage->refcount == 2 && b.storage == nullptr && b.data == nullptr);
      c = c;  // self-assignment keeps it
      CHECK(storage->refcount == 2 && c.data == values);
      ndarray<double, 1> d;
      d = c;
      CHECK(storage->refcount == 3);
      d = ndarray<double, 1>();  // assigning an empty handle drops the reference
      CHECK(storage->refcount == 2 && d.storage == nullptr);
      c = std::move(c);
      CHECK(storage->refcount == 2);
    }
    CHECK(storage->refcount == 1 && released == 0);
  }
  CHECK(released == 1);
}

void test_views_share_data() {
  ndarray<std::int64_t, 2> a;
  CHECK(pyaot::numpy::zeros(a, {2, 3}) && clean());
  CHECK(a.storage->refcount == 1 && a.storage->writeable && a.storage->owner == nullptr);
  CHECK(reinterpret_cast<std::uintptr_t>(a.data) % 64 == 0);
  ndarray<std::int64_t, 2> b = a;  // `b = a` in Python
  CHECK(pyaot::numpy::setitem(b, 7, 1, 2));
  std::int64_t value = 0;
  CHECK(pyaot::numpy::getitem(value, a, 1, 2) && value == 7);
  // a transposed view: shape (3, 2), strides (1, 3)
  ndarray<std::int64_t, 2> t(a.data, {3, 2}, {a.strides[1], a.strides[0]}, a.storage);
  CHECK(a.storage->refcount == 3);
  CHECK(pyaot::numpy::getitem(value, t, 2, 1) && value == 7);
  CHECK(!t.is_c_contiguous() && a.is_c_contiguous());
  // a reversed row: x[1, ::-1]
  ndarray<std::int64_t, 1> r(a.data + pyaot::numpy::offset(a, 1, 2), {3}, {-1}, a.storage);
  CHECK(pyaot::numpy::getitem(value, r, 0) && value == 7);
  CHECK(pyaot::numpy::getitem(value, r, -1) && value == 0);
  pyaot::numpy::at(r, 1) = 5;
  CHECK(pyaot::numpy::at(a, 1, 1) == 5);
  // a broadcast row: stride 0
  ndarray<std::int64_t, 2> s(a.data + 3, {4, 3}, {0, 1}, a.storage);
  CHECK(pyaot::numpy::getitem(value, s, 3, 1) && value == 5);
  CHECK(pyaot::numpy::offset(s, 3, 2) == 2);
  CHECK(!s.is_c_contiguous());
}

void test_allocation() {
  ndarray<double, 2> a;
  CHECK(pyaot::numpy::empty(a, {2, 3}) && clean());
  CHECK(a.shape[0] == 2 && a.shape[1] == 3 && a.strides[0] == 3 && a.strides[1] == 1);
  CHECK(a.size() == 6 && a.is_c_contiguous());
  ndarray<float, 3> o;
  CHECK(pyaot::numpy::ones(o, {2, 1, 2}));
  CHECK(o.strides[0] == 2 && o.strides[1] == 2 && o.strides[2] == 1);  // numpy's strides
  float f = 0;
  CHECK(pyaot::numpy::getitem(f, o, 1, 0, 1) && f == 1.0f);
  ndarray<std::uint8_t, 1> u;
  CHECK(pyaot::numpy::full(u, {5}, 200));
  std::uint8_t byte = 0;
  CHECK(pyaot::numpy::getitem(byte, u, 4) && byte == 200);
  ndarray<std::uint8_t, 1> ul;
  CHECK(pyaot::numpy::full_like(ul, u, 3) && ul.data != u.data && ul.shape[0] == 5);
  CHECK(pyaot::numpy::getitem(byte, ul, 0) && byte == 3);
  ndarray<bool, 1> z;
  CHECK(pyaot::numpy::zeros(z, {3}));
  bool flag = true;
  CHECK(pyaot::numpy::getitem(flag, z, 2) && !flag);
  CHECK(pyaot::numpy::ones_like(z, z) && pyaot::numpy::getitem(flag, z, 2) && flag);
  ndarray<double, 2> like;
  CHECK(pyaot::numpy::zeros_like(like, a) && like.shape == a.shape && like.data != a.data);
  CHECK(pyaot::numpy::empty_like(like, a) && like.strides == a.strides);
  // empty arrays: numpy gives them all-zero strides; they are C-contiguous
  ndarray<double, 2> e;
  CHECK(pyaot::numpy::empty(e, {3, 0}) && e.size() == 0 && e.data != nullptr);
  CHECK(e.strides[0] == 0 && e.strides[1] == 0 && e.is_c_contiguous());
  // errors, with numpy's messages
  constexpr std::int64_t big = std::int64_t{1} << 62;
  CHECK(raised(pyaot::numpy::empty(a, {2, -1}), Exc::ValueError,
               "negative dimensions are not allowed"));
  const char* too_big =
      "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible "
      "size.";
  CHECK(raised(pyaot::numpy::zeros(a, {big, 2}), Exc::ValueError, too_big));
  CHECK(raised(pyaot::numpy::zeros(a, {0, big}), Exc::ValueError, too_big));
  CHECK(raised(pyaot::numpy::zeros(a, {big, 0}), Exc::ValueError, too_big));
  CHECK(raised(pyaot::numpy::zeros(a, {big, -1}), Exc::ValueError, too_big));
  CHECK(raised(pyaot::numpy::zeros(a, {-1, big}), Exc::ValueError,
               "negative dimensions are not allowed"));
  ndarray<std::int8_t, 1> huge;
  CHECK(raised(pyaot::numpy::empty(huge, {std::numeric_limits<std::int64_t>::max()}),
               Exc::MemoryError,
               "Unable to allocate 8.00 EiB for an array with shape (9223372036854775807,) and "
               "data type int8"));
  CHECK(raised(pyaot::numpy::empty(a, {big / 64, 2}), Exc::MemoryError,
               "Unable to allocate 1.00 EiB for an array with shape (72057594037927936, 2) and "
               "data type float64"));
  CHECK(a.shape[0] == 2);  // a failed call leaves `out` as it was
  CHECK(pyaot::numpy::detail::size_to_string(24) == "24 bytes");
  CHECK(pyaot::numpy::detail::size_to_string(0) == "0 bytes");
  CHECK(pyaot::numpy::detail::size_to_string(1023 * 1024 + 1000) == "1.00 MiB");
  CHECK(pyaot::numpy::detail::size_to_string(1023 * 1024 + 500) == "1023. KiB");
  CHECK(pyaot::numpy::detail::size_to_string(999 * 1024 + 1000) == "1000. KiB");
  CHECK(pyaot::numpy::detail::size_to_string(std::uint64_t{8} << 40) == "8.00 TiB");
  CHECK(pyaot::numpy::detail::size_to_string(1000 * 1024 + 1) == "1000. KiB");
}

[[maybe_unused]] void test_element_access() {
  ndarray<std::int32_t, 2> a;
  CHECK(pyaot::numpy::zeros(a, {3, 4}));
  for (std::int64_t i = 0; i < 3; ++i) {
    for (std::int64_t j = 0; j < 4; ++j) {
      CHECK(pyaot::numpy::setitem(a, static_cast<std::int32_t>(10 * i + j), i, j));
    }
  }
  std::int32_t v = 0;
  CHECK(pyaot::numpy::getitem(v, a, -1, -1) && v == 23);
  CHECK(pyaot::numpy::getitem(v, a, -3, 1) && v == 1);
  CHECK(pyaot::numpy::getitem(v, a, std::int8_t{2}, 0u) && v == 20);
  CHECK(pyaot::numpy::at(a, 1, 2) == 12 && pyaot::numpy::offset(a, 1, 2) == 6);
  CHECK(raised(pyaot::numpy::getitem(v, a, 3, 0), Exc::IndexError,
               "index 3 is out of bounds for axis 0 with size 3"));
  CHECK(raised(pyaot::numpy::getitem(v, a, 0, -5), Exc::IndexError,
               "index -5 is out of bounds for axis 1 with size 4"));
  CHECK(raised(pyaot::numpy::setitem(a, 1, 1, 4), Exc::IndexError,
               "index 4 is out of bounds for axis 1 with size 4"));
  ndarray<std::int32_t, 2> e;
  CHECK(pyaot::numpy::empty(e, {3, 0}));
  CHECK(raised(pyaot::numpy::getitem(v, e, 0, 0), Exc::IndexError,
               "index 0 is out of bounds for axis 1 with size 0"));
  CHECK(v == 20);  // a failed getitem leaves out alone
  CHECK(pyaot::numpy::setitem(a, -7, -1, 0) && pyaot::numpy::at(a, 2, 0) == -7);
  // read-only storage: the write fails before any index check, as numpy's does
  a.storage->writeable = false;
  CHECK(raised(pyaot::numpy::setitem(a, 1, 0, 0), Exc::ValueError,
               "assignment destination is read-only"));
  CHECK(raised(pyaot::numpy::setitem(a, 1, 9, 0), Exc::ValueError,
               "assignment destination is read-only"));
  CHECK(pyaot::numpy::getitem(v, a, 0, 0) && v == 0);
  a.storage->writeable = true;
}

/// Built with -DPYAOT_BOUNDSCHECK=0: no range check, negative indices still count from the end.
[[maybe_unused]] void test_unchecked_access() {
  ndarray<std::int32_t, 1> a;
  CHECK(pyaot::numpy::zeros(a, {6}));
  for (std::int64_t i = 0; i < 6; ++i) pyaot::numpy::at(a, i) = static_cast<std::int32_t>(i);
  ndarray<std::int32_t, 1> head(a.data, {3}, {1}, a.storage);  // a[:3]
  std::int32_t v = 0;
  CHECK(pyaot::numpy::getitem(v, head, -1) && v == 2);
  CHECK(pyaot::numpy::getitem(v, head, 4) && v == 4 && clean());  // not checked: reads a[4]
  CHECK(pyaot::numpy::setitem(head, 9, 5) && pyaot::numpy::at(a, 5) == 9 && clean());
  a.storage->writeable = false;  // not a range check: still raised
  CHECK(raised(pyaot::numpy::setitem(head, 1, 0), Exc::ValueError,
               "assignment destination is read-only"));
}

void test_zero_dimensional() {
  ndarray<double, 0> s;
  CHECK(pyaot::numpy::full(s, {}, 2.5) && s.size() == 1 && s.is_c_contiguous());
  double d = 0;
  CHECK(pyaot::numpy::getitem(d, s) && d == 2.5);
  CHECK(pyaot::numpy::setitem(s, 4.0) && pyaot::numpy::at(s) == 4.0);
  CHECK(pyaot::numpy::offset(s) == 0);
  ndarray<double, 0> copy = s;
  CHECK(copy.storage->refcount == 2 && copy.data == s.data);
  ndarray<std::int64_t, 0> z;
  CHECK(pyaot::numpy::zeros(z, {}) && pyaot::numpy::at(z) == 0);
}

}  // namespace

int main() {
  test_dtype_traits();
  test_storage_refcounts();
  test_views_share_data();
  test_allocation();
#if PYAOT_BOUNDSCHECK
  test_element_access();
#else
  test_unchecked_access();
#endif
  test_zero_dimensional();
  return check_summary();
}
