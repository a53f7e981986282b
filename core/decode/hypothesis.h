#pragma once
#include <vector>

#include "core/model/attention_maps.h"

namespace tfw {

// One decoded output.
struct Hypothesis {
    std::vector<int> tokens;             // output ids, without BOS and EOS
    std::vector<float> token_log_probs;  // log p of each output token, then of EOS if finished
    double score = 0;                    // sum of token_log_probs
    double normalized = 0;               // score after the length penalty; ranks hypotheses
    bool finished = false;               // ended with EOS rather than at the length limit
    AttentionMaps attention;             // on request: per layer [heads, out_len+1, in_len]
};

}  // namespace tfw
