// Unit tests of pyaot/numpy/reduce.hpp: whole-array and per-axis reductions. Built with
// AddressSanitizer, UBSan and LeakSanitizer by tests/test_numpy_reduce.py, which parses the name
// of every `case` line printed here (dtype:shape:layout:op[:axis]), computes the same reduction
// with numpy and compares the two (dtype, shape, values, exact error text). The CHECKs cover
// what numpy cannot show. Exits non-zero on any failed check.

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"

#include "check.hpp"

namespace {

using pyaot::Exc;
using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;
using std::int64_t;
namespace np = pyaot::numpy;

// ---- Test data, as tests/test_numpy_reduce.py builds it --------------------------------------

/// Element i: k = (i * 7919) % 1000 - 500; bool: (i * 7919) % 3 != 0; floats: k / 7.0.
template <class T>
T value(int64_t i) {
  const int64_t k = (i * 7919) % 1000 - 500;
  if constexpr (std::is_same_v<T, bool>) {
    return (i * 7919) % 3 != 0;
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(static_cast<double>(k) / 7.0);
  } else {
    return static_cast<T>(k);
  }
}

template <class T, int N>
ndarray<T, N> base(const Shape<N>& shape) {
  ndarray<T, N> a;
  CHECK(np::empty(a, shape));
  for (int64_t i = 0; i < a.size(); ++i) a.data[i] = value<T>(i);
  return a;
}

/// The array of `shape` in `layout`: c (C order), t (base(reversed shape).T), r (every axis
/// reversed), s (base with the last axis twice as long, [..., ::2]).
template <class T, int N>
ndarray<T, N> make(const Shape<N>& shape, char layout) {
  if (layout == 't') {
    Shape<N> reversed{};
    for (int d = 0; d < N; ++d) reversed[d] = shape[N - 1 - d];
    const ndarray<T, N> b = base<T, N>(reversed);
    Shape<N> strides{};
    for (int d = 0; d < N; ++d) strides[d] = b.strides[N - 1 - d];
    return ndarray<T, N>(b.data, shape, strides, b.storage);
  }
  if (layout == 'r') {
    const ndarray<T, N> b = base<T, N>(shape);
    T* data = b.data;
    Shape<N> strides{};
    for (int d = 0; d < N; ++d) {
      if (b.size() != 0) data += (shape[d] - 1) * b.strides[d];
      strides[d] = -b.strides[d];
    }
    return ndarray<T, N>(data, shape, strides, b.storage);
  }
  if (layout == 's') {
    Shape<N> wide = shape;
    wide[N - 1] *= 2;
    const ndarray<T, N> b = base<T, N>(wide);
    Shape<N> strides = b.strides;
    strides[N - 1] *= 2;
    return ndarray<T, N>(b.data, shape, strides, b.storage);
  }
  return base<T, N>(shape);
}

// ---- Printing cases for the Python side -----------------------------------------------------

template <class T>
std::string text(T v) {
  char buffer[64];
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "True" : "False";
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) return "nan";
    std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(v));
  } else if constexpr (std::is_signed_v<T>) {
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(v));
  }
  return buffer;
}

template <int N>
std::string shape_text(const std::array<int64_t, N>& shape) {
  std::string s = "(";
  for (int d = 0; d < N; ++d) s += (d > 0 ? "," : "") + std::to_string(shape[d]);
  return s + (N == 1 ? ",)" : ")");
}

void print_error(const std::string& name) {
  auto& state = pyaot::error_state();
  CHECK(state.set);
  std::printf("case %s ! %s: %s\n", name.c_str(), pyaot::exc_name(state.type),
              state.message.c_str());
  pyaot::clear_error();
}

/// "case NAME DTYPE () V" for a whole-array reduction.
template <class R>
void scalar_case(const std::string& name, bool ok, R result) {
  if (!ok) return print_error(name);
  CHECK(!pyaot::error_state().set);
  std::printf("case %s %s () %s\n", name.c_str(), np::dtype_traits<R>::name,
              text(result).c_str());
}

/// "case NAME DTYPE SHAPE V V ..." for a reduction along an axis.
template <class R, int M>
void array_case(const std::string& name, bool ok, const ndarray<R, M>& out) {
  if (!ok) return print_error(name);
  CHECK(out.is_c_contiguous());
  CHECK(out.storage != nullptr && out.storage->refcount == 1);
  std::string line =
      "case " + name + " " + np::dtype_traits<R>::name + " " + shape_text<M>(out.shape);
  for (int64_t i = 0; i < out.size(); ++i) line += " " + text(out.data[i]);
  std::printf("%s\n", line.c_str());
}

// ---- Every reduction of one array ------------------------------------------------------------

