#include "core/data/synthetic_task.h"

#include <random>

#include "core/data/random.h"

namespace tfw {
namespace {

constexpr int kMinWords = 3;
constexpr int kMaxWords = 12;

RawSplit generate_split(uint64_t seed, uint64_t stream, size_t pairs) {
    std::mt19937_64 rng(mix_seed(seed, stream));
    const auto& words = reverse_task_words();
    RawSplit split;
    split.src.reserve(pairs);
    split.tgt.reserve(pairs);
    for (size_t p = 0; p < pairs; ++p) {
        const auto length = kMinWords + uniform_below(rng, kMaxWords - kMinWords + 1);
        std::vector<const std::string*> drawn;
        for (uint64_t k = 0; k < length; ++k)
            drawn.push_back(&words[uniform_below(rng, words.size())]);
        std::string src, tgt;
        for (size_t k = 0; k < drawn.size(); ++k) {
            src += (k ? " " : "") + *drawn[k];
            tgt += (k ? " " : "") + *drawn[drawn.size() - 1 - k];
        }
        split.src.push_back(std::move(src));
        split.tgt.push_back(std::move(tgt));
    }
    return split;
}

}  // namespace

const std::vector<std::string>& reverse_task_words() {
    static const std::vector<std::string> words = {
        "red", "blue", "green", "yellow", "black", "white", "orange", "purple",
        "cat", "dog",  "bird",  "fish",   "horse", "mouse", "cow",    "sheep",
        "one", "two",  "three", "four",   "five",  "six",   "seven",  "eight"};
    return words;
}

RawCorpus generate_reverse_task(uint64_t seed) {
    RawCorpus corpus;
    corpus.train = generate_split(seed, 1, 20000);
    corpus.valid = generate_split(seed, 2, 500);
    corpus.test = generate_split(seed, 3, 500);
    return corpus;
}

}  // namespace tfw
