#pragma once
// What a run shows of its model while it trains: a few validation inputs decoded after each
// validation (to train.log and the observer), and attention snapshots of fixed probe inputs
// (RUN/attention/, see attention_snapshots.h). Rank 0 alone makes them; the other ranks hold an
// inert RunPreviews.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/transformer_model.h"
#include "core/train/run_files.h"
#include "core/train/training_observer.h"

namespace tfw {

class RunPreviews {
  public:
    using Log = std::function<void(LogLevel, const std::string&)>;
    // `writes` false: inert (a rank > 0).
    RunPreviews(bool writes, RunFiles& files, TrainingObserver& observer, Log log);

    // The probes to snapshot (none: no snapshots), and the step whose snapshot is on disk
    // already (a resumed run's).
    void set_probes(std::vector<std::vector<int>> probes) { probes_ = std::move(probes); }
    void snapshotted_at(int64_t step) { last_snapshot_step_ = step; }

    void show_samples(TransformerModelImpl& model, const PreparedData& data,
                      const ExperimentConfig& config, int64_t step);
    // Snapshots the probes' attention at this step, once; a failed write (full disk) is a
    // warning.
    void snapshot_attention_maps(TransformerModelImpl& model, const PreparedData& data,
                                 const ExperimentConfig& config, const std::string& run_dir,
                                 int64_t step);
    // What this session's snapshots cost, so that it can be weighed ("" when none were made).
    std::string snapshot_cost(double session_seconds) const;

  private:
    bool writes_;
    RunFiles& files_;
    TrainingObserver& observer_;
    Log log_;
    std::vector<std::vector<int>> probes_;  // empty: no attention snapshots
    int64_t last_snapshot_step_ = -1;
    int64_t count_ = 0, bytes_ = 0;  // written in this session
    double seconds_ = 0;
};

}  // namespace tfw
