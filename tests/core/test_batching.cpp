// Length-bucketed batching: the token budget, every example once, padding and its share,
// shuffling fixed by seed and epoch.
#include <QtTest>

#include <set>
#include <tuple>
#include <vector>

#include "core/data/batch_padding.h"
#include "core/data/dataset.h"
#include "core/data/tokenizer.h"

using namespace tfw;

namespace {

// Examples whose source holds a unique id (for coverage checks) and varied lengths.
std::vector<Example> numbered_examples(int n) {
    std::vector<Example> examples;
    for (int i = 0; i < n; ++i) {
        Example e;
        e.src.assign(static_cast<size_t>(1 + (i * 7) % 13), 5);
        e.src[0] = 1000 + i;
        e.tgt_in.assign(static_cast<size_t>(2 + (i * 5) % 11), 6);
        e.tgt_out = e.tgt_in;
        examples.push_back(e);
    }
    return examples;
}

}  // namespace

class TestBatching : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void batchesRespectTheBudgetAndCoverEveryExampleOnce() {
        const auto examples = numbered_examples(500);
        for (const bool shuffle : {false, true}) {
            const auto batches = make_batches(examples, 120, shuffle, 1, 1);
            std::multiset<int64_t> seen;
            for (const Batch& b : batches) {
                QVERIFY(b.size * (b.src_len + b.tgt_len) <= 120);
                QCOMPARE(b.src.size(), size_t(b.size * b.src_len));
                QCOMPARE(b.tgt_out.size(), size_t(b.size * b.tgt_len));
                int64_t src_tokens = 0;
                for (int64_t r = 0; r < b.size; ++r) {
                    seen.insert(b.src[size_t(r * b.src_len)]);
                    for (int64_t k = 0; k < b.src_len; ++k)
                        src_tokens += b.src[size_t(r * b.src_len + k)] != kPadId;
                }
                QCOMPARE(b.src_tokens, src_tokens);
            }
            QCOMPARE(seen.size(), size_t(500));
            QCOMPARE(std::set<int64_t>(seen.begin(), seen.end()).size(), size_t(500));
        }
    }

    void batchesPadAndCountTokens() {
        std::vector<Example> examples(2);
        examples[0] = {{7, 8, kEosId}, {kBosId, 9}, {9, kEosId}};
        examples[1] = {{7, kEosId}, {kBosId, 9, 9, 9}, {9, 9, 9, kEosId}};
        const auto batches = make_batches(examples, 1000, false, 0, 0);
        QCOMPARE(batches.size(), size_t(1));
        const Batch& b = batches[0];
        QCOMPARE(b.size, int64_t(2));
        QCOMPARE(b.src_len, int64_t(3));
        QCOMPARE(b.tgt_len, int64_t(4));
        QCOMPARE(b.src, (std::vector<int64_t>{7, kEosId, kPadId, 7, 8, kEosId}));  // length order
        QCOMPARE(b.tgt_in, (std::vector<int64_t>{kBosId, 9, 9, 9, kBosId, 9, kPadId, kPadId}));
        QCOMPARE(b.tgt_out, (std::vector<int64_t>{9, 9, 9, kEosId, 9, kEosId, kPadId, kPadId}));
        QCOMPARE(b.src_tokens, int64_t(5));
        QCOMPARE(b.tgt_tokens, int64_t(6));
    }

    void paddingShareCountsEmptyPositions() {
        std::vector<Example> examples(2);
        examples[0] = {{7, 8, kEosId}, {kBosId, 9}, {9, kEosId}};
        examples[1] = {{7, kEosId}, {kBosId, 9, 9, 9}, {9, 9, 9, kEosId}};
        // One batch of 2 x (3 + 4) positions holding 5 source and 6 target tokens.
        QCOMPARE(padding_share(make_batches(examples, 1000, false, 0, 0)), 3.0 / 14.0);
        // Each in a batch of its own: 2 x 1 x (3 + 2) and (2 + 4) positions, all filled.
        QCOMPARE(padding_share(make_batches(examples, 6, false, 0, 0)), 0.0);
        QCOMPARE(padding_share({}), 0.0);
    }

    void anExampleOverTheBudgetGetsItsOwnBatch() {
        std::vector<Example> examples(3);
        for (auto& e : examples) e = {std::vector<int32_t>(40, 5), {kBosId}, {kEosId}};
        const auto batches = make_batches(examples, 50, true, 3, 1);
        QCOMPARE(batches.size(), size_t(3));
        for (const Batch& b : batches) QCOMPARE(b.size, int64_t(1));
    }

    // For CUDA graphs: lengths rounded up to multiples of 8 and every batch as many rows as a
    // full batch of its lengths holds, so that a shape follows from its two lengths; the rows
    // added hold one source token, a start token and nothing to predict.
    void batchesCutToFewShapesCoverEveryExampleOnce() {
        const auto examples = numbered_examples(500);
        const auto batches = make_batches(examples, 120, true, 1, 1, 8);
        std::multiset<int64_t> seen;
        std::set<std::tuple<int64_t, int64_t, int64_t>> shapes;
        int64_t dummy_rows = 0;
        for (const Batch& b : batches) {
            QCOMPARE(b.src_len % 8, int64_t(0));
            QCOMPARE(b.tgt_len % 8, int64_t(0));
            QCOMPARE(b.size, 120 / (b.src_len + b.tgt_len));
            shapes.insert({b.size, b.src_len, b.tgt_len});
            int64_t tgt_tokens = 0;
            for (int64_t r = 0; r < b.size; ++r) {
                const int64_t first = b.src[size_t(r * b.src_len)];
                int64_t row_targets = 0;
                for (int64_t k = 0; k < b.tgt_len; ++k)
                    row_targets += b.tgt_out[size_t(r * b.tgt_len + k)] != kPadId;
                tgt_tokens += row_targets;
                if (first >= 1000) {
                    seen.insert(first);
                    continue;
                }
                ++dummy_rows;
                QCOMPARE(first, int64_t(kEosId));
                QCOMPARE(b.src[size_t(r * b.src_len + 1)], int64_t(kPadId));
                QCOMPARE(b.tgt_in[size_t(r * b.tgt_len)], int64_t(kBosId));
                QCOMPARE(row_targets, int64_t(0));
            }
            QCOMPARE(b.tgt_tokens, tgt_tokens);
        }
        QCOMPARE(seen.size(), size_t(500));
        QCOMPARE(std::set<int64_t>(seen.begin(), seen.end()).size(), size_t(500));
        QVERIFY(dummy_rows > 0);
        // Sources of 1..13 and targets of 2..12 tokens: two lengths each, at most four shapes.
        QVERIFY(shapes.size() <= 4);
        QVERIFY(batches.size() > 20);
    }

    void shuffledBatchesAreDeterministicPerSeedAndEpoch() {
        const auto examples = numbered_examples(400);
        auto first_ids = [&](uint64_t seed, int epoch) {
            std::vector<int64_t> ids;
            for (const Batch& b : make_batches(examples, 100, true, seed, epoch))
                ids.insert(ids.end(), b.src.begin(), b.src.end());
            return ids;
        };
        QCOMPARE(first_ids(5, 1), first_ids(5, 1));
        QVERIFY(first_ids(5, 1) != first_ids(5, 2));
        QVERIFY(first_ids(5, 1) != first_ids(6, 1));
        // Without shuffling, batches come in length order.
        const auto ordered = make_batches(examples, 100, false, 5, 1);
        for (size_t i = 1; i < ordered.size(); ++i)
            QVERIFY(ordered[i - 1].src_len <= ordered[i].src_len);
    }
};

QTEST_APPLESS_MAIN(TestBatching)
#include "test_batching.moc"
