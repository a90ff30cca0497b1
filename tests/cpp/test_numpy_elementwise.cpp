// Unit tests of pyaot/numpy/elementwise.hpp: fused elementwise expressions with numpy
// broadcasting. Built with AddressSanitizer, UBSan and LeakSanitizer by
// tests/test_numpy_elementwise.py, which also computes every `case` line printed here with
// numpy itself and compares the two (values, shapes, dtypes and error messages); the CHECKs
// below cover what numpy cannot show (storage, refcounts, when the loop stops). Exits
// non-zero on any failed check.

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/elementwise.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/scalar.hpp"

#include "check.hpp"

namespace {

using pyaot::Exc;
using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;
using std::int64_t;
namespace np = pyaot::numpy;

// ---- Building arrays and views, as numpy would ----------------------------------------------

/// start + step * arange(size).reshape(shape), C-contiguous (values computed in double).
template <class T, int N>
ndarray<T, N> ar(const Shape<N>& shape, double start = 0, double step = 1) {
  ndarray<T, N> a;
  CHECK(np::empty(a, shape));
  for (int64_t i = 0; i < a.size(); ++i) a.data[i] = static_cast<T>(start + step * double(i));
  return a;
}

/// a[..., start : start + count * step : step, ...] along `axis` (count elements).
template <class T, int N>
ndarray<T, N> slice(const ndarray<T, N>& a, int axis, int64_t start, int64_t count,
                    int64_t step) {
  auto shape = a.shape;
  auto strides = a.strides;
  shape[axis] = count;
  strides[axis] = a.strides[axis] * step;
  return ndarray<T, N>(a.data + start * a.strides[axis], shape, strides, a.storage);
}

/// a[i], one row of a 2-d array.
template <class T>
ndarray<T, 1> row(const ndarray<T, 2>& a, int64_t i) {
  return ndarray<T, 1>(a.data + i * a.strides[0], {a.shape[1]}, {a.strides[1]}, a.storage);
}

template <class T>
ndarray<T, 2> transpose(const ndarray<T, 2>& a) {
  return ndarray<T, 2>(a.data, {a.shape[1], a.shape[0]}, {a.strides[1], a.strides[0]},
                       a.storage);
}

template <class T, int N>
ndarray<T, N> read_only(ndarray<T, N> a) {
  a.storage->writeable = false;
  return a;
}

// ---- Printing cases for the Python side -----------------------------------------------------

template <class T>
std::string text(T value) {
  char buffer[64];
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "True" : "False";
  } else if constexpr (std::is_floating_point_v<T>) {
    std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(value));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
  } else {
    std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(value));
  }
  return buffer;
}

/// "case NAME DTYPE SHAPE V V ...", the elements in C order.
template <class T, int N>
void print(const char* name, const ndarray<T, N>& a) {
  std::string line = std::string("case ") + name + " " + np::dtype_traits<T>::name + " " +
                     np::detail::broadcast_shape_repr(a.shape.data(), N);
  std::array<int64_t, N> index{};
  for (int64_t i = 0; i < a.size(); ++i) {
    int64_t offset = 0;
    for (int axis = 0; axis < N; ++axis) offset += index[axis] * a.strides[axis];
    line += " " + text(a.data[offset]);
    for (int axis = N - 1; axis >= 0; --axis) {
      if (++index[axis] < a.shape[axis]) break;
      index[axis] = 0;
    }
  }
  std::printf("%s\n", line.c_str());
}

/// "case NAME ! TYPE: MESSAGE" for a call that failed (and clears the error).
void print_error(const char* name, bool ok) {
  pyaot::ErrorState& state = pyaot::error_state();
  CHECK(!ok && state.set);
  std::printf("case %s ! %s: %s\n", name, pyaot::exc_name(state.type), state.message.c_str());
  pyaot::clear_error();
}

/// A call's outcome: the array when it succeeded, else its error.
template <class T, int N>
void report(const char* name, bool ok, const ndarray<T, N>& a) {
  if (ok) {
    CHECK(!pyaot::error_state().set);
    print(name, a);
  } else {
    print_error(name, ok);
  }
}

