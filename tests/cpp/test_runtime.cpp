// Unit tests of the header-only runtime on its tricky cases. Expected values come from
// CPython 3.11. Built with -fsanitize=address,undefined -fno-exceptions by
// tests/test_runtime_cpp.py; exits non-zero on any failed check.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <thread>
#include <tuple>

#include "pyaot/builtins/abs.hpp"
#include "pyaot/builtins/divmod.hpp"
#include "pyaot/builtins/int.hpp"
#include "pyaot/builtins/max.hpp"
#include "pyaot/builtins/min.hpp"
#include "pyaot/builtins/pow.hpp"
#include "pyaot/builtins/round.hpp"
#include "pyaot/math/comb.hpp"
#include "pyaot/math/factorial.hpp"
#include "pyaot/math/floor.hpp"
#include "pyaot/math/gcd.hpp"
#include "pyaot/math/hypot.hpp"
#include "pyaot/math/lcm.hpp"
#include "pyaot/math/sqrt.hpp"
#include "pyaot/operator/add.hpp"
#include "pyaot/operator/eq.hpp"
#include "pyaot/operator/floordiv.hpp"
#include "pyaot/operator/lshift.hpp"
#include "pyaot/operator/lt.hpp"
#include "pyaot/operator/mod.hpp"
#include "pyaot/operator/mul.hpp"
#include "pyaot/operator/neg.hpp"
#include "pyaot/operator/pow.hpp"
#include "pyaot/operator/rshift.hpp"
#include "pyaot/operator/sub.hpp"
#include "pyaot/operator/truediv.hpp"
#include "pyaot/runtime.hpp"

#include "check.hpp"

