#pragma once
// Text in, text out: tokenizes inputs, decodes them with a loaded checkpoint and
// detokenizes the hypotheses. Used for translation, summarization and generation.

#include <array>
#include <functional>
#include <string>
#include <vector>

#include "core/decode/decode_options.h"
#include "core/decode/head_selection.h"
#include "core/decode/hypothesis.h"
#include "core/io/model_io.h"

namespace tfw {

struct TranslationOutput {
    std::string text;                 // detokenized
    std::vector<std::string> pieces;  // output tokens as the tokenizer spells them
    Hypothesis hypothesis;
    // The input's tokens, and how many of them the model could not read (max_positions): a
    // source keeps its beginning, a prompt its end. Callers warn when input_tokens_cut > 0.
    int64_t input_tokens = 0, input_tokens_cut = 0;
};

class Tokenizer;

// How an input fits the model: its tokens, and how many of them were left out.
struct InputFit {
    int64_t tokens = 0, cut = 0;
};

// A source sentence as the encoder reads it: its ids, cut to fit max_positions, then EOS (which
// the encoder saw at the end of every training input).
std::vector<int> encode_source(const Tokenizer& tokenizer, const std::string& text,
                               int64_t max_positions, InputFit* fit = nullptr);

class Translator {
  public:
    explicit Translator(LoadedModel model);

    // One list of outputs (n-best or samples, best first) per input. For a language model
    // each input is a prompt and the output text is its continuation. A translation model's
    // input with no tokens (an empty line) is not decoded: its one output is empty.
    // progress(done, total) is called between batches; returning false cancels (the
    // unfinished inputs get empty lists).
    std::vector<std::vector<TranslationOutput>> translate(
        const std::vector<std::string>& inputs, const DecodeOptions& options,
        const std::function<bool(size_t done, size_t total)>& progress = {});

    // Makes the model that decodes in `precision` now rather than at the first translate()
    // (a copy with bf16, int8 or packed weights, tens of milliseconds): benchmarks time the
    // decoding alone. Throws as translate() would for a precision this build cannot run.
    void prepare(DecodePrecision precision) { model_in(precision); }

    // Switches exactly these heads off for every later decoding (an empty list switches all
    // back on). Throws std::invalid_argument, changing nothing, for a head the model lacks.
    void set_masked_heads(const std::vector<HeadSelection>& heads);
    const std::vector<HeadSelection>& masked_heads() const { return masked_heads_; }

    // EOS added for seq2seq; a prompt keeps its newest tokens.
    std::vector<int> encode_input(const std::string& input, InputFit* fit = nullptr) const;
    const LoadedModel& model() const { return model_; }
    LoadedModel& model() { return model_; }

  private:
    // The model that decodes in `precision`: the loaded one, or its decoding_copy (bf16, int8
    // or packed weights; model_copy.h) made on first use. Throws std::invalid_argument for int8
    // on a GPU or where LibTorch has no quantized engine.
    TransformerModelImpl& model_in(DecodePrecision precision);
    void apply_head_masks(TransformerModelImpl& model) const;

    LoadedModel model_;
    std::array<TransformerModel, 3> copies_{nullptr, nullptr, nullptr};  // by DecodePrecision
    std::vector<HeadSelection> masked_heads_;
};

}  // namespace tfw