// ---- Cases compared with numpy --------------------------------------------------------------

void cases_map() {
  const auto mul = [](double x, double y) noexcept { return x * y; };
  const auto add = [](double x, double y) noexcept { return x + y; };
  {
    auto a = ar<double, 1>({5});
    auto b = ar<double, 1>({5}, 1, 0.5);
    ndarray<double, 1> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x * y + x * 2.0 - 1.5; }, a, b);
    report("chain", ok, out);
    CHECK(out.is_c_contiguous() && out.storage->refcount == 1);
  }
  {
    ndarray<double, 2> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x * 10.0 + y; }, ar<double, 2>({3, 1}),
        ar<double, 1>({4}));
    report("outer", ok, out);
  }
  {
    ndarray<double, 2> out;
    report("zero_d_with_2d",
           np::map(out, mul, ar<double, 0>({}, 2.5), ar<double, 2>({2, 3})), out);
  }
  {
    ndarray<double, 0> out;
    report("scalars_only", np::map(out, [](double x, double y) { return x * y + 1; }, 2.0, 3.0),
           out);
  }
  {
    ndarray<double, 2> out;
    report("empty_rows", np::map(out, add, ar<double, 2>({0, 3}), ar<double, 2>({1, 3})), out);
    report("empty_cols", np::map(out, mul, ar<double, 2>({2, 0}), ar<double, 2>({2, 1})), out);
  }
  {
    auto a = ar<double, 1>({10});
    ndarray<double, 1> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x + y * 3; }, slice(a, 0, 9, 5, -2),
        slice(a, 0, 1, 5, 2));
    report("strided", ok, out);
  }
  {
    auto a = ar<double, 2>({3, 4});
    ndarray<double, 2> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x - y; }, transpose(a), ar<double, 2>({4, 3}, 100));
    report("transposed", ok, out);
  }
  {
    auto a = ar<double, 2>({4, 6});
    ndarray<double, 2> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x * 2 + y; }, slice(a, 1, 1, 2, 2),
        slice(slice(a, 0, 3, 4, -1), 1, 0, 2, 1));
    report("slices_2d", ok, out);
  }
  {
    ndarray<double, 2> out;
    const bool ok = np::map(
        out, [](std::int32_t x, double y) { return x * y; }, ar<std::int32_t, 2>({2, 3}, -3),
        ar<double, 1>({3}, 0.25, 0.5));
    report("mixed_types", ok, out);
  }
  {
    ndarray<bool, 1> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x > y; }, ar<double, 1>({6}),
        ar<double, 1>({6}, 5, -1));
    report("compare_bool", ok, out);
  }
  {
    ndarray<std::int8_t, 1> out;
    const bool ok = np::map(
        out, [](std::int8_t x, std::int8_t y) { return np::scalar::add(x, y); },
        ar<std::int8_t, 1>({4}, 100, 5), ar<std::int8_t, 1>({4}, 20));
    report("int8_wraps", ok, out);
  }
  {
    ndarray<float, 1> out;
    const bool ok = np::map(
        out, [](float x, float y) { return x * 0.1f + y; }, ar<float, 1>({7}, -1, 0.375),
        2.5f);
    report("float32", ok, out);
  }
  {
    ndarray<double, 8> out;
    const bool ok = np::map(
        out, [](double x, double y) { return x * 100 + y; },
        ar<double, 8>({2, 1, 2, 1, 2, 1, 2, 1}), ar<double, 7>({2, 1, 2, 1, 2, 1, 2}));
    report("rank8", ok, out);
  }
  {
    ndarray<double, 3> out;
    report("rank3", np::map(out, add, ar<double, 3>({2, 3, 4}), ar<double, 2>({3, 1}, 0.5)), out);
  }
  {
    auto a = ar<std::uint64_t, 1>({3}, 1);
    ndarray<std::uint64_t, 1> out;
    const bool ok = np::map(
        out, [](std::uint64_t x, std::uint64_t y) { return np::scalar::subtract(x, y); }, a,
        std::uint64_t{2});
    report("uint64_wraps", ok, out);
  }
}

