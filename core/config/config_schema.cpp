#include "core/config/config_schema.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/config/config_error.h"
#include "core/config/decode_fields.h"
#include "core/config/field_labels.h"
#include "core/config/translatable.h"

namespace tfw {
namespace {

using json = nlohmann::json;

std::string describe(const json& value) {
    return value.dump();
}

[[noreturn]] void bad_value(const std::string& key, const json& value, const std::string& want) {
    throw ConfigError(key + " (" + describe(value) + ") must be " + want);
}

template <typename T>
ConfigField int_field(std::string key, T ExperimentConfig::*section, int T::*member,
                      std::optional<double> min, std::optional<double> max, std::string help) {
    ConfigField f{key, FieldKind::Int, std::move(help), {}, min, max, nullptr, nullptr};
    f.get = [=](const ExperimentConfig& c) { return json((c.*section).*member); };
    f.set = [=](ExperimentConfig& c, const json& v) {
        if (v.is_number_integer()) {
            (c.*section).*member = v.get<int>();
        } else if (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>()) {
            (c.*section).*member = static_cast<int>(v.get<double>());
        } else {
            bad_value(key, v, "an integer");
        }
    };
    return f;
}

template <typename T>
ConfigField double_field(std::string key, T ExperimentConfig::*section, double T::*member,
                         std::optional<double> min, std::optional<double> max, std::string help) {
    ConfigField f{key, FieldKind::Double, std::move(help), {}, min, max, nullptr, nullptr};
    f.get = [=](const ExperimentConfig& c) { return json((c.*section).*member); };
    f.set = [=](ExperimentConfig& c, const json& v) {
        if (!v.is_number()) bad_value(key, v, "a number");
        (c.*section).*member = v.get<double>();
    };
    return f;
}

template <typename T>
ConfigField bool_field(std::string key, T ExperimentConfig::*section, bool T::*member,
                       std::string help) {
    ConfigField f{key, FieldKind::Bool, std::move(help), {}, {}, {}, nullptr, nullptr};
    f.get = [=](const ExperimentConfig& c) { return json((c.*section).*member); };
    f.set = [=](ExperimentConfig& c, const json& v) {
        if (!v.is_boolean()) bad_value(key, v, "true or false");
        (c.*section).*member = v.get<bool>();
    };
    return f;
}

template <typename T>
ConfigField string_field(std::string key, T ExperimentConfig::*section, std::string T::*member,
                         FieldKind kind, std::string help) {
    ConfigField f{key, kind, std::move(help), {}, {}, {}, nullptr, nullptr};
    f.get = [=](const ExperimentConfig& c) { return json((c.*section).*member); };
    f.set = [=](ExperimentConfig& c, const json& v) {
        if (!v.is_string()) bad_value(key, v, "a string");
        (c.*section).*member = v.get<std::string>();
    };
    return f;
}

// An enum stored in the struct, spelled as one of `names` (in enum order) in JSON.
template <typename T, typename E>
ConfigField choice_field(std::string key, T ExperimentConfig::*section, E T::*member,
                         std::vector<std::string> names, std::string help) {
    ConfigField f{key, FieldKind::Choice, std::move(help), names, {}, {}, nullptr, nullptr};
    f.get = [=](const ExperimentConfig& c) {
        return json(names.at(static_cast<size_t>((c.*section).*member)));
    };
    f.set = [=](ExperimentConfig& c, const json& v) {
        std::string all;
        for (size_t i = 0; i < names.size(); ++i) {
            if (v.is_string() && v.get<std::string>() == names[i]) {
                (c.*section).*member = static_cast<E>(i);
                return;
            }
            all += (i ? " | " : "") + names[i];
        }
        bad_value(key, v, "one of " + all);
    };
    return f;
}

std::vector<ConfigField> build_fields() {
    using C = ExperimentConfig;
    std::vector<ConfigField> f;

    f.push_back(
        {"name",
         FieldKind::String,
         TFW_TR_NOOP("ConfigField", "A short name for the experiment; run folders start with it."),
         {},
         {},
         {},
         [](const C& c) { return json(c.name); },
         [](C& c, const json& v) {
             if (!v.is_string()) bad_value("name", v, "a string");
             c.name = v.get<std::string>();
         }});
    f.push_back({"description",
                 FieldKind::String,
                 TFW_TR_NOOP("ConfigField",
                             "What the experiment is for and what to look at; shown above the "
                             "form."),
                 {},
                 {},
                 {},
                 [](const C& c) { return json(c.description); },
                 [](C& c, const json& v) {
                     if (!v.is_string()) bad_value("description", v, "a string");
                     c.description = v.get<std::string>();
                 }});
    {
        const std::vector<std::string> names{TFW_TR_NOOP("ConfigChoice", "translation"),
                                             TFW_TR_NOOP("ConfigChoice", "summarization"),
                                             TFW_TR_NOOP("ConfigChoice", "lm")};
        f.push_back(
            {"task",
             FieldKind::Choice,
             TFW_TR_NOOP("ConfigField",
                         "translation and summarization train an encoder-decoder on aligned "
                         "source/target lines; lm trains a decoder-only causal language model "
                         "on plain text."),
             names,
             {},
             {},
             [names](const C& c) { return json(names.at(static_cast<size_t>(c.task))); },
             [names](C& c, const json& v) {
                 for (size_t i = 0; i < names.size(); ++i)
                     if (v.is_string() && v.get<std::string>() == names[i]) {
                         c.task = static_cast<Task>(i);
                         return;
                     }
                 bad_value("task", v, "one of translation | summarization | lm");
             }});
    }

    // data
    f.push_back(
        string_field("data.dir", &C::data, &DataConfig::dir, FieldKind::Path,
                     TFW_TR_NOOP("ConfigField",
                                 "Folder that relative data paths are resolved against (empty: the "
                                 "working directory).")));
    f.push_back(choice_field(
        "data.synthetic", &C::data, &DataConfig::synthetic,
        {TFW_TR_NOOP("ConfigChoice", "none"), TFW_TR_NOOP("ConfigChoice", "reverse")},
        TFW_TR_NOOP("ConfigField",
                    "Generate a built-in task instead of reading files. reverse: random "
                    "word sequences to be written back to front; learns in minutes.")));
    f.push_back(string_field("data.train_src", &C::data, &DataConfig::train_src, FieldKind::Path,
                             TFW_TR_NOOP("ConfigField",
                                         "Training source text. One segment per line, aligned "
                                         "line by line with its partner; plain or .gz.")));
    f.push_back(string_field("data.train_tgt", &C::data, &DataConfig::train_tgt, FieldKind::Path,
                             TFW_TR_NOOP("ConfigField",
                                         "Training target text. One segment per line, aligned "
                                         "line by line with its partner; plain or .gz.")));
    f.push_back(string_field(
        "data.valid_src", &C::data, &DataConfig::valid_src, FieldKind::Path,
        TFW_TR_NOOP("ConfigField",
                    "Validation source text, used for validation loss and early stopping.")));
    f.push_back(string_field("data.valid_tgt", &C::data, &DataConfig::valid_tgt, FieldKind::Path,
                             TFW_TR_NOOP("ConfigField", "Validation target text.")));
    f.push_back(string_field(
        "data.test_src", &C::data, &DataConfig::test_src, FieldKind::Path,
        TFW_TR_NOOP("ConfigField", "Test source text (optional), for the final evaluation.")));
    f.push_back(string_field("data.test_tgt", &C::data, &DataConfig::test_tgt, FieldKind::Path,
                             TFW_TR_NOOP("ConfigField", "Test target text (optional).")));
    f.push_back(string_field(
        "data.train", &C::data, &DataConfig::train, FieldKind::Path,
        TFW_TR_NOOP("ConfigField",
                    "Language modelling: training text, plain or .gz; lines are joined "
                    "with an end-of-sentence token and cut into windows.")));
    f.push_back(string_field("data.valid", &C::data, &DataConfig::valid, FieldKind::Path,
                             TFW_TR_NOOP("ConfigField", "Language modelling: validation text.")));
    f.push_back(
        string_field("data.test", &C::data, &DataConfig::test, FieldKind::Path,
                     TFW_TR_NOOP("ConfigField", "Language modelling: test text (optional).")));
    f.push_back(int_field(
        "data.max_src_len", &C::data, &DataConfig::max_src_len, 1, 4096,
        TFW_TR_NOOP("ConfigField",
                    "Longest source in tokens; longer training pairs are skipped and counted "
                    "in the log.")));
    f.push_back(int_field(
        "data.max_tgt_len", &C::data, &DataConfig::max_tgt_len, 1, 4096,
        TFW_TR_NOOP("ConfigField",
                    "Longest target in tokens; for lm the length of each training window.")));

    // tokenizer
    f.push_back(choice_field(
        "tokenizer.type", &C::tokenizer, &TokenizerConfig::type,
        {TFW_TR_NOOP("ConfigChoice", "sentencepiece"), TFW_TR_NOOP("ConfigChoice", "word")},
        TFW_TR_NOOP("ConfigField",
                    "sentencepiece learns subword units from the training data (no unknown "
                    "words); word splits on spaces and keeps a fixed vocabulary.")));
    f.push_back(choice_field(
        "tokenizer.model_type", &C::tokenizer, &TokenizerConfig::model_type,
        {TFW_TR_NOOP("ConfigChoice", "bpe"), TFW_TR_NOOP("ConfigChoice", "unigram")},
        TFW_TR_NOOP("ConfigField",
                    "bpe merges the most frequent symbol pairs; unigram keeps the pieces "
                    "that best explain the text under a unigram language model.")));
    f.push_back(int_field(
        "tokenizer.vocab_size", &C::tokenizer, &TokenizerConfig::vocab_size, 0, 1000000,
        TFW_TR_NOOP("ConfigField",
                    "Number of subword pieces (word-level: largest vocabulary, 0 = no cap). "
                    "Small corpora want small vocabularies (Multi30k: 8000 shared).")));
    f.push_back(
        bool_field("tokenizer.shared", &C::tokenizer, &TokenizerConfig::shared,
                   TFW_TR_NOOP("ConfigField",
                               "One vocabulary for source and target; required for tied embeddings "
                               "across encoder and decoder.")));
    f.push_back(bool_field("tokenizer.lowercase", &C::tokenizer, &TokenizerConfig::lowercase,
                           TFW_TR_NOOP("ConfigField", "Lowercase all text before tokenizing.")));
    f.push_back(string_field(
        "tokenizer.model", &C::tokenizer, &TokenizerConfig::model, FieldKind::Path,
        TFW_TR_NOOP("ConfigField",
                    "An existing sentencepiece .model file to use instead of training one.")));
    f.push_back(
        int_field("tokenizer.min_freq", &C::tokenizer, &TokenizerConfig::min_freq, 1, 1000000,
                  TFW_TR_NOOP("ConfigField", "Word-level: words seen fewer times become <unk>.")));

    // model
    f.push_back(
        int_field("model.d_model", &C::model, &ModelConfig::d_model, 8, 8192,
                  TFW_TR_NOOP("ConfigField",
                              "Width of every token representation. Embeddings are scaled by "
                              "sqrt(d_model) before positions are added.")));
    f.push_back(
        int_field("model.heads", &C::model, &ModelConfig::heads, 1, 128,
                  TFW_TR_NOOP("ConfigField",
                              "Attention heads per layer; each head attends in d_model/heads "
                              "dimensions: softmax(QK^T/sqrt(d_head))V.")));
    f.push_back(
        int_field("model.encoder_layers", &C::model, &ModelConfig::encoder_layers, 1, 64,
                  TFW_TR_NOOP("ConfigField",
                              "Encoder layers (self-attention + feed-forward); unused for lm.")));
    f.push_back(int_field(
        "model.decoder_layers", &C::model, &ModelConfig::decoder_layers, 1, 64,
        TFW_TR_NOOP("ConfigField",
                    "Decoder layers (masked self-attention, cross-attention, feed-forward); "
                    "for lm the depth of the model.")));
    f.push_back(int_field(
        "model.ffn_dim", &C::model, &ModelConfig::ffn_dim, 1, 65536,
        TFW_TR_NOOP("ConfigField",
                    "Hidden width of the feed-forward block: W2 act(W1 x), usually 4 x d_model.")));
    f.push_back(double_field(
        "model.dropout", &C::model, &ModelConfig::dropout, 0.0, 0.9,
        TFW_TR_NOOP("ConfigField",
                    "Probability of zeroing an activation on the residual branches and "
                    "embeddings during training.")));
    f.push_back(double_field("model.attention_dropout", &C::model, &ModelConfig::attention_dropout,
                             0.0, 0.9,
                             TFW_TR_NOOP("ConfigField", "Dropout on the attention weights.")));
    f.push_back(choice_field(
        "model.norm", &C::model, &ModelConfig::norm,
        {TFW_TR_NOOP("ConfigChoice", "pre"), TFW_TR_NOOP("ConfigChoice", "post")},
        TFW_TR_NOOP("ConfigField",
                    "pre: x + F(LN(x)), trains stably without long warmup; post (the "
                    "original paper): LN(x + F(x)), needs warmup and often diverges.")));
    f.push_back(choice_field(
        "model.positional", &C::model, &ModelConfig::positional,
        {TFW_TR_NOOP("ConfigChoice", "sinusoidal"), TFW_TR_NOOP("ConfigChoice", "learned"),
         TFW_TR_NOOP("ConfigChoice", "none"), TFW_TR_NOOP("ConfigChoice", "rope"),
         TFW_TR_NOOP("ConfigChoice", "alibi")},
        TFW_TR_NOOP("ConfigField",
                    "How token order enters: fixed sin/cos waves PE(p,2i)=sin(p/10000^(2i/d)) "
                    "added to the embeddings (Vaswani et al. 2017), a learned vector per "
                    "position, nothing (a bag of words), rope: queries and keys rotated by "
                    "angles p*base^(-2i/d_head), so scores depend on relative distance (Su et "
                    "al. 2021, used by Llama), or alibi: a per-head penalty -m_h*|i-j| added "
                    "to the scores (Press et al. 2022). rope and alibi have no position table "
                    "and run on longer sequences than they were trained on.")));
    f.push_back(bool_field(
        "model.tie_embeddings", &C::model, &ModelConfig::tie_embeddings,
        TFW_TR_NOOP("ConfigField",
                    "Use the embedding matrix as the output projection (fewer parameters, "
                    "usually better on small data).")));
    f.push_back(
        choice_field("model.activation", &C::model, &ModelConfig::activation,
                     {TFW_TR_NOOP("ConfigChoice", "relu"), TFW_TR_NOOP("ConfigChoice", "gelu"),
                      TFW_TR_NOOP("ConfigChoice", "swiglu"), TFW_TR_NOOP("ConfigChoice", "geglu")},
                     TFW_TR_NOOP("ConfigField",
                                 "Non-linearity inside the feed-forward block. swiglu and geglu "
                                 "are gated (Shazeer 2020, used by Llama): W2 (act(Wg x) * Wu "
                                 "x) with SiLU or GELU, three matrices instead of two; "
                                 "ffn_dim = 2/3 x 4 x d_model keeps the parameter count of the "
                                 "ungated block.")));
    f.push_back(
        int_field("model.max_positions", &C::model, &ModelConfig::max_positions, 1, 65536,
                  TFW_TR_NOOP("ConfigField", "Longest sequence the position table covers.")));
    f.push_back(bool_field(
        "model.causal", &C::model, &ModelConfig::causal,
        TFW_TR_NOOP("ConfigField",
                    "Decoder self-attention sees only earlier tokens. Off makes a "
                    "bidirectional LM, for demonstrating the leak: it peeks at the token "
                    "it should predict, so its validation loss is unrealistically good.")));

    f.push_back(choice_field(
        "model.normalization", &C::model, &ModelConfig::normalization,
        {TFW_TR_NOOP("ConfigChoice", "layer"), TFW_TR_NOOP("ConfigChoice", "rms")},
        TFW_TR_NOOP("ConfigField",
                    "layer: LayerNorm, (x - mean) / std * g + b; rms: RMSNorm, x / rms(x) * g, "
                    "no centring and no bias, cheaper and as good in practice (Zhang & Sennrich "
                    "2019, used by Llama).")));
    f.push_back(bool_field(
        "model.qk_norm", &C::model, &ModelConfig::qk_norm,
        TFW_TR_NOOP("ConfigField",
                    "RMSNorm of every head's queries and keys before their dot product, which "
                    "keeps attention logits from growing without bound (Dehghani et al. 2023, "
                    "OLMo 2, Qwen 3).")));
    f.push_back(double_field(
        "model.rope_base", &C::model, &ModelConfig::rope_base, 2.0, 1e9,
        TFW_TR_NOOP("ConfigField",
                    "positional rope: the base of the rotation wavelengths; larger bases rotate "
                    "slower and reach further (10000 in the paper, 500000 in Llama 3).")));
    f.push_back(int_field(
        "model.kv_heads", &C::model, &ModelConfig::kv_heads, 0, 128,
        TFW_TR_NOOP("ConfigField",
                    "Key/value heads: 0 = one per attention head (multi-head); fewer share each "
                    "key/value head among heads/kv_heads query heads (grouped-query attention, "
                    "Ainslie et al. 2023); 1 is multi-query attention. Shrinks the key/value "
                    "cache of generation by heads/kv_heads.")));
    f.push_back(bool_field(
        "model.bias", &C::model, &ModelConfig::bias,
        TFW_TR_NOOP("ConfigField",
                    "Biases in the attention and feed-forward layers and in LayerNorm. Today's "
                    "large models leave them out (PaLM, Llama): fewer parameters, no loss in "
                    "quality.")));
    f.push_back(choice_field(
        "model.init", &C::model, &ModelConfig::init,
        {TFW_TR_NOOP("ConfigChoice", "xavier"), TFW_TR_NOOP("ConfigChoice", "scaled")},
        TFW_TR_NOOP("ConfigField",
                    "xavier: Xavier-uniform matrices; scaled: the same, with every residual "
                    "branch's output projection scaled by 1/sqrt(2 x layers), so that the "
                    "residual stream does not grow with depth (GPT-2).")));

    // train
    f.push_back(
        choice_field("train.optimizer", &C::train, &TrainConfig::optimizer,
                     {TFW_TR_NOOP("ConfigChoice", "adam"), TFW_TR_NOOP("ConfigChoice", "adamw")},
                     TFW_TR_NOOP("ConfigField",
                                 "adam adds weight decay to the gradient; adamw decays the weights "
                                 "directly (decoupled), which regularises more predictably.")));
    f.push_back(double_field(
        "train.lr", &C::train, &TrainConfig::lr, 0.0, 10.0,
        TFW_TR_NOOP("ConfigField",
                    "Peak learning rate reached at the end of warmup (ignored by noam, "
                    "which uses noam_factor).")));
    {
        ConfigField betas{"train.betas",
                          FieldKind::DoublePair,
                          TFW_TR_NOOP("ConfigField",
                                      "Adam's decay rates for the gradient mean and its square "
                                      "(beta1, beta2); Transformers usually use 0.9, 0.98."),
                          {},
                          0.0,
                          1.0,
                          nullptr,
                          nullptr};
        betas.get = [](const C& c) { return json{c.train.betas[0], c.train.betas[1]}; };
        betas.set = [](C& c, const json& v) {
            if (!v.is_array() || v.size() != 2 || !v[0].is_number() || !v[1].is_number())
                bad_value("train.betas", v, "two numbers, e.g. [0.9, 0.98]");
            c.train.betas = {v[0].get<double>(), v[1].get<double>()};
        };
        f.push_back(betas);
    }
    f.push_back(double_field(
        "train.eps", &C::train, &TrainConfig::eps, 0.0, 1.0,
        TFW_TR_NOOP("ConfigField", "Adam's epsilon, added to the denominator for stability.")));
    f.push_back(double_field(
        "train.weight_decay", &C::train, &TrainConfig::weight_decay, 0.0, 1.0,
        TFW_TR_NOOP("ConfigField", "L2 penalty (adam) or decoupled decay per step (adamw).")));
    f.push_back(choice_field(
        "train.decay_scope", &C::train, &TrainConfig::decay_scope,
        {TFW_TR_NOOP("ConfigChoice", "all"), TFW_TR_NOOP("ConfigChoice", "matrices")},
        TFW_TR_NOOP("ConfigField",
                    "What weight decay applies to: every parameter, or only the matrices of "
                    "linear layers, leaving norms, biases and embeddings alone (today's "
                    "practice). A configuration file that sets weight_decay without this "
                    "setting (written before it existed) means all.")));
    f.push_back(choice_field(
        "train.schedule", &C::train, &TrainConfig::schedule,
        {TFW_TR_NOOP("ConfigChoice", "noam"), TFW_TR_NOOP("ConfigChoice", "inverse_sqrt"),
         TFW_TR_NOOP("ConfigChoice", "cosine"), TFW_TR_NOOP("ConfigChoice", "constant")},
        TFW_TR_NOOP("ConfigField",
                    "noam: factor*d^-0.5*min(s^-0.5, s*w^-1.5); inverse_sqrt: linear warmup "
                    "to lr, then lr*sqrt(w/s); cosine: warmup, then half a cosine to 0 at "
                    "max steps (without them: when max minutes run out); constant: warmup, "
                    "then lr.")));
    f.push_back(int_field(
        "train.warmup_steps", &C::train, &TrainConfig::warmup_steps, 0, 1000000,
        TFW_TR_NOOP("ConfigField",
                    "Steps over which the learning rate rises linearly from 0; post-LN needs "
                    "this to converge.")));
    f.push_back(double_field(
        "train.noam_factor", &C::train, &TrainConfig::noam_factor, 0.0, 100.0,
        TFW_TR_NOOP("ConfigField",
                    "Scale of the noam schedule; its peak is factor/sqrt(d_model*warmup).")));
    f.push_back(double_field(
        "train.label_smoothing", &C::train, &TrainConfig::label_smoothing, 0.0, 0.99,
        TFW_TR_NOOP("ConfigField",
                    "Target distribution puts 1-eps on the right token and eps spread over "
                    "the vocabulary: loss = (1-eps)*NLL + eps*mean(-log p).")));
    f.push_back(double_field(
        "train.clip_norm", &C::train, &TrainConfig::clip_norm, 0.0, 1e6,
        TFW_TR_NOOP("ConfigField",
                    "Rescale gradients whose global L2 norm exceeds this (0 = off).")));
    f.push_back(
        int_field("train.batch_tokens", &C::train, &TrainConfig::batch_tokens, 16, 10000000,
                  TFW_TR_NOOP("ConfigField",
                              "Token budget per batch (padded source + target); batches group "
                              "sentences of similar length.")));
    f.push_back(
        int_field("train.accumulate", &C::train, &TrainConfig::accumulate, 1, 1024,
                  TFW_TR_NOOP("ConfigField",
                              "Batches whose gradients are summed before one optimizer step; the "
                              "effective batch is batch_tokens x accumulate.")));
    f.push_back(int_field("train.epochs", &C::train, &TrainConfig::epochs, 1, 100000,
                          TFW_TR_NOOP("ConfigField", "Passes over the training data.")));
    f.push_back(int_field(
        "train.max_steps", &C::train, &TrainConfig::max_steps, 0, 100000000,
        TFW_TR_NOOP("ConfigField", "Stop after this many optimizer steps (0 = run all epochs).")));
    f.push_back(
        int_field("train.max_tokens", &C::train, &TrainConfig::max_tokens, 0, 2000000000,
                  TFW_TR_NOOP("ConfigField",
                              "Stop once this many target tokens have been trained on (0 = no "
                              "limit): an equal budget for models whose batches differ.")));
    f.push_back(double_field(
        "train.max_minutes", &C::train, &TrainConfig::max_minutes, 0.0, 1e6,
        TFW_TR_NOOP("ConfigField",
                    "Stop after this many minutes of training, validations included "
                    "(0 = no limit): an equal budget for models of different speed.")));
    f.push_back(int_field(
        "train.valid_every", &C::train, &TrainConfig::valid_every, 0, 100000000,
        TFW_TR_NOOP("ConfigField", "Steps between validations (0 = at the end of each epoch).")));
    f.push_back(int_field("train.log_every", &C::train, &TrainConfig::log_every, 1, 100000000,
                          TFW_TR_NOOP("ConfigField", "Steps between training-loss reports.")));
    f.push_back(int_field(
        "train.save_every", &C::train, &TrainConfig::save_every, 0, 100000000,
        TFW_TR_NOOP("ConfigField",
                    "Steps between periodic checkpoints kept for averaging (0 = keep only "
                    "last and best).")));
    f.push_back(
        int_field("train.snapshot_every", &C::train, &TrainConfig::snapshot_every, -1, 100000000,
                  TFW_TR_NOOP("ConfigField",
                              "Steps between attention snapshots of the probe inputs, kept in the "
                              "run's attention/ folder (0 = with every validation, -1 = none).")));
    f.push_back(
        string_field("train.probes", &C::train, &TrainConfig::probes, FieldKind::String,
                     TFW_TR_NOOP("ConfigField",
                                 "Inputs whose attention is snapshotted during training, separated "
                                 "by | (empty = the first two usable validation inputs).")));
    f.push_back(int_field(
        "train.patience", &C::train, &TrainConfig::patience, 0, 100000,
        TFW_TR_NOOP("ConfigField",
                    "Stop when validation loss has not improved for this many validations "
                    "(0 = never stop early).")));
    f.push_back(choice_field(
        "train.valid_metric", &C::train, &TrainConfig::valid_metric,
        {TFW_TR_NOOP("ConfigChoice", "loss"), TFW_TR_NOOP("ConfigChoice", "bleu"),
         TFW_TR_NOOP("ConfigChoice", "rouge_l")},
        TFW_TR_NOOP("ConfigField",
                    "What the best checkpoint and early stopping go by: validation loss, or "
                    "BLEU / ROUGE-L of the validation set decoded greedily at every validation "
                    "(translation, summarization; each validation then decodes the whole set).")));
    f.push_back(bool_field(
        "train.stop_on_divergence", &C::train, &TrainConfig::stop_on_divergence,
        TFW_TR_NOOP("ConfigField",
                    "End the run when its training loss explodes (stays above ln(vocabulary) + "
                    "25 nats per token for 5 steps) and say so, instead of training a broken "
                    "model to the end. A loss that becomes NaN or infinite always ends it.")));
    f.push_back(int_field(
        "train.seed", &C::train, &TrainConfig::seed, 0, 2147483647,
        TFW_TR_NOOP("ConfigField",
                    "Seeds initialisation, dropout and shuffling: same seed, same curve.")));
    f.push_back(
        choice_field("train.device", &C::train, &TrainConfig::device,
                     {TFW_TR_NOOP("ConfigChoice", "auto"), TFW_TR_NOOP("ConfigChoice", "cpu"),
                      TFW_TR_NOOP("ConfigChoice", "cuda")},
                     TFW_TR_NOOP("ConfigField", "auto picks a CUDA GPU when one is present.")));
    f.push_back(
        int_field("train.threads", &C::train, &TrainConfig::threads, 0, 1024,
                  TFW_TR_NOOP("ConfigField", "CPU threads for matrix work (0 = all cores).")));
    f.push_back(
        choice_field("train.precision", &C::train, &TrainConfig::precision,
                     {TFW_TR_NOOP("ConfigChoice", "auto"), TFW_TR_NOOP("ConfigChoice", "fp32"),
                      TFW_TR_NOOP("ConfigChoice", "bf16"), TFW_TR_NOOP("ConfigChoice", "fp16")},
                     TFW_TR_NOOP("ConfigField",
                                 "auto takes bf16 where the device runs it natively (GPUs from "
                                 "Ampere on, CPUs with AVX-512 BF16 or AMX) and fp32 elsewhere. "
                                 "bf16 runs matrix products in bfloat16 keeping fp32 weights; on "
                                 "a CPU without native bf16 it is many times slower than fp32. "
                                 "fp16 is for GPUs only.")));
    f.push_back(bool_field(
        "train.cuda_graphs", &C::train, &TrainConfig::cuda_graphs,
        TFW_TR_NOOP("ConfigField",
                    "On a GPU: cut batches to a few shapes (lengths rounded up to multiples of 8, "
                    "rows filled up to a full batch) and replay each shape's training step as "
                    "one CUDA graph, so that a small model's step is not held up by launching "
                    "thousands of kernels. Off: exact batch shapes, every kernel launched.")));

    // decode: the defaults of every decoding command, from the decoding table.
    for (const DecodeField& d : decode_fields()) {
        const std::string key = "decode." + d.key;
        ConfigField field{key, d.kind, d.help, d.choices, d.min, d.max, nullptr, nullptr};
        field.get = [&d](const C& c) { return d.get(c.decode); };
        field.set = [&d](C& c, const json& v) {
            try {
                d.set(c.decode, v);
            } catch (const ConfigError& e) {
                throw ConfigError("decode." + std::string(e.what()));
            }
        };
        field.label = d.label;
        f.push_back(std::move(field));
    }
    for (ConfigField& field : f)
        if (field.label.empty()) field.label = field_label(field.key);
    return f;
}

}  // namespace

const std::vector<ConfigField>& config_fields() {
    static const std::vector<ConfigField> fields = build_fields();
    return fields;
}

const ConfigField* find_config_field(const std::string& key) {
    for (const auto& field : config_fields())
        if (field.key == key) return &field;
    return nullptr;
}

}  // namespace tfw
