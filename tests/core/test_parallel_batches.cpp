// Decoding on two threads, whole batches in parallel (core/decode/parallel_batches.h): every
// search gives what it gives on one thread, the caller's callbacks are called on its own thread
// only, and stopping starts no more batches; on tiny random models with fixed seeds.
#include <QtTest>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/decode/parallel_batches.h"
#include "core/decode/search.h"
#include "core/model/model_copy.h"
#include "core/runtime/compute_threads.h"
#include "tests/core/decode_fixtures.h"

using namespace tfw;
using namespace tfw::test;

namespace {

// Sources of lengths 2 to 12 in a mixed order, so that batches differ in length.
std::vector<std::vector<int>> varied_sources(int count) {
    std::vector<std::vector<int>> in;
    at::manual_seed(5);
    for (int i = 0; i < count; ++i) {
        const int len = 2 + (i * 7) % 11;
        const at::Tensor t = at::randint(4, kVocab, {len}, at::kLong);
        std::vector<int> ids(t.data_ptr<int64_t>(), t.data_ptr<int64_t>() + t.numel());
        ids.push_back(kEosId);
        in.push_back(ids);
    }
    return in;
}

// The same decoding on one thread and on two.
void decodes_as_on_one_thread(TransformerModelImpl& model, const std::vector<std::vector<int>>& in,
                              const DecodeOptions& o) {
    configure_threads(1);
    const auto alone = decode_ids(model, in, o);
    configure_threads(2);
    const auto parallel = decode_ids(model, in, o);
    configure_threads(1);
    QCOMPARE(parallel.size(), in.size());
    for (size_t i = 0; i < in.size(); ++i) {
        QVERIFY(!parallel[i].empty());
        compare_hypotheses(parallel[i], alone[i]);
    }
}

}  // namespace