void cases_map_into() {
  const auto sum = [](double x, double y) noexcept { return x + y; };
  const auto twice = [](double x) noexcept { return x * 2; };
  const auto copy = [](double x) noexcept { return x; };
  {
    auto u = ar<double, 1>({8});
    const bool ok = np::map_into(slice(u, 0, 1, 6, 1), sum, slice(u, 0, 0, 6, 1),
                                 slice(u, 0, 2, 6, 1));
    report("shift_sum", ok, u);
    CHECK(u.storage->refcount == 1);
  }
  {
    auto u = ar<double, 1>({8});
    report("shift_forward", np::map_into(slice(u, 0, 2, 6, 1), twice, slice(u, 0, 0, 6, 1)), u);
  }
  {
    auto u = ar<double, 1>({8});
    report("shift_backward", np::map_into(slice(u, 0, 0, 6, 1), twice, slice(u, 0, 2, 6, 1)), u);
  }
  {
    auto a = ar<double, 2>({3, 4});
    report("same_view", np::map_into(a, [](double x) { return x * 2 + 1; }, a), a);
  }
  {
    auto a = ar<double, 1>({7});
    report("reverse_self",
           np::map_into(slice(a, 0, 6, 7, -1), [](double x) { return x + 0.5; }, a), a);
  }
  {
    auto u = ar<double, 2>({5, 6}, 0, 1.5);
    CHECK(np::map_into(u, [](double x) { return x * x; }, u));
    auto inner = [&](int64_t r, int64_t c) { return slice(slice(u, 0, r, 3, 1), 1, c, 4, 1); };
    const bool ok = np::map_into(
        inner(1, 1),
        [](double n, double s, double w, double e) { return 0.25 * (n + s + w + e); },
        inner(0, 1), inner(2, 1), inner(1, 0), inner(1, 2));
    report("jacobi", ok, u);
  }
  {
    auto m = ar<double, 2>({3, 4});
    report("row_broadcast_self", np::map_into(m, [](double x) { return x + 1; }, row(m, 0)), m);
  }
  {
    auto s = ar<double, 2>({3, 3});
    report("transpose_self", np::map_into(s, copy, transpose(s)), s);
  }
  {
    auto m = ar<double, 2>({3, 3});
    report("column_broadcast_self",
           np::map_into(slice(m, 1, 1, 2, 1), [](double x) { return x * 10; },
                        slice(m, 1, 0, 1, 1)),
           m);
  }
  {
    auto o = ar<double, 2>({2, 3});
    report("broadcast_in", np::map_into(o, copy, ar<double, 1>({3}, 10)), o);
  }
  {
    auto z = ar<double, 0>({}, 1.5);
    report("zero_d_target", np::map_into(z, twice, z), z);
  }
  {
    auto o = ar<double, 2>({2, 3});
    report("higher_rank_operand",
           np::map_into(o, [](double x) { return x - 1; }, ar<double, 3>({1, 2, 3}, 50)), o);
  }
  {
    auto a = ar<double, 1>({10});
    report("strided_target", np::map_into(slice(a, 0, 0, 4, 3), twice, ar<double, 1>({4}, 20)),
           a);
  }
  {
    auto a = ar<double, 1>({5});
    report("reversed_target", np::map_into(slice(a, 0, 4, 5, -1), copy, ar<double, 1>({5}, 7)),
           a);
  }
  {
    auto t = ar<int64_t, 1>({6}, 1);
    const bool ok = np::map_into(
        slice(t, 0, 1, 5, 1), [](int64_t x) { return np::scalar::multiply(x, int64_t{3}); },
        slice(t, 0, 0, 5, 1));
    report("int_shift", ok, t);
  }
  {
    auto a = ar<double, 2>({2, 2});
    report("scalar_into", np::map_into(a, [](double x) { return x + 1; }, 3.0), a);
  }
  {
    auto a = ar<double, 2>({3, 4});
    report("fill_strided", np::fill(slice(a, 1, 1, 2, 2), 7.0), a);
    auto z = ar<std::int32_t, 0>({}, 4);
    report("fill_zero_d", np::fill(z, -2), z);
    auto e = ar<double, 2>({3, 0});
    report("fill_empty", np::fill(e, 1.0), e);
  }
}

