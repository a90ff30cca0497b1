// Unit tests of pyaot/numpy/reduce.hpp: whole-array and per-axis reductions. Built with
// AddressSanitizer, UBSan and LeakSanitizer by tests/test_numpy_reduce.py, which parses the name
// of every `case` line printed here (dtype:shape:layout:op[:axis]), computes the same reduction
// with numpy and compares the two (dtype, shape, values, exact error text). The CHECKs cover
// what numpy cannot show. Exits non-zero on any failed check.

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "pyaot/error.hpp"
#include "pyaot/numpy/ndarray.hpp"
#include "pyaot/numpy/reduce.hpp"

#include "arrays.hpp"
#include "check.hpp"

namespace {

using pyaot::Exc;
using pyaot::numpy::ndarray;
using pyaot::numpy::Shape;
using std::int64_t;
namespace np = pyaot::numpy;
namespace t = pyaot_testing;

// ---- Every reduction of one array ------------------------------------------------------------

#define WHOLE(op, R)                        \
  do {                                      \
    R r{};                                  \
    const bool ok = np::op(r, a);           \
    t::scalar_case<R>(prefix + #op, ok, r); \
  } while (0)

#define ALONG(op, R)                                                           \
  do {                                                                         \
    ndarray<R, N - 1> r;                                                       \
    const bool ok = np::op##_axis(r, a, axis);                                 \
    t::array_case<R, N - 1>(prefix + #op + ":" + std::to_string(axis), ok, r); \
  } while (0)

template <class T, int N>
void reductions(const Shape<N>& shape, char layout, bool per_axis) {
  const ndarray<T, N> a = t::make<T, N>(shape, layout);
  const std::string prefix =
      std::string(np::dtype_traits<T>::name) + ":" + t::dims<N>(shape) + ":" + layout + ":";
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
  return check_summary();
}
