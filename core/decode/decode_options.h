#pragma once
// How to turn a model's next-token distributions into output text.

#include <functional>
#include <string>
#include <vector>

#include "core/config/decode_fields.h"
#include "core/config/decode_settings.h"
#include "core/config/phrase.h"

namespace tfw {

// The settings plus how a call runs: these change neither the outputs nor their scores
// (batching gives the same results), so experiments and saved evaluations do not keep them.
struct DecodeOptions : DecodeSettings {
    bool attention = false;  // return attention maps of the returned hypotheses
    int batch_size = 64;     // inputs decoded together
    // Asked after every search step with the steps done and the most the batch can take;
    // false stops: open hypotheses end unfinished and later batches are skipped. Unset: not
    // asked, so the default path costs nothing.
    std::function<bool(int step, int max_steps)> on_step;
};

// Options that decode with `settings` (e.g. the experiment's decode section).
DecodeOptions decode_options_from(const DecodeSettings& settings);

// The settings' problems (check_decode_settings), each with the field it is about, and what
// this build cannot do: int8 where LibTorch has no engine for it (Debian's 1.13).
std::vector<DecodeProblem> decode_field_problems(const DecodeSettings& settings);
// Every problem, e.g. "beam must be >= 1 (got 0)"; empty when usable.
std::vector<Phrase> check_decode_options(const DecodeOptions& options);
// Throws ConfigError listing the problems.
void require_valid(const DecodeOptions& options);

}  // namespace tfw
