// The training step as CUDA graphs take it: through fixed per-shape buffers, with the loss
// scale and learning rate read from the device, gradients zeroed in place; and the batches cut
// to few shapes, whose dummy rows add nothing. A CPU runs the same code eagerly, which is what
// these tests check; recording needs a GPU (scripts/gpu-bench.sh).
#include <QtTest>

#include <ATen/ATen.h>

#include <cmath>
#include <vector>

#include "core/model/fast_dropout.h"
#include "core/model/model_options.h"
#include "core/runtime/host_reads.h"
#include "core/train/optimizer.h"
#include "core/train/optimizer_step.h"
#include "core/train/step_graphs.h"
#include "core/train/train_step.h"
#include "tests/core/tiny_checkpoint.h"

using namespace tfw;

namespace {

constexpr int64_t kVocab = 40;

TransformerModel tiny_model(double dropout) {
    ExperimentConfig c = test::tiny_model_config(Task::Translation);
    c.model.dropout = dropout;
    c.model.attention_dropout = dropout;
    at::manual_seed(5);
    TransformerModel model(model_options(c, kVocab, kVocab));
    model->train();
    return model;
}

// Examples of varied lengths with random tokens (no padding id inside).
std::vector<Example> random_examples(int n) {
    at::manual_seed(9);
    std::vector<Example> examples;
    for (int i = 0; i < n; ++i) {
        const int64_t src_len = 2 + (i * 5) % 9, tgt_len = 2 + (i * 3) % 7;
        const at::Tensor src = at::randint(4, kVocab, {src_len}, at::kInt);
        const at::Tensor tgt = at::randint(4, kVocab, {tgt_len + 1}, at::kInt);
        Example e;
        e.src.assign(src.data_ptr<int32_t>(), src.data_ptr<int32_t>() + src_len);
        e.tgt_in.assign(tgt.data_ptr<int32_t>(), tgt.data_ptr<int32_t>() + tgt_len);
        e.tgt_out.assign(tgt.data_ptr<int32_t>() + 1, tgt.data_ptr<int32_t>() + tgt_len + 1);
        examples.push_back(e);
    }
    return examples;
}

TrainConfig adamw() {
    TrainConfig t;
    t.optimizer = OptimizerType::AdamW;
    t.weight_decay = 0.01;
    t.clip_norm = 0.5;
    t.eps = 1e-6;
    return t;
}

struct Trained {
    std::vector<double> losses;
    std::vector<at::Tensor> params;
};

// `steps` steps over `batches` in turn, as training takes them: ordinarily, or through StepGraphs.
// in_place: gradients zeroed where they are, as when recording.
Trained train(const std::vector<Batch>& batches, int steps, bool through_step_graphs,
              bool in_place = false) {
    set_dropout_rng_state({3, 0});
    TransformerModel model = tiny_model(0.1);
    const TrainConfig t = adamw();
    const auto optimizer = make_optimizer(t, *model);
    OptimizerStep optimizer_step(*optimizer, t);
    StepGraphs graphs(at::kCPU, true);
    const at::Tensor go = at::zeros({}, at::kBool);
    Trained out;
    for (int i = 0; i < steps; ++i) {
        const Batch& b = batches[static_cast<size_t>(i) % batches.size()];
        const double lr = 1e-3 * (1 + i % 3), scale = 1.0 / static_cast<double>(b.tgt_tokens);
        at::Tensor loss;
        if (through_step_graphs) {
            const auto body = [&](const StepInputs& in) {
                return take_step(*model, optimizer_step, in, lr, 0.1, Precision::Fp32, in_place);
            };
            loss = graphs.run(b, scale, lr, go, body).loss;
        } else {
            optimizer->zero_grad();
            loss =
                forward_backward(*model, to_tensors(b, at::kCPU), 0.1, scale, Precision::Fp32).loss;
            optimizer_step.step(lr, go);
        }
        out.losses.push_back(read_scalar(loss));
    }
    for (const at::Tensor& p : model->parameters()) out.params.push_back(p.detach().clone());
    return out;
}

}  // namespace

