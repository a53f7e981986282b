#include "core/io/hf_llama_export.h"

#include <ATen/ATen.h>
#include <torch/ordered_dict.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/config/config_schema.h"
#include "core/data/tokenizer.h"
#include "core/io/run_directory.h"
#include "core/io/safetensors.h"
#include "core/model/norm.h"

namespace tfw {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

namespace {

// A setting and the value Llama's architecture has (the experiment's spelling, from its schema).
struct LlamaSetting {
    const char* key;
    nlohmann::json value;
    const char* why;  // "" when the value says it all
};

const std::vector<LlamaSetting>& llama_settings() {
    static const std::vector<LlamaSetting> settings = {
        {"task", "lm", " (Llama is a decoder-only language model)"},
        {"model.norm", "pre", ""},
        {"model.normalization", "rms", ""},
        {"model.positional", "rope", ""},
        {"model.activation", "swiglu", ""},
        {"model.bias", false, ""},
        {"model.qk_norm", false, ""},
        {"model.causal", true, ""},
        {"tokenizer.type", "sentencepiece",
         " (transformers' LlamaTokenizer reads a sentencepiece model; a word list has no "
         "counterpart there)"},
    };
    return settings;
}

std::string spelled(const nlohmann::json& value) {
    return value.is_string() ? value.get<std::string>() : value.dump();
}

// Parameters by name, as float32 tensors detached from autograd, recording which were
// taken, so that a parameter with no place in Llama cannot be left behind unnoticed.
class Parameters {
  public:
    explicit Parameters(const torch::nn::Module& model) : all_(model.named_parameters()) {}

    at::Tensor take(const std::string& name) {
        const at::Tensor* found = all_.find(name);
        if (!found) throw std::runtime_error("the model has no parameter " + name);
        used_.insert(name);
        return found->detach().to(at::kFloat);
    }

    void check_all_taken() const {
        for (const auto& item : all_)
            if (!used_.count(item.key()))
                throw std::runtime_error("parameter " + item.key() +
                                         " has no place in a Llama checkpoint");
    }

