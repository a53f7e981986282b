#include "core/io/model_import.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/data/tokenizer.h"
#include "core/io/model_export.h"
#include "core/io/model_io.h"
#include "core/io/safetensors.h"
#include "core/model/model_options.h"

namespace tfw {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

std::string read_bytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path.string());
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

json read_config(const fs::path& path) {
    json config;
    try {
        config = json::parse(read_bytes(path));
    } catch (const json::exception& e) {
        throw std::runtime_error(path.string() + ": not valid JSON (" + e.what() + ")");
    }
    if (!config.is_object() || config.value("format", "") != kModelExportFormat)
        throw std::runtime_error(path.string() +
                                 ": not the config.json of an exported Transformer Workbench "
                                 "model (\"format\": \"" +
                                 std::string(kModelExportFormat) + "\")");
    const int version = config.value("format_version", 0);
    if (version < 1 || version > kModelExportFormatVersion)
        throw std::runtime_error(path.string() + ": format_version " + std::to_string(version) +
                                 " is not supported (supported: 1.." +
                                 std::to_string(kModelExportFormatVersion) + ")");
    return config;
}

// The experiment config.json records, with its architecture in place of the experiment's.
ExperimentConfig experiment_of(const json& config) {
    json experiment = config.value("experiment", json::object());
    const json& model = config.at("model");
    experiment["task"] = config.at("task");
    for (const char* key : {"d_model", "heads", "ffn_dim", "decoder_layers", "norm", "positional",
                            "activation", "max_positions", "causal", "tie_embeddings"})
        experiment["model"][key] = model.at(key);
    // Dropout, and the components an export before them does not name (their defaults then).
    for (const char* key : {"dropout", "attention_dropout", "normalization", "qk_norm", "rope_base",
                            "kv_heads", "bias", "init"})
        if (model.contains(key)) experiment["model"][key] = model[key];
    const bool lm = config.at("task") == "lm";
    const int64_t encoder_layers = model.at("encoder_layers").get<int64_t>();
    if (lm && encoder_layers != 0)
        throw std::runtime_error(
            "a language model (task lm) has no encoder, but model.encoder_layers is " +
            std::to_string(encoder_layers));
    if (!lm) {
        experiment["model"]["encoder_layers"] = encoder_layers;
        experiment["tokenizer"]["shared"] = model.at("shared_embeddings");
    }
    experiment["tokenizer"]["type"] = config.at("tokenizer").at("type");
    return config_from_json(experiment);
}

std::string shape_text(at::IntArrayRef shape) {
    std::ostringstream text;
    text << shape;
    return text.str();
}

// Every parameter and buffer of `model` from the file, converted to its dtype.
void load_weights(TransformerModelImpl& model, const std::string& path) {
    SafetensorsContents file = read_safetensors(path);
    std::vector<std::string> missing;
    auto assign = [&](const std::string& name, at::Tensor& target) {
        const auto it = file.tensors.find(name);
        if (it == file.tensors.end()) {
            missing.push_back(name);
            return;
        }
        const at::Tensor& source = it->second;
        if (source.sizes() != target.sizes())
            throw std::runtime_error(
                path + ": tensor '" + name + "' has shape " + shape_text(source.sizes()) +
                ", but the architecture in config.json needs " + shape_text(target.sizes()));
        if (!at::isFloatingType(source.scalar_type()))
            throw std::runtime_error(path + ": tensor '" + name + "' holds " +
                                     std::string(c10::toString(source.scalar_type())) +
                                     ", not floating-point numbers");
        target.copy_(source);
        file.tensors.erase(it);
    };
    torch::NoGradGuard no_grad;
    for (auto& item : model.named_parameters()) assign(item.key(), item.value());
    for (auto& item : model.named_buffers()) assign(item.key(), item.value());
    auto listed = [](const std::vector<std::string>& names) {
        std::string text;
        for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
        return text;
    };
    if (!missing.empty())
        throw std::runtime_error(
            path + ": lacks tensors the architecture in config.json needs: " + listed(missing));
    if (!file.tensors.empty()) {
        std::vector<std::string> extra;
        for (const auto& entry : file.tensors) extra.push_back(entry.first);
        throw std::runtime_error(path +
                                 ": holds tensors the architecture in config.json does "
                                 "not have: " +
                                 listed(extra));
    }
}

}  // namespace

Checkpoint import_model(const std::string& dir) {
    const fs::path root(dir);
    const std::string config_path = (root / kExportConfigFile).string();
    const json config = read_config(config_path);

    Checkpoint c;
    std::string src_file, tgt_file;
    try {
        c.config = experiment_of(config);
        const json& tokenizer = config.at("tokenizer");
        c.src_tokenizer_type = c.tgt_tokenizer_type = tokenizer.at("type").get<std::string>();
        src_file = tokenizer.at("src").get<std::string>();
        tgt_file = tokenizer.at("tgt").get<std::string>();
        c.position.step = config.value("trained_steps", int64_t(0));
    } catch (const std::exception& e) {  // json and config errors alike
        throw std::runtime_error(config_path + ": " + e.what());
    }

    auto read_tokenizer = [&](const std::string& file, std::string& bytes, int64_t& vocab) {
        const fs::path path = root / file;
        bytes = read_bytes(path);
        try {
            vocab = deserialize_tokenizer(c.tgt_tokenizer_type, bytes)->vocab_size();
        } catch (const std::exception& e) {
            throw std::runtime_error(path.string() + ": not a " + c.tgt_tokenizer_type +
                                     " tokenizer: " + e.what());
        }
    };
    read_tokenizer(tgt_file, c.tgt_tokenizer, c.tgt_vocab);
    read_tokenizer(src_file, c.src_tokenizer, c.src_vocab);
    const ModelOptions options = model_options(c.config, c.src_vocab, c.tgt_vocab);
    if (options.shared_vocab && c.src_tokenizer != c.tgt_tokenizer)
        throw std::runtime_error(config_path +
                                 ": the model shares one embedding table "
                                 "(shared_embeddings or task lm), but the source "
                                 "and target tokenizers differ");
    for (const auto& [key, vocab] :
         {std::pair{"src_vocab", options.src_vocab}, std::pair{"tgt_vocab", options.tgt_vocab}})
        if (config.contains(key) && config.at(key) != vocab)
            throw std::runtime_error(config_path + ": " + key + " is " + config.at(key).dump() +
                                     ", but its tokenizer has " + std::to_string(vocab) +
                                     " pieces");

    TransformerModel model{nullptr};
    try {
        model = TransformerModel(options);
    } catch (const c10::Error& e) {
        throw std::runtime_error(config_path +
                                 ": cannot build this architecture: " + e.what_without_backtrace());
    }
    load_weights(*model, (root / config.value("weights", kExportWeightsFile)).string());
    c.parameters = model->parameter_count();
    c.weights = serialize_module(*model);
    return c;
}

}  // namespace tfw
