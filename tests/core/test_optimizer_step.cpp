// The optimizer step (clipping and Adam/AdamW, fused with LibTorch 2.4 or later) against what
// it replaced, torch::optim's loop with one clipping norm per parameter; halting on a bad
// step; resuming from its saved state; and a training run's reads back to the host, counted.
#include <QtTest>

#include <ATen/ATen.h>
#include <torch/optim/optimizer.h>
#include <torch/utils.h>

#include <cmath>
#include <limits>
#include <vector>

#include "core/io/model_io.h"
#include "core/model/model_options.h"
#include "core/runtime/host_reads.h"
#include "core/train/optimizer.h"
#include "core/train/optimizer_step.h"
#include "core/train/train_step.h"
#include "tests/core/tiny_checkpoint.h"
#include "tests/core/training_recorder.h"

using namespace tfw;

namespace {

constexpr int64_t kVocab = 40;

struct Setup {
    TransformerModel model{nullptr};
    std::vector<BatchTensors> batches;
};

// The same untrained tiny model (no dropout) and the same batches for every call.
Setup make_setup(int batches) {
    ExperimentConfig c = test::tiny_model_config(Task::Translation);
    c.model.dropout = 0;
    c.model.attention_dropout = 0;
    at::manual_seed(11);
    Setup s;
    s.model = TransformerModel(model_options(c, kVocab, kVocab));
    s.model->train();
    for (int i = 0; i < batches; ++i) {
        BatchTensors b;
        b.src = at::randint(4, kVocab, {4, 7}, at::kLong);
        const at::Tensor tgt = at::randint(4, kVocab, {4, 7}, at::kLong);
        b.tgt_in = tgt.slice(1, 0, 6);
        b.tgt_out = tgt.slice(1, 1, 7);
        b.src_tokens = 28;
        b.tgt_tokens = 24;
        s.batches.push_back(b);
    }
    return s;
}

TrainConfig train_config(OptimizerType type, double weight_decay, double clip) {
    TrainConfig t;
    t.optimizer = type;
    t.weight_decay = weight_decay;
    t.clip_norm = clip;
    t.betas = {0.9, 0.98};
    // Not the presets' 1e-9: with it, parameters whose gradient is rounding noise get
    // full-size steps in any Adam, and two correct ones part (PyTorch's own fused and
    // looping Adam differ by 2e-3 after 10 steps of such a model).
    t.eps = 1e-6;
    return t;
}

double rate(int step) {
    return 1e-3 * (1 + step % 3);
}  // a changing learning rate

double backward(Setup& s, int step) {
    return read_scalar(
        forward_backward(*s.model, s.batches[step], 0.1, 1.0 / 24, Precision::Fp32).loss);
}

// The step as it was before OptimizerStep: a norm per parameter read back, a scale per
// parameter, torch::optim's Adam/AdamW.
void reference_step(torch::optim::Optimizer& optimizer, const std::vector<at::Tensor>& params,
                    double max_norm, double lr) {
    torch::NoGradGuard no_grad;
    std::vector<at::Tensor> norms;
    for (const auto& p : params) norms.push_back(p.grad().norm(2).to(at::kFloat));
    const double total = at::stack(norms).norm(2).item<double>();
    if (max_norm > 0 && total > max_norm)
        for (const auto& p : params) p.grad().mul_(max_norm / (total + 1e-6));
    set_learning_rate(optimizer, lr);
    optimizer.step();
}

struct Trained {
    std::vector<at::Tensor> params;
    std::vector<double> losses;  // each step's, before its update
};

Trained train_steps(const TrainConfig& t, int steps, bool with_optimizer_step) {
    Setup s = make_setup(steps);
    const auto params = s.model->parameters();
    const auto optimizer = make_optimizer(t, params);
    OptimizerStep optimizer_step(*optimizer, t);
    const at::Tensor go = at::zeros({}, at::kBool);
    Trained out;
    for (int i = 0; i < steps; ++i) {
        optimizer->zero_grad();
        out.losses.push_back(backward(s, i));
        if (with_optimizer_step)
            optimizer_step.step(rate(i), go);
        else
            reference_step(*optimizer, params, t.clip_norm, rate(i));
    }
    for (const auto& p : params) out.params.push_back(p.detach().clone());
    return out;
}

std::vector<at::Tensor> trained(const TrainConfig& t, int steps, bool with_optimizer_step) {
    return train_steps(t, steps, with_optimizer_step).params;
}

double max_difference(const std::vector<at::Tensor>& a, const std::vector<at::Tensor>& b) {
    double most = 0;
    for (size_t i = 0; i < a.size(); ++i)
        most = std::max(most, (a[i] - b[i]).abs().max().item<double>());
    return most;
}

// The same, leaving out the keys' biases: adding one vector to every key adds the same number
// to all of a query's scores, which softmax ignores, so their gradient is rounding noise that
// Adam turns into steps of random sign. They change nothing the model computes.
double max_difference_that_matters(const Trained& a, const Trained& b) {
    const Setup names = make_setup(0);
    std::vector<at::Tensor> kept_a, kept_b;
    size_t i = 0;
    for (const auto& item : names.model->named_parameters()) {
        const std::string& name = item.key();
        at::Tensor x = a.params[i], y = b.params[i];
        ++i;
        const auto ends_with = [&](const std::string& tail) {
            return name.size() >= tail.size() &&
                   name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
        };
        if (ends_with("self_attention.in_proj.bias")) {  // queries, keys, values
            const int64_t d = x.size(0) / 3;
            x = at::cat({x.slice(0, 0, d), x.slice(0, 2 * d)});
            y = at::cat({y.slice(0, 0, d), y.slice(0, 2 * d)});
        } else if (ends_with("kv_proj.bias")) {  // keys, values
            x = x.slice(0, x.size(0) / 2);
            y = y.slice(0, y.size(0) / 2);
        }
        kept_a.push_back(x);
        kept_b.push_back(y);
    }
    return max_difference(kept_a, kept_b);
}

double max_relative_loss_difference(const Trained& a, const Trained& b) {
    double most = 0;
    for (size_t i = 0; i < a.losses.size(); ++i)
        most = std::max(most, std::abs(a.losses[i] - b.losses[i]) / std::abs(b.losses[i]));
    return most;
}

}  // namespace

