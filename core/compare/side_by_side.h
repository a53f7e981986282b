#pragma once
// One input decoded by several checkpoints with the same decoding options: each checkpoint's
// best output with per-token log-probabilities and attention, and cross-scores (the
// log-probability each checkpoint gives every output, and a reference). Shared by
// `tfw compare --decode` and the window's Side by side view.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/compare/comparison_table.h"
#include "core/config/experiment_config.h"
#include "core/decode/decode_options.h"
#include "core/decode/labelled_attention.h"

namespace tfw {

class Translator;

struct ComparedOutput {
    Task task = Task::Translation;
    int encoder_layers = 0, decoder_layers = 0, heads = 0;
    std::string text;
    std::vector<std::string> pieces;
    std::vector<float> token_log_probs;  // per piece, then EOS when finished
    double score = 0, normalized = 0;
    bool finished = false;
    double seconds = 0;
    LabelledAttention attention;
};

struct SideBySide {
    std::vector<ComparedOutput> outputs;  // in checkpoint order
    // cross[i][j]: summed log-probability checkpoint i gives output j (EOS included).
    std::vector<std::vector<double>> cross;
    // reference[i]: the same for the reference under checkpoint i; empty without one.
    std::vector<double> reference;
};

// The first pair (i, j) of which one is a language model and the other reads a source: one
// input cannot be decoded by both. std::nullopt when all are of one kind.
std::optional<std::pair<size_t, size_t>> mixed_language_models(
    const std::vector<Translator*>& translators);

// Checkpoint `index` of `count` is at decoding step `step` of at most `max_steps`; returning
// false cancels.
using SideBySideProgress = std::function<bool(size_t index, size_t count, int step, int max_steps)>;

// Decodes `input` with every translator (head masks switched off) and cross-scores the outputs
// and the reference (skipped when blank). std::nullopt when cancelled. Throws
// std::invalid_argument when language models and translation models are mixed.
std::optional<SideBySide> decode_side_by_side(const std::vector<Translator*>& translators,
                                              const std::string& input,
                                              const std::string& reference, DecodeOptions options,
                                              const SideBySideProgress& progress = {});

// For printing: the outputs (text, scores, length, time) one column per checkpoint, and the
// cross-scores, one column per scoring checkpoint and one row per output (and the reference).
ComparisonTable side_by_side_outputs_table(const SideBySide& decoded,
                                           const std::vector<std::string>& names);
ComparisonTable cross_score_table(const SideBySide& decoded, const std::vector<std::string>& names);

}  // namespace tfw
