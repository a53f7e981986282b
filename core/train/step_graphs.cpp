#include "core/train/step_graphs.h"

#include <ATen/ATen.h>
#include <c10/core/GradMode.h>

#include <algorithm>
#include <cmath>

#include "core/io/generator_state.h"
#include "core/runtime/host_reads.h"
#include "core/train/optimizer_step.h"

// TFW_WITH_CUDA is set for this file only, when the LibTorch built against has CUDA.
#ifdef TFW_WITH_CUDA
#include <ATen/cuda/CUDAEvent.h>
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace tfw {

int64_t batch_shape_multiple(const TrainConfig& train, const at::Device& device) {
    return device.is_cuda() && train.cuda_graphs ? 8 : 1;
}

struct StepGraphs::Shape {
    StepInputs inputs;
    int64_t steps = 0;    // taken with this shape
    StepOutputs outputs;  // the recorded step's buffers
#ifdef TFW_WITH_CUDA
    std::unique_ptr<at::cuda::CUDAGraph> graph;
#endif
};

#ifdef TFW_WITH_CUDA
struct StepGraphs::Cuda {
    c10::cuda::CUDAStream stream;
    c10::MempoolId_t pool;
};
#else
struct StepGraphs::Cuda {};
#endif

bool StepGraphs::can_record(const at::Device& device) {
#ifdef TFW_WITH_CUDA
    return device.is_cuda() && OptimizerStep::fused();
#else
    (void)device;
    return false;
#endif
}

StepGraphs::StepGraphs(const at::Device& device, bool record, State state)
    : device_(device), record_(record && can_record(device)), state_(std::move(state)) {
#ifdef TFW_WITH_CUDA
    if (device_.is_cuda())
        cuda_ = std::make_unique<Cuda>(Cuda{c10::cuda::getStreamFromPool(false, device_.index()),
                                            at::cuda::graph_pool_handle()});
#endif
}

StepGraphs::~StepGraphs() = default;

StepGraphs::Shape& StepGraphs::shape_of(const Batch& batch) {
    const Key key{batch.size, batch.src_len, batch.tgt_len};
    auto found = shapes_.find(key);
    if (found != shapes_.end()) return *found->second;
    auto shape = std::make_unique<Shape>();
    const auto ids = at::TensorOptions(device_).dtype(at::kLong);
    const auto scalar = at::TensorOptions(device_).dtype(at::kFloat);
    if (batch.src_len > 0) shape->inputs.batch.src = at::empty({batch.size, batch.src_len}, ids);
    shape->inputs.batch.tgt_in = at::empty({batch.size, batch.tgt_len}, ids);
    shape->inputs.batch.tgt_out = at::empty({batch.size, batch.tgt_len}, ids);
    shape->inputs.loss_scale = at::empty({}, scalar);
    shape->inputs.lr = at::empty({}, scalar);
    shape->inputs.halt = at::empty({}, scalar.dtype(at::kBool));
    return *shapes_.emplace(key, std::move(shape)).first->second;
}

void StepGraphs::fill(Shape& shape, const Batch& batch, double loss_scale, double lr,
                      const at::Tensor& halt) {
    // To a GPU from page-locked memory, so that the copies queue behind the previous step.
    const bool async = !device_.is_cpu();
    const BatchTensors host = to_host_tensors(batch, async);
    StepInputs& in = shape.inputs;
    if (in.batch.src.defined()) in.batch.src.copy_(host.src, async);
    in.batch.tgt_in.copy_(host.tgt_in, async);
    in.batch.tgt_out.copy_(host.tgt_out, async);
    in.batch.src_tokens = batch.src_tokens;
    in.batch.tgt_tokens = batch.tgt_tokens;
    in.loss_scale.fill_(loss_scale);
    in.lr.fill_(lr);
    in.halt.copy_(halt);
}

namespace {

// The caller's copies, made before the next step can overwrite the buffers.
StepOutputs copied(const StepOutputs& o) {
    return {o.loss.clone(), o.nll.clone(), o.grad_norm.clone(), o.skipped.clone()};
}

}  // namespace

StepOutputs StepGraphs::run(const Batch& batch, double loss_scale, double lr,
                            const at::Tensor& halt, const Body& body) {
    Shape& shape = shape_of(batch);
#ifdef TFW_WITH_CUDA
    if (cuda_) {
        // The step's stream waits for what the caller queued before (the previous step's
        // reports, a validation), and the caller's for the step.
        const c10::cuda::CUDAStream caller = c10::cuda::getCurrentCUDAStream(device_.index());
        at::cuda::CUDAEvent before;
        before.record(caller);
        before.block(cuda_->stream);
        {
            c10::cuda::CUDAStreamGuard on_step_stream(cuda_->stream);
            fill(shape, batch, loss_scale, lr, halt);
            shape.outputs = run_on_device(shape, body);
        }
        at::cuda::CUDAEvent after;
        after.record(cuda_->stream);
        after.block(caller);
        return copied(shape.outputs);
    }
#endif
    fill(shape, batch, loss_scale, lr, halt);
    return body(shape.inputs);  // eager: its outputs are its own
}

StepOutputs StepGraphs::run_on_device(Shape& shape, const Body& body) {
    ++shape.steps;
#ifdef TFW_WITH_CUDA
    if (shape.graph) {
        shape.graph->replay();
        return shape.outputs;
    }
    if (record_ && shape.steps >= 2)
        if (std::optional<StepOutputs> outputs = record_and_replay(shape, body)) return *outputs;
#endif
    return body(shape.inputs);
}

#ifdef TFW_WITH_CUDA
namespace {

std::vector<at::Tensor> copies(const std::vector<at::Tensor>& tensors) {
    std::vector<at::Tensor> out;
    for (const at::Tensor& t : tensors) out.push_back(t.detach().clone());
    return out;
}

void copy_into(const std::vector<at::Tensor>& to, const std::vector<at::Tensor>& from) {
    c10::NoGradGuard no_grad;
    for (size_t i = 0; i < to.size(); ++i) to[i].copy_(from[i]);
}

}  // namespace

std::optional<StepOutputs> StepGraphs::record_and_replay(Shape& shape, const Body& body) {
    // Each recording is checked: the same step is taken eagerly first, from the same state and
    // with the same random numbers, and the state put back.
    std::optional<StepResult> eager;
    std::vector<at::Tensor> state, before;
    if (state_) {
        state = state_();
        before = copies(state);
        const GeneratorState generator = capture_generator_state(device_);
        eager = StepResult{copied(body(shape.inputs)), {}};
        eager->state = copies(state);
        copy_into(state, before);
        restore_generator_state(generator, device_);
    }
    auto graph = std::make_unique<at::cuda::CUDAGraph>();
    StepOutputs outputs;
    try {
        graph->capture_begin(cuda_->pool);
        outputs = body(shape.inputs);
        graph->capture_end();
        graph->replay();
    } catch (const std::exception& e) {
        // Recording stopped at something a graph cannot hold. capture_end takes the stream out
        // of capture mode, whatever it reports.
        try {
            graph->capture_end();
        } catch (const std::exception&) {
        }
        failure_ = e.what();
        failure_ = "recording failed: " + failure_.substr(0, failure_.find('\n'));
    }
    if (failure_.empty() && eager) failure_ = compare_steps(*eager, {outputs, state}, before);
    if (!failure_.empty()) {
        record_ = false;
        if (!eager) return std::nullopt;  // the step is still to be taken
        copy_into(state, eager->state);
        return eager->outputs;
    }
    shape.graph = std::move(graph);
    ++recorded_;
    return outputs;
}
#endif

namespace {

bool close(double a, double b, double relative) {
    return std::abs(a - b) <= relative * std::max(std::abs(a), 1e-6);
}

}  // namespace

std::string compare_steps(const StepResult& eager, const StepResult& recorded,
                          const std::vector<at::Tensor>& before) {
    const auto differs = [](const char* what, double e, double r) {
        return std::string("the recorded step's ") + what + " " + std::to_string(r) +
               " is not the eager step's " + std::to_string(e);
    };
    const double eager_loss = read_scalar(eager.outputs.loss),
                 recorded_loss = read_scalar(recorded.outputs.loss);
    if (!close(eager_loss, recorded_loss, 1e-3)) return differs("loss", eager_loss, recorded_loss);
    const double eager_norm = read_scalar(eager.outputs.grad_norm),
                 recorded_norm = read_scalar(recorded.outputs.grad_norm);
    if (!close(eager_norm, recorded_norm, 1e-2))
        return differs("gradient norm", eager_norm, recorded_norm);
    // Squared sizes of the eager update and of the difference, summed on the device.
    at::Tensor update = at::zeros({}, before.front().options().dtype(at::kDouble));
    at::Tensor difference = at::zeros_like(update);
    for (size_t i = 0; i < before.size(); ++i) {
        const at::Tensor e = eager.state[i].to(at::kDouble) - before[i].to(at::kDouble);
        update += e.pow(2).sum();
        difference +=
            (recorded.state[i].to(at::kDouble) - before[i].to(at::kDouble) - e).pow(2).sum();
    }
    const double update_size = std::sqrt(read_scalar(update)),
                 difference_size = std::sqrt(read_scalar(difference));
    if (difference_size > 0.05 * update_size + 1e-12)
        return "the recorded step's update differs from the eager step's by " +
               (update_size > 0 ? std::to_string(std::lround(100 * difference_size / update_size)) +
                                      "% of its size"
                                : std::string("a change where it made none"));
    return "";
}

}  // namespace tfw