namespace {

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr const char* kIntOverflow = "integer overflow: the compiled int is 64-bit";

/// Same float, bit for bit (so 0.0 differs from -0.0), or both NaN.
bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

void test_error_state() {
  using pyaot::Exc;
  CHECK(clean());
  CHECK(!pyaot::raise(Exc::KeyError, "k"));
  CHECK(pyaot::error_state().set && pyaot::error_state().type == Exc::KeyError);
  CHECK(pyaot::error_state().file == nullptr);
  CHECK(!pyaot::fail_at("inner.py", 3));
  CHECK(!pyaot::fail_at("outer.py", 30));  // the innermost location wins
  CHECK(std::strcmp(pyaot::error_state().file, "inner.py") == 0);
  CHECK(pyaot::error_state().line == 3);
  CHECK(!pyaot::raise(Exc::ValueError, "again"));  // a new exception forgets the old place
  CHECK(pyaot::error_state().file == nullptr && pyaot::error_state().line == 0);
  pyaot::clear_error();
  CHECK(clean() && pyaot::error_state().message.empty());

  CHECK(!pyaot::raise_format(Exc::IndexError, "%s index %d out of range", "list", 7));
  CHECK(pyaot::error_state().message == "list index 7 out of range");
  const std::string long_text(1000, 'x');
  CHECK(!pyaot::raise_format(Exc::RuntimeError, "<%s>", long_text.c_str()));
  CHECK(pyaot::error_state().message == "<" + long_text + ">");
  pyaot::clear_error();

  CHECK(std::strcmp(pyaot::exc_name(Exc::ZeroDivisionError), "ZeroDivisionError") == 0);
  CHECK(std::strcmp(pyaot::exc_name(Exc::UnboundLocalError), "UnboundLocalError") == 0);
  CHECK(std::strcmp(pyaot::exc_name(Exc::Exception), "Exception") == 0);

  // the state is per thread
  pyaot::raise(Exc::TypeError, "main thread");
  bool other_clean = false;
  std::thread worker([&] {
    other_clean = !pyaot::error_state().set;
    pyaot::raise(Exc::ValueError, "worker");
  });
  worker.join();
  CHECK(other_clean);
  CHECK(pyaot::error_state().message == "main thread");
  pyaot::clear_error();

  CHECK(pyaot::none == pyaot::None{});
}

void test_int_division() {
  using pyaot::Exc;
  struct Row {
    std::int64_t a, b, q, r;
  };
  const Row rows[] = {
      {7, 2, 3, 1},      {-7, 2, -4, 1},          {7, -2, -4, -1},        {-7, -2, 3, -1},
      {6, 3, 2, 0},      {-6, 3, -2, 0},          {0, -5, 0, 0},          {kMax, -1, -kMax, 0},
      {kMin, 1, kMin, 0}, {kMin, 2, kMin / 2, 0}, {kMin, kMax, -2, kMax - 1}, {kMax, kMin, -1, -1},
      {kMin + 1, -1, kMax, 0},
  };
  for (const Row& row : rows) {
    std::int64_t q = 0, r = 0;
    CHECK(pyaot::op::floordiv(q, row.a, row.b) && q == row.q);
    CHECK(pyaot::op::mod(r, row.a, row.b) && r == row.r);
    std::tuple<std::int64_t, std::int64_t> qr;
    CHECK(pyaot::builtins::divmod(qr, row.a, row.b));
    CHECK(std::get<0>(qr) == row.q && std::get<1>(qr) == row.r);
  }
  std::int64_t out = 42;
  CHECK(raised(pyaot::op::floordiv(out, kMin, -1), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::op::mod(out, kMin, -1) && out == 0);  // UB in plain C++
  CHECK(raised(pyaot::op::floordiv(out, 1, 0), Exc::ZeroDivisionError,
               "integer division or modulo by zero"));
  CHECK(raised(pyaot::op::mod(out, 1, 0), Exc::ZeroDivisionError, "integer modulo by zero"));
  std::tuple<std::int64_t, std::int64_t> qr;
  CHECK(raised(pyaot::builtins::divmod(qr, 1, 0), Exc::ZeroDivisionError,
               "integer division or modulo by zero"));
  CHECK(raised(pyaot::builtins::divmod(qr, kMin, -1), Exc::OverflowError, kIntOverflow));

  double d = 0;
  CHECK(pyaot::op::truediv(d, (std::int64_t{1} << 53) + 1, 1) && same(d, 9007199254740992.0));
  CHECK(pyaot::op::truediv(d, kMax, 3) && same(d, 3.0744573456182584e+18));
  CHECK(pyaot::op::truediv(d, kMin, 7) && same(d, -1.3176245766935393e+18));
  CHECK(pyaot::op::truediv(d, (std::int64_t{1} << 62) + 1, (std::int64_t{1} << 61) - 1) &&
        same(d, 2.0));
  CHECK(pyaot::op::truediv(d, std::int64_t{0}, std::int64_t{-5}) && same(d, -0.0));
  CHECK(raised(pyaot::op::truediv(d, std::int64_t{1}, std::int64_t{0}), Exc::ZeroDivisionError,
               "division by zero"));
  CHECK(clean());
}

void test_int_overflow() {
  using pyaot::Exc;
  std::int64_t out = 0;
  CHECK(pyaot::op::add(out, kMax - 1, 1) && out == kMax);
  CHECK(raised(pyaot::op::add(out, kMax, 1), Exc::OverflowError, kIntOverflow));
  CHECK(raised(pyaot::op::sub(out, kMin, 1), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::op::mul(out, -(std::int64_t{1} << 62), 2) && out == kMin);
  CHECK(raised(pyaot::op::mul(out, std::int64_t{1} << 62, 2), Exc::OverflowError, kIntOverflow));
  CHECK(raised(pyaot::op::mul(out, kMin, -1), Exc::OverflowError, kIntOverflow));
  CHECK(raised(pyaot::op::neg(out, kMin), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::op::neg(out, kMax) && out == kMin + 1);
  CHECK(raised(pyaot::builtins::abs(out, kMin), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::builtins::abs(out, kMin + 1) && out == kMax);

  CHECK(pyaot::op::pow(out, std::int64_t{-2}, std::int64_t{63}) && out == kMin);
  CHECK(raised(pyaot::op::pow(out, std::int64_t{2}, std::int64_t{63}), Exc::OverflowError,
               kIntOverflow));
  CHECK(pyaot::op::pow(out, std::int64_t{3}, std::int64_t{39}) && out == 4052555153018976267);
  CHECK(raised(pyaot::op::pow(out, std::int64_t{3}, std::int64_t{40}), Exc::OverflowError,
               kIntOverflow));
  CHECK(pyaot::op::pow(out, std::int64_t{-1}, kMax) && out == -1);
  CHECK(pyaot::op::pow(out, std::int64_t{0}, std::int64_t{0}) && out == 1);
  CHECK(raised(pyaot::op::pow(out, std::int64_t{0}, std::int64_t{-1}), Exc::ZeroDivisionError,
               "0.0 cannot be raised to a negative power"));
  CHECK(raised(pyaot::op::pow(out, std::int64_t{2}, std::int64_t{-1}), Exc::ValueError,
               "negative exponent: compiled int ** int must stay int; use a float base"));

  CHECK(pyaot::op::lshift(out, -1, 63) && out == kMin);
  CHECK(raised(pyaot::op::lshift(out, 1, 63), Exc::OverflowError, kIntOverflow));
  CHECK(raised(pyaot::op::lshift(out, 1, 64), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::op::lshift(out, 0, 1000) && out == 0);
  CHECK(raised(pyaot::op::lshift(out, 0, -1), Exc::ValueError, "negative shift count"));
  CHECK(pyaot::op::rshift(out, -1, 1000) && out == -1);
  CHECK(pyaot::op::rshift(out, kMax, 64) && out == 0);
  CHECK(pyaot::op::rshift(out, -7, 1) && out == -4);
  CHECK(raised(pyaot::op::rshift(out, 1, -1), Exc::ValueError, "negative shift count"));

  CHECK(raised(pyaot::math::factorial(out, 21), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::math::factorial(out, 20) && out == 2432902008176640000);
  CHECK(pyaot::math::comb(out, 66, 33) && out == 7219428434016265740);
  CHECK(raised(pyaot::math::comb(out, 67, 33), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::math::comb(out, kMax, 1) && out == kMax);
  CHECK(pyaot::math::comb(out, kMax, kMax - 1) && out == kMax);
  CHECK(raised(pyaot::math::gcd(out, kMin), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::math::lcm(out, std::int64_t{1} << 62, std::int64_t{3}, std::int64_t{0}) &&
        out == 0);
  CHECK(raised(pyaot::math::lcm(out, std::int64_t{1} << 62, std::int64_t{3}), Exc::OverflowError,
               kIntOverflow));
  CHECK(clean());
}

void test_float_division() {
  using pyaot::Exc;
  double q = 0, r = 0;
  std::tuple<double, double> qr;
  struct Row {
    double a, b, q, r;
  };
  const Row rows[] = {
      {-0.0, 1.0, -0.0, 0.0},   {0.0, -1.0, -0.0, -0.0},   {-7.5, 2.0, -4.0, 0.5},
      {7.5, -2.0, -4.0, -0.5},  {1.0, 0.1, 9.0, 0.09999999999999995},
      {-1e-300, 1e300, -1.0, 1e300},
  };
  for (const Row& row : rows) {
    CHECK(pyaot::builtins::divmod(qr, row.a, row.b));
    CHECK(same(std::get<0>(qr), row.q) && same(std::get<1>(qr), row.r));
    CHECK(pyaot::op::floordiv(q, row.a, row.b) && same(q, row.q));
    CHECK(pyaot::op::mod(r, row.a, row.b) && same(r, row.r));
  }
  CHECK(pyaot::op::floordiv(q, -1.0, kInf) && same(q, -1.0));
  CHECK(pyaot::op::mod(r, 3.0, -kInf) && same(r, -kInf));
  CHECK(pyaot::op::mod(r, -5.0, 3.0) && same(r, 1.0));
  CHECK(pyaot::op::floordiv(q, kInf, 1.0) && std::isnan(q));
  CHECK(raised(pyaot::op::truediv(q, 1.0, 0.0), Exc::ZeroDivisionError, "float division by zero"));
  CHECK(raised(pyaot::op::floordiv(q, 1.0, -0.0), Exc::ZeroDivisionError,
               "float floor division by zero"));
  CHECK(raised(pyaot::op::mod(q, 1.0, 0.0), Exc::ZeroDivisionError, "float modulo"));
  CHECK(raised(pyaot::builtins::divmod(qr, 1.0, 0.0), Exc::ZeroDivisionError, "float divmod()"));

  CHECK(raised(pyaot::op::pow(q, 0.0, -1.0), Exc::ZeroDivisionError,
               "0.0 cannot be raised to a negative power"));
  CHECK(raised(pyaot::op::pow(q, 10.0, 400.0), Exc::OverflowError,
               "(34, 'Numerical result out of range')"));
  CHECK(raised(pyaot::op::pow(q, -8.0, 0.5), Exc::ValueError,
               "complex result: a negative float raised to a non-integer power is not supported "
               "by compiled float ** float"));
  CHECK(pyaot::op::pow(q, -8.0, 3.0) && same(q, -512.0));
  CHECK(pyaot::op::pow(q, kNan, 0.0) && same(q, 1.0));
  CHECK(pyaot::op::pow(q, 1.0, kNan) && same(q, 1.0));
  CHECK(pyaot::op::pow(q, -1.0, kInf) && same(q, 1.0));
  CHECK(pyaot::op::pow(q, -0.0, 3.0) && same(q, -0.0));
  CHECK(pyaot::op::pow(q, 0.0, -kInf) && same(q, kInf));
  CHECK(clean());
}

void test_comparisons() {
  const std::int64_t two53 = std::int64_t{1} << 53;
  CHECK(!pyaot::op::eq(two53 + 1, 9007199254740992.0));  // a float compare would say equal
  CHECK(pyaot::op::lt(9007199254740992.0, two53 + 1));
  CHECK(pyaot::op::lt(kMax, 9223372036854775808.0));
  CHECK(pyaot::op::eq(kMin, -9223372036854775808.0));
  CHECK(!pyaot::op::eq(std::int64_t{1}, kNan) && !pyaot::op::lt(kNan, std::int64_t{1}));
  CHECK(pyaot::op::lt(kMax, kInf) && pyaot::op::lt(-kInf, kMin));
  CHECK(pyaot::op::lt(two53 + 1, 9007199254740994.0));
  CHECK(pyaot::op::eq(pyaot::none, pyaot::none));
}

void test_range_length() {
  using pyaot::Exc;
  std::int64_t n = -1;
  CHECK(pyaot::range_length(n, 0, 10, 3) && n == 4);
  CHECK(pyaot::range_length(n, 10, 0, -3) && n == 4);
  CHECK(pyaot::range_length(n, 0, -10, -3) && n == 4);
  CHECK(pyaot::range_length(n, 5, 5, 1) && n == 0);
  CHECK(pyaot::range_length(n, 5, 0, 1) && n == 0);
  CHECK(pyaot::range_length(n, 0, 5, -1) && n == 0);
  CHECK(pyaot::range_length(n, kMin, kMax, std::int64_t{1} << 62) && n == 4);
  CHECK(pyaot::range_length(n, kMin, kMax, 3) && n == 6148914691236517205);
  CHECK(pyaot::range_length(n, kMax, kMin, kMin) && n == 2);
  CHECK(pyaot::range_length(n, -5, 5, kMax) && n == 1);
  CHECK(raised(pyaot::range_length(n, kMin, kMax, 2), Exc::OverflowError, kIntOverflow));
  CHECK(raised(pyaot::range_length(n, kMax, kMin, -1), Exc::OverflowError, kIntOverflow));
  CHECK(raised(pyaot::range_length(n, 0, 1, 0), Exc::ValueError, "range() arg 3 must not be zero"));
}

void test_round() {
  using pyaot::Exc;
  std::int64_t i = 0;
  double d = 0;
  CHECK(pyaot::builtins::round(i, 2.5) && i == 2);
  CHECK(pyaot::builtins::round(i, 0.5) && i == 0);
  CHECK(pyaot::builtins::round(i, -0.5) && i == 0);
  CHECK(pyaot::builtins::round(i, -2.5) && i == -2);
  CHECK(pyaot::builtins::round(i, 1.5) && i == 2);
  CHECK(pyaot::builtins::round(i, 4503599627370496.5) && i == 4503599627370496);
  CHECK(raised(pyaot::builtins::round(i, kInf), Exc::OverflowError,
               "cannot convert float infinity to integer"));
  CHECK(raised(pyaot::builtins::round(i, kNan), Exc::ValueError,
               "cannot convert float NaN to integer"));
  CHECK(raised(pyaot::builtins::round(i, 1e19), Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::builtins::round(d, 2.675, 2) && same(d, 2.67));  // the binary value is below
  CHECK(pyaot::builtins::round(d, 0.125, 2) && same(d, 0.12));  // exact tie: half-even
  CHECK(pyaot::builtins::round(d, 0.375, 2) && same(d, 0.38));
  CHECK(pyaot::builtins::round(d, 125.0, -1) && same(d, 120.0));
  CHECK(pyaot::builtins::round(d, 135.0, -1) && same(d, 140.0));
  CHECK(pyaot::builtins::round(d, -135.0, -1) && same(d, -140.0));
  CHECK(pyaot::builtins::round(d, -4.0, -1) && same(d, -0.0));
  CHECK(pyaot::builtins::round(d, -0.0, 2) && same(d, -0.0));
  CHECK(pyaot::builtins::round(d, 1e22, -22) && same(d, 1e22));
  CHECK(pyaot::builtins::round(d, 5e-324, 323) && same(d, 0.0));
  CHECK(pyaot::builtins::round(d, 5e-324, 400) && same(d, 5e-324));
  CHECK(pyaot::builtins::round(d, 9.5e307, -308) && same(d, 1e308));
  CHECK(raised(pyaot::builtins::round(d, 1.5e308, -308), Exc::OverflowError,
               "rounded value too large to represent"));
  CHECK(pyaot::builtins::round(d, kInf, 2) && same(d, kInf));
  CHECK(pyaot::builtins::round(i, std::int64_t{25}, std::int64_t{-1}) && i == 20);
  CHECK(pyaot::builtins::round(i, std::int64_t{15}, std::int64_t{-1}) && i == 20);
  CHECK(pyaot::builtins::round(i, std::int64_t{-25}, std::int64_t{-1}) && i == -20);
  CHECK(pyaot::builtins::round(i, std::int64_t{5000000000000000000}, std::int64_t{-19}) && i == 0);
  CHECK(raised(pyaot::builtins::round(i, std::int64_t{6000000000000000000}, std::int64_t{-19}),
               Exc::OverflowError, kIntOverflow));
  CHECK(pyaot::builtins::round(i, kMin, kMin) && i == 0);
  CHECK(clean());
}

void test_builtins_misc() {
  using pyaot::Exc;
  std::int64_t i = 0;
  CHECK(pyaot::builtins::pow(i, 3, -1, 7) && i == 5);
  CHECK(pyaot::builtins::pow(i, 3, 200, -7) && i == -5);
  CHECK(pyaot::builtins::pow(i, -2, 3, 5) && i == 2);
  CHECK(pyaot::builtins::pow(i, 2, 0, -3) && i == -2);
  CHECK(pyaot::builtins::pow(i, std::int64_t{1} << 62, std::int64_t{1} << 62, kMax - 24) &&
        i == 3928446673914269711);
  CHECK(pyaot::builtins::pow(i, 2, -1, 1) && i == 0);
  CHECK(raised(pyaot::builtins::pow(i, 2, -1, 4), Exc::ValueError,
               "base is not invertible for the given modulus"));
  CHECK(raised(pyaot::builtins::pow(i, 2, 3, 0), Exc::ValueError,
               "pow() 3rd argument cannot be 0"));

  CHECK(std::isnan(pyaot::builtins::min_(kNan, 1.0)));
  CHECK(same(pyaot::builtins::min_(1.0, kNan), 1.0));
  CHECK(same(pyaot::builtins::max_(0.0, -0.0), 0.0));
  CHECK(same(pyaot::builtins::min_(-0.0, 0.0, 1.0), -0.0));
  CHECK(pyaot::builtins::max_(std::int64_t{3}, std::int64_t{9}, std::int64_t{-1}) == 9);

  CHECK(pyaot::builtins::to_int(i, -9223372036854775808.0) && i == kMin);
  CHECK(raised(pyaot::builtins::to_int(i, 9223372036854775808.0), Exc::OverflowError,
               kIntOverflow));
  CHECK(pyaot::builtins::to_int(i, -0.9) && i == 0);
  CHECK(raised(pyaot::math::floor(i, -kInf), Exc::OverflowError,
               "cannot convert float infinity to integer"));

  double d = 0;
  CHECK(raised(pyaot::math::sqrt(d, -1.0), Exc::ValueError, "math domain error"));
  CHECK(pyaot::math::sqrt(d, kInf) && same(d, kInf));
  CHECK(same(pyaot::math::hypot(3.0, 4.0), 5.0));
  CHECK(same(pyaot::math::hypot(), 0.0));
  CHECK(std::isinf(pyaot::math::hypot(kNan, -kInf)));
  CHECK(clean());
}

}  // namespace

int main() {
  test_error_state();
  test_int_division();
  test_int_overflow();
  test_float_division();
  test_comparisons();
  test_range_length();
  test_round();
  test_builtins_misc();
  return check_summary();
}
