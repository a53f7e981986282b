#include "core/eval/reference_loss.h"

#include <stdexcept>

#include "core/data/encoding.h"
#include "core/metrics/perplexity.h"
#include "core/model/batch_loss.h"
#include "core/model/batch_tensors.h"

namespace tfw {
namespace {

ReferenceLoss corpus_loss(LoadedModel& model, const Corpus& corpus) {
    ReferenceLoss total;
    const ExperimentConfig& config = model.checkpoint.config;
    for (const Batch& batch :
         make_batches(corpus.examples, config.train.batch_tokens, false, 0, 0)) {
        const BatchScore stats =
            evaluate_batch(*model.model, to_tensors(batch, model.device), Precision::Fp32);
        total.nll += stats.nll;
        total.tokens += stats.tokens;
    }
    return total;
}

}  // namespace

double ReferenceLoss::loss() const {
    return tokens > 0 ? nll / static_cast<double>(tokens) : perplexity();
}

double ReferenceLoss::perplexity() const {
    return tfw::perplexity(nll, tokens);
}

double ReferenceLoss::word_perplexity() const {
    return tokens > 0 ? tfw::word_perplexity(loss(), tokens_per_word) : 0.0;
}

ReferenceLoss reference_loss(LoadedModel& model, const std::vector<std::string>& sources,
                             const std::vector<std::string>& references) {
    if (sources.size() != references.size())
        throw std::invalid_argument("sources and references differ in length (" +
                                    std::to_string(sources.size()) + " vs " +
                                    std::to_string(references.size()) + ")");
    RawSplit split;
    split.src = sources;
    split.tgt = references;
    const DataConfig& data = model.checkpoint.config.data;
    return corpus_loss(
        model, encode_pairs(split, *model.src_tokenizer, *model.tgt_tokenizer, data.max_src_len,
                            data.max_tgt_len, SplitRole::Evaluate));
}

ReferenceLoss text_loss(LoadedModel& model, const std::vector<std::string>& lines, int window) {
    RawSplit split;
    split.tgt = lines;
    const Corpus corpus =
        encode_stream(split, *model.tgt_tokenizer,
                      window > 0 ? window : model.checkpoint.config.data.max_tgt_len);
    ReferenceLoss loss = corpus_loss(model, corpus);
    loss.tokens_per_word = corpus.tokens_per_word;
    return loss;
}

}  // namespace tfw