  private:
    torch::OrderedDict<std::string, at::Tensor> all_;
    std::set<std::string> used_;
};

ojson llama_config(const ModelOptions& o) {
    const int64_t kv_heads = o.kv_heads > 0 ? o.kv_heads : o.heads;
    return {{"architectures", {"LlamaForCausalLM"}},
            {"model_type", "llama"},
            {"vocab_size", o.tgt_vocab},
            {"hidden_size", o.d_model},
            {"intermediate_size", o.ffn_dim},
            {"num_hidden_layers", o.decoder_layers},
            {"num_attention_heads", o.heads},
            {"num_key_value_heads", kv_heads},
            {"head_dim", o.d_model / o.heads},
            {"hidden_act", "silu"},
            // Rope has no length limit; this is the length the workbench was configured for.
            {"max_position_embeddings", o.max_positions},
            {"rms_norm_eps", NormImpl::kEps},
            // transformers 4.x reads rope_theta, 5.x rope_parameters (and converts rope_theta).
            {"rope_theta", o.rope_base},
            {"rope_parameters", {{"rope_type", "default"}, {"rope_theta", o.rope_base}}},
            {"attention_bias", false},
            {"attention_dropout", 0.0},
            {"mlp_bias", false},
            // Never tied: the input embedding carries the folded sqrt(d_model), the output not.
            {"tie_word_embeddings", false},
            // A workbench language model starts each line with </s>, so that is its BOS.
            {"bos_token_id", kEosId},
            {"eos_token_id", kEosId},
            {"pad_token_id", kPadId},
            {"torch_dtype", "float32"}};
}

ojson tokenizer_config(const Tokenizer& tokenizer, const ModelOptions& o) {
    // No token added by the tokenizer: the caller puts </s> before a line, as the workbench
    // does (config.json's bos_token_id says so too).
    return {{"tokenizer_class", "LlamaTokenizer"},
            {"add_bos_token", false},
            {"add_eos_token", false},
            {"bos_token", tokenizer.piece(kEosId)},
            {"eos_token", tokenizer.piece(kEosId)},
            {"unk_token", tokenizer.piece(kUnkId)},
            {"pad_token", tokenizer.piece(kPadId)},
            {"model_max_length", o.max_positions},
            {"clean_up_tokenization_spaces", false}};
}

}  // namespace

std::string hf_llama_mismatches(const Checkpoint& checkpoint) {
    std::string text;
    for (const LlamaSetting& s : llama_settings()) {
        const ConfigField* field = find_config_field(s.key);
        if (!field) throw std::logic_error(std::string("no setting ") + s.key);
        const nlohmann::json value = field->get(checkpoint.config);
        if (value == s.value) continue;
        text += (text.empty() ? "" : "; ") + std::string(s.key) + " is " + spelled(value) +
                ", needs " + spelled(s.value) + s.why;
    }
    return text;
}

std::vector<std::string> export_hf_llama(const LoadedModel& loaded, const std::string& dir) {
    const std::string mismatches = hf_llama_mismatches(loaded.checkpoint);
    if (!mismatches.empty()) throw std::invalid_argument("the model is not a Llama: " + mismatches);
    if (loaded.checkpoint.tgt_tokenizer_type != "sentencepiece")
        throw std::invalid_argument("the model's tokenizer is " +
                                    loaded.checkpoint.tgt_tokenizer_type +
                                    ", a Llama's is sentencepiece");
    const ModelOptions& o = loaded.model->options();
    const int64_t d_head = o.d_model / o.heads;
    const int64_t q_rows = o.heads * d_head;
    const int64_t kv_rows = (o.kv_heads > 0 ? o.kv_heads : o.heads) * d_head;

    Parameters p(*loaded.model);
    NamedTensors tensors;
    const at::Tensor embedding = p.take("tgt_embedding.weight");
    // The workbench multiplies embeddings by sqrt(d_model) before the first layer; Llama does
    // not, so the factor goes into Llama's input table. The same float32 product, so the
    // layers see the same numbers.
    tensors.emplace_back("model.embed_tokens.weight",
                         embedding * std::sqrt(static_cast<double>(o.d_model)));
    for (int64_t i = 0; i < o.decoder_layers; ++i) {
        const std::string ours = "decoder_layers." + std::to_string(i) + ".";
        const std::string theirs = "model.layers." + std::to_string(i) + ".";
        // Self-attention's in_proj rows are q, then k and v of the kv heads, in the
        // rotate-half rope layout Llama uses too: slices, no permutation.
        const at::Tensor qkv = p.take(ours + "self_attention.in_proj.weight");
        tensors.emplace_back(theirs + "self_attn.q_proj.weight", qkv.narrow(0, 0, q_rows));
        tensors.emplace_back(theirs + "self_attn.k_proj.weight", qkv.narrow(0, q_rows, kv_rows));
        tensors.emplace_back(theirs + "self_attn.v_proj.weight",
                             qkv.narrow(0, q_rows + kv_rows, kv_rows));
        tensors.emplace_back(theirs + "self_attn.o_proj.weight",
                             p.take(ours + "self_attention.out_proj.weight"));
        // SwiGLU's inner rows are the gate's, then the up projection's.
        const at::Tensor inner = p.take(ours + "feed_forward.inner.weight");
        tensors.emplace_back(theirs + "mlp.gate_proj.weight", inner.narrow(0, 0, o.ffn_dim));
        tensors.emplace_back(theirs + "mlp.up_proj.weight", inner.narrow(0, o.ffn_dim, o.ffn_dim));
        tensors.emplace_back(theirs + "mlp.down_proj.weight",
                             p.take(ours + "feed_forward.outer.weight"));
        tensors.emplace_back(theirs + "input_layernorm.weight", p.take(ours + "norm1.weight"));
        tensors.emplace_back(theirs + "post_attention_layernorm.weight",
                             p.take(ours + "norm3.weight"));
    }
    tensors.emplace_back("model.norm.weight", p.take("decoder_norm.weight"));
    // The output projection is the unscaled embedding when tied.
    tensors.emplace_back("lm_head.weight", o.tie_embeddings ? embedding : p.take("output.weight"));
    p.check_all_taken();
    for (auto& named : tensors) named.second = named.second.contiguous();

    fs::create_directories(dir);
    const fs::path out(dir);
    write_text_atomically((out / "tokenizer.model").string(), loaded.checkpoint.tgt_tokenizer);
    write_text_atomically((out / "tokenizer_config.json").string(),
                          tokenizer_config(*loaded.tgt_tokenizer, o).dump(2) + "\n");
    // transformers loads safetensors only with metadata format pt.
    write_safetensors((out / "model.safetensors").string(), tensors,
                      {{"format", "pt"}, {"producer", "transformer-workbench " TFW_VERSION}});
    write_text_atomically((out / "config.json").string(), llama_config(o).dump(2) + "\n");
    return {"tokenizer.model", "tokenizer_config.json", "model.safetensors", "config.json"};
}

}  // namespace tfw
