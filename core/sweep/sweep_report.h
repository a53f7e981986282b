#pragma once
// The results of a sweep, one row per variant: mean ± standard deviation over seeds of each
// quantity, read from the runs' own histories and saved evaluations; the difference from the
// baseline in the headline metric, and whether it is within seed noise (Welch's t-test over
// the seeds, p >= 0.05). Tables go out as Markdown, CSV or LaTeX (core/compare/table_format.h),
// curves as mean with a ±1 std band per validation step.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/compare/comparison_table.h"
#include "core/compare/table_format.h"
#include "core/sweep/sweep_state.h"

namespace tfw {

// Mean and sample standard deviation (n - 1) of the finished seeds' values; NaN when none.
struct SeedStats {
    std::vector<double> values;
    double mean = 0, std = 0;
    size_t n() const { return values.size(); }
};
SeedStats seed_stats(std::vector<double> values);  // NaN values are left out

// Two-sided p-value of Welch's t-test that two means are equal; NaN when either has fewer than
// two values. Equal values with zero spread on both sides give 1 (or 0 when the means differ).
double welch_p_value(const SeedStats& a, const SeedStats& b);

struct SweepQuantity {
    std::string key;   // "valid_loss", "bleu", "params"
    std::string name;  // "valid loss (best)", "BLEU"
    bool higher_is_better = false;
    int decimals = 2;
};

struct VariantResult {
    std::string label;
    bool baseline = false;
    size_t runs = 0, finished = 0;        // runs of this variant; those done
    std::vector<std::string> run_dirs;    // of the finished runs
    std::vector<SeedStats> quantities;    // one per SweepReport::quantities
    double delta = 0, delta_percent = 0;  // headline mean minus the baseline's (NaN: none)
    double p_value = 0;                   // Welch's t-test against the baseline (NaN: n/a)
    bool within_noise = false;            // p >= 0.05: not distinguishable from the baseline
};

struct SweepReport {
    std::string dir, name;
    std::string task;    // "translation", "summarization", "lm"
    std::string budget;  // describe_budget()
    std::vector<int> seeds;
    std::vector<SweepQuantity> quantities;  // the columns
    size_t headline = 0;                    // index of the quantity compared with the baseline
    size_t baseline = 0;                    // index into variants
    std::vector<VariantResult> variants;
    std::string noise_test;  // how "within seed noise" was decided, for the table's note
};

// Reads every finished run of the sweep folder. Throws ConfigError when it holds no sweep.
SweepReport build_sweep_report(const std::string& sweep_dir);

// One row per variant, one column per quantity ("12.30 ± 0.41"), then the headline delta
// (absolute and %), p and "≈" where within seed noise; the best mean of each column marked.
ComparisonTable sweep_table(const SweepReport& report);

// The table with a note under it (budget, seeds, the test) in the given format; CSV gets
// the mean and std of each quantity in separate columns so spreadsheets can compute with them.
std::string format_sweep_report(const SweepReport& report, TableFormat format);

// Validation loss of a variant over training: the mean and std over its finished seeds at each
// step every seed validated at.
struct CurveBand {
    std::string label;
    std::vector<int64_t> steps;
    std::vector<double> mean, std;
};
std::vector<CurveBand> validation_curves(const SweepReport& report);

}  // namespace tfw
