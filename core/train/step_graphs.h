#pragma once
// Training steps replayed as CUDA graphs. On a GPU a small model's step is a few thousand
// kernel launches that the host issues more slowly than the GPU runs them; a CUDA graph records
// one step's launches for one batch shape and replays them with a single call. Batches are cut
// to a few shapes (make_batches' shape multiple); a shape's first step runs eagerly (loading
// kernels, cuBLAS's workspace and the optimizer's state, none of which may happen while
// recording), its second is recorded, checked against the same step taken eagerly and replayed,
// and every later one replays. All graphs share one memory pool (each step's outputs are copied
// out before the next replays); the steps run on a stream of their own, ordered with the
// caller's.
//
// Where graphs are not recorded (a CPU, a LibTorch without CUDA, train.cuda_graphs off) every
// step runs eagerly through the same fixed per-shape buffers: training takes this path on a CPU
// too, so every test of a training run on a CPU runs the code a GPU records.

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/config/experiment_config.h"
#include "core/data/dataset.h"
#include "core/model/batch_tensors.h"

namespace tfw {

// What a step reads: the batch, and the numbers that change from step to step, all in buffers
// that stay where they are so that a recorded step reads the new values.
struct StepInputs {
    BatchTensors batch;
    at::Tensor loss_scale;  // float scalar: the loss multiplier (1 / the step's target tokens)
    at::Tensor lr;          // float scalar: the learning rate
    at::Tensor halt;        // bool scalar: nonzero = change nothing
};

// What it gives back, device scalars: loss and NLL sums, the gradient norm, whether the
// optimizer skipped the step.
struct StepOutputs {
    at::Tensor loss, nll, grad_norm, skipped;
};

// On a GPU and with train.cuda_graphs, batches are cut to shapes whose lengths are multiples of
// this (make_batches' shape_multiple); elsewhere 1 (exact shapes).
int64_t batch_shape_multiple(const TrainConfig& train, const at::Device& device);

// A step's outputs and the tensors it changed, as they were after it.
struct StepResult {
    StepOutputs outputs;
    std::vector<at::Tensor> state;
};

// Whether a recorded step computed what the same step computed eagerly from the same `before`
// state (the same random numbers): "" when it did, else what differs. Losses must agree within
// 1e-3 (relative), the gradient norms within 1e-2, and the whole update (after - before, over
// every tensor) within 5% of its size; kernels that sum in a different order are let through,
// a step that lost its update, read stale inputs or drew other random numbers is not.
std::string compare_steps(const StepResult& eager, const StepResult& recorded,
                          const std::vector<at::Tensor>& before);

class StepGraphs {
  public:
    using Body = std::function<StepOutputs(const StepInputs&)>;
    // Every tensor a step changes (parameters, optimizer state), asked for when the first
    // graph is recorded.
    using State = std::function<std::vector<at::Tensor>()>;

    // record: use CUDA graphs when the device and this build allow it (can_record). With a
    // state, each recorded step is checked against the same step taken eagerly
    // (compare_steps); if they differ, graphs are switched off and the eager result kept.
    StepGraphs(const at::Device& device, bool record, State state = {});
    ~StepGraphs();
    StepGraphs(const StepGraphs&) = delete;
    StepGraphs& operator=(const StepGraphs&) = delete;

    // A LibTorch with CUDA and a CUDA device.
    static bool can_record(const at::Device& device);

    // One step of `body` on `batch`: fills the shape's buffers and runs, records or replays it.
    // The outputs are the caller's own copies (the next step overwrites the buffers). When
    // recording fails, graphs are switched off for good (failure() says why) and the step runs
    // eagerly.
    StepOutputs run(const Batch& batch, double loss_scale, double lr, const at::Tensor& halt,
                    const Body& body);

    bool recording() const { return record_; }
    int shapes_recorded() const { return recorded_; }
    const std::string& failure() const { return failure_; }

  private:
    struct Shape;
    struct Cuda;
    using Key = std::tuple<int64_t, int64_t, int64_t>;  // rows, source and target length

    Shape& shape_of(const Batch& batch);
    void fill(Shape& shape, const Batch& batch, double loss_scale, double lr,
              const at::Tensor& halt);
    StepOutputs run_on_device(Shape& shape, const Body& body);
    // Records the shape's step and replays it (checking the first against an eager step); on
    // failure switches graphs off and returns the eager step's outputs, or nothing when the
    // step has not been taken.
    std::optional<StepOutputs> record_and_replay(Shape& shape, const Body& body);

    at::Device device_;
    bool record_ = false;
    State state_;
    int recorded_ = 0;
    std::string failure_;
    std::map<Key, std::unique_ptr<Shape>> shapes_;
    std::unique_ptr<Cuda> cuda_;
};

}  // namespace tfw