class TestStepGraphs : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void init() { at::set_num_threads(1); }

    void batchShapesAreCutOnlyForGraphedGpuRuns() {
        TrainConfig t;
        QCOMPARE(batch_shape_multiple(t, at::Device(at::kCUDA)), int64_t(8));
        QCOMPARE(batch_shape_multiple(t, at::Device(at::kCPU)), int64_t(1));
        t.cuda_graphs = false;
        QCOMPARE(batch_shape_multiple(t, at::Device(at::kCUDA)), int64_t(1));
        QVERIFY(!StepGraphs::can_record(at::Device(at::kCPU)));
    }

    // Twelve steps over two shapes, dropout on, a changing learning rate: through the buffers
    // (the loss scale and rate as tensors, gradients dropped or zeroed in place) every loss and
    // weight is the ordinary step's.
    void aStepThroughItsBuffersIsAnOrdinaryStep() {
        const std::vector<Batch> batches =
            make_batches(random_examples(24), 60, true, 1, 1, /*shape_multiple=*/1);
        QVERIFY(batches.size() >= 2);
        const Trained ordinary = train(batches, 12, false);
        for (const bool in_place : {false, true}) {
            const Trained buffered = train(batches, 12, true, in_place);
            for (size_t i = 0; i < ordinary.losses.size(); ++i)
                QCOMPARE(buffered.losses[i], ordinary.losses[i]);
            for (size_t i = 0; i < ordinary.params.size(); ++i)
                QVERIFY2(at::equal(buffered.params[i], ordinary.params[i]),
                         qPrintable(QString("parameter %1, in place %2").arg(i).arg(in_place)));
        }
    }

    // The check of a run's first recorded step against the same step taken eagerly: rounding
    // passes, a lost update, another loss or a different update does not.
    void aRecordedStepIsComparedWithTheEagerOne() {
        at::manual_seed(2);
        const std::vector<at::Tensor> before = {at::randn({50}), at::randn({4, 5})};
        std::vector<at::Tensor> update = {at::randn({50}) * 1e-3, at::randn({4, 5}) * 1e-3};
        const auto result = [&](double loss, double norm, double update_scale, double noise) {
            StepResult r{{at::scalar_tensor(loss), at::scalar_tensor(loss), at::scalar_tensor(norm),
                          at::scalar_tensor(false)},
                         {}};
            for (size_t i = 0; i < before.size(); ++i)
                r.state.push_back(before[i] + update[i] * update_scale +
                                  at::randn(before[i].sizes()) * noise);
            return r;
        };
        const StepResult eager = result(5.0, 2.0, 1.0, 0.0);
        QCOMPARE(compare_steps(eager, eager, before), std::string());
        QCOMPARE(compare_steps(eager, result(5.0 + 1e-5, 2.0, 1.0, 1e-6), before), std::string());
        const std::string lost = compare_steps(eager, result(5.0, 2.0, 0.0, 0.0), before);
        QVERIFY2(lost.find("update differs") != std::string::npos, lost.c_str());
        QVERIFY2(lost.find("100%") != std::string::npos, lost.c_str());
        QVERIFY(compare_steps(eager, result(5.2, 2.0, 1.0, 0.0), before).find("loss") !=
                std::string::npos);
        QVERIFY(compare_steps(eager, result(5.0, 2.5, 1.0, 0.0), before).find("gradient norm") !=
                std::string::npos);
        QVERIFY(!compare_steps(eager, result(5.0, 2.0, 1.0, 1e-4), before).empty());
        // A step that changed nothing, recorded as one that did.
        const StepResult halted = result(5.0, 2.0, 0.0, 0.0);
        QVERIFY(!compare_steps(halted, eager, before).empty());
    }

    // The same examples in exact batches and cut to multiples of 8 with dummy rows: the same
    // loss and NLL sums and the same gradients (dropout off).
    void dummyRowsAddNoLossAndNoGradient() {
        const std::vector<Example> examples = random_examples(30);
        const auto sums_and_grads = [&](int64_t multiple) {
            TransformerModel model = tiny_model(0.0);
            double loss = 0, nll = 0;
            int64_t rows = 0;
            for (const Batch& b : make_batches(examples, 400, false, 0, 0, multiple)) {
                const LossSums s =
                    forward_backward(*model, to_tensors(b, at::kCPU), 0.1, 1.0, Precision::Fp32);
                loss += read_scalar(s.loss);
                nll += read_scalar(s.nll);
                rows += b.size;
            }
            std::vector<at::Tensor> grads;
            for (const at::Tensor& p : model->parameters()) grads.push_back(p.grad().clone());
            return std::make_tuple(loss, nll, grads, rows);
        };
        const auto [loss, nll, grads, rows] = sums_and_grads(1);
        const auto [cut_loss, cut_nll, cut_grads, cut_rows] = sums_and_grads(8);
        QVERIFY(cut_rows > rows);  // there are dummy rows
        QVERIFY2(std::abs(cut_loss - loss) < 1e-5 * loss,
                 qPrintable(QString::number(cut_loss - loss)));
        QVERIFY(std::abs(cut_nll - nll) < 1e-5 * nll);
        for (size_t i = 0; i < grads.size(); ++i) {
            const double scale = std::max(1e-3, grads[i].abs().max().item<double>());
            const double diff = (cut_grads[i] - grads[i]).abs().max().item<double>();
            QVERIFY2(diff < 1e-4 * scale, qPrintable(QString("parameter %1: %2").arg(i).arg(diff)));
        }
    }
};

QTEST_APPLESS_MAIN(TestStepGraphs)
#include "test_step_graphs.moc"
