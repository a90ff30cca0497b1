// pyaot/builtins/dict.hpp on its own, under ASan, UBSan and LeakSanitizer: sharing and the
// reference count (dicts of lists freed with them), insertion order through deletions and
// rebuilds, popitem's LIFO order, the iteration checks, and CPython's errors.

#include "pyaot/builtins/dict.hpp"

#include <cstdint>
#include <tuple>

#include "check.hpp"

using pyaot::Exc;
using ints = pyaot::dict<std::int64_t, std::int64_t>;
using pyaot::list;

namespace {
list<std::int64_t> keys(const ints& d) { return pyaot::dict_keys_list(d); }
bool keys_are(const ints& d, std::initializer_list<std::int64_t> expected) {
  return pyaot::list_eq(keys(d), list<std::int64_t>::of(expected));
}
}  // namespace

int main() {
  {  // b = a shares; the count stays right
    ints a = ints::make();
    ints b = a;
    pyaot::dict_set(b, 1, 10);
    CHECK(a.size() == 1 && a.same(b) && a.box()->refs == 2 && a.box()->version > 0);
  }
  {  // insertion order through deletions, re-insertions and many rebuilds
    ints d = ints::make();
    for (std::int64_t i = 0; i < 1000; ++i) pyaot::dict_set(d, i * 7919 % 1009, i);
    for (std::int64_t i = 0; i < 1000; i += 2) CHECK(pyaot::dict_delete(d, i * 7919 % 1009));
    CHECK(d.size() == 500);
    std::int64_t v = 0;
    CHECK(pyaot::dict_get(v, d, 7919 % 1009) && v == 1);
    CHECK(raised(pyaot::dict_get(v, d, 0), Exc::KeyError, "0"));
    ints e = ints::make();
    pyaot::dict_set(e, 3, 0);
    pyaot::dict_set(e, 1, 0);
    pyaot::dict_set(e, 2, 0);
    CHECK(pyaot::dict_delete(e, 3));
    pyaot::dict_set(e, 3, 0);
    pyaot::dict_set(e, 1, 5);
    CHECK(keys_are(e, {1, 2, 3}));
  }
  {  // popitem is LIFO; errors as CPython words them
    ints d = ints::make();
    for (std::int64_t i = 0; i < 20; ++i) pyaot::dict_set(d, i, -i);
    std::tuple<std::int64_t, std::int64_t> item;
    CHECK(pyaot::dict_popitem(item, d) && std::get<0>(item) == 19);
    CHECK(pyaot::dict_delete(d, 18));
    CHECK(pyaot::dict_popitem(item, d) && std::get<0>(item) == 17);
    pyaot::dict_clear(d);
    CHECK(raised(pyaot::dict_popitem(item, d), Exc::KeyError, "'popitem(): dictionary is empty'"));
    std::int64_t v = 0;
    CHECK(raised(pyaot::dict_pop(v, d, -5), Exc::KeyError, "-5"));
    CHECK(pyaot::dict_pop_or(d, -5, 7) == 7);
    pyaot::dict<std::tuple<std::int64_t, double>, bool> t =
        pyaot::dict<std::tuple<std::int64_t, double>, bool>::make();
    bool b = false;
    CHECK(raised(pyaot::dict_get(b, t, {1, 2.5}), Exc::KeyError, "(1, 2.5)"));
  }
  {  // the loop checks: a changed size, and keys that changed under the same size
    ints d = ints::make();
    for (std::int64_t i = 0; i < 3; ++i) pyaot::dict_set(d, i, i);
    pyaot::dict_cursor c = pyaot::dict_begin(d);
    std::int64_t at = 0;
    CHECK(pyaot::dict_next(c, d, at) && at == 0);
    pyaot::dict_set(d, 10, 0);
    CHECK(raised(pyaot::dict_next(c, d, at), Exc::RuntimeError,
                 "dictionary changed size during iteration"));
    ints e = ints::make();
    pyaot::dict_set(e, 1, 1);
    c = pyaot::dict_begin(e);
    CHECK(pyaot::dict_next(c, e, at) && at == 0);
    CHECK(pyaot::dict_delete(e, 1));
    pyaot::dict_set(e, 2, 2);
    CHECK(raised(pyaot::dict_next(c, e, at), Exc::RuntimeError,
                 "dictionary keys changed during iteration"));
  }
  {  // values that are lists are freed with their dict; ==, |, copy
    pyaot::dict<std::int64_t, list<std::int64_t>> g =
        pyaot::dict<std::int64_t, list<std::int64_t>>::make();
    for (std::int64_t i = 0; i < 50; ++i) {
      pyaot::list_append(pyaot::dict_setdefault(g, i % 5, list<std::int64_t>::make()), i);
    }
    CHECK(g.size() == 5 && g.entries()[0].value.size() == 10);
    int made = 0;
    auto kept = pyaot::dict_setdefault_lazy(g, 1, [&] {
      ++made;
      return list<std::int64_t>::make();
    });
    CHECK(made == 0 && kept.size() == 10);
    pyaot::dict_setdefault_lazy(g, 99, [&] {
      ++made;
      return list<std::int64_t>::make();
    });
    CHECK(made == 1 && g.size() == 6);
    auto h = pyaot::dict_copy(g);
    CHECK(pyaot::dict_eq(g, h) && h.entries()[0].value.same(g.entries()[0].value));
    ints a = ints::make(), b = ints::make();
    pyaot::dict_set(a, 1, 1);
    pyaot::dict_set(b, 2, 2);
    pyaot::dict_set(b, 1, 3);
    ints m = pyaot::dict_merge(a, b);
    CHECK(keys_are(m, {1, 2}) && pyaot::dict_get_or(m, 1, 0) == 3);
    CHECK(!pyaot::dict_eq(a, b) && pyaot::dict_contains(m, 2) && !pyaot::dict_contains(a, 2));
  }
  return check_summary();
}
