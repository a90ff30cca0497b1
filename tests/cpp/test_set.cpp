// pyaot/builtins/set.hpp on its own, under ASan, UBSan and LeakSanitizer: sharing, the
// operators, pop and its errors, the iteration check, and a table kept valid through many
// adds and discards (its order against CPython's is tests/test_dicts.py's).

#include "pyaot/builtins/set.hpp"

#include <cstdint>
#include <tuple>

#include "check.hpp"

using pyaot::Exc;
using ints = pyaot::set<std::int64_t>;

namespace {
ints of(std::initializer_list<std::int64_t> items) {
  ints s = ints::make();
  for (auto x : items) pyaot::set_add(s, x);
  return s;
}
}  // namespace

int main() {
  {  // sharing, and a table kept consistent through churn
    ints a = ints::make();
    ints b = a;
    for (std::int64_t i = 0; i < 5000; ++i) pyaot::set_add(b, i * 31);
    for (std::int64_t i = 0; i < 5000; i += 3) pyaot::set_discard(a, i * 31);
    CHECK(a.same(b) && a.size() == 5000 - 1667 && a.box()->refs == 2);
    CHECK(pyaot::set_contains(a, 31) && !pyaot::set_contains(a, 0));
    std::int64_t n = 0;
    pyaot::set_each(a, [&](std::int64_t, std::int64_t) { ++n; });
    CHECK(n == a.size());
  }
  {  // operators
    ints a = of({1, 2, 3}), b = of({2, 3, 4});
    CHECK(pyaot::set_eq(pyaot::set_or(a, b), of({1, 2, 3, 4})));
    CHECK(pyaot::set_eq(pyaot::set_and(a, b), of({2, 3})));
    CHECK(pyaot::set_eq(pyaot::set_sub(a, b), of({1})));
    CHECK(pyaot::set_eq(pyaot::set_xor(a, b), of({1, 4})));
    CHECK(pyaot::set_issubset(of({2}), a) && !pyaot::set_issubset(b, a));
    ints c = pyaot::set_copy(a);
    pyaot::set_iand(c, b);
    CHECK(pyaot::set_eq(c, of({2, 3})) && a.size() == 3);
    pyaot::set_ixor(c, c);
    CHECK(c.size() == 0);
  }
  {  // pop, remove and their errors
    ints a = of({7});
    std::int64_t x = 0;
    CHECK(pyaot::set_pop(x, a) && x == 7);
    CHECK(raised(pyaot::set_pop(x, a), Exc::KeyError, "'pop from an empty set'"));
    CHECK(raised(pyaot::set_remove(a, 3), Exc::KeyError, "3"));
    pyaot::set<std::tuple<std::int64_t, bool>> t = pyaot::set<std::tuple<std::int64_t, bool>>::make();
    CHECK(raised(pyaot::set_remove(t, {1, true}), Exc::KeyError, "(1, True)"));
  }
  {  // the loop check
    ints a = of({1, 2});
    pyaot::set_cursor c = pyaot::set_begin(a);
    std::int64_t at = 0;
    CHECK(pyaot::set_next(c, a, at) && at >= 0);
    pyaot::set_add(a, 3);
    CHECK(raised(pyaot::set_next(c, a, at), Exc::RuntimeError, "Set changed size during iteration"));
  }
  {  // a float and an equal int are one item, as hash(2.0) == hash(2)
    pyaot::set<double> f = pyaot::set<double>::make();
    pyaot::set_add(f, 2.0);
    CHECK(pyaot::set_contains(f, 2.0) && pyaot::py_hash(2.0) == pyaot::py_hash(std::int64_t{2}));
  }
  return check_summary();
}
