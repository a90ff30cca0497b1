// The instruction-set level this CPU (and its operating system) can run, for a module
// built in several variants (docs/variants.md): x86-64 baseline, x86-64-v3 (AVX2, FMA,
// BMI2...), x86-64-v4 (AVX-512 F/BW/CD/DQ/VL). Read once at module init from cpuid and
// xgetbv (the OS must save the YMM/ZMM state, else the instructions fault). No IFUNC or
// target_clones: those crash in musl static programs.
//
// Two environment variables lower the choice, never raise it:
//   PYAOT_ISA=baseline|x86-64-v3|x86-64-v4  the highest level to run;
//   PYAOT_CPU_FEATURES=avx,avx2,...          keep only these of the detected features
//                                            (to test what a smaller CPU would run).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string_view>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#define PYAOT_ISA_X86 1
#elif defined(_M_X64)
#include <intrin.h>
#include <immintrin.h>
#define PYAOT_ISA_X86 1
#else
#define PYAOT_ISA_X86 0
#endif

namespace pyaot::isa {

enum level : int { baseline = 0, x86_64_v3 = 1, x86_64_v4 = 2 };
inline constexpr int level_count = 3;
inline constexpr const char* level_names[level_count] = {"baseline", "x86-64-v3", "x86-64-v4"};

using features = std::uint32_t;

// One bit per feature the levels need; the names are what PYAOT_CPU_FEATURES takes.
inline constexpr const char* feature_names[] = {
    "sse3", "ssse3", "sse4_1", "sse4_2", "popcnt", "cx16", "lahf",                 // v2
    "avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave",      // v3
    "os_avx",                                                                      // XCR0 YMM
    "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl",                     // v4
    "os_avx512",                                                                   // XCR0 ZMM
};
inline constexpr int feature_count = sizeof(feature_names) / sizeof(feature_names[0]);

constexpr features bit(std::string_view name) {
  for (int i = 0; i < feature_count; ++i) {
    if (name == feature_names[i]) return features{1} << i;
  }
  return 0;
}

constexpr features all_of(std::initializer_list<std::string_view> names) {
  features out = 0;
  for (std::string_view name : names) out |= bit(name);
  return out;
}

inline constexpr features v3_needs = all_of({
    "sse3", "ssse3", "sse4_1", "sse4_2", "popcnt", "cx16", "lahf", "avx", "avx2", "bmi1",
    "bmi2", "f16c", "fma", "lzcnt", "movbe", "xsave", "os_avx"});
inline constexpr features v4_needs = v3_needs | all_of({
    "avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl", "os_avx512"});

// The highest level whose every feature is in `have`.
constexpr level level_of(features have) {
  if ((have & v4_needs) == v4_needs) return x86_64_v4;
  if ((have & v3_needs) == v3_needs) return x86_64_v3;
  return baseline;
}

#if PYAOT_ISA_X86
inline void cpuid(unsigned leaf, unsigned sub, unsigned regs[4]) {
#if defined(_M_X64)
  int out[4];
  __cpuidex(out, static_cast<int>(leaf), static_cast<int>(sub));
  for (int i = 0; i < 4; ++i) regs[i] = static_cast<unsigned>(out[i]);
#else
  __cpuid_count(leaf, sub, regs[0], regs[1], regs[2], regs[3]);
#endif
}

inline std::uint64_t xcr0() {
#if defined(_M_X64)
  return _xgetbv(0);
#else
  unsigned lo = 0, hi = 0;
  __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  return (std::uint64_t{hi} << 32) | lo;
#endif
}
#endif

#if PYAOT_ISA_X86
// Where cpuid reports each feature: leaf, register (0 eax ... 3 edx), bit.
struct cpuid_bit {
  unsigned leaf;
  int reg;
  int bit;
  const char* name;
};

inline constexpr cpuid_bit cpuid_bits[] = {
    {1, 2, 0, "sse3"},      {1, 2, 9, "ssse3"},     {1, 2, 12, "fma"},
    {1, 2, 13, "cx16"},     {1, 2, 19, "sse4_1"},   {1, 2, 20, "sse4_2"},
    {1, 2, 22, "movbe"},    {1, 2, 23, "popcnt"},   {1, 2, 26, "xsave"},
    {1, 2, 28, "avx"},      {1, 2, 29, "f16c"},     {7, 1, 3, "bmi1"},
    {7, 1, 5, "avx2"},      {7, 1, 8, "bmi2"},      {7, 1, 16, "avx512f"},
    {7, 1, 17, "avx512dq"}, {7, 1, 28, "avx512cd"}, {7, 1, 30, "avx512bw"},
    {7, 1, 31, "avx512vl"}, {0x80000001u, 2, 0, "lahf"}, {0x80000001u, 2, 5, "lzcnt"},
};
#endif

// What this CPU and OS support, as feature bits.
inline features detect() {
  features have = 0;
#if PYAOT_ISA_X86
  unsigned r[4];
  cpuid(0, 0, r);
  const unsigned max_leaf = r[0];
  cpuid(0x80000000u, 0, r);
  const unsigned max_ext = r[0];
  for (const cpuid_bit& b : cpuid_bits) {
    const bool present = b.leaf >= 0x80000000u ? b.leaf <= max_ext : b.leaf <= max_leaf;
    if (!present) continue;
    cpuid(b.leaf, 0, r);
    if (r[b.reg] & (1u << b.bit)) have |= bit(b.name);
  }
  cpuid(1, 0, r);
  if (r[2] & (1u << 27)) {  // OSXSAVE: xgetbv says which register state the OS saves
    const std::uint64_t state = xcr0();
    if ((state & 0x6) == 0x6) have |= bit("os_avx");
    if ((state & 0xe6) == 0xe6) have |= bit("os_avx512");
  }
#endif
  return have;
}

// The features named in a comma-separated list; `ok` is false when a name is unknown.
inline features parse_features(std::string_view list, bool& ok) {
  features out = 0;
  ok = true;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    std::string_view name = list.substr(0, comma);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    if (!name.empty()) {
      const features b = bit(name);
      ok = ok && b != 0;
      out |= b;
    }
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  return out;
}

// The level named `name`, or -1.
inline int parse_level(std::string_view name) {
  for (int i = 0; i < level_count; ++i) {
    if (name == level_names[i]) return i;
  }
  return -1;
}

// The detected features less those PYAOT_CPU_FEATURES leaves out; `bad_env` is set when its
// value names an unknown feature.
inline features forced_features(const char*& bad_env) {
  features have = detect();
  if (const char* mask = std::getenv("PYAOT_CPU_FEATURES")) {
    bool ok = true;
    have &= parse_features(mask, ok);
    if (!ok) bad_env = "PYAOT_CPU_FEATURES";
  }
  return have;
}

// The features of `have` that the level `highest` may use (baseline: none of them).
constexpr features capped(features have, int highest) {
  if (highest <= baseline) return 0;
  if (highest == x86_64_v3) return have & v3_needs;
  return have;
}

struct choice {
  level detected;  // what the CPU (with PYAOT_CPU_FEATURES) can run
  level chosen;    // the highest built level at or below it and PYAOT_ISA
  const char* bad_env;  // the environment variable whose value was not understood, or null
};

// The variant to run, among the levels in `built` (bit i: level i was built; baseline always).
inline choice choose(unsigned built) {
  choice out{baseline, baseline, nullptr};
  out.detected = level_of(forced_features(out.bad_env));
  int highest = out.detected;
  if (const char* forced = std::getenv("PYAOT_ISA"); forced != nullptr && *forced != '\0') {
    const int wanted = parse_level(forced);
    if (wanted < 0) out.bad_env = "PYAOT_ISA";
    else if (wanted < highest) highest = wanted;
  }
  for (int i = highest; i > 0; --i) {
    if (built & (1u << i)) {
      out.chosen = static_cast<level>(i);
      break;
    }
  }
  return out;
}

// The features a choice made inside a kernel may use (cv2's AVX2 loops, the onnx
// micro-kernels): the detected ones, less those PYAOT_CPU_FEATURES leaves out, and none above
// the level PYAOT_ISA names. Read once; an unknown value is reported by the module's init
// (choose), and lowers nothing here beyond what was understood.
inline features usable() {
  static const features have = [] {
    const char* bad_env = nullptr;
    features out = forced_features(bad_env);
    if (const char* forced = std::getenv("PYAOT_ISA"); forced != nullptr && *forced != '\0') {
      const int wanted = parse_level(forced);
      if (wanted >= 0) out = capped(out, wanted);
    }
    return out;
  }();
  return have;
}

// Whether every feature of `need` is usable.
inline bool has(features need) { return (usable() & need) == need; }

}  // namespace pyaot::isa
