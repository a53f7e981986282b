#pragma once
// Averages a run's last periodic checkpoints, then measures the validation loss of the
// average and of the run's best single checkpoint on the run's own validation split, so the
// two can be set side by side (`tfw average --measure`, the window's Average dialog).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tfw {

// The last `count` periodic checkpoints (checkpoints/step-N.tfw) of the run, oldest first.
// Throws ConfigError saying which exist and how often the run wrote them when there are fewer.
std::vector<std::string> last_periodic_checkpoints(const std::string& run_dir, int64_t count);

struct AveragingMeasurement {
    std::string averaged_path;
    std::vector<int64_t> steps;  // of the averaged checkpoints
    std::string best_path;       // best.tfw, else last.tfw
    int64_t best_step = 0;
    double averaged_loss = 0, averaged_perplexity = 0;
    double best_loss = 0, best_perplexity = 0;
};

// What the job is doing, for the caller to put in its own words (and language).
enum class AveragingStage {
    ReadingCheckpoints,
    ReadingValidationSet,
    MeasuringAverage,
    MeasuringBest
};

// Told the share of the work done (0-100) and the stage; while reading checkpoints also how
// many of how many are read. Returning false cancels.
using AveragingProgress =
    std::function<bool(int percent, AveragingStage stage, size_t done, size_t total)>;

// Writes the average of the run's last `count` periodic checkpoints to output_path and
// measures it against the run's best checkpoint. std::nullopt when cancelled (the averaged
// file may already be written). Throws ConfigError / DataError for unusable input.
std::optional<AveragingMeasurement> average_and_measure(const std::string& run_dir, int64_t count,
                                                        const std::string& output_path,
                                                        const AveragingProgress& progress = {});

}  // namespace tfw