class TestOptimizerStep : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    void agreeOverAHundredSteps(const TrainConfig& t) {
        const Trained ours = train_steps(t, 100, true), reference = train_steps(t, 100, false);
        const double loss = max_relative_loss_difference(ours, reference);
        QVERIFY2(loss < 1e-6, qPrintable(QString("losses differ by %1 (relative)").arg(loss)));
        const double weights = max_difference_that_matters(ours, reference);
        QVERIFY2(weights < 1e-6, qPrintable(QString("weights differ by %1").arg(weights)));
    }

  private Q_SLOTS:
    void init() { at::set_num_threads(1); }

    // 100 steps, the learning rate changing: every step's loss within 1e-6 (relative), every
    // parameter that matters within 1e-6.
    void adamWithClippingEqualsTorchOptimOverAHundredSteps() {
        agreeOverAHundredSteps(train_config(OptimizerType::Adam, 0.0, 0.5));
    }
    void adamWWithWeightDecayEqualsTorchOptim() {
        agreeOverAHundredSteps(train_config(OptimizerType::AdamW, 0.01, 1.0));
    }
    void adamWithL2DecayAndNoClippingEqualsTorchOptim() {
        agreeOverAHundredSteps(train_config(OptimizerType::Adam, 0.01, 0.0));
    }

    void clippingScalesToTheNormAndReportsTheNormBefore() {
        std::vector<at::Tensor> grads = {at::full({2}, 3.0), at::full({1}, 4.0)};  // norm √34
        const double before = read_scalar(clip_gradients(grads, 1.0));
        QVERIFY(std::abs(before - std::sqrt(34.0)) < 1e-5);
        const double after = at::cat({grads[0], grads[1]}).norm().item<double>();
        QVERIFY(std::abs(after - 1.0) < 1e-5);
        std::vector<at::Tensor> small = {at::full({2}, 0.1)};
        clip_gradients(small, 1.0);
        QCOMPARE(small[0][0].item<float>(), 0.1f);  // below the limit: untouched
    }

    // A halted step and a step with a non-finite gradient change nothing, not even the state.
    void aHaltedOrNonFiniteStepChangesNothing() {
        const TrainConfig t = train_config(OptimizerType::AdamW, 0.01, 1.0);
        Setup s = make_setup(3);
        const auto params = s.model->parameters();
        const auto optimizer = make_optimizer(t, params);
        OptimizerStep step(*optimizer, t);
        optimizer->zero_grad();
        backward(s, 0);
        step.step(1e-3, at::zeros({}, at::kBool));
        step.write_back_steps();
        const std::string state = serialize_optimizer(*optimizer);
        std::vector<at::Tensor> before;
        for (const auto& p : params) before.push_back(p.detach().clone());

        optimizer->zero_grad();
        backward(s, 1);
        step.step(1e-3, at::ones({}, at::kBool));
        optimizer->zero_grad();
        backward(s, 2);
        {
            torch::NoGradGuard no_grad;
            params.front().grad().view(-1)[0] = std::numeric_limits<float>::quiet_NaN();
        }
        const at::Tensor norm = step.step(1e-3, at::zeros({}, at::kBool));
        QVERIFY(std::isnan(read_scalar(norm)));

        std::vector<at::Tensor> after;
        for (const auto& p : params) after.push_back(p.detach().clone());
        QCOMPARE(max_difference(after, before), 0.0);
        step.write_back_steps();
        QVERIFY(serialize_optimizer(*optimizer) == state);
    }

    // Saved after 5 steps, loaded into a new optimizer, 5 more: the same as 10 in one go.
    void itsSavedStateResumesExactly() {
        const TrainConfig t = train_config(OptimizerType::Adam, 0.0, 1.0);
        const std::vector<at::Tensor> straight = trained(t, 10, true);

        Setup s = make_setup(10);
        const auto params = s.model->parameters();
        std::string saved;
        {
            const auto optimizer = make_optimizer(t, params);
            OptimizerStep step(*optimizer, t);
            for (int i = 0; i < 5; ++i) {
                optimizer->zero_grad();
                backward(s, i);
                step.step(rate(i), at::zeros({}, at::kBool));
            }
            step.write_back_steps();
            saved = serialize_optimizer(*optimizer);
        }
        const auto optimizer = make_optimizer(t, params);
        load_optimizer(*optimizer, saved);
        OptimizerStep step(*optimizer, t);
        for (int i = 5; i < 10; ++i) {
            optimizer->zero_grad();
            backward(s, i);
            step.step(rate(i), at::zeros({}, at::kBool));
        }
        std::vector<at::Tensor> resumed;
        for (const auto& p : params) resumed.push_back(p.detach().clone());
        QCOMPARE(max_difference(resumed, straight), 0.0);
    }

    // Between two step reports a run reads one thing back from the device: the report's own
    // read of the steps' sums. (Before LibTorch 2.4 each step reads its gradient norm.)
    void aTrainingStepReadsNothingBackBetweenReports() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.log_every = 4;
        c.train.valid_every = 1000;
        c.train.max_steps = 16;
        struct Counter : test::Recorder {
            std::vector<int64_t> reads;
            void on_step(const StepReport& r) override {
                reads.push_back(host_reads());
                Recorder::on_step(r);
            }
        } counter;
        const TrainingFinished f = test::run(c, m_dir.filePath("reads").toStdString(), counter);
        QCOMPARE(f.step, int64_t(16));
        QCOMPARE(counter.reads.size(), size_t(4));
        for (size_t i = 1; i < counter.reads.size(); ++i) {
            const int64_t per_report = counter.reads[i] - counter.reads[i - 1];
            if (!OptimizerStep::fused())
                QSKIP("LibTorch before 2.4 reads the gradient norm back every step");
            QCOMPARE(per_report, int64_t(1));
        }
    }
};

QTEST_APPLESS_MAIN(TestOptimizerStep)
#include "test_optimizer_step.moc"
