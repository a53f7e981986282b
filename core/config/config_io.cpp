#include "core/config/config_io.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/config/config_schema.h"
#include "core/config/decode_fields.h"
#include "core/config/key_suggestion.h"
#include "core/config/presets.h"
#include "core/config/translatable.h"

namespace tfw {

using json = nlohmann::json;

json to_json(const ExperimentConfig& config) {
    json out = json::object();
    for (const auto& field : config_fields()) {
        // "model.d_model" is written as {"model": {"d_model": ...}}.
        std::string pointer = "/" + field.key;
        std::replace(pointer.begin(), pointer.end(), '.', '/');
        out[json::json_pointer(pointer)] = field.get(config);
    }
    return out;
}

namespace {

// Flattens {"model": {"d_model": 512}} into {"model.d_model": 512}; dotted keys pass through.
// True when some key lies under `prefix` ("model" for model.d_model).
bool is_section(const std::string& prefix) {
    for (const ConfigField& field : config_fields())
        if (field.key.compare(0, prefix.size() + 1, prefix + ".") == 0) return true;
    return false;
}

void flatten(const json& node, const std::string& prefix,
             std::vector<std::pair<std::string, json>>& out) {
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it->is_object() && !it->empty())
            flatten(*it, key, out);
        else if (it->is_object() && is_section(key))
            continue;  // an empty section changes nothing
        else
            out.emplace_back(key, *it);  // an empty object elsewhere is an unknown key
    }
}

std::string lower(std::string text) {
    for (auto& ch : text) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return text;
}

json parse_scalar(const ConfigField& field, const std::string& text) {
    try {
        size_t used = 0;
        switch (field.kind) {
            case FieldKind::Int: {
                const long long value = std::stoll(text, &used);
                if (used == text.size()) return json(value);
                break;
            }
            case FieldKind::Double: {
                const double value = std::stod(text, &used);
                if (used == text.size()) return json(value);
                break;
            }
            case FieldKind::Bool: {
                const std::string t = lower(text);
                if (t == "true" || t == "1" || t == "yes" || t == "on") return json(true);
                if (t == "false" || t == "0" || t == "no" || t == "off") return json(false);
                break;
            }
            case FieldKind::DoublePair: {
                const auto comma = text.find(',');
                if (comma == std::string::npos) break;
                return json{std::stod(text.substr(0, comma)), std::stod(text.substr(comma + 1))};
            }
            case FieldKind::String:
            case FieldKind::Path:
            case FieldKind::Choice:
                return json(text);
        }
    } catch (const std::exception&) {
    }
    return json(text);  // the field's setter reports what it wanted
}

}  // namespace

ExperimentConfig config_from_json(const json& input) {
    if (!input.is_object()) throw ConfigError("a configuration must be a JSON object");
    std::vector<std::pair<std::string, json>> entries;
    flatten(input, "", entries);
    ExperimentConfig config;
    for (const auto& [key, value] : entries) {
        const ConfigField* field = find_config_field(key);
        if (!field) throw unknown_config_key(key);
        field->set(config, value);
    }
    // Before train.decay_scope existed, weight decay applied to every parameter; a file that
    // sets train.weight_decay without the scope keeps meaning that.
    const auto has = [&](const char* key) {
        return std::any_of(entries.begin(), entries.end(),
                           [&](const auto& entry) { return entry.first == key; });
    };
    if (has("train.weight_decay") && !has("train.decay_scope"))
        config.train.decay_scope = DecayScope::All;
    return config;
}

ExperimentConfig load_config_file(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw ConfigError(path + ": is a folder, not a configuration file");
    std::ifstream in(path);
    if (!in) throw ConfigError("cannot open configuration file '" + path + "'");
    try {
        return config_from_json(json::parse(in));
    } catch (const json::parse_error& e) {
        // "[json.exception.parse_error.101] parse error at line 1, column 11: ..." without the
        // library's tag.
        std::string reason = e.what();
        const auto tag_end = reason.find("] ");
        if (reason.rfind("[json.exception", 0) == 0 && tag_end != std::string::npos)
            reason.erase(0, tag_end + 2);
        throw ConfigError(path + ": not valid JSON: " + reason);
    } catch (const ConfigError& e) {
        throw ConfigError(path + ": " + e.what());
    }
}

