#include "core/compare/checkpoint_averaging.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "core/compare/validation_loss.h"
#include "core/config/config_error.h"
#include "core/data/split_reader.h"
#include "core/io/checkpoint_average.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/io/run_management.h"

namespace tfw {
namespace {

// train.save_every as the run was started with, for the message about missing checkpoints.
std::string save_every_of(const std::string& run_dir) {
    std::ifstream in(RunPaths(run_dir).config());
    const auto config = nlohmann::json::parse(in, nullptr, false);
    if (config.is_discarded() || !config.contains("train")) return "?";
    return config["train"].value("save_every", nlohmann::json(0)).dump();
}

}  // namespace

std::vector<std::string> last_periodic_checkpoints(const std::string& run_dir, int64_t count) {
    if (!std::filesystem::is_directory(run_dir)) throw ConfigError(run_dir + " is not a folder");
    if (count < 1) throw ConfigError("average at least 1 checkpoint, not " + std::to_string(count));
    const std::vector<PeriodicCheckpoint> found = periodic_checkpoints(run_dir);
    if (static_cast<int64_t>(found.size()) < count) {
        std::string have;
        for (const auto& c : found)
            have += (have.empty() ? "" : ", ") + std::filesystem::path(c.path).filename().string();
        throw ConfigError(
            run_dir + " has " + std::to_string(found.size()) + " periodic checkpoint" +
            (found.size() == 1 ? "" : "s") + (have.empty() ? "" : " (" + have + ")") +
            ", fewer than the " + std::to_string(count) +
            " asked for. Periodic checkpoints (checkpoints/step-N.tfw) are written every "
            "train.save_every steps; this run has train.save_every=" +
            save_every_of(run_dir) + ".");
    }
    std::vector<std::string> paths;
    for (auto it = found.end() - count; it != found.end(); ++it) paths.push_back(it->path);
    return paths;
}

std::optional<AveragingMeasurement> average_and_measure(const std::string& run_dir, int64_t count,
                                                        const std::string& output_path,
                                                        const AveragingProgress& progress) {
    const auto report = [&](int percent, AveragingStage stage, size_t done = 0, size_t total = 0) {
        return !progress || progress(percent, stage, done, total);
    };
    AveragingMeasurement result;
    result.best_path = preferred_checkpoint(run_dir);
    if (result.best_path.empty())
        throw ConfigError(run_dir + " has neither checkpoints/best.tfw nor checkpoints/last.tfw");
    const std::vector<std::string> paths = last_periodic_checkpoints(run_dir, count);
    for (const PeriodicCheckpoint& c : periodic_checkpoints(run_dir))
        if (std::find(paths.begin(), paths.end(), c.path) != paths.end())
            result.steps.push_back(c.step);

    if (!report(0, AveragingStage::ReadingCheckpoints, 0, paths.size())) return std::nullopt;
    const auto averaged = average_checkpoints(paths, [&](size_t done, size_t total) {
        return report(int(60 * done / total), AveragingStage::ReadingCheckpoints, done, total);
    });
    if (!averaged) return std::nullopt;
    save_checkpoint(*averaged, output_path);
    result.averaged_path = output_path;

    if (!report(65, AveragingStage::ReadingValidationSet)) return std::nullopt;
    const RawSplit valid = read_split(averaged->config, Split::Valid);
    if (!report(70, AveragingStage::MeasuringAverage)) return std::nullopt;
    LoadedModel model = load_model(output_path);
    const ReferenceLoss averaged_loss = validation_loss(model, valid);
    result.averaged_loss = averaged_loss.loss();
    result.averaged_perplexity = averaged_loss.perplexity();

    if (!report(85, AveragingStage::MeasuringBest)) return std::nullopt;
    model = load_model(result.best_path);
    result.best_step = model.checkpoint.position.step;
    const ReferenceLoss best_loss = validation_loss(model, valid);
    result.best_loss = best_loss.loss();
    result.best_perplexity = best_loss.perplexity();
    return result;
}

}  // namespace tfw
