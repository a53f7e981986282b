#include "core/io/checkpoint_average.h"

#include <ATen/ATen.h>
#include <torch/nn/module.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include "core/config/config_schema.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/model/model_options.h"
#include "core/model/transformer_model.h"

namespace fs = std::filesystem;

namespace tfw {
namespace {

// Keys that change what the weights mean. Dropout does not: checkpoints trained with
// different dropout rates still describe the same function space.
bool is_architecture_key(const std::string& key) {
    return key == "task" || (key.rfind("model.", 0) == 0 && key != "model.dropout" &&
                             key != "model.attention_dropout");
}

// Why `other` cannot be averaged with `first`, or "" when it can.
std::string mismatch(const Checkpoint& first, const Checkpoint& other) {
    for (const ConfigField& field : config_fields()) {
        if (!is_architecture_key(field.key)) continue;
        const nlohmann::json a = field.get(first.config), b = field.get(other.config);
        if (a != b)
            return "they differ in " + field.key + " (" + a.dump() + " vs " + b.dump() + ")";
    }
    if (first.src_vocab != other.src_vocab || first.tgt_vocab != other.tgt_vocab)
        return "their vocabularies differ in size (" + std::to_string(first.src_vocab) + "/" +
               std::to_string(first.tgt_vocab) + " vs " + std::to_string(other.src_vocab) + "/" +
               std::to_string(other.tgt_vocab) + " source/target)";
    if (first.src_tokenizer_type != other.src_tokenizer_type ||
        first.tgt_tokenizer_type != other.tgt_tokenizer_type ||
        first.src_tokenizer != other.src_tokenizer || first.tgt_tokenizer != other.tgt_tokenizer)
        return "their tokenizers differ (the same vocabulary size, but other tokens)";
    return "";
}

TransformerModel build_model(const Checkpoint& c, const std::string& path) {
    TransformerModel model(model_options(c.config, c.src_vocab, c.tgt_vocab));
    try {
        load_module(*model, c.weights);
    } catch (const CheckpointError& e) {
        throw CheckpointError(path + ": " + e.what());
    }
    return model;
}

// Parameters and buffers by name: everything the weights blob holds.
std::map<std::string, at::Tensor> named_tensors(TransformerModel& model) {
    std::map<std::string, at::Tensor> tensors;
    for (const auto& item : model->named_parameters()) tensors[item.key()] = item.value();
    for (const auto& item : model->named_buffers()) tensors[item.key()] = item.value();
    return tensors;
}

}  // namespace

std::vector<PeriodicCheckpoint> periodic_checkpoints(const std::string& run_dir) {
    static const std::regex name("step-([0-9]+)\\.tfw");
    std::vector<PeriodicCheckpoint> found;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(RunPaths(run_dir).checkpoints(), ec)) {
        std::smatch match;
        const std::string file = entry.path().filename().string();
        if (entry.is_regular_file() && std::regex_match(file, match, name))
            found.push_back({std::stoll(match[1].str()), entry.path().string()});
    }
    std::sort(
        found.begin(), found.end(),
        [](const PeriodicCheckpoint& a, const PeriodicCheckpoint& b) { return a.step < b.step; });
    return found;
}

std::optional<Checkpoint> average_checkpoints(const std::vector<std::string>& paths,
                                              const AverageProgress& progress) {
    if (paths.empty()) throw CheckpointError("no checkpoints to average");
    at::NoGradGuard no_grad;
    // One checkpoint in memory at a time: a large model's N weight blobs need not fit at once.
    Checkpoint first;
    std::map<std::string, at::Tensor> sums;
    size_t newest = 0;
    int64_t newest_step = -1;
    for (size_t i = 0; i < paths.size(); ++i) {
        Checkpoint c = load_checkpoint(paths[i], /*with_training_state=*/false);
        if (i == 0) {
            first = c;
        } else if (const std::string why = mismatch(first, c); !why.empty()) {
            throw CheckpointError("cannot average " + paths[0] + " and " + paths[i] + ": " + why);
        }
        TransformerModel model = build_model(i == 0 ? first : c, paths[i]);
        for (const auto& [key, tensor] : named_tensors(model)) {
            if (!tensor.is_floating_point()) continue;
            const at::Tensor value = tensor.to(at::kDouble);
            auto it = sums.find(key);
            if (it == sums.end())
                sums.emplace(key, value.clone());
            else
                it->second.add_(value);
        }
        if (c.position.step > newest_step) newest = i, newest_step = c.position.step;
        if (progress && !progress(i + 1, paths.size())) return std::nullopt;
    }

    Checkpoint result = load_checkpoint(paths[newest], /*with_training_state=*/true);
    result.optimizer.clear();
    TransformerModel model = build_model(result, paths[newest]);
    const double count = static_cast<double>(paths.size());
    for (auto& [key, tensor] : named_tensors(model))
        if (const auto it = sums.find(key); it != sums.end()) tensor.copy_(it->second / count);
    result.weights = serialize_module(*model);
    return result;
}

}  // namespace tfw
