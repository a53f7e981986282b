#include "core/sweep/sweep_estimate.h"

#include <algorithm>
#include <iomanip>
#include <map>
#include <sstream>
#include <thread>
#include <tuple>

#include "core/data/synthetic_task.h"
#include "core/device/device.h"
#include "core/train/train_benchmark.h"

namespace tfw {
namespace {

// A training step of the run's shape: its batch of typical length, model and vocabulary.
TrainBenchOptions bench_options(const ExperimentConfig& config, int jobs) {
    TrainBenchOptions options;
    options.steps = 3;
    options.warmup = 1;
    options.src_len = std::clamp(config.data.max_src_len, 4, 32);
    options.tgt_len = std::clamp(config.data.max_tgt_len, 4, 32);
    options.batch = std::max(1, config.train.batch_tokens / (options.src_len + options.tgt_len));
    options.d_model = config.model.d_model;
    options.heads = config.model.heads;
    options.ffn = config.model.ffn_dim;
    options.layers = std::max(config.model.encoder_layers, config.model.decoder_layers);
    // The output layer's cost grows with the vocabulary: the synthetic task's is known, a
    // word-level one without a cap is guessed.
    options.vocab = config.data.synthetic == Synthetic::Reverse
                        ? static_cast<int>(reverse_task_words().size()) + 4
                    : config.tokenizer.vocab_size > 0 ? config.tokenizer.vocab_size
                                                      : 8000;
    options.norm_first = config.model.norm == NormPlacement::Pre;
    const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    options.threads = config.train.threads > 0 ? config.train.threads : std::max(1, cores / jobs);
    try {
        options.device = choose_device(config.train.device).is_cuda() ? "cuda" : "cpu";
    } catch (const std::exception&) {  // cuda asked for but absent: training will say so
        options.device = "cpu";
    }
    return options;
}

auto shape_key(const TrainBenchOptions& o) {
    return std::make_tuple(o.src_len, o.tgt_len, o.batch, o.d_model, o.heads, o.ffn, o.layers,
                           o.vocab, o.norm_first, o.threads, o.device);
}

}  // namespace

SweepEstimate estimate_sweep_time(const SweepSpec& spec, const std::function<bool()>& cancelled) {
    SweepEstimate estimate;
    if (spec.budget.kind == BudgetKind::Unlimited) {
        estimate.note = "no budget: how many steps a run takes depends on its data";
        return estimate;
    }
    const size_t seeds = sweep_seeds(spec).size();
    const int jobs = std::max(1, spec.jobs);
    std::map<decltype(shape_key(TrainBenchOptions{})), TrainBenchResult> timed;
    double total = 0;
    for (const SweepVariant& variant : expand_variants(spec)) {
        if (cancelled && cancelled()) return {false, 0, "cancelled"};
        double seconds = 60 * spec.budget.amount;
        if (spec.budget.kind != BudgetKind::Minutes) {
            const ExperimentConfig config = run_config(spec, variant, 0);
            const TrainBenchOptions options = bench_options(config, jobs);
            auto found = timed.find(shape_key(options));
            if (found == timed.end())
                found = timed.emplace(shape_key(options), run_train_benchmark(options)).first;
            const TrainBenchResult& speed = found->second;
            seconds = spec.budget.kind == BudgetKind::Steps
                          ? speed.ms_per_step / 1000 * spec.budget.amount
                          : spec.budget.amount / std::max(1e-9, speed.tgt_tokens_per_s);
        }
        total += seconds * static_cast<double>(seeds);
    }
    estimate.known = true;
    estimate.seconds = total / jobs;
    std::ostringstream note;
    if (spec.budget.kind == BudgetKind::Minutes) {
        note << "each run trains for " << spec.budget.amount << " minutes";
    } else {
        note << "training steps timed on this machine (" << timed.size()
             << " model shape(s)); data preparation, validation and decoding add to it";
    }
    estimate.note = note.str();
    return estimate;
}

std::string format_duration(double seconds) {
    std::ostringstream out;
    out.precision(2);
    if (seconds < 90) {
        out << "about " << static_cast<int>(seconds + 0.5) << " s";
    } else if (seconds < 90 * 60) {
        out << "about " << static_cast<int>(seconds / 60 + 0.5) << " min";
    } else {
        out << "about " << std::fixed << std::setprecision(1) << seconds / 3600 << " h";
    }
    return out.str();
}

}  // namespace tfw
