#pragma once
// A sweep (ablation study): one base experiment, the fields that vary and their values, the
// seeds, and the budget every variant trains for. It expands into variants (one per setting of
// the varied fields) and runs (a variant with one seed), each an ordinary run folder.

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/config/experiment_config.h"
#include "core/config/phrase.h"

namespace tfw {

// Grid: every combination of the varied values. OneAtATime: the base experiment (the
// baseline) plus one variant per varied value that differs from it, the other fields kept.
// Cumulative: the baseline, then each axis's one value added on top of the ones before it (a
// walk from the base experiment, one switch at a time: 2017's Transformer to today's).
enum class SweepDesign { Grid, OneAtATime, Cumulative };

// "grid", "one_at_a_time", "cumulative" (as sweep files spell it); throws ConfigError.
SweepDesign parse_sweep_design(const std::string& name);
const char* sweep_design_name(SweepDesign design);

// What every variant trains for, so that comparisons are fair. Unlimited keeps the base
// experiment's own limits (epochs, train.max_steps), which may differ between variants.
enum class BudgetKind { Unlimited, Steps, Tokens, Minutes };
struct SweepBudget {
    BudgetKind kind = BudgetKind::Unlimited;
    double amount = 0;  // steps, target tokens or minutes
};

struct SweepAxis {
    // A config key ("model.heads"), or keys joined by '+' that take each value together
    // ("model.encoder_layers+model.decoder_layers": depth), or one part each of a value
    // joined the same way ("model.activation+model.ffn_dim" = "swiglu+680").
    std::string key;
    std::vector<std::string> values;  // as `--set` takes them ("4", "0.1", "learned")
};

struct SweepSpec {
    nlohmann::json base;  // the base experiment (to_json of an ExperimentConfig)
    std::vector<SweepAxis> axes;
    SweepDesign design = SweepDesign::Grid;
    std::vector<int> seeds;  // empty: the base experiment's train.seed only
    SweepBudget budget;
    int jobs = 1;          // runs trained at the same time
    bool evaluate = true;  // decode the validation set with each run's best checkpoint (seq2seq)
};

struct SweepVariant {
    std::vector<std::pair<std::string, std::string>> settings;  // key, value; empty: baseline
    bool baseline = false;
    std::string label;  // "heads=4, encoder_layers=2", or "baseline"
};

struct SweepProblem {
    std::string variant;  // its label
    Phrase message;       // naming the key and value, e.g. "model.heads=3: model.heads (3) ..."
};

// "key=v1,v2,v3" or a numeric range "key=first:last:step" (inclusive); the key may be several
// joined by '+'. Throws ConfigError for an unknown key, a missing value or a bad range.
SweepAxis parse_sweep_axis(const std::string& text);
// "steps=N", "tokens=N", "minutes=M" or "none". Throws ConfigError otherwise.
// The config keys of an axis ("a+b" -> a, b).
std::vector<std::string> axis_keys(const SweepAxis& axis);
SweepBudget parse_sweep_budget(const std::string& text);
// "1,2,3" or "1:5" (inclusive). Throws ConfigError otherwise.
std::vector<int> parse_seed_list(const std::string& text);

// "600 steps", "2000000 target tokens", "5 minutes", or "each run's own limits (...)".
Phrase describe_budget(const SweepBudget& budget);

// In order: the grid is row-major over the axes; one-at-a-time starts with the baseline.
std::vector<SweepVariant> expand_variants(const SweepSpec& spec);
// The seeds the runs use: spec.seeds, or the base experiment's seed.
std::vector<int> sweep_seeds(const SweepSpec& spec);

// The experiment one run trains: base + the variant's settings + seed + budget. Throws
// ConfigError when a setting is not accepted.
ExperimentConfig run_config(const SweepSpec& spec, const SweepVariant& variant, int seed);

// Every variant the config would reject, naming key and value; empty when the sweep can start.
// Also: no axis, an axis without values, a key varied twice, jobs < 1.
std::vector<SweepProblem> sweep_problems(const SweepSpec& spec);

nlohmann::json to_json(const SweepSpec& spec);
// Throws ConfigError for malformed input.
SweepSpec sweep_spec_from_json(const nlohmann::json& json);

}  // namespace tfw
