#include "core/train/validation_pass.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/metrics/perplexity.h"
#include "core/model/batch_loss.h"
#include "core/train/step_graphs.h"

namespace tfw {

ValidationReport validation_pass(TransformerModelImpl& model, const PreparedData& data,
                                 const ExperimentConfig& config, RunRanks& ranks,
                                 const at::Device& device, Precision precision) {
    model.eval();
    double nll = 0;
    int64_t tokens = 0, correct = 0;
    // On a GPU in the training's few shapes, so that validations add few new ones.
    for (const Batch& batch : make_batches(data.valid.examples, config.train.batch_tokens, false, 0,
                                           0, batch_shape_multiple(config.train, device))) {
        const Batch rows = ranks.rows_of(batch);
        if (rows.size == 0) continue;
        const BatchScore stats = evaluate_batch(model, to_tensors(rows, device), precision);
        nll += stats.nll;
        tokens += stats.tokens;
        correct += stats.correct;
    }
    const std::vector<double> sums = ranks.sum({nll, double(tokens), double(correct)});
    nll = sums[0];
    tokens = static_cast<int64_t>(sums[1]);
    correct = static_cast<int64_t>(sums[2]);
    ValidationReport r;
    r.loss = nll / std::max<int64_t>(1, tokens);
    r.perplexity = std::exp(r.loss);
    r.word_perplexity = word_perplexity(r.loss, data.valid.tokens_per_word);
    r.accuracy = tokens ? double(correct) / double(tokens) : 0.0;
    return r;
}

BestUpdate update_best(TrainingPosition position, const ValidationReport& report) {
    const bool lower_loss = position.best_valid_loss == 0 || report.loss < position.best_valid_loss;
    if (lower_loss) position.best_valid_loss = report.loss;
    const bool is_best = report.score_key.empty() ? lower_loss
                                                  : position.best_valid_score < 0 ||
                                                        report.score > position.best_valid_score;
    if (is_best) {
        if (!report.score_key.empty()) position.best_valid_score = report.score;
        position.best_step = report.step;
        position.bad_validations = 0;
    } else {
        ++position.bad_validations;
    }
    position.validated_step = report.step;
    return {position, is_best};
}

std::string validation_line(const ValidationReport& r, const MetricInfo* metric,
                            const ValidationScorer::Score& score) {
    std::ostringstream line;
    line.precision(4);
    line << "step " << r.step << ": validation loss " << r.loss << ", perplexity " << r.perplexity;
    if (r.word_perplexity > 0) line << " (per word " << r.word_perplexity << ")";
    line << ", accuracy " << 100 * r.accuracy << "%";
    if (metric)
        line << ", " << metric->name << " " << r.score << " (greedy, " << score.sentences
             << " sentences in " << std::lround(score.seconds) << " s)";
    line << (r.is_best ? " (best)" : "");
    return line.str();
}

}  // namespace tfw