void cases_errors() {
  const auto add = [](double x, double y) noexcept { return x + y; };
  const auto copy = [](double x) noexcept { return x; };
  ndarray<double, 1> out1;
  ndarray<double, 2> out2;
  print_error("err_1d", np::map(out1, add, ar<double, 1>({3}), ar<double, 1>({4})));
  print_error("err_2d", np::map(out2, add, ar<double, 2>({2, 3}), ar<double, 1>({4})));
  print_error("err_chain",
              np::map(
                  out2, [](double x, double y, double z) { return x + y + z; },
                  ar<double, 1>({3}), ar<double, 2>({2, 1}), ar<double, 1>({4})));
  {
    // a + b * c: numpy broadcasts b with c first
    std::array<int64_t, 2> bc{};
    std::array<int64_t, 2> all{};
    const bool ok = np::broadcast_shapes(bc, std::array<int64_t, 2>{2, 1},
                                         std::array<int64_t, 1>{4}) &&
                    np::broadcast_shapes(all, std::array<int64_t, 1>{3}, bc);
    CHECK(bc[0] == 2 && bc[1] == 4);
    print_error("err_tree", ok);
  }
  print_error("err_empty", np::map(out2, add, ar<double, 2>({0, 3}), ar<double, 2>({2, 3})));
  CHECK(out1.data == nullptr && out2.data == nullptr);
  {
    auto o = ar<double, 1>({4});
    print_error("into_small", np::map_into(o, copy, ar<double, 1>({3})));
    print_error("into_operands", np::map_into(o, add, ar<double, 1>({3}), ar<double, 1>({2})));
    auto o2 = ar<double, 2>({2, 3});
    print_error("into_rank", np::map_into(o2, copy, ar<double, 3>({2, 1, 3})));
    auto z = ar<double, 0>({});
    print_error("into_zero_d", np::map_into(z, copy, ar<double, 1>({2})));
    auto one = ar<double, 1>({1});
    print_error("into_from_empty", np::map_into(one, copy, ar<double, 1>({0})));
    auto none = ar<double, 1>({0});
    print_error("into_empty_target", np::map_into(none, copy, ar<double, 1>({2})));
  }
  {
    auto ro = read_only(ar<double, 1>({4}));
    print_error("read_only_into", np::map_into(ro, copy, ar<double, 1>({4})));
    print_error("read_only_before_shape", np::map_into(ro, copy, ar<double, 1>({3})));
    print_error("read_only_operands_first",
                np::map_into(ro, add, ar<double, 1>({3}), ar<double, 1>({2})));
    print_error("read_only_fill", np::fill(ro, 0.0));
    print_error("read_only_empty_fill", np::fill(read_only(ar<double, 1>({0})), 0.0));
  }
}

/// numpy.power on int64 arrays: fails on a negative exponent.
bool int_power(int64_t& out, int64_t base, int64_t exponent) noexcept {
  return np::scalar::power(out, base, exponent);
}

void cases_fallible() {
  {
    ndarray<int64_t, 2> out;
    report("power_ok",
           np::map_fallible(out, int_power, ar<int64_t, 2>({2, 3}, -2), ar<int64_t, 1>({3}, 1)),
           out);
    const auto before = out.storage;
    print_error("power_negative", np::map_fallible(out, int_power, ar<int64_t, 2>({2, 3}),
                                                   ar<int64_t, 1>({3}, 1, -1)));
    CHECK(out.storage == before && out.shape[0] == 2);
  }
  {
    auto t = ar<int64_t, 1>({5}, 1);
    print_error("power_into_fails",
                np::map_into_fallible(t, int_power, t, ar<int64_t, 1>({5}, 3, -1)));
    report("power_into_after", true, t);
  }
  {
    auto t = ar<int64_t, 1>({5}, 1);
    report("power_into_shift",
           np::map_into_fallible(slice(t, 0, 1, 4, 1), int_power, slice(t, 0, 0, 4, 1),
                                 int64_t{2}),
           t);
  }
}

// ---- What numpy cannot show -----------------------------------------------------------------

