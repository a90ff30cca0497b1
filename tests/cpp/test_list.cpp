// pyaot/builtins/list.hpp on its own, under ASan, UBSan and LeakSanitizer: sharing, the
// reference count (every list freed when its last handle goes, nested lists too), the
// version the boundary reads, and CPython's errors.

#include "pyaot/builtins/list.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

#include "check.hpp"

using pyaot::Exc;
using ints = pyaot::list<std::int64_t>;

int main() {
  {  // b = a shares; copies and moves keep the count right
    ints a = ints::of({1, 2, 3});
    ints b = a;
    pyaot::list_append(b, 4);
    CHECK(a.size() == 4 && a.same(b) && a.box()->refs == 2);
    ints c = std::move(b);
    CHECK(a.box()->refs == 2);
    c = c;  // self-assignment keeps it
    CHECK(a.box()->refs == 2 && c.size() == 4);
    CHECK(a.box()->version == 1);
  }
  {  // nested lists are freed with their outer list
    pyaot::list<ints> rows = pyaot::list<ints>::make();
    for (int i = 0; i < 100; ++i) pyaot::list_append(rows, ints::of({i, i}));
    pyaot::list<ints> again = pyaot::list_copy(rows);
    CHECK(again.items()[5].same(rows.items()[5]));
    std::int64_t out = 0;
    CHECK(pyaot::list_get(out, rows.items()[99], 1) && out == 99);
  }
  {  // errors as CPython words them
    ints a = ints::of({1, 2});
    std::int64_t out = 0;
    CHECK(raised(pyaot::list_get(out, a, 2), Exc::IndexError, "list index out of range"));
    CHECK(raised(pyaot::list_get(out, a, -3), Exc::IndexError, "list index out of range"));
    CHECK(pyaot::list_get(out, a, -2) && out == 1);
    CHECK(raised(pyaot::list_set(a, 5, 1), Exc::IndexError,
                 "list assignment index out of range"));
    CHECK(raised(pyaot::list_index(out, a, std::int64_t{7}), Exc::ValueError,
                 "7 is not in list"));
    CHECK(raised(pyaot::list_remove(a, std::int64_t{7}), Exc::ValueError,
                 "list.remove(x): x not in list"));
    ints empty = ints::make();
    CHECK(raised(pyaot::list_pop(out, empty), Exc::IndexError, "pop from empty list"));
    CHECK(raised(pyaot::list_pop(out, a, 9), Exc::IndexError, "pop index out of range"));
    ints sliced;
    CHECK(raised(pyaot::list_slice(sliced, a, false, 0, false, 0, 0), Exc::ValueError,
                 "slice step cannot be zero"));
    ints big;
    CHECK(raised(pyaot::list_repeat(big, a, INT64_MAX / 2), Exc::MemoryError, ""));
  }
  {  // extend by itself, insert clamping, slices with negative steps
    ints a = ints::of({1, 2});
    pyaot::list_extend(a, a);
    CHECK(a.size() == 4 && a.items()[3] == 2);
    pyaot::list_insert(a, -100, 0);
    pyaot::list_insert(a, 100, 9);
    CHECK(a.items().front() == 0 && a.items().back() == 9);
    ints s;
    CHECK(pyaot::list_slice(s, a, false, 0, false, 0, -2) && s.size() == 3 &&
          s.items()[0] == 9 && s.items()[2] == 1);
  }
  {  // sorting: stable, also with NaN among the items (any order, no stray read)
    pyaot::list<double> xs = pyaot::list<double>::make();
    for (int i = 0; i < 1000; ++i) {
      pyaot::list_append(xs, i % 7 == 0 ? std::numeric_limits<double>::quiet_NaN()
                                         : static_cast<double>((i * 7919) % 1000));
    }
    pyaot::list_sort(xs, false);
    CHECK(xs.size() == 1000);
    using pair = std::tuple<std::int64_t, std::int64_t>;
    pyaot::list<pair> ps = pyaot::list<pair>::make();
    for (int i = 0; i < 50; ++i) pyaot::list_append(ps, pair{i % 3, i});
    pyaot::list_sort(ps, true);
    CHECK(std::get<0>(ps.items()[0]) == 2 && std::get<1>(ps.items()[0]) == 47);
  }
  {  // bool items are stored one per byte, read as bools
    pyaot::list<bool> flags = pyaot::list<bool>::of({true, false});
    bool out = false;
    CHECK(pyaot::list_get(out, flags, 0) && out);
    CHECK(pyaot::list_count(flags, false) == 1);
  }
  {  // comparisons, as Python's
    CHECK(pyaot::py_eq(ints::of({1, 2}), pyaot::list<double>::of({1.0, 2.0})));
    CHECK(pyaot::py_lt(ints::of({1, 2}), ints::of({1, 2, 0})));
    CHECK(!pyaot::py_lt(ints::of({1, 3}), ints::of({1, 2, 9})));
  }
  return check_summary();
}
