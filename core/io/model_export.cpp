#include "core/io/model_export.h"

#include <torch/version.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/io/safetensors.h"
#include "core/model/norm.h"

namespace tfw {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

// "tokenizer.model" or "vocab.txt" for a shared tokenizer, else with a "src_"/"tgt_" prefix
// (an experiment's two tokenizers are of one type).
std::string tokenizer_file(const std::string& type, const std::string& side) {
    const std::string prefix = side.empty() ? "" : side + "_";
    return type == "word" ? prefix + "vocab.txt" : prefix + "tokenizer.model";
}

void write_bytes(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
}

// A model.* choice as the experiment spells it (its schema's name): a new choice is exported
// without a list of names here.
std::string model_choice(const ExperimentConfig& config, const std::string& key) {
    return find_config_field("model." + key)->get(config).get<std::string>();
}

// What rebuilding the network needs; the names follow the experiment's model.* keys.
ojson architecture_json(const ModelOptions& o, const ExperimentConfig& config) {
    return {{"d_model", o.d_model},
            {"heads", o.heads},
            {"ffn_dim", o.ffn_dim},
            {"encoder_layers", o.encoder_layers},
            {"decoder_layers", o.decoder_layers},
            {"norm", model_choice(config, "norm")},
            {"positional", model_choice(config, "positional")},
            {"activation", model_choice(config, "activation")},
            {"max_positions", o.max_positions},
            {"causal", o.causal},
            {"tie_embeddings", o.tie_embeddings},
            {"shared_embeddings", o.shared_vocab},
            {"dropout", o.dropout},
            {"attention_dropout", o.attention_dropout},
            {"normalization", model_choice(config, "normalization")},
            {"qk_norm", o.qk_norm},
            {"rope_base", o.rope_base},
            {"kv_heads", o.kv_heads > 0 ? o.kv_heads : o.heads},
            {"bias", o.bias},
            {"init", model_choice(config, "init")},
            {"layer_norm_eps", NormImpl::kEps},  // older readers' name for norm_eps
            {"norm_eps", NormImpl::kEps},
            {"embedding_scale", std::sqrt(static_cast<double>(o.d_model))}};
}

}  // namespace

std::vector<std::string> export_model(const LoadedModel& loaded, const std::string& dir) {
    const Checkpoint& c = loaded.checkpoint;
    const ModelOptions& options = loaded.model->options();
    fs::create_directories(dir);

    const bool shared_tokenizer = c.src_tokenizer.empty() || c.src_tokenizer == c.tgt_tokenizer;
    ojson tokenizer = {{"type", c.tgt_tokenizer_type}};
    std::vector<std::string> written;
    if (shared_tokenizer) {
        const std::string file = tokenizer_file(c.tgt_tokenizer_type, "");
        write_bytes(fs::path(dir) / file, c.tgt_tokenizer);
        tokenizer["src"] = file;
        tokenizer["tgt"] = file;
        written.push_back(file);
    } else {
        const std::string src = tokenizer_file(c.src_tokenizer_type, "src");
        const std::string tgt = tokenizer_file(c.tgt_tokenizer_type, "tgt");
        write_bytes(fs::path(dir) / src, c.src_tokenizer);
        write_bytes(fs::path(dir) / tgt, c.tgt_tokenizer);
        tokenizer["src"] = src;
        tokenizer["tgt"] = tgt;
        written.insert(written.end(), {src, tgt});
    }

    NamedTensors tensors;
    for (const auto& item : loaded.model->named_parameters())
        tensors.emplace_back(item.key(), item.value());
    for (const auto& item : loaded.model->named_buffers())
        tensors.emplace_back(item.key(), item.value());
    write_safetensors((fs::path(dir) / kExportWeightsFile).string(), tensors,
                      {{"format", "pt"}, {"producer", "transformer-workbench " TFW_VERSION}});

    const ojson config = {
        {"format", kModelExportFormat},
        {"format_version", kModelExportFormatVersion},
        {"task", to_json(c.config).at("task")},
        {"model", architecture_json(options, c.config)},
        {"src_vocab", options.is_lm() ? 0 : c.src_vocab},
        {"tgt_vocab", c.tgt_vocab},
        {"special_tokens", {{"pad", kPadId}, {"unk", kUnkId}, {"bos", kBosId}, {"eos", kEosId}}},
        {"tokenizer", tokenizer},
        {"weights", kExportWeightsFile},
        {"trained_steps", c.position.step},
        {"experiment", to_json(c.config)}};
    write_bytes(fs::path(dir) / kExportConfigFile, config.dump(2) + "\n");
    written.insert(written.end(), {kExportWeightsFile, kExportConfigFile});
    return written;
}

}  // namespace tfw
