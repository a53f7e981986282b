#pragma once
// A small English corpus for tokenizer tests (a header, not a test: only test_*.cpp become
// tests): varied enough for sentencepiece to learn real merges, built in microseconds.

#include <string>
#include <vector>

#include "core/data/sentencepiece_tokenizer.h"

namespace tfw::test {

// 384 English sentences built from a few templates.
inline std::vector<std::string> english_sentences() {
    const std::vector<std::string> who = {"A man",      "The woman",    "Two children", "A dog",
                                          "An old man", "A young girl", "Three people", "The cat"};
    const std::vector<std::string> what = {"is riding a bike",      "walks along the beach",
                                           "plays with a red ball", "is sitting on a bench",
                                           "looks at the camera",   "jumps over a fence",
                                           "is eating lunch",       "waits for the bus"};
    const std::vector<std::string> where = {"in the park.",    "near the river.", "at night.",
                                            "on a sunny day.", "in the city.",    "outside."};
    std::vector<std::string> lines;
    for (const auto& a : who)
        for (const auto& b : what)
            for (const auto& c : where) lines.push_back(a + " " + b + " " + c);
    return lines;
}

// BPE training options with the given vocabulary size, the rest at their defaults.
inline SentencePieceTokenizer::Options bpe(int vocab_size) {
    SentencePieceTokenizer::Options options;
    options.vocab_size = vocab_size;
    return options;
}

}  // namespace tfw::test
