#pragma once
// Teacher-forced log-probabilities of whole sentences, as `tfw logprob` prints them and
// python/tfw_torch.py computes them (docs/interop.md). Nothing is cut: a sentence longer than
// the model's positions is an error.
//   seq2seq: targets[i] followed by EOS, given sources[i] followed by EOS;
//   language model without targets: sources[i] followed by EOS, after an EOS (a line start);
//   language model with targets: targets[i] followed by EOS, after EOS + sources[i].

#include <string>
#include <vector>

#include "core/decode/forced_score.h"
#include "core/io/model_io.h"

namespace tfw {

// Throws std::invalid_argument when the counts differ, a seq2seq model has no targets, or a
// sentence does not fit (naming its 1-based line).
std::vector<ForcedScore> sentence_log_probs(LoadedModel& loaded,
                                            const std::vector<std::string>& sources,
                                            const std::vector<std::string>& targets);

}  // namespace tfw
