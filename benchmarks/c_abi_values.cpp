// The per-element cost of the C ABI's value conversions (pyaot/c_value.hpp): a caller's
// pyaot_value tree into the runtime's list[float], list[str] and dict[str, int], and a result
// out as a new tree (then released). Build and run from the repository root:
//
//   c++ -std=c++20 -O2 -fno-exceptions -fno-rtti -Isrc/hatch_pyaot/cpp_runtime/include \
//       benchmarks/c_abi_values.cpp -o /tmp/c_abi_values && /tmp/c_abi_values
//
// Prints ns per element for each direction (best of 5 runs over 1,000,000 elements).

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "pyaot/c_value.hpp"

namespace c = pyaot::c_abi;

namespace {
constexpr std::size_t kN = 1000000;

template <class F>
double best_ns(F f) {
  double best = 1e300;
  for (int run = 0; run < 5; ++run) {
    const auto start = std::chrono::steady_clock::now();
    f();
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count() / static_cast<double>(kN));
  }
  return best;
}

template <class T>
void measure(const char* name, pyaot_value& given) {
  T value;
  const double in = best_ns([&] {
    if (!c::from_value(&given, value, "f", "x")) std::abort();
  });
  const double out = best_ns([&] {
    pyaot_value result{};
    if (!c::result_to_c(&result, value)) std::abort();
    c::release_value(&result);
  });
  std::printf("%-16s in %6.1f ns/element, out %6.1f ns/element\n", name, in, out);
}
}  // namespace

int main() {
  std::vector<pyaot_value> floats(kN), strs(kN), pairs(2 * kN);
  std::vector<std::string> texts(kN);
  for (std::size_t i = 0; i < kN; ++i) {
    floats[i] = pyaot_value{PYAOT_VALUE_FLOAT, 0, 0, {}};
    floats[i].as.f = static_cast<double>(i) * 0.5;
    texts[i] = "word" + std::to_string(i);
    strs[i] = pyaot_value{PYAOT_VALUE_STR, 0, static_cast<std::int64_t>(texts[i].size()), {}};
    strs[i].as.s = texts[i].c_str();
    pairs[2 * i] = strs[i];
    pairs[2 * i + 1] = pyaot_value{PYAOT_VALUE_INT, 0, 0, {}};
    pairs[2 * i + 1].as.i = static_cast<std::int64_t>(i);
  }
  pyaot_value float_list{PYAOT_VALUE_LIST, 0, kN, {}}, str_list{PYAOT_VALUE_LIST, 0, kN, {}};
  pyaot_value dict{PYAOT_VALUE_DICT, 0, kN, {}};
  float_list.as.items = floats.data();
  str_list.as.items = strs.data();
  dict.as.items = pairs.data();
  measure<pyaot::list<double>>("list[float]", float_list);
  measure<pyaot::list<pyaot::str>>("list[str]", str_list);
  measure<pyaot::dict<pyaot::str, std::int64_t>>("dict[str, int]", dict);
  return 0;
}
