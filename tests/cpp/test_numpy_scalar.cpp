// Unit tests of pyaot/numpy/scalar/*.hpp, numpy's elementwise kernels. Expected values come
// from numpy 2 on x86-64. Built with -fsanitize=address,undefined,float-cast-overflow by
// tests/test_numpy_scalar_ops.py, so the sweeps below also prove the kernels free of
// undefined behaviour on every edge value (INT_MIN, huge and negative shift counts, nan and
// out-of-range float -> int casts); exits non-zero on any failed check.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <tuple>

#include "pyaot/error.hpp"
#include "pyaot/numpy/scalar.hpp"

#include "check.hpp"

namespace {

namespace np = pyaot::numpy::scalar;

template <class T>
constexpr T lowest = std::numeric_limits<T>::min();
template <class T>
constexpr T highest = std::numeric_limits<T>::max();
constexpr double inf = std::numeric_limits<double>::infinity();
constexpr double nan = std::numeric_limits<double>::quiet_NaN();
constexpr float inf_f = std::numeric_limits<float>::infinity();
constexpr float nan_f = std::numeric_limits<float>::quiet_NaN();

/// Same float bit for bit (0.0 differs from -0.0), or both nan.
template <class T>
bool same(T a, T b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// ---- compile time: the integer kernels are constexpr -----------------------------------------

static_assert(np::add<std::int8_t>(127, 1) == -128);
static_assert(np::add(true, true));
static_assert(np::multiply<std::uint16_t>(65535, 65535) == 1);  // no int promotion overflow
static_assert(np::subtract<std::uint8_t>(0, 1) == 255);
static_assert(np::floor_divide<std::int32_t>(lowest<std::int32_t>, -1) == lowest<std::int32_t>);
static_assert(np::floor_divide<std::int64_t>(7, 0) == 0 && np::remainder<std::int64_t>(7, 0) == 0);
static_assert(np::remainder<std::int16_t>(-7, 2) == 1 && np::floor_divide<std::int16_t>(-7, 2) == -4);
static_assert(np::power_nonnegative<std::int32_t>(3, 40) == 689956897);  // 3**40 mod 2**32
static_assert(np::power<std::uint8_t>(2, 8) == 0);
static_assert(np::absolute(lowest<std::int64_t>) == lowest<std::int64_t>);
static_assert(np::negative<std::uint32_t>(1) == highest<std::uint32_t>);
static_assert(np::left_shift<std::int8_t>(1, 7) == -128 && np::left_shift<std::int8_t>(1, -1) == 0);
static_assert(np::right_shift<std::int64_t>(-5, 64) == -1 && np::right_shift<std::uint64_t>(5, 64) == 0);
static_assert(np::invert<std::uint8_t>(0) == 255 && !np::invert(true));
static_assert(np::cast<std::int64_t>(nan) == lowest<std::int64_t>);
static_assert(np::cast<std::uint8_t>(300.0) == 44);
static_assert(np::cast<std::int8_t>(std::uint64_t{255}) == -1);
static_assert(np::cast<bool>(nan) && !np::cast<bool>(-0.0));
static_assert(np::absolute(-0.0) == 0.0 && np::sign(-2.5f) == -1.0f);
static_assert(np::maximum(1.0, 2.0) == 2.0 && np::fmin(1.0, nan) == 1.0);

// ---- exhaustive int8 and uint8 against arithmetic in a wider type ----------------------------

/// a // b floored (b != 0), in int64.
std::int64_t floored_quotient(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

template <class T>
T wrap(std::int64_t x) {
  return static_cast<T>(static_cast<std::uint64_t>(x));  // modulo 2**bits
}

template <class T>
void exhaustive_small() {
  constexpr int bits = sizeof(T) * 8;
  int bad = 0;
  for (int i = lowest<T>; i <= highest<T>; ++i) {
    const auto a = static_cast<T>(i);
    bad += np::negative(a) != wrap<T>(-i);
    bad += np::absolute(a) != wrap<T>(i < 0 ? -i : i);
    bad += np::sign(a) != static_cast<T>((i > 0) - (i < 0));
    bad += np::invert(a) != wrap<T>(~static_cast<std::int64_t>(i));
    for (int j = lowest<T>; j <= highest<T>; ++j) {
      const auto b = static_cast<T>(j);
      bad += np::add(a, b) != wrap<T>(i + j);
      bad += np::subtract(a, b) != wrap<T>(i - j);
      bad += np::multiply(a, b) != wrap<T>(i * j);
      const T q = j == 0 ? T(0) : wrap<T>(floored_quotient(i, j));
      const T r = j == 0 ? T(0) : wrap<T>(i - floored_quotient(i, j) * j);
      bad += np::floor_divide(a, b) != q;
      bad += np::remainder(a, b) != r;
      bad += np::divmod(a, b) != std::tuple<T, T>(q, r);
      bad += np::bitwise_and(a, b) != static_cast<T>(i & j);
      bad += np::bitwise_xor(a, b) != static_cast<T>(i ^ j);
      const bool big = j < 0 || j >= bits;
      bad += np::left_shift(a, b) != (big ? T(0) : wrap<T>(static_cast<std::int64_t>(
                                                       static_cast<std::uint64_t>(i) << j)));
      bad += np::right_shift(a, b) != (big ? T(i < 0 ? -1 : 0) : static_cast<T>(i >> j));
      bad += np::minimum(a, b) != (i < j ? a : b) || np::maximum(a, b) != (i > j ? a : b);
      bad += np::less(a, b) != (i < j) || np::greater_equal(a, b) != (i >= j);
      if (j >= 0) {
        std::int64_t p = 1;
        for (int k = 0; k < j; ++k) p = static_cast<std::int64_t>(wrap<T>(p * i));
        bad += np::power_nonnegative(a, b) != static_cast<T>(p);
      }
    }
  }
  CHECK(bad == 0);
}

// ---- edge values of every integer dtype through every kernel, for the sanitizers -------------

/// The results folded into one number, so that the calls are not optimized away.
template <class T>
unsigned long long mix(std::initializer_list<T> values) {
  unsigned long long sum = 0;
  for (const T v : values) sum = sum * 31 + static_cast<unsigned long long>(v);
  return sum;
}

template <class T>
void sweep_integer() {
  const T edges[] = {T(0), T(1), static_cast<T>(-1), T(2), static_cast<T>(-2), T(7),
                     static_cast<T>(-7), lowest<T>, static_cast<T>(lowest<T> + 1), highest<T>,
                     static_cast<T>(highest<T> - 1), T(sizeof(T) * 8), T(sizeof(T) * 8 - 1)};
  unsigned long long sink = 0;
  for (const T a : edges) {
    sink += mix({np::negative(a), np::absolute(a), np::sign(a), np::invert(a), np::positive(a)});
    for (const T b : edges) {
      sink += mix({np::add(a, b), np::subtract(a, b), np::multiply(a, b),
                   np::floor_divide(a, b), np::remainder(a, b), std::get<0>(np::divmod(a, b)),
                   np::left_shift(a, b), np::right_shift(a, b), np::bitwise_or(a, b),
                   np::fmax(a, b), np::fmin(a, b)});
      if constexpr (np::signed_integer<T>) {
        T out{};
        if (np::power(out, a, b)) {
          sink += static_cast<unsigned long long>(out);
        } else {
          pyaot::clear_error();
        }
      } else {
        sink += static_cast<unsigned long long>(np::power(a, b));
      }
    }
  }
  CHECK(sink != 1);  // keeps the loop
}

void test_integers() {
  exhaustive_small<std::int8_t>();
  exhaustive_small<std::uint8_t>();
  sweep_integer<std::int8_t>();
  sweep_integer<std::int16_t>();
  sweep_integer<std::int32_t>();
  sweep_integer<std::int64_t>();
  sweep_integer<std::uint8_t>();
  sweep_integer<std::uint16_t>();
  sweep_integer<std::uint32_t>();
  sweep_integer<std::uint64_t>();

  constexpr auto min64 = lowest<std::int64_t>;
  CHECK(np::floor_divide(min64, std::int64_t{-1}) == min64);
  CHECK(np::remainder(min64, std::int64_t{-1}) == 0);
  CHECK(np::divmod(std::int64_t{-7}, std::int64_t{0}) == std::make_tuple(std::int64_t{0}, std::int64_t{0}));
  CHECK(np::multiply(min64, std::int64_t{-1}) == min64);
  CHECK(np::left_shift(std::int64_t{-1}, std::int64_t{63}) == min64);
  CHECK(np::right_shift(std::uint32_t{0x80000000U}, std::uint32_t{31}) == 1);
  CHECK(np::power_nonnegative(std::int64_t{3}, std::int64_t{41}) == -420491770248316829LL);  // 3**41 mod 2**64
  CHECK(np::power<std::uint64_t>(2, 64) == 0 && np::power<std::uint64_t>(0, 0) == 1);

  // the fallible signed power
  std::int32_t out = 5;
  CHECK(np::power(out, std::int32_t{-2}, std::int32_t{3}) && out == -8);
  CHECK(!pyaot::error_state().set);
  out = 5;
  CHECK(!np::power(out, std::int32_t{1}, std::int32_t{-1}) && out == 5);
  CHECK(pyaot::error_state().set && pyaot::error_state().type == pyaot::Exc::ValueError);
  CHECK(pyaot::error_state().message == "Integers to negative integer powers are not allowed.");
  pyaot::clear_error();
  std::int8_t out8 = 0;
  CHECK(np::power(out8, std::int8_t{3}, std::int8_t{5}) && out8 == -13);  // 243 - 256
}

void test_bools() {
  for (const bool a : {false, true}) {
    for (const bool b : {false, true}) {
      CHECK(np::add(a, b) == (a || b));
      CHECK(np::multiply(a, b) == (a && b));
      CHECK(np::bitwise_xor(a, b) == (a != b));
      CHECK(np::minimum(a, b) == (a && b) && np::maximum(a, b) == (a || b));
      CHECK(np::fmin(a, b) == (a && b) && np::fmax(a, b) == (a || b));
      CHECK(np::less(a, b) == (!a && b));
    }
    CHECK(np::invert(a) == !a && np::absolute(a) == a);
  }
}

// ---- floats ----------------------------------------------------------------------------------

template <class T>
void test_float_division() {
  const T i = std::numeric_limits<T>::infinity();
  const T n = std::numeric_limits<T>::quiet_NaN();
  // floor_divide and remainder by zero: a / b and fmod(a, 0)
  CHECK(same(np::floor_divide(T(1), T(0)), i) && same(np::floor_divide(T(1), T(-0.0)), -i));
  CHECK(same(np::floor_divide(T(-2.5), T(0)), -i) && std::isnan(np::floor_divide(T(0), T(0))));
  CHECK(std::isnan(np::remainder(T(1), T(0))) && std::isnan(np::remainder(T(0), T(-0.0))));
  // signs follow the divisor; zeros are signed
  CHECK(same(np::remainder(T(-1), T(2.5)), T(1.5)) && same(np::remainder(T(1), T(-2.5)), T(-1.5)));
  CHECK(same(np::remainder(T(2.5), T(-2.5)), T(-0.0)) && same(np::remainder(T(-0.0), T(1)), T(0)));
  CHECK(same(np::floor_divide(T(-0.0), T(1)), T(-0.0)) && same(np::floor_divide(T(0), T(-1)), T(-0.0)));
  CHECK(same(np::floor_divide(T(2.5), T(-1)), T(-3)) && same(np::floor_divide(T(-2.5), T(-2.5)), T(1)));
  // infinities
  CHECK(same(np::remainder(T(1), -i), -i) && same(np::floor_divide(T(1), -i), T(-1)));
  CHECK(same(np::remainder(T(-1), i), i) && same(np::floor_divide(T(1), i), T(0)));
  CHECK(std::isnan(np::floor_divide(i, T(1))) && std::isnan(np::remainder(i, T(1))));
  CHECK(same(np::floor_divide(i, T(0)), i) && same(np::floor_divide(-i, T(-0.0)), i));
  CHECK(std::isnan(np::floor_divide(n, T(1))) && std::isnan(np::remainder(T(1), n)));
  const auto [q, r] = np::divmod(T(7.5), T(-2));
  CHECK(same(q, T(-4)) && same(r, T(-0.5)));
  CHECK(same(np::true_divide(T(1), T(-0.0)), -i) && same(np::true_divide(T(1), T(3)), T(1) / T(3)));
}

void test_floats() {
  test_float_division<float>();
  test_float_division<double>();
  CHECK(same(np::floor_divide(1.0, 1e-300), 0x1.7e43c8800759bp+996));  // snapped, not floor(1e300)
  CHECK(same(np::remainder(-1.0, 1e300), 0x1.7e43c8800759cp+996));
  CHECK(same(np::add(0.1f, 0.2f), 0.3f) && same(np::multiply(1e30f, 1e30f), inf_f));
  // unary
  CHECK(same(np::sign(-0.0), 0.0) && same(np::sign(-inf), -1.0) && std::isnan(np::sign(nan)));
  CHECK(same(np::absolute(-0.0f), 0.0f) && !std::signbit(np::absolute(-nan)));
  CHECK(same(np::negative(0.0), -0.0) && same(np::positive(-0.0), -0.0));
  // nan propagates through minimum/maximum, not fmin/fmax; equal operands give the second
  CHECK(std::isnan(np::minimum(nan, 1.0)) && std::isnan(np::minimum(1.0, nan)));
  CHECK(std::isnan(np::maximum(nan_f, 1.0f)) && std::isnan(np::maximum(1.0f, nan_f)));
  CHECK(same(np::fmin(nan, 1.0), 1.0) && same(np::fmax(1.0, nan), 1.0) && std::isnan(np::fmax(nan, nan)));
  CHECK(same(np::maximum(0.0, -0.0), -0.0) && same(np::minimum(-0.0, 0.0), 0.0));
  CHECK(same(np::fmax(0.0f, -0.0f), -0.0f) && same(np::fmin(-inf, 3.0), -inf));
  // comparisons
  CHECK(!np::equal(nan, nan) && np::not_equal(nan, nan) && !np::less_equal(nan, inf));
  CHECK(np::equal(0.0, -0.0) && !np::less(-0.0, 0.0) && np::greater(inf_f, 1e38f));
  // power
  CHECK(same(np::power(2.0, -1074.0), 0x1p-1074) && same(np::power(nan, 0.0), 1.0));
  CHECK(same(np::power(-8.0f, 1.0f / 3.0f), nan_f) || std::isnan(np::power(-8.0f, 1.0f / 3.0f)));
  CHECK(same(np::power(0.0, -1.0), inf) && same(np::power(-2.0f, 3.0f), -8.0f));
}

// ---- casts -------------------------------------------------------------------------------------

template <class To>
void sweep_casts() {
  const double doubles[] = {0.0, -0.0, 0.5, -0.5, -1.0, 127.9, 128.0, -129.0, 255.5, 256.0,
                            70000.0, -70000.5, 2147483647.5, 2147483648.0, -2147483648.9,
                            -2147483649.0, 4294967296.0, 1e10, -1e10, 0x1p63, -0x1p63,
                            0x1.fffffffffffffp62, 0x1p64, 1e300, -1e300, inf, -inf, nan};
  unsigned long long sink = 0;
  for (const double x : doubles) {
    sink += static_cast<unsigned long long>(np::cast<To>(x));
    sink += static_cast<unsigned long long>(np::cast<To>(static_cast<float>(x)));
  }
  CHECK(sink != 1);
}

void test_casts() {
  sweep_casts<bool>();
  sweep_casts<std::int8_t>();
  sweep_casts<std::int16_t>();
  sweep_casts<std::int32_t>();
  sweep_casts<std::int64_t>();
  sweep_casts<std::uint8_t>();
  sweep_casts<std::uint16_t>();
  sweep_casts<std::uint32_t>();
  sweep_casts<std::uint64_t>();
  // in range: truncation toward zero
  CHECK(np::cast<std::int32_t>(-2147483648.9) == lowest<std::int32_t>);
  CHECK(np::cast<std::int64_t>(0x1.fffffffffffffp62) == 9223372036854774784LL);
  CHECK(np::cast<std::uint64_t>(0x1p63) == 9223372036854775808ULL);
  CHECK(np::cast<std::uint64_t>(0x1p63 + 2048) == 9223372036854777856ULL);
  CHECK(np::cast<std::int16_t>(-1.9f) == -1);
  // out of range, as numpy on x86-64
  CHECK(np::cast<std::int32_t>(nan) == lowest<std::int32_t> && np::cast<std::int32_t>(inf) == lowest<std::int32_t>);
  CHECK(np::cast<std::int64_t>(-inf) == lowest<std::int64_t> && np::cast<std::int64_t>(1e19f) == lowest<std::int64_t>);
  CHECK(np::cast<std::int8_t>(nan) == 0 && np::cast<std::int16_t>(-70000.5) == -4464);
  CHECK(np::cast<std::uint8_t>(-1.0) == 255 && np::cast<std::uint16_t>(-129.0f) == 65407);
  CHECK(np::cast<std::uint32_t>(1e10) == 1410065408U && np::cast<std::uint32_t>(nan) == 0);
  CHECK(np::cast<std::uint32_t>(-2147483649.0) == 2147483647U);
  CHECK(np::cast<std::uint64_t>(nan) == 9223372036854775808ULL && np::cast<std::uint64_t>(inf) == 0);
  CHECK(np::cast<std::uint64_t>(-inf) == 9223372036854775808ULL && np::cast<std::uint64_t>(-1.0) == highest<std::uint64_t>);
  CHECK(np::cast<std::uint64_t>(0x1p64) == 0 && np::cast<std::uint64_t>(-1e20f) == 9223372036854775808ULL);
  // integers and floats among themselves
  CHECK(np::cast<std::uint8_t>(std::int64_t{-1}) == 255 && np::cast<std::int32_t>(std::uint64_t{1} << 40) == 0);
  CHECK(np::cast<float>(std::uint64_t{18446744073709551615ULL}) == 0x1p64f);
  CHECK(np::cast<float>(std::int64_t{16777217}) == 16777216.0f);
  CHECK(same(np::cast<float>(1e300), inf_f) && same(np::cast<float>(-0.0), -0.0f));
  CHECK(np::cast<double>(true) == 1.0 && np::cast<std::int8_t>(true) == 1 && np::cast<bool>(std::int8_t{-128}));
  CHECK(np::cast<bool>(0.0f) == false && np::cast<bool>(nan_f) && np::cast<bool>(5e-324));
}

// ---- loops over arrays: what the compiler vectorizes must give the scalar results -------------

void test_loops() {
  constexpr int n = 1000;
  double a[n];
  double b[n];
  std::int32_t x[n];
  std::int32_t y[n];
  for (int k = 0; k < n; ++k) {
    a[k] = (k % 7 == 0) ? nan : (k - 500) * 0.37;
    b[k] = (k % 11 == 0) ? -0.0 : (k % 13 == 0 ? inf : 3.0 - k * 0.01);
    x[k] = k * 2654435761U % 4096 - 2048;
    y[k] = (k % 5 == 0) ? k - 40 : k % 40;
  }
  double mx[n];
  double fm[n];
  std::int32_t sh[n];
  std::int32_t rs[n];
  std::int32_t ci[n];
  for (int k = 0; k < n; ++k) mx[k] = np::maximum(a[k], b[k]);
  for (int k = 0; k < n; ++k) fm[k] = np::fmin(a[k], b[k]);
  for (int k = 0; k < n; ++k) sh[k] = np::left_shift(x[k], y[k]);
  for (int k = 0; k < n; ++k) rs[k] = np::right_shift(x[k], y[k]);
  for (int k = 0; k < n; ++k) ci[k] = np::cast<std::int32_t>(a[k] * 1e7);
  int bad = 0;
  for (int k = 0; k < n; ++k) {
    const double big = a[k] > b[k] || std::isnan(a[k]) ? a[k] : b[k];
    bad += !same(mx[k], big);
    bad += !same(fm[k], std::isnan(b[k]) ? a[k] : (std::isnan(a[k]) ? b[k] : (a[k] < b[k] ? a[k] : b[k])));
    const bool in_range = y[k] >= 0 && y[k] < 32;
    bad += sh[k] != (in_range ? static_cast<std::int32_t>(static_cast<std::uint32_t>(x[k]) << y[k]) : 0);
    bad += rs[k] != (in_range ? x[k] >> y[k] : (x[k] < 0 ? -1 : 0));
    const double scaled = a[k] * 1e7;
    const bool fits = scaled > -2147483649.0 && scaled < 2147483648.0;
    bad += ci[k] != (fits ? static_cast<std::int32_t>(scaled) : lowest<std::int32_t>);
  }
  CHECK(bad == 0);
}

}  // namespace

int main() {
  test_integers();
  test_bools();
  test_floats();
  test_casts();
  test_loops();
  return check_summary();
}
