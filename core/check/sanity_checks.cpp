#include "core/check/sanity_checks.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <optional>

#include "core/check/attention_entropy_check.h"
#include "core/check/causal_leak_check.h"
#include "core/check/data_checks.h"
#include "core/check/gradient_norm_check.h"
#include "core/check/initial_loss_check.h"
#include "core/check/overfit_check.h"
#include "core/check/precision_check.h"
#include "core/check/prepared_checks.h"
#include "core/data/split_reader.h"
#include "core/device/device.h"
#include "core/io/model_io.h"
#include "core/model/model_options.h"
#include "core/util/error_text.h"

namespace tfw {

namespace {

constexpr size_t kSampleBatches = 3;  // training batches the model checks look at
constexpr size_t kOverfitExamples = 4;
constexpr int64_t kSampleBatchTokens = 2048;  // small batches: the checks stay quick

// A model initialised exactly as a new training run initialises it.
TransformerModel fresh_model(const ExperimentConfig& config, const PreparedData& data,
                             const at::Device& device) {
    at::manual_seed(config.train.seed);
    TransformerModel model(
        model_options(config, data.src_tokenizer->vocab_size(), data.tgt_tokenizer->vocab_size()));
    model->to(device);
    return model;
}

}  // namespace

ChecksReport run_checks_on(const ExperimentConfig& config, const PreparedData& data,
                           TransformerModel trained, const CheckOptions& options,
                           const CheckProgress& progress, const std::atomic<bool>* cancel) {
    const at::Device device =
        trained ? trained->parameters().front().device() : choose_device(config.train.device);
    const std::vector<BatchTensors> sample =
        sample_batches(data.train, std::min<int64_t>(kSampleBatchTokens, config.train.batch_tokens),
                       static_cast<uint64_t>(config.train.seed), kSampleBatches, device);
    // The model the leak, gradient and attention checks judge: the trained one when given.
    TransformerModel judged = trained;
    auto model = [&] {
        if (!judged) judged = fresh_model(config, data, device);
        return judged;
    };

    std::optional<RawCorpus> raw;  // read once, for the checks that need the text
    auto corpus = [&]() -> const RawCorpus& {
        if (!raw) raw = read_corpus(config);
        return *raw;
    };

    const BatchTensors first = sample.empty() ? BatchTensors{} : sample.front();
    struct Check {
        std::string id, title;  // the title also names it in progress reports
        std::function<CheckResult()> run;
    };
    std::vector<Check> checks = {
        {"data_lengths", "Sequence lengths", [&] { return check_lengths(config, data); }},
        {"dropped_pairs", "Training pairs dropped as too long",
         [&] { return check_dropped_pairs(config, data); }},
        {"unknown_tokens", "Unknown tokens", [&] { return check_unknown_tokens(data, corpus()); }},
        {"duplicates", "Validation and test examples not in training",
         [&] { return check_duplicates(config, corpus()); }},
        {"initial_loss", "Initial loss is about ln(vocabulary)",
         [&] {
             // Always a fresh model: the check is about initialisation.
             TransformerModel fresh = trained ? fresh_model(config, data, device) : model();
             return check_initial_loss(*fresh, sample);
         }},
        {"causal_leak", "No peeking at future tokens",
         [&] { return check_causal_leak(*model(), first); }},
        {"precision", "Precision suits the device",
         [&] { return check_precision(config, device); }},
    };
    if (!options.quick_only) {
        checks.push_back({"gradient_norms", "Gradient norms per layer",
                          [&] { return check_gradient_norms(*model(), first); }});
        checks.push_back({"attention_entropy", "Attention heads are neither dead nor uniform", [&] {
                              return check_attention_entropy(*model(), sample, bool(trained));
                          }});
        // Last, the slowest: it trains a fresh model of its own.
        checks.push_back({"overfit_batch", "Overfits one small batch", [&] {
                              TransformerModel fresh = fresh_model(config, data, device);
                              return check_overfit(
                                  *fresh, handful_batch(data.train, kOverfitExamples, device),
                                  config, options.overfit_steps, cancel);
                          }});
    }

    ChecksReport report;
    const int count = static_cast<int>(checks.size());
    for (int i = 0; i < count; ++i) {
        if (cancel && cancel->load()) break;
        if (progress) progress(checks[i].title, i, count);
        try {
            report.results.push_back(checks[i].run());
        } catch (const std::exception& e) {  // one check that cannot run must not hide the rest
            CheckResult r;
            r.id = checks[i].id;
            r.title = checks[i].title;
            r.status = CheckStatus::Fail;
            r.figure = check_text(TFW_TR_NOOP("Check", "could not run"));
            r.explanation = verbatim(user_error_text(e));
            report.results.push_back(r);
        }
    }
    return report;
}

ChecksReport run_checks(const ExperimentConfig& config, const CheckOptions& options,
                        const CheckProgress& progress, const std::atomic<bool>* cancel) {
    if (config.train.threads > 0) at::set_num_threads(config.train.threads);
    const DataLog quiet = [](LogLevel, const std::string&) {};
    if (options.checkpoint.empty())
        return run_checks_on(config, prepare_data(config, quiet), nullptr, options, progress,
                             cancel);
    // The checkpoint decides the model and its tokenizers; the experiment, the data.
    LoadedModel loaded =
        load_model(options.checkpoint, config.train.device == DevicePref::Cuda ? "cuda" : "cpu");
    ExperimentConfig effective = config;
    effective.task = loaded.checkpoint.config.task;
    effective.tokenizer = loaded.checkpoint.config.tokenizer;
    effective.model = loaded.checkpoint.config.model;
    const PreparedData data =
        prepare_data_with(effective, loaded.src_tokenizer, loaded.tgt_tokenizer, quiet);
    return run_checks_on(effective, data, loaded.model, options, progress, cancel);
}

}  // namespace tfw
