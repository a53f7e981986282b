#include "core/decode/sentence_log_probs.h"

#include <stdexcept>

#include "core/data/tokenizer.h"

namespace tfw {

std::vector<ForcedScore> sentence_log_probs(LoadedModel& loaded,
                                            const std::vector<std::string>& sources,
                                            const std::vector<std::string>& targets) {
    const ModelOptions& o = loaded.model->options();
    const bool with_targets = !targets.empty();
    if (!o.is_lm() && !with_targets)
        throw std::invalid_argument("a sequence-to-sequence model needs target sentences");
    if (with_targets && targets.size() != sources.size())
        throw std::invalid_argument("there are " + std::to_string(sources.size()) +
                                    " source sentences but " + std::to_string(targets.size()) +
                                    " target sentences");
    const auto max_positions = static_cast<size_t>(o.max_positions);
    auto check_fits = [&](size_t tokens, size_t line, const char* side) {
        if (tokens > max_positions && !is_relative(o.positional))
            throw std::invalid_argument(std::string(side) + " sentence " + std::to_string(line) +
                                        " needs " + std::to_string(tokens) +
                                        " positions, the model has " +
                                        std::to_string(max_positions));
    };

    std::vector<std::vector<int>> inputs, outputs;
    for (size_t i = 0; i < sources.size(); ++i) {
        std::vector<int> source = loaded.src_tokenizer->encode(sources[i]);
        std::vector<int> output =
            with_targets ? loaded.tgt_tokenizer->encode(targets[i]) : std::vector<int>();
        if (o.is_lm()) {
            std::vector<int> prompt{kEosId};
            if (with_targets)
                prompt.insert(prompt.end(), source.begin(), source.end());
            else
                output = std::move(source);
            check_fits(prompt.size() + output.size(), i + 1, with_targets ? "target" : "source");
            source = std::move(prompt);
        } else {
            source.push_back(kEosId);
            check_fits(source.size(), i + 1, "source");
            check_fits(output.size() + 1, i + 1, "target");  // after BOS
        }
        inputs.push_back(std::move(source));
        outputs.push_back(std::move(output));
    }
    return force_score_ids(*loaded.model, inputs, outputs);
}

}  // namespace tfw
