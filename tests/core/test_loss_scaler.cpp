// The fp16 dynamic loss scaler: overflow halves the scale and skips the step, a run of good
// steps doubles it, and its state travels in checkpoints (older ones start afresh).
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include <nlohmann/json.hpp>

#include "core/io/checkpoint.h"
#include "core/train/loss_scaler.h"
#include "tests/core/tiny_checkpoint.h"

using namespace tfw;

namespace {

// A parameter whose gradient is `grad` everywhere.
at::Tensor parameter_with_grad(float grad) {
    at::Tensor p = at::zeros({3}).set_requires_grad(true);
    (p * grad).sum().backward();
    return p;
}

}  // namespace

class TestLossScaler : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private Q_SLOTS:
    void startsAtTheInitialScale() {
        const LossScaler scaler;
        QCOMPARE(scaler.scale(), 65536.0);
        QCOMPARE(scaler.state().good_steps, int64_t(0));
    }

    void goodStepsUnscaleTheGradients() {
        LossScaler scaler;
        const at::Tensor p = parameter_with_grad(65536.0f * 3);
        QVERIFY(scaler.unscale({p}));
        QVERIFY(at::allclose(p.grad(), at::full({3}, 3.0f)));
        QCOMPARE(scaler.state().good_steps, int64_t(1));
    }

    void overflowHalvesTheScaleAndSkipsTheStep() {
        LossScaler scaler(LossScaleState{1024.0, 7});
        const at::Tensor good = parameter_with_grad(1.0f);
        const at::Tensor bad = parameter_with_grad(std::numeric_limits<float>::infinity());
        QVERIFY(!scaler.unscale({good, bad}));
        QCOMPARE(scaler.scale(), 512.0);
        QCOMPARE(scaler.state().good_steps, int64_t(0));
        QVERIFY(at::equal(good.grad(), at::ones({3})));  // a skipped step leaves them alone

        const at::Tensor nan = parameter_with_grad(std::nanf(""));
        QVERIFY(!scaler.unscale({nan}));
        QCOMPARE(scaler.scale(), 256.0);
    }

    void goodStepsInARowDoubleTheScale() {
        LossScaler scaler(LossScaleState{8.0, 0});
        const at::Tensor p = parameter_with_grad(1.0f);
        for (int64_t i = 1; i < LossScaler::kGrowthInterval; ++i) QVERIFY(scaler.unscale({p}));
        QCOMPARE(scaler.scale(), 8.0);
        QVERIFY(scaler.unscale({p}));
        QCOMPARE(scaler.scale(), 16.0);
        QCOMPARE(scaler.state().good_steps, LossScaler::kGrowthInterval);
    }

    void stateTravelsInCheckpoints() {
        const std::string path = m_dir.filePath("scaled.tfw").toStdString();
        Checkpoint c;
        c.position.step = 42;
        c.position.loss_scale = LossScaleState{2048.0, 1234};
        save_checkpoint(c, path);
        const LossScaler resumed(load_checkpoint(path).position.loss_scale);
        QCOMPARE(resumed.scale(), 2048.0);
        QCOMPARE(resumed.state().good_steps, int64_t(1234));
    }

    void olderCheckpointsStartAtTheInitialScale() {
        const std::string path = m_dir.filePath("older.tfw").toStdString();
        Checkpoint c;
        c.weights = "weights";
        c.position.step = 42;
        c.position.loss_scale = LossScaleState{2048.0, 1234};
        save_checkpoint(c, path);
        test::edit_checkpoint_header(path, [](nlohmann::json& header) {
            header["position"].erase("loss_scale");
            header["position"].erase("loss_scale_good_steps");
        });
        const Checkpoint loaded = load_checkpoint(path);
        QCOMPARE(loaded.position.step, int64_t(42));
        QCOMPARE(loaded.weights, std::string("weights"));
        const LossScaler resumed(loaded.position.loss_scale);
        QCOMPARE(resumed.scale(), 65536.0);
        QCOMPARE(resumed.state().good_steps, int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestLossScaler)
#include "test_loss_scaler.moc"
