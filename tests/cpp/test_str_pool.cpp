// pyaot/builtins/str_pool.hpp on its own, with the pages on under ASan, UBSan and
// LeakSanitizer (PYAOT_STR_POOL=1): ASan sees each page as one allocation, so a page used
// after it was given back, or never given back, fails the run. Short strings lie one after
// another, a page whose strings all went is reused from its start, a full page goes with its
// last string (on this thread or another), long strings are malloc's.

#include "pyaot/builtins/str.hpp"

#include <cstdint>
#include <string_view>
#include <thread>
#include <vector>

#include "check.hpp"

using pyaot::str;
namespace pool = pyaot::str_pool;

namespace {
str word(std::size_t n, char32_t c) {
  char32_t* chars;
  str out = str::with_size(n, chars);
  for (std::size_t i = 0; i < n; ++i) chars[i] = c + static_cast<char32_t>(i % 7);
  return out;
}
bool is_word(const str& s, std::size_t n, char32_t c) {
  if (s.size() != static_cast<std::int64_t>(n)) return false;
  for (std::size_t i = 0; i < n; ++i) {
    if (s[i] != c + static_cast<char32_t>(i % 7)) return false;
  }
  return true;
}
char* at(const str& s) { return reinterpret_cast<char*>(s.box()); }
}  // namespace

int main() {
  static_assert(pool::enabled);
  {  // one after another on one page, which restarts when all its strings went
    str a = word(5, U'a'), b = word(5, U'b');
    CHECK(at(b) == at(a) + pyaot::str_box_bytes(5) + 4);  // 44 bytes, rounded to 48
    pool::Page* page = pool::page_of(a.box());
    CHECK(page == pool::page_of(b.box()) && page->current && page->live == 2);
    a = str();
    CHECK(page->live == 1 && is_word(b, 5, U'b'));
    b = str();
    str c = word(3, U'😀');
    CHECK(at(c) == pool::start(page) && page->live == 1 && is_word(c, 3, U'😀'));
  }
  {  // full pages go with their last string, in any order; the contents stay intact
    std::vector<str> kept;
    for (std::size_t i = 0; i < 20000; ++i) {
      str s = word(1 + i % 40, U'A' + static_cast<char32_t>(i % 50));
      if (i % 97 == 0) kept.push_back(s);
    }
    std::size_t i = 0;
    bool intact = true;
    for (const str& s : kept) {
      intact = intact && is_word(s, 1 + i % 40, U'A' + static_cast<char32_t>(i % 50));
      i += 97;
    }
    CHECK(intact && kept.size() == 207);
    for (std::size_t k = 0; k < kept.size(); k += 2) kept[k] = str();  // every other first
  }
  {  // the limit: the most code points a page's box holds, and one more from malloc
    constexpr std::size_t most = (pool::SMALL - sizeof(pyaot::StrBox)) / 4;
    str small = word(most, U'x');
    str large = word(most + 1, U'y');
    CHECK(pool::page_of(small.box())->live >= 1 && is_word(small, most, U'x'));
    CHECK(is_word(large, most + 1, U'y') && pyaot::str_concat(small, large).size() == 2 * most + 1);
  }
  {  // strings cut on a thread that ended go on this one, and take its page with them
    std::vector<str> from_thread;
    std::thread t([&] {
      for (std::size_t i = 0; i < 3000; ++i) from_thread.push_back(word(8, U'k'));
    });
    t.join();
    bool intact = true;
    for (const str& s : from_thread) intact = intact && is_word(s, 8, U'k');
    CHECK(intact && !pool::page_of(from_thread.back().box())->current);
  }
  return check_summary();
}
