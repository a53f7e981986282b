#pragma once
// Portable randomness for data preparation. std::uniform_int_distribution and std::shuffle
// are implementation-defined, so results would differ between standard libraries; these
// helpers only rely on std::mt19937_64, whose output the standard fixes.

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace tfw {

// Mixes several values into one seed (splitmix64 finaliser), e.g. (train.seed, epoch).
inline uint64_t mix_seed(uint64_t a, uint64_t b) {
    uint64_t z = a + 0x9E3779B97F4A7C15ULL * (b + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Uniform in [0, n), n > 0, without modulo bias.
inline uint64_t uniform_below(std::mt19937_64& rng, uint64_t n) {
    const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do {
        x = rng();
    } while (x >= limit);
    return x % n;
}

// Fisher-Yates shuffle.
template <typename T>
void shuffle_in_place(std::vector<T>& items, std::mt19937_64& rng) {
    for (size_t i = items.size(); i > 1; --i) {
        const size_t j = static_cast<size_t>(uniform_below(rng, i));
        std::swap(items[i - 1], items[j]);
    }
}

}  // namespace tfw
