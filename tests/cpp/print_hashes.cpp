// Prints pyaot::py_hash of the values read from stdin, one a line ("i <int>", "f <float
// as hex>", "t <int> <float as hex>" for a tuple (int, float, (True,)), "b <0|1>", "z <n>
// <int>..." for a frozenset of n ints), for
// tests/test_runtime_cpp.py to compare with CPython's hash().

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <tuple>

#include "pyaot/builtins/hash.hpp"
#include "pyaot/builtins/set.hpp"

int main() {
  std::string kind;
  while (std::cin >> kind) {
    std::int64_t h = 0;
    if (kind == "i") {
      long long v;
      std::cin >> v;
      h = pyaot::py_hash(static_cast<std::int64_t>(v));
    } else if (kind == "f") {
      std::string text;
      std::cin >> text;
      h = pyaot::py_hash(std::strtod(text.c_str(), nullptr));
    } else if (kind == "b") {
      int v;
      std::cin >> v;
      h = pyaot::py_hash(v != 0);
    } else if (kind == "z") {
      int n;
      std::cin >> n;
      pyaot::set<std::int64_t> items = pyaot::set<std::int64_t>::make();
      for (int k = 0; k < n; ++k) {
        long long v;
        std::cin >> v;
        pyaot::set_add(items, static_cast<std::int64_t>(v));
      }
      h = pyaot::py_hash(pyaot::frozenset<std::int64_t>(items));
    } else {
      long long i;
      std::string text;
      std::cin >> i >> text;
      h = pyaot::py_hash(std::tuple<std::int64_t, double, std::tuple<bool>>(
          i, std::strtod(text.c_str(), nullptr), std::tuple<bool>(true)));
    }
    std::printf("%lld\n", static_cast<long long>(h));
  }
  return 0;
}
