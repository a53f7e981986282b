// Attention snapshots during training: when they are taken, the bounded store, resume, the
// quantised round trip, the entropy figures and `tfw runs snapshots`.
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/train/attention_distance.h"
#include "core/train/attention_entropy.h"
#include "core/train/attention_snapshots.h"
#include "core/train/trainer.h"

#include "tests/core/test_support.h"

using namespace tfw;
namespace fs = std::filesystem;

namespace {

struct SnapshotRecorder : TrainingObserver {
    std::vector<AttentionSnapshotReport> snapshots;
    TrainingControl* control = nullptr;
    int64_t stop_after = -1;
    void on_step(const StepReport& r) override {
        if (r.step == stop_after) control->stop = true;
    }
    void on_attention_snapshot(const AttentionSnapshotReport& r) override {
        snapshots.push_back(r);
    }
    void on_log(LogLevel level, const std::string& m) override {
        if (level != LogLevel::Info) warnings.push_back(m);
    }
    std::vector<std::string> warnings;
};

std::vector<int64_t> indexed_steps(const std::string& run_dir) {
    std::vector<int64_t> steps;
    for (const SnapshotEntry& e : read_snapshot_index(run_dir)) steps.push_back(e.step);
    return steps;
}

std::vector<int64_t> reported_steps(const SnapshotRecorder& recorder) {
    std::vector<int64_t> steps;
    for (const auto& r : recorder.snapshots) steps.push_back(r.step);
    return steps;
}

// One probe with a 2-head encoder layer over `n` tokens whose weights depend on `seed`.
AttentionSnapshot hand_made(int64_t step, int n, float seed) {
    LabelledAttentionStack stack;
    stack.rows = stack.columns = n;
    for (int i = 0; i < n; ++i) stack.row_labels.push_back("t" + std::to_string(i));
    stack.column_labels = stack.row_labels;
    std::vector<std::vector<float>> heads(2);
    for (auto& head : heads) {
        for (int r = 0; r < n; ++r) {
            std::vector<float> row(static_cast<size_t>(n));
            float sum = 0;
            for (int c = 0; c < n; ++c) sum += row[size_t(c)] = 1.0f + seed * float((r + c) % 3);
            for (float w : row) head.push_back(w / sum);
        }
        seed += 1.5f;
    }
    stack.weights.push_back(std::move(heads));
    ProbeAttention probe;
    probe.input = "a probe";
    probe.attention.encoder_self = stack;
    probe.entropies = head_entropies(probe.attention);
    AttentionSnapshot snapshot;
    snapshot.step = step;
    snapshot.probes.push_back(std::move(probe));
    return snapshot;
}

}  // namespace

