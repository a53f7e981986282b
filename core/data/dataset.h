#pragma once
// Encoded examples, tokenizers and batching. Torch-free: batches are plain int64 buffers
// that the trainer wraps into tensors.

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/tokenizer.h"
#include "core/util/log_level.h"

namespace tfw {

// seq2seq: src = ids + EOS, tgt_in = BOS + ids, tgt_out = ids + EOS.
// lm: src empty; tgt_in = window of the token stream, tgt_out = the same shifted by one.
struct Example {
    std::vector<int32_t> src;
    std::vector<int32_t> tgt_in;
    std::vector<int32_t> tgt_out;
};

struct Corpus {
    std::vector<Example> examples;
    int64_t skipped_too_long = 0;  // training pairs dropped for exceeding max lengths
    int64_t truncated = 0;         // valid/test examples cut to the max lengths
    int64_t skipped_empty = 0;     // training pairs dropped because one side is empty
    int64_t src_tokens = 0;        // tokens in the kept examples, EOS included (0 for lm)
    int64_t tgt_tokens = 0;        // tgt_out tokens
    // lm: stream tokens per word, each line's end counted as a word on both sides (1 for a
    // word-level tokenizer; > 1 when the tokenizer splits words); 0 for seq2seq.
    double tokens_per_word = 0;
};

struct PreparedData {
    std::shared_ptr<Tokenizer> src_tokenizer;  // == tgt_tokenizer when shared or lm
    std::shared_ptr<Tokenizer> tgt_tokenizer;
    Corpus train, valid, test;  // test may be empty
};

using DataLog = std::function<void(LogLevel, const std::string&)>;

// Reads the corpora named in config.data (or generates data.synthetic), trains or loads
// the tokenizers (config.tokenizer), and encodes everything. Throws DataError / ConfigError.
// Training pairs with an empty side or longer than data.max_src_len / max_tgt_len are
// skipped; valid/test pairs are kept and truncated; both are counted and logged as warnings.
// lm: every line (empty ones too) ends with EOS in one stream cut into windows.
PreparedData prepare_data(const ExperimentConfig& config, const DataLog& log);

// The same with tokenizers that already exist (resuming, evaluating a checkpoint).
// src_tokenizer may be null for lm (the target tokenizer serves both).
PreparedData prepare_data_with(const ExperimentConfig& config,
                               std::shared_ptr<Tokenizer> src_tokenizer,
                               std::shared_ptr<Tokenizer> tgt_tokenizer, const DataLog& log);

// Row-major [size x len] buffers padded with kPadId.
struct Batch {
    int64_t size = 0;
    int64_t src_len = 0;  // 0 for lm
    int64_t tgt_len = 0;
    std::vector<int64_t> src;
    std::vector<int64_t> tgt_in;
    std::vector<int64_t> tgt_out;
    int64_t src_tokens = 0;  // non-padding tokens
    int64_t tgt_tokens = 0;
};

// Groups examples of similar length so that size * (src_len + tgt_len) <= batch_tokens
// (a single longer example still gets a batch of its own). With shuffle, the examples
// are shuffled within length buckets and the batch order is shuffled, deterministically
// from (seed, epoch); without, batches come in length order.
// shape_multiple > 1 cuts batches to a few shapes (for CUDA graphs): lengths are rounded up to
// multiples of it, and each batch gets as many rows as a full batch of its two lengths holds,
// the missing ones dummy rows without target tokens (no loss, no gradient).
std::vector<Batch> make_batches(const std::vector<Example>& examples, int64_t batch_tokens,
                                bool shuffle, uint64_t seed, int epoch, int64_t shape_multiple = 1);

}  // namespace tfw
