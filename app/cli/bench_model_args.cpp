#include "app/cli/bench_model_args.h"

#include "core/config/config_io.h"

namespace tfw::cli {
namespace {

// A component's value, parsed as the experiment setting `key` parses it (same names, same
// messages for a bad one).
ModelConfig with_setting(const std::string& key, const std::string& value) {
    ExperimentConfig config;
    try {
        apply_override(config, "model." + key + "=" + value);
    } catch (const std::exception& e) {
        throw UsageError("--" + key + ": " + e.what());
    }
    return config.model;
}

}  // namespace

void add_bench_model_options(Args& args, const TrainBenchOptions& d) {
    args.option("d-model", "D", "model width", std::to_string(d.d_model))
        .option("heads", "H", "attention heads", std::to_string(d.heads))
        .option("ff", "F", "feed-forward width", std::to_string(d.ffn))
        .option("layers", "N", "encoder and decoder layers (each)", std::to_string(d.layers))
        .option("vocab", "V", "vocabulary size", std::to_string(d.vocab))
        .flag("norm-first", "pre-LN instead of post-LN")
        .flag("decoder-only", "a decoder-only language model (no encoder, no cross-attention)")
        .option("positional", "sinusoidal|learned|none|rope|alibi", "positions", "sinusoidal")
        .option("normalization", "layer|rms", "LayerNorm or RMSNorm", "layer")
        .flag("qk-norm", "normalise queries and keys per head")
        .option("activation", "relu|gelu|swiglu|geglu",
                "feed-forward non-linearity (the gated two keep --ff: pass 2/3 of it for the "
                "same parameters)",
                "relu")
        .option("kv-heads", "N", "key/value heads (grouped-query attention; 0 = --heads)", "0")
        .flag("no-bias", "linear layers and norms without biases");
}

void read_bench_model_options(const Args& args, TrainBenchOptions& o) {
    o.d_model = static_cast<int>(args.get_int("d-model"));
    o.heads = static_cast<int>(args.get_int("heads"));
    o.ffn = static_cast<int>(args.get_int("ff"));
    o.layers = static_cast<int>(args.get_int("layers"));
    o.vocab = static_cast<int>(args.get_int("vocab"));
    o.norm_first = args.has("norm-first");
    o.decoder_only = args.has("decoder-only");
    o.positional = with_setting("positional", args.get("positional")).positional;
    o.normalization = with_setting("normalization", args.get("normalization")).normalization;
    o.qk_norm = args.has("qk-norm");
    o.activation = with_setting("activation", args.get("activation")).activation;
    o.kv_heads = static_cast<int>(args.get_int("kv-heads"));
    o.bias = !args.has("no-bias");
    if (o.heads <= 0 || o.d_model % o.heads != 0) throw UsageError("--heads must divide --d-model");
    if (o.kv_heads < 0 || (o.kv_heads > 0 && o.heads % o.kv_heads != 0))
        throw UsageError("--kv-heads must divide --heads");
    if (o.positional == Positional::Rope && (o.d_model / o.heads) % 2 != 0)
        throw UsageError("rope needs an even head width (--d-model / --heads)");
}

nlohmann::json bench_model_json(const Args& args) {
    return {{"decoder_only", args.has("decoder-only")},
            {"positional", args.get("positional")},
            {"normalization", args.get("normalization")},
            {"qk_norm", args.has("qk-norm")},
            {"activation", args.get("activation")},
            {"kv_heads", args.get_int("kv-heads")},
            {"bias", !args.has("no-bias")}};
}

}  // namespace tfw::cli
