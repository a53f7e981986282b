// Sampling: deterministic per seed, independent of the other sentences in a batch, top-k and
// top-p truncating the distribution in order, and the narrowest sampling equal to greedy; on
// tiny random models with fixed seeds.
#include <QtTest>

#include <ATen/ATen.h>

#include <set>
#include <vector>

#include "core/decode/search.h"
#include "tests/core/decode_fixtures.h"

using namespace tfw;
using namespace tfw::test;

namespace {

DecodeOptions sampling_options(int samples, double temperature, uint64_t seed) {
    DecodeOptions o = options_with(1);
    o.sample = true;
    o.samples = samples;
    o.temperature = temperature;
    o.seed = seed;
    return o;
}

}  // namespace

class TestSampling : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    // Models this small gain nothing from threads, and on a busy machine idle worker threads
    // slow every operation down.
    void initTestCase() { at::set_num_threads(1); }

    void samplingIsDeterministicPerSeed() {
        auto model = make_model(Task::Translation);
        const auto in = inputs(false, 4, 5);
        DecodeOptions o = sampling_options(3, 1.5, 11);
        o.top_p = 0.9;
        const auto first = decode_ids(*model, in, o);
        const auto again = decode_ids(*model, in, o);
        o.seed = 12;
        const auto other = decode_ids(*model, in, o);
        bool differs = false;
        for (size_t i = 0; i < in.size(); ++i) {
            QCOMPARE(first[i].size(), size_t(3));
            compare_hypotheses(first[i], again[i]);
            for (size_t k = 0; k < first[i].size(); ++k)
                differs = differs || first[i][k].tokens != other[i][k].tokens;
        }
        QVERIFY(differs);
    }

    // Each input draws from its own stream (seed, input index): decoding it alone, in one
    // batch with others, or in batches of another size gives it the same samples.
    void samplesDoNotDependOnTheNeighbours() {
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            const auto in = inputs(task == Task::LanguageModel, 5, 5);
            DecodeOptions o = sampling_options(3, 2.0, 4);
            o.batch_size = 1;
            const auto one_at_a_time = decode_ids(*model, in, o);
            o.batch_size = 8;
            const auto together = decode_ids(*model, in, o);
            bool inputs_differ = false;
            for (size_t i = 0; i < in.size(); ++i) {
                compare_hypotheses(one_at_a_time[i], together[i]);
                inputs_differ = inputs_differ || together[i][0].tokens != together[0][0].tokens;
            }
            QVERIFY(inputs_differ);
        }
    }

    // An input's first step is taken once for all its samples, its cache then widened to them,
    // and an input leaves the batch once all its samples have ended: each sample's score is
    // still what teacher forcing gives its tokens, for both tasks, with inputs ending at
    // different steps.
    void samplesScoreAsTeacherForcingDoes() {
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            const auto in = inputs(task == Task::LanguageModel, 6, 5);
            DecodeOptions o = sampling_options(3, 1.5, 9);
            o.min_len = 1;
            const auto sampled = decode_ids(*model, in, o);
            std::set<size_t> lengths;
            for (size_t i = 0; i < in.size(); ++i) {
                QCOMPARE(sampled[i].size(), size_t(3));
                for (const Hypothesis& h : sampled[i]) {
                    QVERIFY(std::abs(teacher_forced_score(*model, in[i], h) - h.score) < 1e-3);
                    lengths.insert(h.token_log_probs.size());
                }
            }
            QVERIFY2(lengths.size() >= 3, "samples end at varied steps");
        }
    }

    // top-k keeps exactly k tokens, ties included; top-p then applies to the k tokens'
    // renormalized distribution.
    void samplingDistributionTruncatesInOrder() {
        const auto log_of = [](std::vector<float> p) { return at::tensor(p).log().unsqueeze(0); };
        DecodeOptions o;
        o.top_k = 2;
        at::Tensor ties = sampling_distribution(log_of({0.3f, 0.3f, 0.3f, 0.1f}), o);
        QCOMPARE((ties > 0).sum().item<int64_t>(), int64_t(2));
        QVERIFY(std::abs(ties.sum().item<float>() - 1.0f) < 1e-6);

        // After top-k the two left weigh 0.4/0.7 = 0.571 and 0.3/0.7 = 0.429: top_p 0.5 keeps
        // only the first (on the unrenormalized 0.4 and 0.3 it would keep both).
        o.top_p = 0.5;
        at::Tensor nucleus = sampling_distribution(log_of({0.4f, 0.3f, 0.2f, 0.1f}), o);
        QCOMPARE(nucleus[0][0].item<float>(), 1.0f);
        QCOMPARE((nucleus > 0).sum().item<int64_t>(), int64_t(1));
        o.top_p = 0.6;
        nucleus = sampling_distribution(log_of({0.4f, 0.3f, 0.2f, 0.1f}), o);
        QVERIFY(std::abs(nucleus[0][1].item<float>() - 0.3f / 0.7f) < 1e-5);
        QCOMPARE((nucleus > 0).sum().item<int64_t>(), int64_t(2));
    }

    // The CPU orders only as many tokens as the nucleus needs: the same distribution as the
    // definition's sort of the whole row, for nuclei of a few, hundreds and thousands of the
    // 8,000 tokens.
    void nucleusEqualsTheSortedDefinition() {
        at::manual_seed(2);
        const at::Tensor logits = at::randn({6, 8000}) * 4;
        for (double temperature : {0.3, 1.0, 3.0})
            for (double top_p : {0.5, 0.9, 0.99}) {
                DecodeOptions o;
                o.temperature = temperature;
                o.top_p = top_p;
                const at::Tensor log_probs = at::log_softmax(logits, -1);
                at::Tensor expected = at::softmax(log_probs / temperature, -1);
                const auto sorted = expected.sort(1, /*descending=*/true);
                const at::Tensor values = std::get<0>(sorted);
                const at::Tensor drop =
                    at::zeros_like(values, at::kBool)
                        .scatter(1, std::get<1>(sorted), (values.cumsum(1) - values) >= top_p);
                expected = expected.masked_fill(drop, 0.0);
                expected = expected / expected.sum(1, true);
                const at::Tensor got = sampling_distribution(log_probs, o);
                QVERIFY2(
                    at::equal(got, expected),
                    qPrintable(QString("temperature %1, top_p %2").arg(temperature).arg(top_p)));
                const int64_t kept = (got > 0).sum(1).min().item<int64_t>();
                if (temperature == 3.0 && top_p == 0.99) QVERIFY(kept > 512);
            }
    }

    void narrowestSamplingEqualsGreedy() {
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            const auto in = inputs(task == Task::LanguageModel, 5, 5);
            const auto greedy = greedy_search(*model, in, options_with(1));
            DecodeOptions top_k = options_with(1);
            top_k.sample = true;
            top_k.top_k = 1;
            top_k.temperature = 3.0;
            DecodeOptions top_p = options_with(1);
            top_p.sample = true;
            top_p.top_p = 1e-6;
            for (const auto& o : {top_k, top_p}) {
                const auto sampled = decode_ids(*model, in, o);
                for (size_t i = 0; i < in.size(); ++i) compare_hypotheses(greedy[i], sampled[i]);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestSampling)
#include "test_sampling.moc"
