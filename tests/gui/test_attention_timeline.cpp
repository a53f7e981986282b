// "Attention over training": a tiny run's snapshots load off the window's thread, the step
// slider shows the snapshot of its step, the entropy chart has one series per head with a
// marker at that step, and snapshots reported live are appended and followed.
#include <QComboBox>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>

#include "core/train/attention_snapshots.h"
#include "core/train/trainer.h"
#include "tests/core/tiny_checkpoint.h"
#include "ui/inference/attention_inspector.h"
#include "ui/training/attention_timeline.h"
#include "widgets/attention_grid.h"
#include "widgets/live_chart.h"

using namespace tfw;

namespace {

constexpr int kLoadTimeoutMs = 10000;

QVector<float> weightsAt(const std::string& runDir, int64_t step, int layer, int head) {
    const AttentionSnapshot s = read_attention_snapshot(runDir, step);
    const auto& w = s.probes.at(0).attention.cross.weights.at(size_t(layer)).at(size_t(head));
    return QVector<float>(w.begin(), w.end());
}

}  // namespace

class TestAttentionTimeline : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string m_run;

  private Q_SLOTS:
    void initTestCase() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.model.encoder_layers = 2;
        c.model.decoder_layers = 2;
        c.train.snapshot_every = 2;
        m_run = m_dir.filePath("run").toStdString();
        TrainingObserver quiet;
        TrainingControl control;
        QCOMPARE(int(train_new(c, m_run, quiet, control).reason), int(FinishReason::Completed));
    }

    void theViewLoadsARunsSnapshots() {
        AttentionTimeline view;
        view.resize(1000, 800);
        view.setRun(QString::fromStdString(m_run));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 12, kLoadTimeoutMs);
        QCOMPARE(view.steps(), (QVector<qint64>{0, 2, 4, 6, 8, 10, 12}));
        QCOMPARE(view.slider()->maximum(), 6);
        QCOMPARE(view.slider()->value(), 6);
        QCOMPARE(view.probeChooser()->count(), 2);
        QCOMPARE(view.layerChooser()->count(), 2);
        QCOMPARE(view.inspector()->stack(), AttentionStack::Cross);
        // One series per head of the chosen layer, a point per snapshot, the marker at the step.
        LiveChart* chart = view.entropyChart();
        QCOMPARE(chart->seriesNames(), (QStringList{"head 1", "head 2"}));
        QCOMPARE(chart->pointCount("head 1"), 7);
        QCOMPARE(chart->marker(), 12.0);
        QCOMPARE(view.inspector()->grid()->layers(), 2);
    }

    void theSliderShowsTheSnapshotOfItsStep() {
        AttentionTimeline view;
        view.setRun(QString::fromStdString(m_run));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 12, kLoadTimeoutMs);
        view.inspector()->showCell(0, 1);
        QCOMPARE(view.inspector()->grid()->map(0, 1).weights, weightsAt(m_run, 12, 0, 1));

        view.slider()->setValue(2);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 4, kLoadTimeoutMs);
        QCOMPARE(view.inspector()->grid()->map(0, 1).weights, weightsAt(m_run, 4, 0, 1));
        QVERIFY(weightsAt(m_run, 4, 0, 1) != weightsAt(m_run, 12, 0, 1));
        QCOMPARE(view.entropyChart()->marker(), 4.0);
        QCOMPARE(view.inspector()->grid()->current(), QPoint(0, 1));  // the chosen head stays

        // Scrubbing quickly ends on the last position's step.
        for (int i = 0; i <= 6; ++i) view.slider()->setValue(i);
        view.slider()->setValue(0);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 0, kLoadTimeoutMs);
        QCOMPARE(view.inspector()->grid()->map(0, 1).weights, weightsAt(m_run, 0, 0, 1));
    }

    void theChartFollowsTheChosenLayerAndStack() {
        AttentionTimeline view;
        view.setRun(QString::fromStdString(m_run));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 12, kLoadTimeoutMs);
        const std::vector<SnapshotEntry> index = read_snapshot_index(m_run);
        view.layerChooser()->setCurrentIndex(0);
        QCOMPARE(view.inspector()->grid()->current().x(), 0);
        view.inspector()->setStack(AttentionStack::EncoderSelf);
        QCOMPARE(view.layerChooser()->count(), 2);
        LiveChart* chart = view.entropyChart();
        chart->redrawNow();
        QCOMPARE(chart->pointCount("head 2"), int(index.size()));
        // The inspector's cell picks the layer too.
        view.inspector()->showCell(1, 0);
        QCOMPARE(view.layerChooser()->currentIndex(), 1);
        view.probeChooser()->setCurrentIndex(1);
        QCOMPARE(
            view.inspector()->grid()->map(0, 0).weights.size(),
            int(read_attention_snapshot(m_run, 12).probes.at(1).attention.encoder_self.rows *
                read_attention_snapshot(m_run, 12).probes.at(1).attention.encoder_self.columns));
    }

    void liveSnapshotsAreAppendedAndFollowed() {
        QTemporaryDir copy;
        const std::string run = copy.filePath("run").toStdString();
        std::filesystem::copy(m_run, run, std::filesystem::copy_options::recursive);
        AttentionTimeline view;
        view.setRun(QString::fromStdString(run));
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 12, kLoadTimeoutMs);

        AttentionSnapshot next = read_attention_snapshot(run, 12);
        next.step = 14;
        add_attention_snapshot(run, next);
        AttentionSnapshotReport report;
        report.step = 14;
        for (const ProbeAttention& p : next.probes) report.probes.push_back(p.entropies);
        view.addSnapshot(report);
        QCOMPARE(view.steps().back(), qint64(14));
        QCOMPARE(view.entropyChart()->pointCount("head 1"), 8);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 14, kLoadTimeoutMs);

        // Not followed when the slider was moved back; a resumed run's report replaces later ones.
        view.slider()->setValue(1);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isLoading() && view.shownStep() == 2, kLoadTimeoutMs);
        report.step = 10;
        view.addSnapshot(report);
        QCOMPARE(view.steps(), (QVector<qint64>{0, 2, 4, 6, 8, 10}));
        QCOMPARE(view.slider()->value(), 1);
    }
};

QTEST_MAIN(TestAttentionTimeline)
#include "test_attention_timeline.moc"
