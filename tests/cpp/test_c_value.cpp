// pyaot/c_value.hpp and pyaot/standalone/json_parse.hpp on their own, under ASan, UBSan and
// LeakSanitizer: nested values to a tree and back, every tree freed by release_value, a
// container argument written back only when changed (and a tree given again released), JSON
// parsed into trees (escapes, surrogate pairs, errors freeing what was built) and printed.

#include "pyaot/c_value.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <string>
#include <tuple>

#include "check.hpp"
#include "pyaot/standalone/json.hpp"
#include "pyaot/standalone/json_parse.hpp"

using pyaot::Exc;
using pyaot::list;
using pyaot::str;
namespace c = pyaot::c_abi;
namespace sa = pyaot::standalone;

namespace {
using Rows = pyaot::dict<str, list<std::tuple<std::int64_t, std::optional<double>>>>;

std::string json_of(const char* text) {
  pyaot_value tree{};
  std::string error;
  if (!sa::parse_json(text, tree, error)) return "error: " + error;
  std::string out;
  sa::json::append_value(out, tree);
  c::release_value(&tree);
  return out;
}
}  // namespace

int main() {
  {  // a nested dict to a tree and back
    Rows rows = Rows::make();
    auto xs = list<std::tuple<std::int64_t, std::optional<double>>>::make();
    pyaot::list_append(xs, std::make_tuple(INT64_C(1), std::optional<double>(2.5)));
    pyaot::list_append(xs, std::make_tuple(INT64_C(-3), std::optional<double>()));
    pyaot::dict_set(rows, str::lit(U"stra\u00dfe \U0001F600", 8), xs);
    pyaot_value tree{};
    CHECK(c::result_to_c(&tree, rows) && tree.kind == PYAOT_VALUE_DICT && tree.len == 1);
    CHECK(tree.as.items[0].kind == PYAOT_VALUE_STR && tree.as.items[0].len == 12);
    Rows back;
    CHECK(c::from_value(&tree, back, "f", "rows") && back.size() == 1);
    std::string text;
    sa::json::append_value(text, tree);
    CHECK(text == "{\"stra\\u00dfe \\ud83d\\ude00\": [[1, 2.5], [-3, null]]}");
    c::release_value(&tree);
    CHECK(tree.kind == PYAOT_VALUE_NONE && clean());
  }
  {  // written back only when changed; a runtime tree given again is released first
    auto xs = list<std::int64_t>::of({1, 2});
    pyaot_value given{};
    CHECK(c::result_to_c(&given, xs));
    list<std::int64_t> inside;
    CHECK(c::from_value(&given, inside, "f", "xs"));
    c::write_back(&given, inside);  // unchanged: the node stays
    CHECK(given.len == 2);
    pyaot::list_append(inside, INT64_C(3));
    c::write_back(&given, inside);
    CHECK(given.owned == 1 && given.len == 3 && given.as.items[2].as.i == 3);
    c::release_value(&given);
  }
  {  // wrong kinds and bad text name the place; nothing leaks on the way out
    pyaot_value items[2] = {{PYAOT_VALUE_INT, 0, 0, {}}, {PYAOT_VALUE_STR, 0, 1, {}}};
    items[1].as.s = "\xff";
    pyaot_value node{PYAOT_VALUE_LIST, 0, 2, {}};
    node.as.items = items;
    list<str> strs;
    CHECK(raised(c::from_value(&node, strs, "f", "xs"), Exc::TypeError,
                 "f() argument 'xs[0]' must be str, not int"));
    list<std::int64_t> ints;
    CHECK(raised(c::from_value(&node, ints, "f", "xs"), Exc::TypeError,
                 "f() argument 'xs[1]' must be int, not str"));
    str s;
    CHECK(raised(c::from_value(&items[1], s, "f", "s"), Exc::ValueError,
                 "f() argument 's': 'utf-8' codec can't decode byte 0xff in position 0: "
                 "invalid start byte"));
  }
  // JSON in, as json.loads reads it, and out as json.dumps writes it
  CHECK(json_of(" [1, -2.5e3, true, false, null, \"a\\u00e9\\ud83d\\ude00\\n\"] ") ==
        "[1, -2500.0, true, false, null, \"a\\u00e9\\ud83d\\ude00\\n\"]");
  CHECK(json_of("{\"k\": {\"j\": [NaN, Infinity, -Infinity]}, \"e\": {}}") ==
        "{\"k\": {\"j\": [NaN, Infinity, -Infinity]}, \"e\": {}}");
  CHECK(json_of("[1, [2, {\"a\": 3") ==
        "error: Expecting ',' delimiter: line 1 column 16 (char 15)");
  CHECK(json_of("[01]") == "error: Expecting ',' delimiter: line 1 column 3 (char 2)");
  CHECK(json_of("{1: 2}") ==
        "error: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)");
  CHECK(json_of("[1] x") == "error: Extra data: line 1 column 5 (char 4)");
  CHECK(json_of("\"abc") == "error: Unterminated string starting at: line 1 column 1 (char 0)");
  CHECK(json_of("99999999999999999999") ==
        "error: Integer outside the int64 range: line 1 column 1 (char 0)");
  CHECK(json_of(std::string(600, '[').c_str()).rfind("error: Nesting too deep", 0) == 0);
  {  // bytes and complex (pyaot/c_value_object.hpp): trees, JSON, and freed
    auto data = list<pyaot::bytes>::make();
    pyaot::list_append(data, pyaot::bytes::of(std::string_view("a\0\xff", 3)));
    pyaot_value tree{};
    CHECK(c::result_to_c(&tree, data) && tree.as.items[0].kind == PYAOT_VALUE_BYTES &&
          tree.as.items[0].len == 3);
    std::string text;
    sa::json::append_value(text, tree);
    CHECK(text == "[[97, 0, 255]]");
    list<pyaot::bytes> back;
    CHECK(c::from_value(&tree, back, "f", "data") && back.items()[0].view() == data.items()[0].view());
    c::release_value(&tree);
    const auto z = std::make_tuple(pyaot::complex(1.5, -2.0));
    CHECK(c::result_to_c(&tree, z) && tree.as.items[0].kind == PYAOT_VALUE_COMPLEX);
    text.clear();
    sa::json::append_value(text, tree);
    CHECK(text == "[{\"real\": 1.5, \"imag\": -2.0}]");
    c::release_value(&tree);
    CHECK(tree.kind == PYAOT_VALUE_NONE && clean());
  }
  {  // a compared write-back: an unchanged tree stays the caller's, a changed one is replaced
    auto xs = list<std::int64_t>::of({1, 2});
    pyaot_value given{};
    CHECK(c::result_to_c(&given, xs));
    c::write_back_compared(&given, xs);
    CHECK(given.owned == 1 && given.len == 2);  // the same tree: kept (no new one)
    pyaot::list_append(xs, std::int64_t{3});
    c::write_back_compared(&given, xs);
    CHECK(given.len == 3 && given.as.items[2].as.i == 3);
    c::release_value(&given);
    CHECK(clean());
  }
  return check_summary();
}
