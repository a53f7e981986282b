#include "core/train/validation_score.h"

#include <chrono>
#include <stdexcept>

#include "core/data/split_reader.h"
#include "core/data/tokenizer.h"
#include "core/decode/search.h"
#include "core/decode/translator.h"
#include "core/metrics/bleu_tokenizer.h"
#include "core/model/model_copy.h"

namespace tfw {

ValidationScorer::ValidationScorer(const ExperimentConfig& config, const PreparedData& data)
    : metric_(validation_metric(config.train.valid_metric)), tgt_tokenizer_(data.tgt_tokenizer) {
    if (!metric_ || config.is_lm())
        throw std::invalid_argument(
            "train.valid_metric scores the decoded validation set of a "
            "translation or summarization task");
    RawSplit valid = read_split(config, Split::Valid);
    const int64_t max_positions = config.model.max_positions;
    for (const std::string& source : valid.src)
        inputs_.push_back(encode_source(*data.src_tokenizer, source, max_positions));
    references_ = std::move(valid.tgt);
    options_ = decode_options_from(config.decode);
    options_.beam = 1;
    options_.nbest = 1;
    options_.sample = false;
    settings_ = scoring_settings(config);
    settings_.bleu_tokenizer = bleu_tokenizer_for(references_);
}

ValidationScorer::Score ValidationScorer::score(TransformerModelImpl& model) const {
    const auto start = std::chrono::steady_clock::now();
    // Decoding on the CPU is faster with packed weights (model_copy.h), as the Evaluate area
    // and tfw eval decode; the copy is made anew for each validation, the weights having moved.
    TransformerModel packed = decoding_copy(model, DecodePrecision::Fp32);
    const auto decoded = decode_ids(packed ? *packed : model, inputs_, options_);
    std::vector<std::string> hypotheses;
    hypotheses.reserve(decoded.size());
    for (const auto& per_input : decoded)
        hypotheses.push_back(per_input.empty() ? "" : tgt_tokenizer_->decode(per_input[0].tokens));
    Score s;
    s.value = metric_->corpus(hypotheses, references_, settings_).value;
    s.sentences = hypotheses.size();
    s.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return s;
}

}  // namespace tfw