void test_fallible_stops_at_first_failure() {
  int calls = 0;
  auto f = [&calls](double& out, double x) noexcept {
    ++calls;
    if (x == 3.0) return pyaot::raise(Exc::ValueError, "three");
    out = x;
    return true;
  };
  ndarray<double, 1> out;
  CHECK(!np::map_fallible(out, f, ar<double, 1>({10})));
  CHECK(calls == 4 && pyaot::error_state().message == "three" && out.data == nullptr);
  pyaot::clear_error();
  calls = 0;
  auto target = ar<double, 2>({2, 5});
  CHECK(!np::map_into_fallible(target, f, ar<double, 1>({5}, 1)));
  CHECK(calls == 3 && target.data[0] == 0.0 && target.data[1] == 1.0);  // unchanged
  pyaot::clear_error();
}

void test_overlap_detection() {
  using np::detail::overlaps_unsafely;
  auto u = ar<double, 1>({8});
  auto other = ar<double, 1>({8});
  CHECK(!overlaps_unsafely(u, u));
  CHECK(!overlaps_unsafely(u, other));
  CHECK(overlaps_unsafely(slice(u, 0, 1, 7, 1), slice(u, 0, 0, 7, 1)));
  CHECK(overlaps_unsafely(slice(u, 0, 0, 4, 2), slice(u, 0, 1, 4, 2)));  // bounds only
  CHECK(!overlaps_unsafely(slice(u, 0, 0, 4, 1), slice(u, 0, 4, 4, 1)));
  CHECK(overlaps_unsafely(u, slice(u, 0, 7, 8, -1)));
  CHECK(!overlaps_unsafely(u, 2.0));
  auto m = ar<double, 2>({3, 4});
  CHECK(!overlaps_unsafely(m, ndarray<double, 3>(m.data, {1, 3, 4}, {0, 4, 1}, m.storage)));
  CHECK(overlaps_unsafely(m, row(m, 0)));
  CHECK(!overlaps_unsafely(slice(m, 0, 0, 1, 1), row(m, 0)));  // the same elements
  // a view of the same bytes with another element type is not "the same view"
  ndarray<std::int64_t, 1> bits(reinterpret_cast<std::int64_t*>(u.data), {8}, {1}, u.storage);
  CHECK(overlaps_unsafely(u, bits));
}

void test_broadcast_shapes() {
  std::array<int64_t, 3> out{};
  CHECK(np::broadcast_shapes(out, std::array<int64_t, 3>{4, 1, 3}, std::array<int64_t, 2>{5, 1}));
  CHECK(out[0] == 4 && out[1] == 5 && out[2] == 3);
  std::array<int64_t, 0> scalar{};
  std::array<int64_t, 1> one{};
  CHECK(np::broadcast_shapes(one, scalar, std::array<int64_t, 1>{0}) && one[0] == 0);
  CHECK(!np::broadcast_shapes(one, std::array<int64_t, 1>{2}, std::array<int64_t, 1>{0}));
  CHECK(pyaot::error_state().message ==
        "operands could not be broadcast together with shapes (2,) (0,) ");
  pyaot::clear_error();
}

void test_references() {
  auto a = ar<double, 1>({4});
  {
    ndarray<double, 1> out = a;  // out is replaced, a keeps its storage
    CHECK(a.storage->refcount == 2);
    CHECK(np::map(out, [](double x) { return x; }, a));
    CHECK(a.storage->refcount == 1 && out.storage != a.storage && out.storage->refcount == 1);
    CHECK(np::map(a, [](double x) { return x * 2; }, a));  // `a = a * 2`
    CHECK(a.data[3] == 6.0 && a.storage->refcount == 1);
  }
  auto u = ar<double, 1>({6});
  CHECK(np::map_into(slice(u, 0, 1, 5, 1), [](double x) { return x; }, slice(u, 0, 0, 5, 1)));
  CHECK(u.storage->refcount == 1 && u.data[5] == 4.0);
}

}  // namespace

int main() {
  cases_map();
  cases_map_into();
  cases_errors();
  cases_fallible();
  test_fallible_stops_at_first_failure();
  test_overlap_detection();
  test_broadcast_shapes();
  test_references();
  return check_summary();
}
