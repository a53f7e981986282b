#include "core/io/report_scalars.h"

#include <cmath>

namespace tfw {

std::vector<TaggedValue> report_scalars(const StepReport& r) {
    return {{"train/loss", r.train_loss},
            {"train/perplexity", std::exp(r.train_nll)},
            {"train/lr", r.lr},
            {"train/grad_norm", r.grad_norm},
            {"train/tokens_per_s", r.tokens_per_s}};
}

std::vector<TaggedValue> report_scalars(const ValidationReport& r) {
    std::vector<TaggedValue> out = {{"valid/loss", r.loss}, {"valid/perplexity", r.perplexity}};
    if (r.word_perplexity > 0) out.emplace_back("valid/word_perplexity", r.word_perplexity);
    out.emplace_back("valid/accuracy", r.accuracy);
    if (!r.score_key.empty()) out.emplace_back("valid/" + r.score_key, r.score);
    return out;
}

std::string evaluation_tag(const std::string& split, const std::string& name) {
    return "eval/" + split + "/" + name;
}

}  // namespace tfw