void save_config_file(const ExperimentConfig& config, const std::string& path) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        if (!out) throw ConfigError("cannot write '" + tmp + "'");
        out << to_json(config).dump(2) << "\n";
        if (!out.flush()) throw ConfigError("cannot write '" + tmp + "'");
    }
    std::filesystem::rename(tmp, path);
}

void apply_override(ExperimentConfig& config, const std::string& assignment) {
    const auto eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ConfigError("--set expects key=value, got '" + assignment + "'");
    const std::string key = assignment.substr(0, eq);
    const ConfigField* field = find_config_field(key);
    if (!field) throw unknown_config_key(key);
    field->set(config, parse_scalar(*field, assignment.substr(eq + 1)));
}

namespace {

std::string number(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

}  // namespace

std::vector<ValidationIssue> validate(const ExperimentConfig& c) {
    std::vector<ValidationIssue> issues;
    auto add = [&](const std::string& key, const char* pattern, std::vector<std::string> args) {
        issues.push_back({key, config_problem(pattern, std::move(args))});
    };

    // Ranges declared in the schema; the decode section's come with its own rules below.
    for (const auto& field : config_fields()) {
        if (field.kind != FieldKind::Int && field.kind != FieldKind::Double) continue;
        if (field.key.rfind("decode.", 0) == 0) continue;
        const double value = field.get(c).get<double>();
        const std::string shown = field.get(c).dump();
        if (field.min && field.max && (value < *field.min || value > *field.max))
            add(field.key, TFW_TR_NOOP("ConfigProblem", "%1 (%2) must be between %3 and %4"),
                {field.key, shown, number(*field.min), number(*field.max)});
        else if (field.min && value < *field.min)
            add(field.key, TFW_TR_NOOP("ConfigProblem", "%1 (%2) must be at least %3"),
                {field.key, shown, number(*field.min)});
    }
    for (int i = 0; i < 2; ++i)
        if (c.train.betas[i] < 0.0 || c.train.betas[i] >= 1.0)
            add("train.betas",
                TFW_TR_NOOP("ConfigProblem", "train.betas[%1] (%2) must be in [0, 1)"),
                {std::to_string(i), number(c.train.betas[i])});

    // The checks every decoding command makes, open ranges (top_p in (0, 1]) included.
    for (DecodeProblem& problem : check_decode_settings(c.decode, "decode."))
        issues.push_back({"decode." + problem.key, std::move(problem.message)});

    // Relations between fields.
    if (c.model.heads > 0 && c.model.d_model % c.model.heads != 0)
        add("model.heads",
            TFW_TR_NOOP("ConfigProblem", "model.heads (%1) must divide model.d_model (%2)"),
            {std::to_string(c.model.heads), std::to_string(c.model.d_model)});
    const int kv_heads = c.model.resolved_kv_heads();
    if (c.model.heads > 0 && (kv_heads > c.model.heads || c.model.heads % kv_heads != 0))
        add("model.kv_heads",
            TFW_TR_NOOP("ConfigProblem", "model.kv_heads (%1) must divide model.heads (%2)"),
            {std::to_string(c.model.kv_heads), std::to_string(c.model.heads)});
    if (c.model.positional == Positional::Rope && c.model.heads > 0 &&
        c.model.d_model % c.model.heads == 0 && (c.model.d_model / c.model.heads) % 2 != 0)
        add("model.positional",
            TFW_TR_NOOP("ConfigProblem",
                        "positional rope rotates pairs of dimensions: d_model / heads (%1) must "
                        "be even"),
            {std::to_string(c.model.d_model / c.model.heads)});
    if (c.model.positional == Positional::Sinusoidal && c.model.d_model % 2 != 0)
        add("model.d_model",
            TFW_TR_NOOP("ConfigProblem",
                        "model.d_model (%1) must be even for sinusoidal positions"),
            {std::to_string(c.model.d_model)});
    const int longest = std::max(c.data.max_src_len, c.data.max_tgt_len) + 2;
    if (has_position_table(c.model.positional) && c.model.max_positions < longest)
        add("model.max_positions",
            TFW_TR_NOOP("ConfigProblem",
                        "model.max_positions (%1) must cover the longest sequence (%2 with "
                        "BOS/EOS)"),
            {std::to_string(c.model.max_positions), std::to_string(longest)});
    if (c.train.schedule == Schedule::Cosine && c.train.max_steps == 0 && c.train.max_minutes <= 0)
        add("train.max_steps",
            TFW_TR_NOOP("ConfigProblem",
                        "train.schedule cosine needs train.max_steps (0) or train.max_minutes to "
                        "be set: the cosine decays to zero at max_steps, or when the time budget "
                        "runs out"),
            {});
    if (c.is_lm() && c.train.valid_metric != ValidMetric::Loss)
        add("train.valid_metric",
            TFW_TR_NOOP("ConfigProblem",
                        "train.valid_metric (%1) scores decoded outputs against references; a "
                        "language model has none: use loss (its perplexity)"),
            {find_config_field("train.valid_metric")->get(c).get<std::string>()});
    if (c.train.schedule == Schedule::Noam && c.train.warmup_steps == 0)
        add("train.warmup_steps",
            TFW_TR_NOOP("ConfigProblem",
                        "train.warmup_steps (0) must be at least 1 for the noam schedule"),
            {});
    if (c.train.precision == Precision::Fp16 && c.train.device == DevicePref::Cpu)
        add("train.precision",
            TFW_TR_NOOP("ConfigProblem",
                        "train.precision (fp16) needs a GPU; use bf16 or fp32 on cpu"),
            {});
    if (c.tokenizer.type == TokenizerType::SentencePiece && c.tokenizer.model.empty() &&
        c.tokenizer.vocab_size < 16)
        add("tokenizer.vocab_size",
            TFW_TR_NOOP("ConfigProblem",
                        "tokenizer.vocab_size (%1) must be at least 16 for sentencepiece"),
            {std::to_string(c.tokenizer.vocab_size)});

    // Data files.
    if (c.data.synthetic == Synthetic::None) {
        auto need = [&](const char* key, const std::string& value) {
            if (value.empty())
                add(key, TFW_TR_NOOP("ConfigProblem", "%1 is empty: choose a file"), {key});
        };
        if (c.is_lm()) {
            need("data.train", c.data.train);
            need("data.valid", c.data.valid);
        } else {
            need("data.train_src", c.data.train_src);
            need("data.train_tgt", c.data.train_tgt);
            need("data.valid_src", c.data.valid_src);
            need("data.valid_tgt", c.data.valid_tgt);
        }
    } else if (c.is_lm()) {
        add("data.synthetic",
            TFW_TR_NOOP("ConfigProblem",
                        "data.synthetic (reverse) is a translation task; set task to translation"),
            {});
    }
    return issues;
}

void require_valid(const ExperimentConfig& config) {
    const auto issues = validate(config);
    if (issues.empty()) return;
    std::string message = "invalid configuration:";
    for (const auto& issue : issues) message += "\n  " + issue.message.text();
    throw ConfigError(message);
}

std::vector<std::string> preset_names() {
    std::vector<std::string> names;
    for (const auto& preset : builtin_presets()) names.push_back(preset.name);
    return names;
}

ExperimentConfig load_preset(const std::string& name) {
    std::string known;
    for (const auto& preset : builtin_presets()) {
        if (preset.name == name) {
            try {
                return config_from_json(json::parse(preset.json));
            } catch (const std::exception& e) {
                throw ConfigError("preset '" + name + "': " + e.what());
            }
        }
        known += (known.empty() ? "" : ", ") + preset.name;
    }
    throw ConfigError("unknown preset '" + name + "' (known: " + known + ")");
}

std::string resolve_data_path(const ExperimentConfig& config, const std::string& path) {
    if (path.empty() || config.data.dir.empty()) return path;
    const std::filesystem::path p(path);
    if (p.is_absolute()) return path;
    return (std::filesystem::path(config.data.dir) / p).string();
}

}  // namespace tfw
