#pragma once
// numpy.random's default bit generator, PCG64 (the 128-bit LCG with the XSL-RR output), and
// the SeedSequence that seeds it from an int, with NumPy's constants and word order, so a
// seed gives NumPy's stream bit for bit. `Generator` is a handle: copies share the state, as
// Python names share one numpy.random.Generator.

#include <cstdint>
#include <random>

#include "pyaot/counted.hpp"

namespace pyaot::numpy::random {

using u128 = unsigned __int128;

struct Pcg64State {
  std::int64_t refs;
  u128 state;
  u128 inc;
  bool has_uint32;       ///< the high half of the last 64-bit draw is still to be used
  std::uint32_t uinteger;
};

namespace detail {

inline constexpr u128 kPcgMultiplier =
    (static_cast<u128>(0x2360ed051fc65da4ULL) << 64) | 0x4385df649fccf645ULL;

/// SeedSequence(entropy).generate_state(4, uint64) for up to 4 words of entropy.
inline void seed_sequence(std::uint64_t out[4], const std::uint32_t* entropy, int words) noexcept {
  std::uint32_t hash_const = 0x43b0d7e5U;
  auto hashmix = [&hash_const](std::uint32_t value) {
    value ^= hash_const;
    hash_const *= 0x931e8875U;
    value *= hash_const;
    return value ^ (value >> 16);
  };
  auto mix = [](std::uint32_t x, std::uint32_t y) {
    std::uint32_t result = 0xca01f9ddU * x - 0x4973f715U * y;
    return result ^ (result >> 16);
  };
  std::uint32_t pool[4];
  for (int i = 0; i < 4; ++i) pool[i] = hashmix(i < words ? entropy[i] : 0U);
  for (int src = 0; src < 4; ++src)
    for (int dst = 0; dst < 4; ++dst)
      if (src != dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
  std::uint32_t state_const = 0x8b51f9ddU;
  std::uint32_t words32[8];
  for (int i = 0; i < 8; ++i) {
    std::uint32_t value = pool[i % 4] ^ state_const;
    state_const *= 0x58f38dedU;
    value *= state_const;
    words32[i] = value ^ (value >> 16);
  }
  for (int i = 0; i < 4; ++i)
    out[i] = static_cast<std::uint64_t>(words32[2 * i]) |
             (static_cast<std::uint64_t>(words32[2 * i + 1]) << 32);
}

inline void step(Pcg64State& s) noexcept { s.state = s.state * kPcgMultiplier + s.inc; }

}  // namespace detail

class Generator {
 public:
  Generator() = default;

  /// numpy.random.default_rng(seed) for a non-negative seed below 2**64.
  static Generator seeded(std::uint64_t seed) noexcept {
    const std::uint32_t entropy[2] = {static_cast<std::uint32_t>(seed),
                                      static_cast<std::uint32_t>(seed >> 32)};
    return from_entropy(entropy, seed >> 32 != 0 ? 2 : 1);
  }

  /// numpy.random.default_rng(): 128 bits of fresh entropy from the system.
  static Generator fresh() noexcept {
    std::random_device device;
    std::uint32_t entropy[4];
    for (auto& word : entropy) word = device();
    return from_entropy(entropy, 4);
  }

  std::uint64_t next_uint64() const noexcept {
    Pcg64State& s = *box_.get();
    detail::step(s);
    const auto word = static_cast<std::uint64_t>(s.state >> 64) ^ static_cast<std::uint64_t>(s.state);
    const auto rot = static_cast<unsigned>(s.state >> 122);
    return (word >> rot) | (word << ((64U - rot) & 63U));
  }

  std::uint32_t next_uint32() const noexcept {
    Pcg64State& s = *box_.get();
    if (s.has_uint32) {
      s.has_uint32 = false;
      return s.uinteger;
    }
    const std::uint64_t next = next_uint64();
    s.has_uint32 = true;
    s.uinteger = static_cast<std::uint32_t>(next >> 32);
    return static_cast<std::uint32_t>(next);
  }

  /// A double in [0, 1) from the top 53 bits of one draw.
  double next_double() const noexcept {
    return static_cast<double>(next_uint64() >> 11) * (1.0 / 9007199254740992.0);
  }

 private:
  static Generator from_entropy(const std::uint32_t* entropy, int words) noexcept {
    std::uint64_t words64[4];
    detail::seed_sequence(words64, entropy, words);
    const u128 initstate = (static_cast<u128>(words64[0]) << 64) | words64[1];
    const u128 initseq = (static_cast<u128>(words64[2]) << 64) | words64[3];
    auto* box = new Pcg64State{1, 0, (initseq << 1) | 1U, false, 0};
    detail::step(*box);
    box->state += initstate;
    detail::step(*box);
    Generator out;
    out.box_ = counted<Pcg64State>::adopt(box);
    return out;
  }

  counted<Pcg64State> box_;
};

}  // namespace pyaot::numpy::random
