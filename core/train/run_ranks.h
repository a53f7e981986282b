#pragma once
// The ranks of a run as one process sees them: the process group, the handshake that hands a
// new run's setup from rank 0 to the others, what they agree on before each step, and the sums
// of losses and gradients. One process is the trivial case of it, not a branch: sums are the
// values, a batch's rows are the whole batch, and the agreement is this process's own view.

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/distributed/distributed_setup.h"

namespace tfw {

class GradientAllReducer;
class ProcessGroup;

// What every rank acts on at the top of a step: a stop asked of any rank, and rank 0's pause
// button and clock (so that all stop at the same step and use the same rate).
struct StepAgreement {
    bool stop = false, pause = false, time_up = false;
    double budget_used = 0;  // share of train.max_minutes spent (time-based schedules)
};

// A new run's setup as rank 0 hands it to the others.
struct SetupFromRank0 {
    ExperimentConfig config;
    std::string run_dir;
    std::shared_ptr<Tokenizer> src_tokenizer, tgt_tokenizer;
};

class RunRanks {
  public:
    explicit RunRanks(DistributedSetup setup);
    ~RunRanks();
    RunRanks(const RunRanks&) = delete;
    RunRanks& operator=(const RunRanks&) = delete;

    const DistributedSetup& setup() const { return setup_; }
    int world_size() const { return setup_.world_size; }
    // Rank 0 alone writes the run's files and checkpoints, previews and snapshots.
    bool is_rank0() const { return setup_.is_rank0(); }
    std::string backend() const;  // "" for one process

    // Joins the other ranks (first, so that a failure anywhere reaches them).
    void join(const at::Device& device);
    // Rank 0 hands the run's config, name and tokenizers to the other ranks of a new run, or
    // the error that kept it from starting (`share_failure`, which never throws); once.
    void share_setup(const ExperimentConfig& config, const std::string& run_dir,
                     const PreparedData& data);
    void share_failure(const std::string& error);
    // A new run's rank > 0 waits for rank 0's setup; throws when rank 0 could not start.
    SetupFromRank0 setup_from_rank0();

    // This process's view, agreed with the others. A rank > 0 also takes up dropout masks
    // from rank 0's position in its stream (the one checkpoints keep), in a stream of its own:
    // a resumed run draws the same masks whatever each rank's share was.
    StepAgreement agree(const StepAgreement& mine, uint64_t dropout_seed);
    // How often a paused run polls: the ranks keep agreeing, a few times a second.
    std::chrono::milliseconds pause_poll_interval() const;

    // Each value summed over the ranks.
    std::vector<double> sum(const std::vector<double>& values);
    // This rank's rows of a batch (empty when the batch has fewer rows than ranks).
    Batch rows_of(const Batch& batch) const;

    // Gradients summed over the ranks in buckets while backward runs.
    void sum_gradients_of(const std::vector<at::Tensor>& parameters);
    void arm_gradient_sum();  // the next backward pass is the step's last on this rank
    void finish_gradient_sum();
    // "data parallel: 2 processes (gloo); ..." for the log, "" for one process.
    std::string describe() const;

  private:
    DistributedSetup setup_;
    std::unique_ptr<ProcessGroup> group_;          // null for one process
    std::unique_ptr<GradientAllReducer> reducer_;  // null for one process
    bool setup_shared_ = false;
};

}  // namespace tfw
