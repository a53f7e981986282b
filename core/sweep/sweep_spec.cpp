#include "core/sweep/sweep_spec.h"

#include <cmath>
#include <set>
#include <sstream>

#include "core/config/config_io.h"
#include "core/config/config_schema.h"
#include "core/config/key_suggestion.h"
#include "core/config/number_text.h"
#include "core/config/translatable.h"

namespace tfw {
namespace {

// Validations of a run whose step budget is shorter than two of its intervals (run_config).
constexpr int kValidationsInShortBudget = 5;
// Large enough that the budget, not the epochs, ends a run.
constexpr int kBudgetEpochs = 100000;

std::string trim(const std::string& text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> split(const std::string& text, char separator) {
    std::vector<std::string> parts;
    std::stringstream stream(text);
    for (std::string part; std::getline(stream, part, separator);) parts.push_back(trim(part));
    return parts;
}

double parse_number(const std::string& text, const std::string& what) {
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (used == text.size() && std::isfinite(value)) return value;
    } catch (const std::exception&) {
    }
    throw ConfigError(what + ": '" + text + "' is not a number");
}

std::vector<std::string> range_values(const ConfigField& field, const std::string& text) {
    const auto parts = split(text, ':');
    const std::string what = "range " + field.key + "=" + text;
    if (parts.size() != 3) throw ConfigError(what + " must be first:last:step");
    if (field.kind != FieldKind::Int && field.kind != FieldKind::Double)
        throw ConfigError(what + ": " + field.key + " is not numeric");
    const double first = parse_number(parts[0], what), last = parse_number(parts[1], what),
                 step = parse_number(parts[2], what);
    if (step <= 0 || last < first) throw ConfigError(what + ": needs first <= last and a step > 0");
    const double count = std::floor((last - first) / step + 1e-9) + 1;
    if (count > 1000) throw ConfigError(what + " has more than 1000 values");
    std::vector<std::string> values;
    for (int i = 0; i < static_cast<int>(count); ++i) {
        const double value = first + i * step;
        if (field.kind == FieldKind::Int && value != std::round(value))
            throw ConfigError(what + ": " + field.key + " takes whole numbers");
        values.push_back(general_number(value));
    }
    return values;
}

// The part of a key after its section ("model.heads" -> "heads").
std::string short_key(const std::string& key) {
    const auto dot = key.rfind('.');
    return dot == std::string::npos ? key : key.substr(dot + 1);
}

// "model.encoder_layers+model.decoder_layers" -> "encoder_layers+decoder_layers".
std::string short_axis_key(const SweepAxis& axis) {
    std::string text;
    for (const auto& key : axis_keys(axis)) text += (text.empty() ? "" : "+") + short_key(key);
    return text;
}

// A variant's values by axis, e.g. "heads=4, encoder_layers+decoder_layers=2".
std::string label_of(const std::vector<SweepAxis>& axes, const std::vector<std::string>& values,
                     bool short_keys) {
    std::string label;
    for (size_t a = 0; a < axes.size(); ++a)
        label += (label.empty() ? "" : ", ") +
                 (short_keys ? short_axis_key(axes[a]) : axes[a].key) + "=" + values[a];
    return label;
}

std::vector<std::pair<std::string, std::string>> settings_of(
    const std::vector<SweepAxis>& axes, const std::vector<std::string>& values) {
    std::vector<std::pair<std::string, std::string>> settings;
    for (size_t a = 0; a < axes.size(); ++a) {
        const std::vector<std::string> keys = axis_keys(axes[a]);
        // Joined keys take one value together ("4"), or one each ("swiglu+344").
        std::vector<std::string> parts;
        std::stringstream split(values[a]);
        for (std::string part; std::getline(split, part, '+');) parts.push_back(part);
        const bool one_each = keys.size() > 1 && parts.size() == keys.size();
        for (size_t k = 0; k < keys.size(); ++k)
            settings.emplace_back(keys[k], one_each ? parts[k] : values[a]);
    }
    return settings;
}

bool short_keys_unique(const SweepSpec& spec) {
    std::set<std::string> seen;
    for (const auto& axis : spec.axes)
        if (!seen.insert(short_axis_key(axis)).second) return false;
    return true;
}

ExperimentConfig with_settings(const ExperimentConfig& base,
                               const std::vector<std::pair<std::string, std::string>>& settings) {
    ExperimentConfig config = base;
    for (const auto& [key, value] : settings) apply_override(config, key + "=" + value);
    return config;
}

bool same_experiment(const ExperimentConfig& a, const ExperimentConfig& b) {
    return to_json(a) == to_json(b);
}

const char* budget_name(BudgetKind kind) {
    switch (kind) {
        case BudgetKind::Steps:
            return "steps";
        case BudgetKind::Tokens:
            return "tokens";
        case BudgetKind::Minutes:
            return "minutes";
        case BudgetKind::Unlimited:
            break;
    }
    return "none";
}

BudgetKind budget_kind(const std::string& name) {
    if (name == "steps") return BudgetKind::Steps;
    if (name == "tokens") return BudgetKind::Tokens;
    if (name == "minutes") return BudgetKind::Minutes;
    if (name == "none") return BudgetKind::Unlimited;
    throw ConfigError("unknown budget '" + name + "' (choose steps, tokens, minutes or none)");
}

}  // namespace

std::vector<std::string> axis_keys(const SweepAxis& axis) {
    return split(axis.key, '+');
}

SweepAxis parse_sweep_axis(const std::string& text) {
    const auto equals = text.find('=');
    if (equals == std::string::npos)
        throw ConfigError("'" + text + "' must be key=v1,v2,... or key=first:last:step");
    SweepAxis axis;
    std::vector<const ConfigField*> fields;
    const ConfigField* other_kind = nullptr;
    for (const auto& key : split(text.substr(0, equals), '+')) {
        fields.push_back(find_config_field(key));
        if (!fields.back()) throw unknown_config_key(key);
        if (fields.back()->kind != fields.front()->kind) other_kind = fields.back();
        axis.key += (axis.key.empty() ? "" : "+") + key;
    }
    const ConfigField* field = fields.front();
    const std::string values = trim(text.substr(equals + 1));
    if (field->kind != FieldKind::DoublePair && values.find(':') != std::string::npos) {
        axis.values = range_values(*field, values);
    } else {
        // A pair (train.betas) is one value "0.9,0.98"; alternatives are separated by ';'.
        axis.values = split(values, field->kind == FieldKind::DoublePair ? ';' : ',');
    }
    std::set<std::string> seen;
    for (const auto& value : axis.values) {
        if (value.empty()) throw ConfigError(axis.key + ": an empty value in '" + values + "'");
        if (!seen.insert(value).second)
            throw ConfigError(axis.key + ": value '" + value + "' is listed twice");
    }
    if (axis.values.empty()) throw ConfigError(axis.key + " has no values");
    // Keys of different kinds take one value each ("swiglu+680"), never one value together.
    if (other_kind)
        for (const auto& value : axis.values)
            if (split(value, '+').size() != fields.size())
                throw ConfigError(
                    "keys varied together must be of one kind, or take one value "
                    "each joined by '+' (" +
                    axis.key + "=swiglu+680): " + fields.front()->key + " and " + other_kind->key +
                    " are not");
    return axis;
}

SweepBudget parse_sweep_budget(const std::string& text) {
    if (text == "none") return {};
    const auto equals = text.find('=');
    if (equals == std::string::npos)
        throw ConfigError("budget '" + text + "' must be steps=N, tokens=N, minutes=M or none");
    SweepBudget budget;
    budget.kind = budget_kind(trim(text.substr(0, equals)));
    budget.amount = parse_number(trim(text.substr(equals + 1)), "budget " + text);
    if (budget.kind == BudgetKind::Unlimited || budget.amount <= 0)
        throw ConfigError("budget '" + text + "' needs an amount > 0");
    if (budget.kind != BudgetKind::Minutes && budget.amount != std::round(budget.amount))
        throw ConfigError("budget '" + text + "' takes a whole number");
    return budget;
}

std::vector<int> parse_seed_list(const std::string& text) {
    std::vector<int> seeds;
    const auto colon = text.find(':');
    auto seed = [&](const std::string& part) {
        const double value = parse_number(trim(part), "seeds " + text);
        if (value < 0 || value > 2147483647 || value != std::round(value))
            throw ConfigError("seeds " + text + ": '" + part + "' is not a seed (0 and up)");
        return static_cast<int>(value);
    };
    if (colon != std::string::npos) {
        const int first = seed(text.substr(0, colon)), last = seed(text.substr(colon + 1));
        if (last < first || last - first >= 100)
            throw ConfigError("seeds " + text + " must be first:last, at most 100 seeds");
        for (int s = first; s <= last; ++s) seeds.push_back(s);
        return seeds;
    }
    std::set<int> seen;
    for (const auto& part : split(text, ',')) {
        seeds.push_back(seed(part));
        if (!seen.insert(seeds.back()).second)
            throw ConfigError("seeds " + text + ": " + part + " is listed twice");
    }
    return seeds;
}

Phrase describe_budget(const SweepBudget& budget) {
    const std::string whole = std::to_string(static_cast<int64_t>(budget.amount));
    switch (budget.kind) {
        case BudgetKind::Steps:
            return Phrase("SweepBudget", TFW_TR_NOOP("SweepBudget", "%1 steps"), {whole});
        case BudgetKind::Tokens:
            return Phrase("SweepBudget", TFW_TR_NOOP("SweepBudget", "%1 target tokens"), {whole});
        case BudgetKind::Minutes:
            return Phrase("SweepBudget", TFW_TR_NOOP("SweepBudget", "%1 minutes"),
                          {general_number(budget.amount)});
        case BudgetKind::Unlimited:
            break;
    }
    return Phrase("SweepBudget",
                  TFW_TR_NOOP("SweepBudget", "each run's own limits (epochs, train.max_steps)"));
}

SweepDesign parse_sweep_design(const std::string& name) {
    if (name == "grid") return SweepDesign::Grid;
    if (name == "one_at_a_time") return SweepDesign::OneAtATime;
    if (name == "cumulative") return SweepDesign::Cumulative;
    throw ConfigError("unknown sweep design '" + name +
                      "' (known: grid, one_at_a_time, cumulative)");
}

const char* sweep_design_name(SweepDesign design) {
    switch (design) {
        case SweepDesign::Grid:
            return "grid";
        case SweepDesign::OneAtATime:
            return "one_at_a_time";
        case SweepDesign::Cumulative:
            return "cumulative";
    }
    return "grid";
}

std::vector<SweepVariant> expand_variants(const SweepSpec& spec) {
    const ExperimentConfig base = config_from_json(spec.base);
    const bool short_keys = short_keys_unique(spec);
    std::vector<SweepVariant> variants;
    if (spec.design == SweepDesign::OneAtATime) {
        SweepVariant baseline;
        baseline.baseline = true;
        baseline.label = "baseline";
        variants.push_back(baseline);
        for (const auto& axis : spec.axes)
            for (const auto& value : axis.values) {
                SweepVariant variant;
                variant.settings = settings_of({axis}, {value});
                variant.label = label_of({axis}, {value}, short_keys);
                try {  // the base experiment's own value is the baseline already
                    if (same_experiment(with_settings(base, variant.settings), base)) continue;
                } catch (const ConfigError&) {  // a rejected value stays, for sweep_problems
                }
                variants.push_back(variant);
            }
        return variants;
    }
    if (spec.design == SweepDesign::Cumulative) {
        SweepVariant step;
        step.baseline = true;
        step.label = "baseline";
        variants.push_back(step);
        step.baseline = false;
        for (const auto& axis : spec.axes) {
            if (axis.values.empty()) continue;  // sweep_problems names it
            const auto added = settings_of({axis}, {axis.values.front()});
            step.settings.insert(step.settings.end(), added.begin(), added.end());
            step.label = "+ " + label_of({axis}, {axis.values.front()}, short_keys);
            variants.push_back(step);
        }
        return variants;
    }
    // Grid, row-major: the last axis varies fastest.
    std::vector<size_t> index(spec.axes.size(), 0);
    if (spec.axes.empty()) return variants;
    for (bool more = true; more;) {
        std::vector<std::string> values;
        for (size_t a = 0; a < spec.axes.size(); ++a)
            values.push_back(spec.axes[a].values[index[a]]);
        SweepVariant variant;
        variant.settings = settings_of(spec.axes, values);
        variant.label = label_of(spec.axes, values, short_keys);
        variants.push_back(variant);
        more = false;
        for (size_t a = spec.axes.size(); a-- > 0;) {
            if (++index[a] < spec.axes[a].values.size()) {
                more = true;
                break;
            }
            index[a] = 0;
        }
    }
    // The baseline is the combination the base experiment has, else the first one.
    size_t baseline = 0;
    for (size_t v = 0; v < variants.size(); ++v) {
        try {
            if (same_experiment(with_settings(base, variants[v].settings), base)) {
                baseline = v;
                break;
            }
        } catch (const ConfigError&) {
        }
    }
    variants[baseline].baseline = true;
    return variants;
}

std::vector<int> sweep_seeds(const SweepSpec& spec) {
    if (!spec.seeds.empty()) return spec.seeds;
    return {config_from_json(spec.base).train.seed};
}

ExperimentConfig run_config(const SweepSpec& spec, const SweepVariant& variant, int seed) {
    ExperimentConfig config = with_settings(config_from_json(spec.base), variant.settings);
    config.train.seed = seed;
    TrainConfig& train = config.train;
    if (spec.budget.kind != BudgetKind::Unlimited) {
        train.epochs = kBudgetEpochs;
        train.max_steps = 0;
        train.max_tokens = 0;
        train.max_minutes = 0;
    }
    switch (spec.budget.kind) {
        case BudgetKind::Steps:
            train.max_steps = static_cast<int>(spec.budget.amount);
            // A budget shorter than two validation intervals would draw curves (and mean ± std
            // bands) of one point, the final validation: validate often enough for five.
            if (train.valid_every <= 0 || train.valid_every * 2 > train.max_steps)
                train.valid_every = std::max(1, train.max_steps / kValidationsInShortBudget);
            break;
        case BudgetKind::Tokens:
            train.max_tokens = static_cast<int>(spec.budget.amount);
            break;
        case BudgetKind::Minutes:
            train.max_minutes = spec.budget.amount;
            break;
        case BudgetKind::Unlimited:
            break;
    }
    return config;
}

std::vector<SweepProblem> sweep_problems(const SweepSpec& spec) {
    std::vector<SweepProblem> problems;
    if (spec.axes.empty())
        problems.push_back(
            {"", config_problem(TFW_TR_NOOP("ConfigProblem", "vary at least one field"))});
    std::set<std::string> keys;
    for (const auto& axis : spec.axes) {
        if (axis.values.empty())
            problems.push_back(
                {"", config_problem(TFW_TR_NOOP("ConfigProblem", "%1 has no values"), {axis.key})});
        if (spec.design == SweepDesign::Cumulative && axis.values.size() > 1)
            problems.push_back(
                {"", config_problem(TFW_TR_NOOP("ConfigProblem",
                                                "a cumulative sweep adds one setting per step: "
                                                "%1 has %2 values"),
                                    {axis.key, std::to_string(axis.values.size())})});
        for (const auto& key : axis_keys(axis))
            if (!keys.insert(key).second)
                problems.push_back(
                    {"", config_problem(TFW_TR_NOOP("ConfigProblem",
                                                    "%1 is varied twice; give all its values once"),
                                        {key})});
    }
    if (spec.jobs < 1)
        problems.push_back(
            {"", config_problem(TFW_TR_NOOP("ConfigProblem", "runs at once must be at least 1"))});
    if (spec.budget.kind != BudgetKind::Unlimited && spec.budget.amount <= 0)
        problems.push_back(
            {"", config_problem(TFW_TR_NOOP("ConfigProblem", "the budget needs an amount > 0"))});
    if (!problems.empty()) return problems;
    ExperimentConfig base;
    try {
        base = config_from_json(spec.base);
    } catch (const ConfigError& e) {
        return {{"", config_problem(TFW_TR_NOOP("ConfigProblem", "the base experiment: %1"),
                                    {e.what()})}};
    }
    for (const SweepVariant& variant : expand_variants(spec)) {
        std::string settings;
        for (const auto& [key, value] : variant.settings)
            settings += (settings.empty() ? "" : ", ") + key + "=" + value;
        // "model.heads=3: " or "baseline: ", then what is wrong.
        const Phrase which = settings.empty()
                                 ? config_problem(TFW_TR_NOOP("ConfigProblem", "baseline: "))
                                 : verbatim(settings + ": ");
        try {
            const ExperimentConfig config = run_config(spec, variant, base.train.seed);
            for (ValidationIssue& issue : validate(config))
                problems.push_back({variant.label, Phrase(which).then(std::move(issue.message))});
        } catch (const ConfigError& e) {
            problems.push_back({variant.label, Phrase(which).then(verbatim(e.what()))});
        }
    }
    return problems;
}

nlohmann::json to_json(const SweepSpec& spec) {
    nlohmann::json axes = nlohmann::json::array();
    for (const auto& axis : spec.axes) axes.push_back({{"key", axis.key}, {"values", axis.values}});
    return {{"base", spec.base},
            {"axes", axes},
            {"design", sweep_design_name(spec.design)},
            {"seeds", spec.seeds},
            {"budget", {{"kind", budget_name(spec.budget.kind)}, {"amount", spec.budget.amount}}},
            {"jobs", spec.jobs},
            {"evaluate", spec.evaluate}};
}

SweepSpec sweep_spec_from_json(const nlohmann::json& json) {
    try {
        SweepSpec spec;
        spec.base = json.at("base");
        for (const auto& axis : json.at("axes"))
            spec.axes.push_back({axis.at("key").get<std::string>(),
                                 axis.at("values").get<std::vector<std::string>>()});
        spec.design = parse_sweep_design(json.value("design", "grid"));
        spec.seeds = json.value("seeds", std::vector<int>{});
        if (json.contains("budget")) {
            spec.budget.kind = budget_kind(json.at("budget").at("kind").get<std::string>());
            spec.budget.amount = json.at("budget").value("amount", 0.0);
        }
        spec.jobs = json.value("jobs", 1);
        spec.evaluate = json.value("evaluate", true);
        return spec;
    } catch (const nlohmann::json::exception& e) {
        throw ConfigError(std::string("malformed sweep: ") + e.what());
    }
}

}  // namespace tfw