class TestParallelBatches : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void initTestCase() { configure_threads(1); }

    // Workers run at once on threads of their own, inside LibTorch's parallel region (where
    // every operator computes on one thread); only the caller's thread is told it may ask, and
    // it polls while the others work.
    void workersRunOnThreadsOfTheirOwn() {
        configure_threads(2);
        const std::thread::id caller = std::this_thread::get_id();
        std::mutex mutex;
        std::set<std::thread::id> threads;
        std::vector<std::thread::id> asking;
        std::atomic<bool> slow_done{false};
        std::atomic<int> polls{0};
        std::atomic<bool> polled_while_working{false};
        std::atomic<int> in_region{0};
        run_parallel_batches(
            2,
            [&](int, bool asks) {
                if (at::in_parallel_region()) ++in_region;
                {
                    const std::lock_guard<std::mutex> lock(mutex);
                    threads.insert(std::this_thread::get_id());
                    if (asks) asking.push_back(std::this_thread::get_id());
                }
                if (asks) return;  // the caller's worker ends first and polls
                while (polls < 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
                slow_done = true;
            },
            [&] {
                ++polls;
                if (!slow_done) polled_while_working = true;
            });
        configure_threads(1);
        QCOMPARE(in_region.load(), 2);
        QCOMPARE(threads.size(), size_t(2));
        QCOMPARE(asking.size(), size_t(1));
        QVERIFY(asking.front() == caller);
        QVERIFY(polled_while_working);
    }

    void aWorkersExceptionReachesTheCaller() {
        configure_threads(2);
        bool thrown = false;
        try {
            run_parallel_batches(2, [](int worker, bool) {
                if (worker == 1) throw std::runtime_error("worker 1 failed");
            });
        } catch (const std::runtime_error& e) {
            thrown = QString(e.what()) == "worker 1 failed";
        }
        configure_threads(1);
        QVERIFY(thrown);
    }

    // Beam search in several batches, for both tasks, with rotary positions (whose tables the
    // threads share) and with the decoding copy's packed weights.
    void beamBatchesInParallelDecodeAsOneThreadDoes_data() {
        QTest::addColumn<int>("task");
        QTest::addColumn<int>("positional");
        QTest::addColumn<bool>("packed");
        QTest::newRow("translation") << static_cast<int>(Task::Translation)
                                     << static_cast<int>(Positional::Sinusoidal) << false;
        QTest::newRow("rope") << static_cast<int>(Task::Translation)
                              << static_cast<int>(Positional::Rope) << false;
        QTest::newRow("packed copy") << static_cast<int>(Task::Translation)
                                     << static_cast<int>(Positional::Sinusoidal) << true;
        QTest::newRow("language model") << static_cast<int>(Task::LanguageModel)
                                        << static_cast<int>(Positional::Sinusoidal) << false;
    }
    void beamBatchesInParallelDecodeAsOneThreadDoes() {
        QFETCH(int, task);
        QFETCH(int, positional);
        QFETCH(bool, packed);
        const bool lm = static_cast<Task>(task) == Task::LanguageModel;
        auto model = make_model(static_cast<Task>(task), 7, [&](ExperimentConfig& c) {
            c.model.positional = static_cast<Positional>(positional);
        });
        TransformerModel copy = packed ? decoding_copy(*model, DecodePrecision::Fp32) : nullptr;
        DecodeOptions o = options_with(3, 1.0);
        o.batch_size = 2;
        decodes_as_on_one_thread(copy ? *copy : *model,
                                 lm ? inputs(true, 9, 4) : varied_sources(13), o);
    }

    // At the presets' width the decoding copies multiply in tiles and with oneDNN's packed
    // products, each thread with a scratchpad of its own (one shared by both threads gave other
    // outputs): fp32 and bf16, beam and greedy.
    void presetWidthCopiesDecodeAsOneThreadDoes() {
        auto model = make_model(Task::Translation, 7, [](ExperimentConfig& c) {
            c.model.d_model = 256;
            c.model.ffn_dim = 1024;
        });
        const auto in = varied_sources(48);
        for (DecodePrecision precision : {DecodePrecision::Fp32, DecodePrecision::Bf16}) {
            TransformerModel copy = decoding_copy(*model, precision);
            for (int beam : {5, 1}) {
                DecodeOptions o = options_with(beam, 1.0);
                o.batch_size = 12;  // 60 rows a beam step: products large enough to need scratch
                decodes_as_on_one_thread(copy ? *copy : *model, in, o);
            }
        }
    }

    // Greedy search deals its inputs out among the threads, each keeping its batch full; one
    // input at a time and sampling go batch by batch.
    void greedyAndSamplingInParallelDecodeAsOneThreadDoes() {
        auto model = make_model(Task::Translation, 11, {}, 1.5);
        const auto in = varied_sources(15);
        DecodeOptions refilled = options_with(1, 1.0);
        refilled.batch_size = 3;
        decodes_as_on_one_thread(*model, in, refilled);
        DecodeOptions alone = options_with(1, 1.0);
        alone.batch_size = 1;
        decodes_as_on_one_thread(*model, in, alone);
        DecodeOptions sampled = options_with(1);
        sampled.sample = true;
        sampled.samples = 2;
        sampled.seed = 9;
        sampled.batch_size = 4;
        decodes_as_on_one_thread(*model, in, sampled);
    }

    // Progress is asked on the calling thread only, counts never go back and end at all
    // inputs; for batches and for the refilled greedy batches.
    void progressIsAskedOnTheCallingThread() {
        auto model = make_model(Task::Translation);
        const auto in = varied_sources(12);
        for (int beam : {3, 1}) {
            DecodeOptions o = options_with(beam);
            o.batch_size = 2;
            const std::thread::id caller = std::this_thread::get_id();
            std::vector<size_t> asked;
            bool elsewhere = false;
            configure_threads(2);
            decode_ids(*model, in, o, [&](size_t done) {
                elsewhere = elsewhere || std::this_thread::get_id() != caller;
                asked.push_back(done);
                return true;
            });
            configure_threads(1);
            QVERIFY2(!elsewhere, qPrintable(QString("beam %1").arg(beam)));
            QCOMPARE(asked.front(), size_t(0));
            QCOMPARE(asked.back(), in.size());
            QVERIFY(std::is_sorted(asked.begin(), asked.end()));
        }
    }

    // Stopping: no more batches (or inputs) start; those decoded are whole, the others empty.
    // The other thread learns of it as it starts its next batch, so a few more may end.
    void stoppingStartsNoMore() {
        auto model = make_model(Task::Translation);
        const auto in = varied_sources(40);
        for (int beam : {3, 1}) {
            DecodeOptions o = options_with(beam);
            o.batch_size = 2;
            configure_threads(1);
            const auto all = decode_ids(*model, in, o);
            configure_threads(2);
            const auto some = decode_ids(*model, in, o, [](size_t done) { return done < 4; });
            configure_threads(1);
            size_t decoded = 0;
            for (size_t i = 0; i < in.size(); ++i) {
                if (some[i].empty()) continue;
                ++decoded;
                compare_hypotheses(some[i], all[i]);
            }
            QVERIFY2(decoded >= 4 && decoded < in.size(),
                     qPrintable(QString("beam %1: %2 decoded").arg(beam).arg(decoded)));
        }
    }
};

QTEST_APPLESS_MAIN(TestParallelBatches)
#include "test_parallel_batches.moc"
