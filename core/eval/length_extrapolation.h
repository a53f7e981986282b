#pragma once
// Length extrapolation of a language model: its perplexity on the same text read in windows
// longer than the one it trained on (2x, 4x ...). Positions from a table (sinusoidal, learned)
// degrade or stop past the lengths seen in training; rope and alibi were made to carry on.

#include <functional>
#include <string>
#include <vector>

#include "core/eval/reference_loss.h"
#include "core/io/model_io.h"

namespace tfw {

struct WindowPerplexity {
    int window = 0;      // tokens per window
    ReferenceLoss loss;  // over every token of the text
    std::string error;   // why this window could not be scored (e.g. past max_positions)
};

// The training window (data.max_tgt_len) times 1, 2 and 4.
std::vector<int> default_extrapolation_windows(const ExperimentConfig& config);

// "64, 128, 256" (token counts of at least 2), or "auto" or nothing for the defaults above;
// empty when the text is neither (`tfw eval --window` and the window's dialog).
std::vector<int> parse_extrapolation_windows(const std::string& text,
                                             const ExperimentConfig& config);

// Scores `lines` at each window; progress(done, total) returning false cancels (the windows
// done so far are returned). Throws std::invalid_argument for a sequence-to-sequence model.
std::vector<WindowPerplexity> length_extrapolation(
    LoadedModel& model, const std::vector<std::string>& lines, const std::vector<int>& windows,
    const std::function<bool(size_t, size_t)>& progress = {});

}  // namespace tfw