#define WHOLE(op, R)                        \
  do {                                      \
    R r{};                                  \
    const bool ok = np::op(r, a);           \
    scalar_case<R>(prefix + #op, ok, r);    \
  } while (0)

#define ALONG(op, R)                                                      \
  do {                                                                    \
    ndarray<R, N - 1> r;                                                  \
    const bool ok = np::op##_axis(r, a, axis);                            \
    array_case<R, N - 1>(prefix + #op + ":" + std::to_string(axis), ok, r); \
  } while (0)

template <class T, int N>
void reductions(const Shape<N>& shape, char layout, bool per_axis) {
  const ndarray<T, N> a = make<T, N>(shape, layout);
  std::string dims;
  for (int d = 0; d < N; ++d) dims += (d > 0 ? "x" : "") + std::to_string(shape[d]);
  const std::string prefix =
      std::string(np::dtype_traits<T>::name) + ":" + dims + ":" + layout + ":";
  using S = np::sum_result_t<T>;
  using M = np::mean_result_t<T>;
  WHOLE(sum, S);
  WHOLE(prod, S);
  WHOLE(min, T);
  WHOLE(max, T);
  WHOLE(mean, M);
  WHOLE(any, bool);
  WHOLE(all, bool);
  WHOLE(argmin, int64_t);
  WHOLE(argmax, int64_t);
  if constexpr (N >= 1) {
    if (!per_axis) return;
    for (int64_t axis = -1; axis <= N; ++axis) {  // -1 counts from the end, N is an error
      ALONG(sum, S);
      ALONG(prod, S);
      ALONG(min, T);
      ALONG(max, T);
      ALONG(mean, M);
      ALONG(any, bool);
      ALONG(all, bool);
      ALONG(argmin, int64_t);
      ALONG(argmax, int64_t);
    }
  }
}

template <class T>
void cases_for_dtype() {
  for (char layout : {'c', 'r', 's'}) {
    for (int64_t n = 0; n <= 300; ++n) reductions<T, 1>({n}, layout, n < 3 || n == 17);
  }
  for (char layout : {'c', 't', 'r', 's'}) {
    reductions<T, 2>({3, 4}, layout, true);
    reductions<T, 2>({0, 3}, layout, true);
    reductions<T, 2>({3, 0}, layout, true);
    reductions<T, 2>({1, 5}, layout, true);
    reductions<T, 2>({5, 17}, layout, true);
    reductions<T, 2>({3, 150}, layout, true);
    reductions<T, 2>({150, 3}, layout, true);
    reductions<T, 3>({2, 3, 4}, layout, true);
    reductions<T, 3>({4, 0, 2}, layout, true);
    reductions<T, 3>({2, 1, 70}, layout, true);
    reductions<T, 3>({3, 9, 20}, layout, true);
  }
  reductions<T, 0>({}, 'c', false);
}

// ---- Special values, checked here directly ---------------------------------------------------

void check_nan_and_wrap() {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  ndarray<double, 1> x;
  CHECK(np::full(x, {6}, 1.0));
  x.data[2] = nan;
  x.data[4] = nan;
  x.data[0] = -5.0;
  double r = 0;
  int64_t i = -1;
  CHECK(np::min(r, x) && std::isnan(r));
  CHECK(np::max(r, x) && std::isnan(r));
  CHECK(np::argmin(i, x) && i == 2);
  CHECK(np::argmax(i, x) && i == 2);
  CHECK(np::sum(r, x) && std::isnan(r));
  bool b = false;
  CHECK(np::all(b, x) && b);  // NaN is true

  ndarray<int64_t, 1> big;
  CHECK(np::full(big, {3}, std::numeric_limits<int64_t>::max()));
  int64_t s = 0;
  CHECK(np::sum(s, big) && s == std::numeric_limits<int64_t>::max() - 2);  // wraps
  CHECK(np::prod(s, big) && s == std::numeric_limits<int64_t>::max());

  ndarray<double, 1> empty;
  CHECK(np::empty(empty, {0}));
  CHECK(np::mean(r, empty) && std::isnan(r));
  CHECK(!np::min(r, empty));
  CHECK(pyaot::error_state().message ==
        "zero-size array to reduction operation minimum which has no identity");
  pyaot::clear_error();

  ndarray<double, 2> m;
  CHECK(np::zeros(m, {2, 2}));
  ndarray<double, 1> out;
  CHECK(!np::sum_axis(out, m, -3));
  CHECK(pyaot::error_state().type == Exc::ValueError);
  CHECK(pyaot::error_state().message == "axis -3 is out of bounds for array of dimension 2");
  pyaot::clear_error();
  CHECK(out.storage == nullptr);  // untouched on failure
}

static_assert(std::is_same_v<np::sum_result_t<bool>, int64_t>);
static_assert(std::is_same_v<np::sum_result_t<std::int8_t>, int64_t>);
static_assert(std::is_same_v<np::sum_result_t<std::uint32_t>, std::uint64_t>);
static_assert(std::is_same_v<np::sum_result_t<std::uint64_t>, std::uint64_t>);
static_assert(std::is_same_v<np::sum_result_t<float>, float>);
static_assert(std::is_same_v<np::mean_result_t<float>, float>);
static_assert(std::is_same_v<np::mean_result_t<std::int32_t>, double>);

}  // namespace

int main() {
  cases_for_dtype<bool>();
  cases_for_dtype<std::int8_t>();
  cases_for_dtype<std::uint8_t>();
  cases_for_dtype<std::int32_t>();
  cases_for_dtype<std::int64_t>();
  cases_for_dtype<std::uint64_t>();
  cases_for_dtype<float>();
  cases_for_dtype<double>();
  check_nan_and_wrap();
  std::printf("%d checks passed, %d failed\n", checks - failures, failures);
  return failures == 0 ? 0 : 1;
}
