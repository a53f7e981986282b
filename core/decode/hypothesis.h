#pragma once
#include <vector>

#include "core/model/attention_maps.h"

namespace tfw {

// One decoded output.
struct Hypothesis {
    std::vector<int> tokens;  // output ids, without BOS and EOS
    // log p of each output token, then of EOS: chosen, or forced at the length limit (only a
    // cancelled search leaves it out)
    std::vector<float> token_log_probs;
    double score = 0;         // sum of token_log_probs
    double normalized = 0;    // score after the length penalty; ranks hypotheses
    bool finished = false;    // the model chose EOS (false: cut at the length limit, or cancelled)
    AttentionMaps attention;  // on request: per layer [heads, out_len+1, in_len]
};

}  // namespace tfw
