#include "core/train/run_ranks.h"

#include "core/config/config_io.h"
#include "core/data/random.h"
#include "core/distributed/batch_shard.h"
#include "core/distributed/gradient_all_reducer.h"
#include "core/distributed/process_group.h"
#include "core/model/fast_dropout.h"
#include "core/train/run_messages.h"

namespace tfw {

RunRanks::RunRanks(DistributedSetup setup) : setup_(std::move(setup)) {}

RunRanks::~RunRanks() = default;

std::string RunRanks::backend() const {
    return group_ ? group_->backend() : "";
}

void RunRanks::join(const at::Device& device) {
    if (setup_.active()) group_ = std::make_unique<ProcessGroup>(setup_, device);
}

// The store's keys are written once, status last: a rank that reads "ok" finds the others.
void RunRanks::share_setup(const ExperimentConfig& config, const std::string& run_dir,
                           const PreparedData& data) {
    if (!group_ || !is_rank0() || setup_shared_) return;
    setup_shared_ = true;
    const bool shared = data.tgt_tokenizer == data.src_tokenizer;
    group_->publish("setup/config", to_json(config).dump());
    group_->publish("setup/run_dir", run_dir);
    group_->publish("setup/src_type", data.src_tokenizer->type_name());
    group_->publish("setup/src", data.src_tokenizer->serialize());
    group_->publish("setup/tgt_type", shared ? "" : data.tgt_tokenizer->type_name());
    group_->publish("setup/tgt", shared ? "" : data.tgt_tokenizer->serialize());
    group_->publish("setup/status", "ok");
}

void RunRanks::share_failure(const std::string& error) {
    if (!group_ || !is_rank0() || setup_shared_) return;
    setup_shared_ = true;
    try {
        group_->publish("setup/status", error);
    } catch (const std::exception&) {  // the run has failed already; the others time out
    }
}

// The experiment, the run's name and the tokenizers come from rank 0 (which may have trained
// them), so a rank started with other settings cannot train another model.
SetupFromRank0 RunRanks::setup_from_rank0() {
    const std::string status = group_->read("setup/status");
    if (status != "ok") throw RunFailure("rank 0 could not start the run: " + status);
    SetupFromRank0 setup;
    setup.config = config_from_json(nlohmann::json::parse(group_->read("setup/config")));
    setup.run_dir = group_->read("setup/run_dir");
    setup.src_tokenizer =
        deserialize_tokenizer(group_->read("setup/src_type"), group_->read("setup/src"));
    const std::string tgt_type = group_->read("setup/tgt_type");
    setup.tgt_tokenizer = tgt_type.empty()
                              ? setup.src_tokenizer
                              : deserialize_tokenizer(tgt_type, group_->read("setup/tgt"));
    return setup;
}

StepAgreement RunRanks::agree(const StepAgreement& mine, uint64_t dropout_seed) {
    if (!group_) return mine;
    const bool rank0 = is_rank0();
    const std::vector<double> sums = group_->sum(
        {mine.stop ? 1.0 : 0.0, rank0 && mine.pause ? 1.0 : 0.0, rank0 && mine.time_up ? 1.0 : 0.0,
         rank0 ? mine.budget_used : 0.0, rank0 ? double(dropout_rng_state().counter) : 0.0});
    if (!rank0)
        set_dropout_rng_state(
            {mix_seed(dropout_seed, uint64_t(setup_.rank)), static_cast<uint64_t>(sums[4])});
    return {sums[0] > 0, sums[1] > 0, sums[2] > 0, sums[3]};
}

std::chrono::milliseconds RunRanks::pause_poll_interval() const {
    return std::chrono::milliseconds(group_ ? 100 : 50);
}

std::vector<double> RunRanks::sum(const std::vector<double>& values) {
    return group_ ? group_->sum(values) : values;
}

Batch RunRanks::rows_of(const Batch& batch) const {
    return group_ ? batch_shard(batch, setup_.rank, setup_.world_size) : batch;
}

void RunRanks::sum_gradients_of(const std::vector<at::Tensor>& parameters) {
    if (group_) reducer_ = std::make_unique<GradientAllReducer>(parameters, *group_);
}

void RunRanks::arm_gradient_sum() {
    if (reducer_) reducer_->arm();
}

void RunRanks::finish_gradient_sum() {
    if (reducer_) reducer_->finish();
}

std::string RunRanks::describe() const {
    if (!reducer_) return "";
    const std::string n = std::to_string(setup_.world_size);
    return "data parallel: " + n + " processes (" + group_->backend() +
           "); each takes 1 of every " + n + " examples of a batch, gradients are summed in " +
           std::to_string(reducer_->buckets()) +
           (reducer_->buckets() == 1 ? " bucket" : " buckets") + " while backward runs";
}

}  // namespace tfw