class TestSnapshots : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

  private Q_SLOTS:
    void entropyIsOneForUniformAndZeroForOneHot() {
        const std::vector<float> uniform(4 * 4, 0.25f);
        QCOMPARE(mean_normalised_entropy(uniform.data(), 4, 4, false), 1.0);
        std::vector<float> one_hot(4 * 4, 0.0f);
        for (int r = 0; r < 4; ++r) one_hot[size_t(r * 4 + (r + 1) % 4)] = 1.0f;
        QCOMPARE(mean_normalised_entropy(one_hot.data(), 4, 4, false), 0.0);
        // Causal: row r is uniform over its r + 1 keys; the first row (one key) says nothing.
        std::vector<float> causal(3 * 3, 0.0f);
        for (int r = 0; r < 3; ++r)
            for (int c = 0; c <= r; ++c) causal[size_t(r * 3 + c)] = 1.0f / float(r + 1);
        QVERIFY(std::abs(mean_normalised_entropy(causal.data(), 3, 3, true) - 1.0) < 1e-6);
        // Half the rows uniform, half one-hot: 0.5.
        std::vector<float> mixed = uniform;
        std::copy(one_hot.begin(), one_hot.begin() + 8, mixed.begin());
        QVERIFY(std::abs(mean_normalised_entropy(mixed.data(), 4, 4, false) - 0.5) < 1e-6);
    }

    // The weight by query-key distance: a previous-token head puts all of it at distance 1,
    // a uniform encoder head spreads it evenly on both sides, and a prompt's keys count.
    void distanceProfileShowsHowFarAHeadLooks() {
        std::vector<float> previous(5 * 5, 0.0f);
        previous[0] = 1.0f;  // the first token has only itself
        for (int r = 1; r < 5; ++r) previous[size_t(r * 5 + r - 1)] = 1.0f;
        const DistanceProfile back = attention_by_distance(previous.data(), 5, 5, true, 10);
        QCOMPARE(back.nearest, 0);
        QCOMPARE(back.mean.size(), size_t(5));  // distances 0..4
        QCOMPARE(back.mean[0], 0.2);            // one query of five looks at itself
        QCOMPARE(back.mean[1], 1.0);
        QCOMPARE(back.mean[2], 0.0);
        QCOMPARE(attention_by_distance(previous.data(), 5, 5, true, 2).mean.size(), size_t(3));

        const std::vector<float> uniform(4 * 4, 0.25f);
        const DistanceProfile both = attention_by_distance(uniform.data(), 4, 4, false, 10);
        QCOMPARE(both.nearest, -3);
        QCOMPARE(both.mean.size(), size_t(7));
        for (double m : both.mean) QCOMPARE(m, 0.25);

        // Two generated rows after a three-token prompt: row 0 is the query at column 3.
        std::vector<float> prompt(2 * 5, 0.0f);
        prompt[0] = 1.0f;      // row 0 looks 3 back, at the prompt's first token
        prompt[5 + 4] = 1.0f;  // row 1 looks at itself
        const DistanceProfile generated = attention_by_distance(prompt.data(), 2, 5, true, 10);
        QCOMPARE(generated.mean[0], 0.5);
        QCOMPARE(generated.mean[3], 0.5);
        QCOMPARE(generated.mean[4], 0.0);  // only row 1 reaches distance 4, with nothing
    }

    void snapshotsAreTakenAtTheConfiguredSteps() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.snapshot_every = 4;
        SnapshotRecorder every4;
        TrainingControl control;
        QCOMPARE(int(train_new(c, path("every4"), every4, control).reason),
                 int(FinishReason::Completed));
        QCOMPARE(every4.warnings, std::vector<std::string>{});
        const std::vector<int64_t> expected{0, 4, 8, 12};
        QCOMPARE(indexed_steps(path("every4")), expected);
        QCOMPARE(reported_steps(every4), expected);
        // Default probes: two validation inputs; every stack of the one-layer, two-head model.
        const AttentionSnapshotReport& report = every4.snapshots.back();
        QCOMPARE(report.probes.size(), size_t(2));
        QCOMPARE(report.probes[0].encoder_self.size(), size_t(1));
        QCOMPARE(report.probes[0].cross.at(0).size(), size_t(2));
        QCOMPARE(report.probes[0].decoder_self.at(0).size(), size_t(2));
        for (double e : report.probes[0].cross[0]) QVERIFY(e >= 0 && e <= 1);

        c.train.snapshot_every = 0;  // with every validation (valid_every 6)
        c.train.probes = "dog two eight | green sheep | ";
        SnapshotRecorder with_validation;
        train_new(c, path("with-validation"), with_validation, control);
        QCOMPARE(indexed_steps(path("with-validation")), (std::vector<int64_t>{0, 6, 12}));
        const auto entries = read_snapshot_index(path("with-validation"));
        QCOMPARE(entries.back().inputs.size(), size_t(2));
        QCOMPARE(entries.back().inputs[1], std::string("green sheep"));

        c.train.snapshot_every = -1;
        SnapshotRecorder none;
        train_new(c, path("none"), none, control);
        QVERIFY(none.snapshots.empty());
        QVERIFY(!fs::exists(attention_snapshot_dir(path("none"))));
    }

    void mapsReadBackWithinQuantisation() {
        const std::string dir = path("round-trip");
        const AttentionSnapshot written = hand_made(7, 5, 0.7f);
        const SnapshotEntry entry = add_attention_snapshot(dir, written);
        QCOMPARE(entry.bytes, int64_t(fs::file_size(attention_snapshot_dir(dir) + "/step-7.att")));
        const AttentionSnapshot read = read_attention_snapshot(dir, 7);
        QCOMPARE(read.step, int64_t(7));
        QCOMPARE(read.probes.size(), size_t(1));
        QCOMPARE(read.probes[0].input, std::string("a probe"));
        const LabelledAttentionStack& a = written.probes[0].attention.encoder_self;
        const LabelledAttentionStack& b = read.probes[0].attention.encoder_self;
        QCOMPARE(b.row_labels, a.row_labels);
        QCOMPARE(b.column_labels, a.column_labels);
        QCOMPARE(b.rows, a.rows);
        QCOMPARE(b.weights.size(), size_t(1));
        QCOMPARE(b.weights[0].size(), size_t(2));
        for (size_t h = 0; h < 2; ++h)
            for (size_t i = 0; i < a.weights[0][h].size(); ++i)
                QVERIFY(std::abs(a.weights[0][h][i] - b.weights[0][h][i]) <= 0.5f / 255 + 1e-6f);
        const std::vector<SnapshotEntry> index = read_snapshot_index(dir);
        const auto& e = index.at(0).entropies.at(0).encoder_self;
        for (size_t h = 0; h < 2; ++h)
            QVERIFY(std::abs(e[0][h] - written.probes[0].entropies.encoder_self[0][h]) < 1e-4);
        QVERIFY(read.probes[0].attention.cross.empty());

        // A damaged file is refused with its name.
        fs::resize_file(attention_snapshot_dir(dir) + "/step-7.att", entry.bytes - 3);
        try {
            read_attention_snapshot(dir, 7);
            QFAIL("a truncated snapshot was read");
        } catch (const std::runtime_error& error) {
            QVERIFY(std::string(error.what()).find("step-7.att") != std::string::npos);
        }
        // So is a header that claims more than any model has, before anything is allocated.
        {
            std::ofstream out(attention_snapshot_dir(dir) + "/step-7.att", std::ios::binary);
            out << "TFWATT1\n"
                << R"({"step":7,"probes":[{"input":"x","stacks":{"cross":{"rows":[],)"
                << R"("columns":[],"row_count":5,"column_count":5,"layers":4000000000,)"
                << R"("heads":1}}}]})"
                << "\n";
        }
        try {
            read_attention_snapshot(dir, 7);
            QFAIL("a snapshot claiming 4e9 layers was read");
        } catch (const std::runtime_error& error) {
            QVERIFY2(std::string(error.what()).find("layers 4000000000 is out of range") !=
                         std::string::npos,
                     error.what());
        }
    }

    void theStoreStaysWithinItsBound() {
        const std::string dir = path("bounded");
        constexpr size_t kKept = 16;
        int64_t one = 0;
        for (int64_t step = 0; step <= 2000; step += 10)
            one = add_attention_snapshot(dir, hand_made(step, 6, 0.3f), kKept).bytes;
        const std::vector<int64_t> steps = indexed_steps(dir);
        QCOMPARE(steps.size(), kKept);
        QCOMPARE(steps.front(), int64_t(0));
        QCOMPARE(steps.back(), int64_t(2000));
        // Evenly spread: no gap more than twice the even one.
        for (size_t i = 1; i < steps.size(); ++i)
            QVERIFY2(steps[i] - steps[i - 1] <= 2 * 2000 / int64_t(kKept - 1),
                     qPrintable(QString("gap %1..%2").arg(steps[i - 1]).arg(steps[i])));
        // Only the kept snapshots' files remain, and nothing else grows.
        int64_t bytes = 0;
        size_t files = 0;
        for (const auto& f : fs::directory_iterator(attention_snapshot_dir(dir))) {
            ++files;
            if (f.path().extension() == ".att") bytes += int64_t(f.file_size());
        }
        QCOMPARE(files, kKept + 1);              // and index.json
        QVERIFY(bytes <= int64_t(kKept) * one);  // `one` has the longest step number
        QCOMPARE(snapshot_to_thin({0, 10, 20, 25, 40}), size_t(2));
    }

    void resumingKeepsEarlierSnapshotsAndDropsLaterOnes() {
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.snapshot_every = 2;
        const std::string dir = path("resumed");
        SnapshotRecorder first;
        TrainingControl control;
        first.control = &control;
        first.stop_after = 5;
        QCOMPARE(int(train_new(c, dir, first, control).reason), int(FinishReason::Stopped));
        QCOMPARE(indexed_steps(dir), (std::vector<int64_t>{0, 2, 4, 5}));
        const AttentionSnapshot before = read_attention_snapshot(dir, 4);
        // As if the run had written a snapshot after its last checkpoint and then crashed.
        add_attention_snapshot(dir, hand_made(9, 3, 0.1f));

        SnapshotRecorder second;
        TrainingControl resume_control;
        QCOMPARE(int(train_resume(dir, second, resume_control).reason),
                 int(FinishReason::Completed));
        QCOMPARE(reported_steps(second), (std::vector<int64_t>{6, 8, 10, 12}));
        QCOMPARE(indexed_steps(dir), (std::vector<int64_t>{0, 2, 4, 5, 6, 8, 10, 12}));
        const AttentionSnapshot after = read_attention_snapshot(dir, 4);
        QCOMPARE(after.probes[0].attention.cross.weights, before.probes[0].attention.cross.weights);

        // The uninterrupted run takes the same snapshots at the same steps.
        SnapshotRecorder whole;
        TrainingControl whole_control;
        train_new(c, path("whole"), whole, whole_control);
        const AttentionSnapshot uninterrupted = read_attention_snapshot(path("whole"), 10);
        QCOMPARE(read_attention_snapshot(dir, 10).probes[0].attention.cross.weights,
                 uninterrupted.probes[0].attention.cross.weights);

        const test::CliRun listed = test::run_tfw(
            {QStringLiteral("runs"), QStringLiteral("snapshots"), QString::fromStdString(dir)});
        QCOMPARE(listed.exit_code, 0);
        QVERIFY(listed.out.find("8 snapshots") != std::string::npos);
        QVERIFY(listed.out.find("\n12 ") != std::string::npos);
        const test::CliRun missing = test::run_tfw(
            {QStringLiteral("runs"), QStringLiteral("snapshots"), m_dir.filePath("no-run")});
        QCOMPARE(missing.exit_code, 1);
        QVERIFY(missing.err.find("no-run is not a run folder") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestSnapshots)
#include "test_snapshots.moc"
