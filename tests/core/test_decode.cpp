// Decoding: greedy, batched beam search, the logit rules and head masking, on tiny random models
// with fixed seeds. (Sampling: test_sampling; the decoding settings: test_decode_settings.)
#include <QTemporaryDir>
#include <QtTest>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <torch/utils.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "core/config/config_io.h"
#include "core/config/decode_fields.h"
#include "core/data/tokenizer.h"
#include "core/data/word_tokenizer.h"
#include "core/decode/search.h"
#include "core/decode/step_candidates.h"
#include "core/decode/translator.h"
#include "core/device/cpu_features.h"
#include "core/eval/evaluation.h"
#include "core/io/model_io.h"
#include "core/io/run_directory.h"
#include "core/model/int8_linear.h"
#include "core/model/int8_tiles.h"
#include "core/model/model_copy.h"
#include "core/model/onednn_linear.h"
#include "core/model/packed_linear.h"
#include "core/model/tiled_product.h"
#include "core/runtime/host_reads.h"
#include "core/train/trainer.h"
#include "tests/core/decode_fixtures.h"
#include "tests/core/test_support.h"
#include "tests/core/tiny_checkpoint.h"

using namespace tfw;
using namespace tfw::test;

namespace {

// A language model whose next token depends only on the last one, with the given table of
// next-token probabilities (rows: last token; missing entries get almost none). No decoder
// layers and no positions: the hidden state is LayerNorm(embedding), so one-hot-like
// embeddings and an output matrix holding the log-probabilities reproduce the table.
TransformerModel bigram_model(const std::vector<std::vector<double>>& table) {
    ExperimentConfig c = test::tiny_model_config(Task::LanguageModel);
    const int64_t vocab = static_cast<int64_t>(table.size());
    c.model.d_model = 2 * vocab;
    c.model.heads = 1;
    c.model.decoder_layers = 0;
    c.model.positional = Positional::None;
    c.model.tie_embeddings = false;
    TransformerModel model(model_options(c, vocab, vocab));
    model->eval();
    torch::NoGradGuard no_grad;
    auto params = model->named_parameters();
    at::Tensor embedding = params["tgt_embedding.weight"].zero_();
    at::Tensor output = params["output.weight"].zero_();
    // Embedding i is e_i - e_(vocab+i): mean 0, so LayerNorm only rescales it, to sqrt(vocab).
    const double scale = std::sqrt(static_cast<double>(vocab));
    for (int64_t i = 0; i < vocab; ++i) {
        embedding[i][i] = 1.0;
        embedding[i][vocab + i] = -1.0;
        for (int64_t v = 0; v < vocab; ++v) {
            const double p = table[i][v];
            output[v][i] = (p > 0 ? std::log(p) : -30.0) / scale;
        }
    }
    return model;
}

// Decodes `in` greedily and with beam 3 by `model` and by `copy` (the same model in a lower
// precision): each of the copy's best outputs, rescored by `model`, is within `per_token` per
// token of what the copy computed (with `near_best`, also not below the fp32 best by more),
// and at least `min_same` of them are fp32's own outputs.
void expect_copy_decodes_close(TransformerModelImpl& model, TransformerModelImpl& copy,
                               const std::vector<std::vector<int>>& in, double per_token,
                               bool near_best, int min_same) {
    for (int beam : {1, 3}) {
        const DecodeOptions o = options_with(beam);
        const auto exact = decode_ids(model, in, o);
        const auto fast = decode_ids(copy, in, o);
        int same = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            const Hypothesis& h = fast[i].front();
            const double rescored = teacher_forced_score(model, in[i], h);
            const double tolerance = per_token * double(h.token_log_probs.size());
            QVERIFY2(std::abs(rescored - h.score) < tolerance,
                     qPrintable(QStringLiteral("%1 vs %2").arg(rescored).arg(h.score)));
            if (near_best)
                QVERIFY2(rescored > exact[i].front().score - tolerance,
                         qPrintable(QStringLiteral("%1 vs fp32's %2")
                                        .arg(rescored)
                                        .arg(exact[i].front().score)));
            same += h.tokens == exact[i].front().tokens;
        }
        QVERIFY2(same >= min_same, qPrintable(QString::number(same)));
    }
}

// relu?(x times w, each output one fused multiply-add chain over the inputs in order, plus b)
// plus residual, in scalar code: x [rows, 1, in], w [out, in], b [out], residual [rows, 1, out].
at::Tensor fma_chain_product(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b,
                             bool relu, const at::Tensor& residual) {
    const int64_t rows = x.size(0), in = w.size(1), out = w.size(0);
    const at::Tensor xs = x.contiguous(), ws = w.contiguous(), r = residual.contiguous();
    at::Tensor y = at::empty({rows, 1, out});
    const float *xv = xs.data_ptr<float>(), *wv = ws.data_ptr<float>(), *bv = b.data_ptr<float>(),
                *rv = r.data_ptr<float>();
    float* yv = y.data_ptr<float>();
    for (int64_t i = 0; i < rows; ++i)
        for (int64_t o = 0; o < out; ++o) {
            float sum = 0.0f;
            for (int64_t k = 0; k < in; ++k) sum = std::fma(xv[i * in + k], wv[o * in + k], sum);
            float v = sum + bv[o];
            if (relu) v = v > 0.0f ? v : 0.0f;
            yv[i * out + o] = v + rv[i * out + o];
        }
    return y;
}

bool repeats_an_ngram(const std::vector<int>& tokens, int n) {
    std::set<std::vector<int>> seen;
    for (size_t i = 0; i + n <= tokens.size(); ++i)
        if (!seen.insert(std::vector<int>(tokens.begin() + i, tokens.begin() + i + n)).second)
            return true;
    return false;
}

}  // namespace

class TestDecode : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    // Models this small gain nothing from threads, and on a busy machine idle worker threads
    // slow every operation down.
    void initTestCase() {
        at::set_num_threads(1);
        // CTest runs the kernels' tests a second time as on an AVX2 CPU (test_decode_avx2):
        // the ceiling must hold, or that run tests the same kernels twice.
        // Again as on a CPU with AVX-VNNI and no AVX-512 (test_decode_avx2_vnni), where this one
        // has AVX-VNNI.
        const QString ceiling = qEnvironmentVariable("TFW_MAX_CPU_ISA");
        const CpuFeatures& cpu = cpu_features();
        if (ceiling == QLatin1String("avx2") || ceiling == QLatin1String("avx2_vnni"))
            QVERIFY(!cpu.avx512f && !cpu.avx512_vnni && !cpu.avx512_bf16 && !cpu.amx_int8);
        if (ceiling == QLatin1String("avx2")) QVERIFY(!cpu.avx_vnni);
        if (ceiling == QLatin1String("avx2_vnni") && !cpu.avx_vnni)
            QSKIP("this CPU has no AVX-VNNI: test_decode_avx2 runs these kernels");
        qInfo("kernels for %s", cpu_isa_name(cpu_features()).c_str());
    }

    // A search step's choice (step_candidates.h) equals what the searches computed before:
    // log_softmax, the rules' masks on it, the sum with each row's score, topk over each
    // input's beam x V candidates and the gather of their log-probabilities. Vocabularies
    // below, at and past whole vectors and chunks; masked tokens; a dead row; a group with
    // fewer finite candidates than wanted; a row of equal logits (lower id first).
    void stepCandidatesEqualLogSoftmaxAndTopk_data() {
        QTest::addColumn<int>("vocab");
        for (int vocab : {3, 7, 64, 100, 1003})
            QTest::newRow(qPrintable(QString::number(vocab))) << vocab;
    }
    void stepCandidatesEqualLogSoftmaxAndTopk() {
        QFETCH(int, vocab);
        const float inf = std::numeric_limits<float>::infinity();
        const int64_t beam = 3, groups = 4, rows = beam * groups, wanted = 2 * beam;
        at::manual_seed(11);
        at::Tensor logits = at::randn({rows, vocab}) * 4;
        logits[7].fill_(0.5);  // group 2's second row: equal logits
        const at::Tensor normalizers = log_softmax_normalizers(logits);
        at::Tensor log_probs = at::log_softmax(logits, -1);
        QVERIFY(at::allclose((logits - normalizers.narrow(1, 0, 1)) - normalizers.narrow(1, 1, 1),
                             log_probs, 1e-6, 1e-5));
        // The rules' masks, on the logits and (as before) on the log-probabilities.
        for (at::Tensor* t : {&logits, &log_probs}) {
            t->select(1, 0).fill_(-inf);
            (*t)[1][vocab - 1] = -inf;
            (*t)[11].narrow(0, 2, vocab - 2).fill_(-inf);  // group 3: token 1 alone in its row
        }
        std::vector<double> scores(rows);
        for (int64_t r = 0; r < rows; ++r) scores[r] = -0.5 * double(r % beam) - 0.1 * double(r);
        scores[4] = -inf;                           // a dead row
        scores[9] = scores[10] = -inf;              // group 3 lives on one row with one token
        for (int64_t r : {6, 8}) scores[r] = -inf;  // group 2: only its row of equal logits
        const StepCandidates top = best_candidates(logits, normalizers, scores, beam, wanted);

        const at::Tensor row_scores = at::tensor(scores, at::kDouble).to(at::kFloat);
        const at::Tensor candidates =
            (log_probs + row_scores.unsqueeze(1)).view({groups, beam * vocab});
        const auto expected = candidates.topk(std::min<int64_t>(wanted, beam * vocab), 1);
        const at::Tensor expected_log_probs =
            log_probs.view({groups, beam * vocab}).gather(1, std::get<1>(expected));
        QCOMPARE(top.scores.sizes(), std::get<0>(expected).sizes());
        const at::Tensor finite = std::get<0>(expected).isfinite();
        QVERIFY(at::equal(top.scores.isfinite(), finite));
        QVERIFY(at::allclose(top.scores.masked_select(finite),
                             std::get<0>(expected).masked_select(finite), 1e-6, 1e-5));
        QVERIFY(at::allclose(top.log_probs.masked_select(finite),
                             expected_log_probs.masked_select(finite), 1e-6, 1e-5));
        // Ids where the expected values are distinct; among the equal logits, the lowest first.
        for (int64_t g : {0, 1, 3})
            for (int64_t j = 0; j < top.ids.size(1); ++j)
                if (finite[g][j].item<bool>())
                    QCOMPARE(top.ids[g][j].item<int64_t>(),
                             std::get<1>(expected)[g][j].item<int64_t>());
        QCOMPARE(finite[3].sum().item<int64_t>(), int64_t(1));  // one candidate, the rest -inf
        QCOMPARE(top.ids[3][0].item<int64_t>(), int64_t(2 * vocab + 1));
        for (int64_t j = 0; j < std::min<int64_t>(wanted, vocab - 1); ++j)
            QCOMPARE(top.ids[2][j].item<int64_t>(), int64_t(vocab + 1 + j));  // token 0 masked
    }

    void beamOfOneEqualsGreedy_data() {
        QTest::addColumn<int>("task");
        QTest::newRow("translation") << static_cast<int>(Task::Translation);
        QTest::newRow("lm") << static_cast<int>(Task::LanguageModel);
    }
    void beamOfOneEqualsGreedy() {
        QFETCH(int, task);
        auto model = make_model(static_cast<Task>(task));
        const bool lm = model->options().is_lm();
        const auto in = inputs(lm, 6, 5);
        const auto greedy = greedy_search(*model, in, options_with(1));
        const auto beam = beam_search(*model, in, options_with(1));
        for (size_t i = 0; i < in.size(); ++i) compare_hypotheses(greedy[i], beam[i]);
    }

    // After the prompt: A 0.6 or B 0.4. After A: C 0.36, D 0.34, EOS 0.3; after B: EOS 0.9.
    // Greedy takes A C (0.216); the best output is B (0.36), which a beam of 2 finds.
    void beamFindsTheBestOutputGreedyMisses() {
        constexpr int A = 4, B = 5, C = 6, D = 7;
        std::vector<std::vector<double>> table(8, std::vector<double>(8, 0.0));
        table[kEosId][A] = 0.6;
        table[kEosId][B] = 0.4;
        table[A][C] = 0.36;
        table[A][D] = 0.34;
        table[A][kEosId] = 0.3;
        table[B][kEosId] = 0.9;
        table[B][C] = 0.1;
        table[C][kEosId] = table[D][kEosId] = 1.0;
        auto model = bigram_model(table);
        const std::vector<std::vector<int>> prompt{{kEosId}};
        const Hypothesis greedy = greedy_search(*model, prompt, options_with(1))[0][0];
        QCOMPARE(greedy.tokens, (std::vector<int>{A, C}));
        QVERIFY(std::abs(greedy.score - std::log(0.6 * 0.36)) < 1e-3);
        const auto beam = decode_ids(*model, prompt, options_with(2))[0];
        QCOMPARE(beam[0].tokens, (std::vector<int>{B}));
        QVERIFY(beam[0].finished);
        QVERIFY(std::abs(beam[0].score - std::log(0.4 * 0.9)) < 1e-3);
        QCOMPARE(beam[1].tokens, (std::vector<int>{A, C}));
    }

    void beamReturnsSortedNbestWithTeacherForcedScores_data() {
        QTest::addColumn<int>("task");
        QTest::addColumn<double>("lenpen");
        QTest::addColumn<int>("form");
        QTest::newRow("translation fairseq 1.0") << static_cast<int>(Task::Translation) << 1.0 << 0;
        QTest::newRow("translation gnmt 0.6") << static_cast<int>(Task::Translation) << 0.6 << 1;
        QTest::newRow("lm no penalty") << static_cast<int>(Task::LanguageModel) << 0.0 << 0;
    }
    void beamReturnsSortedNbestWithTeacherForcedScores() {
        QFETCH(int, task);
        QFETCH(double, lenpen);
        QFETCH(int, form);
        auto model = make_model(static_cast<Task>(task));
        const bool lm = model->options().is_lm();
        const auto in = inputs(lm, 4, 5);
        DecodeOptions o = options_with(4, lenpen);
        o.lenpen_form = static_cast<LengthPenaltyForm>(form);
        const auto results = decode_ids(*model, in, o);
        int finished = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            QCOMPARE(results[i].size(), size_t(4));
            std::set<std::vector<int>> distinct;
            for (size_t k = 0; k < results[i].size(); ++k) {
                const Hypothesis& h = results[i][k];
                distinct.insert(h.tokens);
                finished += h.finished;
                if (k > 0) QVERIFY(results[i][k - 1].normalized >= h.normalized);
                double sum = 0;
                for (float lp : h.token_log_probs) sum += lp;
                QVERIFY(std::abs(sum - h.score) < 1e-4);
                QVERIFY(std::abs(teacher_forced_score(*model, in[i], h) - h.score) < 1e-3);
                const double penalty = length_penalty(
                    static_cast<int64_t>(h.token_log_probs.size()), o.lenpen, o.lenpen_form);
                QVERIFY(std::abs(h.normalized - h.score / penalty) < 1e-6);
            }
            QCOMPARE(distinct.size(), size_t(4));
        }
        QVERIFY2(finished > 0, "the test model should end some hypotheses with EOS");
    }

    // Not a theorem of beam search, but what a wider beam is for: checked on these inputs.
    void widerBeamsScoreAtLeastAsWellAsGreedy() {
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            const bool lm = task == Task::LanguageModel;
            const auto in = inputs(lm, 8, 5);
            const auto greedy = greedy_search(*model, in, options_with(1));
            for (int beam : {2, 4, 8}) {
                const auto wide = decode_ids(*model, in, options_with(beam));
                for (size_t i = 0; i < in.size(); ++i)
                    QVERIFY2(wide[i].front().score >= greedy[i].front().score - 1e-5,
                             qPrintable(QString("beam %1 input %2").arg(beam).arg(i)));
            }
        }
    }

    // Batched, inputs finish at different steps and leave the batch (greedy and beam).
    void batchedSearchEqualsOneAtATime() {
        for (Task task : {Task::Translation, Task::LanguageModel})
            for (int beam : {1, 3}) {
                auto model = make_model(task);
                const auto in = inputs(task == Task::LanguageModel, 7, 6);
                DecodeOptions o = options_with(beam, 1.0);
                const auto together = decode_ids(*model, in, o);
                o.batch_size = 1;
                const auto alone = decode_ids(*model, in, o);
                for (size_t i = 0; i < in.size(); ++i) compare_hypotheses(together[i], alone[i]);
            }
    }

    // More inputs than the batch holds: greedy search starts the next input in the row of one
    // that has ended, each row at its own position (input_feed.h). Every input gets the output
    // it gets decoded alone, with every kind of position, grouped key/value heads, sources of
    // very different lengths (later inputs widen the batch's encoder output) and a minimum
    // length.
    void refilledBatchesEqualOneAtATime_data() {
        QTest::addColumn<int>("positional");
        QTest::addColumn<int>("kvHeads");
        QTest::addColumn<int>("minLength");
        QTest::newRow("sinusoidal") << static_cast<int>(Positional::Sinusoidal) << 0 << 0;
        QTest::newRow("learned") << static_cast<int>(Positional::Learned) << 0 << 0;
        QTest::newRow("rope") << static_cast<int>(Positional::Rope) << 0 << 0;
        QTest::newRow("alibi") << static_cast<int>(Positional::Alibi) << 0 << 0;
        QTest::newRow("none") << static_cast<int>(Positional::None) << 0 << 0;
        QTest::newRow("gqa") << static_cast<int>(Positional::Rope) << 2 << 0;
        QTest::newRow("min length") << static_cast<int>(Positional::Sinusoidal) << 0 << 4;
    }
    void refilledBatchesEqualOneAtATime() {
        QFETCH(int, positional);
        QFETCH(int, kvHeads);
        QFETCH(int, minLength);
        // EOS a little less likely than in the other tests: outputs end at varied lengths.
        auto model = make_model(
            Task::Translation, 11,
            [&](ExperimentConfig& c) {
                c.model.positional = static_cast<Positional>(positional);
                c.model.kv_heads = kvHeads;
            },
            1.5);
        // Lengths 2..16 in a mixed order: sorted, the batch's later inputs are the longer.
        std::vector<std::vector<int>> in;
        at::manual_seed(5);
        for (int i = 0; i < 15; ++i) {
            const int len = 2 + (i * 7) % 15;
            const at::Tensor t = at::randint(4, kVocab, {len}, at::kLong);
            std::vector<int> ids;
            for (int64_t j = 0; j < len; ++j) ids.push_back(static_cast<int>(t[j].item<int64_t>()));
            ids.push_back(kEosId);
            in.push_back(ids);
        }
        DecodeOptions o = options_with(1, 1.0);
        o.min_len = minLength;
        o.batch_size = 4;
        std::vector<size_t> asked;
        const auto together = decode_ids(*model, in, o, [&](size_t done) {
            asked.push_back(done);
            return true;
        });
        QCOMPARE(asked.front(), size_t(0));
        QCOMPARE(asked.back(), in.size());
        QVERIFY(std::is_sorted(asked.begin(), asked.end()));
        QVERIFY2(asked.size() > 3, "asked before each start");
        std::set<size_t> lengths;
        for (size_t i = 0; i < in.size(); ++i) {
            const auto alone = decode_ids(*model, {in[i]}, o);
            compare_hypotheses(together[i], alone[0]);
            lengths.insert(together[i].front().tokens.size());
        }
        QVERIFY2(lengths.size() >= 3, "outputs end at varied lengths");
    }

    // Once no input is left to start, a finished row leaves and the batch's last row moves into
    // its place (its keys, encoder output, position and next token with it). Outputs of many
    // lengths from several models: each input still gets the output it gets alone.
    void drainingRowsMoveIntoFinishedPlaces() {
        size_t lengths_seen = 0;
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            auto model = make_model(Task::Translation, seed, {}, 1.0);
            std::vector<std::vector<int>> in;
            at::manual_seed(static_cast<int64_t>(seed));
            for (int i = 0; i < 10; ++i) {
                const at::Tensor t = at::randint(4, kVocab, {3 + i % 5}, at::kLong);
                std::vector<int> ids(t.data_ptr<int64_t>(), t.data_ptr<int64_t>() + t.numel());
                ids.push_back(kEosId);
                in.push_back(ids);
            }
            DecodeOptions o = options_with(1, 1.0);
            o.batch_size = 8;
            const auto together = decode_ids(*model, in, o);
            std::set<size_t> lengths;
            for (size_t i = 0; i < in.size(); ++i) {
                compare_hypotheses(together[i], decode_ids(*model, {in[i]}, o)[0]);
                lengths.insert(together[i].front().tokens.size());
            }
            lengths_seen += lengths.size();
        }
        QVERIFY2(lengths_seen >= 18,
                 "outputs end at varied lengths, so rows leave at varied steps");
    }

    // Stopping between starts: the inputs started are decoded whole, the others get nothing.
    void refilledSearchStopsStartingInputs() {
        auto model = make_model(Task::Translation);
        const auto in = inputs(false, 12, 6);
        DecodeOptions o = options_with(1);
        o.batch_size = 3;
        const auto all = decode_ids(*model, in, o);
        const auto some = decode_ids(*model, in, o, [](size_t done) { return done < 2; });
        size_t decoded = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            if (some[i].empty()) continue;
            ++decoded;
            compare_hypotheses(some[i], all[i]);
        }
        QVERIFY2(decoded >= 3 && decoded < in.size(), qPrintable(QString::number(decoded)));
    }

    // The search with its bookkeeping on the device finds the host search's hypotheses: with
    // the host looking every step (the batch shrinks as the host's does) and every 8 steps
    // (finished inputs stay in the batch a while longer), for both tasks, length penalty forms,
    // a minimum length, patience and a search stopped by its callback.
    void deviceBookkeepingFindsTheHostSearchsHypotheses_data() {
        QTest::addColumn<int>("task");
        QTest::addColumn<int>("beam");
        QTest::addColumn<double>("lenpen");
        QTest::addColumn<bool>("gnmt");
        QTest::addColumn<int>("min_len");
        QTest::addColumn<double>("patience");
        QTest::addColumn<int>("stop_after");
        const int mt = int(Task::Translation), lm = int(Task::LanguageModel);
        QTest::newRow("translation") << mt << 3 << 1.0 << false << 0 << 0.0 << 0;
        QTest::newRow("translation, beam 5 raw score") << mt << 5 << 0.0 << false << 0 << 0.0 << 0;
        QTest::newRow("translation, gnmt, min length") << mt << 4 << 0.6 << true << 5 << 0.0 << 0;
        QTest::newRow("translation, patience 1") << mt << 4 << 1.0 << false << 0 << 1.0 << 0;
        QTest::newRow("translation, stopped") << mt << 3 << 1.0 << false << 6 << 0.0 << 3;
        QTest::newRow("language model") << lm << 3 << 1.0 << false << 0 << 0.0 << 0;
        QTest::newRow("language model, patience 0.5") << lm << 4 << 0.8 << false << 2 << 0.5 << 0;
    }

    void deviceBookkeepingFindsTheHostSearchsHypotheses() {
        QFETCH(int, task);
        QFETCH(int, beam);
        QFETCH(double, lenpen);
        QFETCH(bool, gnmt);
        QFETCH(int, min_len);
        QFETCH(double, patience);
        QFETCH(int, stop_after);
        auto model = make_model(static_cast<Task>(task));
        const auto in = inputs(task == int(Task::LanguageModel), 9, 7);
        DecodeOptions o = options_with(beam, lenpen);
        o.nbest = std::max(1, beam - 1);
        o.lenpen_form = gnmt ? LengthPenaltyForm::Gnmt : LengthPenaltyForm::Fairseq;
        o.min_len = min_len;
        o.patience = patience;
        if (stop_after > 0) o.on_step = [&](int step, int) { return step < stop_after; };
        const auto host = beam_search(*model, in, o);
        for (int64_t check_every : {1, 8}) {
            const auto device = beam_search_on_device(*model, in, o, check_every);
            QCOMPARE(device.size(), host.size());
            for (size_t i = 0; i < in.size(); ++i) {
                compare_hypotheses(device[i], host[i]);
                for (size_t k = 0; k < host[i].size(); ++k) {
                    QCOMPARE(device[i][k].token_log_probs.size(),
                             host[i][k].token_log_probs.size());
                    QVERIFY(std::abs(device[i][k].normalized - host[i][k].normalized) < 1e-4);
                }
            }
        }
    }

    // The host's beam search takes its first step with one row per input and widens the cache
    // to the beam from there (the device's keeps every row from the start): with every kind of
    // position, whether attention then takes the plain step or the general one (rope, alibi,
    // grouped heads), both find the same hypotheses, scored as teacher forcing scores them.
    void beamWidensFromOneRowPerInput_data() {
        QTest::addColumn<int>("task");
        QTest::addColumn<int>("positional");
        QTest::addColumn<int>("kvHeads");
        const int mt = int(Task::Translation), lm = int(Task::LanguageModel);
        QTest::newRow("sinusoidal") << mt << int(Positional::Sinusoidal) << 0;
        QTest::newRow("learned") << mt << int(Positional::Learned) << 0;
        QTest::newRow("rope") << mt << int(Positional::Rope) << 0;
        QTest::newRow("alibi") << mt << int(Positional::Alibi) << 0;
        QTest::newRow("gqa") << mt << int(Positional::Rope) << 2;
        QTest::newRow("language model, rope") << lm << int(Positional::Rope) << 0;
        QTest::newRow("language model, learned") << lm << int(Positional::Learned) << 0;
    }
    void beamWidensFromOneRowPerInput() {
        QFETCH(int, task);
        QFETCH(int, positional);
        QFETCH(int, kvHeads);
        auto model = make_model(static_cast<Task>(task), 11, [&](ExperimentConfig& c) {
            c.model.positional = static_cast<Positional>(positional);
            c.model.kv_heads = kvHeads;
        });
        const auto in = inputs(task == int(Task::LanguageModel), 6, 6);
        DecodeOptions o = options_with(4, 1.0);
        o.nbest = 4;
        const auto host = beam_search(*model, in, o);
        const auto device = beam_search_on_device(*model, in, o, 1);
        for (size_t i = 0; i < in.size(); ++i) {
            compare_hypotheses(host[i], device[i]);
            for (const Hypothesis& h : host[i])
                QVERIFY(std::abs(teacher_forced_score(*model, in[i], h) - h.score) < 1e-3);
        }
    }

    // Greedy search with its bookkeeping on the device gives the host's outputs, for both tasks,
    // with the host looking every step and every 8 steps, also when stopped by its callback.
    void deviceBookkeepingGreedyEqualsHostGreedy() {
        for (Task task : {Task::Translation, Task::LanguageModel})
            for (int stop_after : {0, 3}) {
                auto model = make_model(task);
                const auto in = inputs(task == Task::LanguageModel, 9, 7);
                DecodeOptions o = options_with(1, 1.0);
                o.min_len = 2;
                if (stop_after > 0) o.on_step = [&](int step, int) { return step < stop_after; };
                const auto host = greedy_search(*model, in, o);
                for (int64_t check_every : {1, 8}) {
                    const auto device = greedy_search_on_device(*model, in, o, check_every);
                    for (size_t i = 0; i < in.size(); ++i) {
                        compare_hypotheses(device[i], host[i]);
                        const auto& mine = device[i][0].token_log_probs;
                        const auto& theirs = host[i][0].token_log_probs;
                        QCOMPARE(mine.size(), theirs.size());
                        for (size_t t = 0; t < mine.size(); ++t)
                            QVERIFY(std::abs(mine[t] - theirs[t]) < 1e-5f);
                        QVERIFY(std::abs(device[i][0].normalized - host[i][0].normalized) < 1e-4);
                    }
                }
            }
    }

    // Between the host's looks nothing is read back: a search of at least 16 steps reads
    // which inputs are done every 8 steps and the results (seven tensors, greedy six) once.
    void deviceBookkeepingReadsOnlyEveryFewSteps() {
        auto model = make_model(Task::Translation);
        const auto in = inputs(false, 5, 7);
        DecodeOptions o = options_with(4, 1.0);
        o.min_len = 16;
        o.max_len_b = 24;
        int steps = 0;
        o.on_step = [&](int, int) { return ++steps, true; };
        // Runs a search into `out`; checks its steps and reads, `final_reads` for the results.
        std::vector<std::vector<Hypothesis>> out;
        auto check_reads = [&](auto search, int64_t final_reads) {
            steps = 0;
            const int64_t before = host_reads();
            out = search(*model, in, o, 8);
            const int64_t reads = host_reads() - before;
            QVERIFY(steps >= 17);
            QVERIFY2(reads <= (steps + 7) / 8 + 1 + final_reads,
                     qPrintable(QStringLiteral("%1 reads in %2 steps").arg(reads).arg(steps)));
        };
        check_reads(beam_search_on_device, 7);
        for (const auto& per_input : out) QVERIFY(per_input.front().tokens.size() >= 16);
        check_reads(greedy_search_on_device, 6);
    }

    // The early stop is opt-in: patience 0 (the default) and a patience too large to matter
    // give the exact search's hypotheses; patience 1 stops an input after `beam` ended
    // hypotheses: fewer steps on a trained model, never a better best score.
    void patienceStopsBeamSearchEarly() {
        QTemporaryDir dir;
        ExperimentConfig c = test::tiny_reverse_run();
        c.train.max_steps = 60;
        TrainingObserver quiet;
        TrainingControl control;
        const std::string run = dir.filePath(QStringLiteral("reverse")).toStdString();
        QCOMPARE(int(train_new(c, run, quiet, control).reason), int(FinishReason::Completed));
        Translator translator(load_model(RunPaths(run).best_checkpoint()));
        auto sources = evaluation_split(c, "valid").sources;
        sources.resize(16);
        DecodeOptions o = decode_options_from(c.decode);
        o.beam = 4;
        o.nbest = 4;
        int exact_steps = 0, early_steps = 0;
        o.on_step = [&](int, int) { return ++exact_steps, true; };
        const auto exact = translator.translate(sources, o);
        o.on_step = {};
        o.patience = 100;
        const auto patient = translator.translate(sources, o);
        o.patience = 1;
        o.on_step = [&](int, int) { return ++early_steps, true; };
        const auto early = translator.translate(sources, o);
        QVERIFY2(early_steps < exact_steps,
                 qPrintable(QStringLiteral("%1 vs %2 steps").arg(early_steps).arg(exact_steps)));
        for (size_t i = 0; i < sources.size(); ++i) {
            QCOMPARE(patient[i].size(), exact[i].size());
            for (size_t k = 0; k < exact[i].size(); ++k) {
                QCOMPARE(patient[i][k].text, exact[i][k].text);
                QCOMPARE(patient[i][k].hypothesis.score, exact[i][k].hypothesis.score);
            }
            QVERIFY(!early[i].empty());
            QVERIFY(early[i].front().hypothesis.normalized <=
                    exact[i].front().hypothesis.normalized + 1e-6);
        }
    }

    // The exact search stops an input once no open hypothesis can beat the worst of the n best
    // it returns, so asking for fewer gives the first ones of the longer list with the same
    // scores, on the host and with the bookkeeping on the device, for both tasks and penalties.
    void exactSearchReturnsTheFirstOfALongerList() {
        for (Task task : {Task::Translation, Task::LanguageModel})
            for (double lenpen : {0.0, 1.0}) {
                auto model = make_model(task);
                const auto in = inputs(task == Task::LanguageModel, 9, 7);
                DecodeOptions o = options_with(4, lenpen);
                const auto all = beam_search(*model, in, o);
                for (int nbest : {1, 2, 3}) {
                    o.nbest = nbest;
                    const auto host = beam_search(*model, in, o);
                    const auto device = beam_search_on_device(*model, in, o, 1);
                    for (size_t i = 0; i < in.size(); ++i) {
                        const std::vector<Hypothesis> first(all[i].begin(), all[i].begin() + nbest);
                        compare_hypotheses(host[i], first);
                        // To compare_hypotheses' 1e-4, not bit for bit: the inputs still in the
                        // batch differ, and some BLAS kernels round a row by the rows beside it.
                        for (int k = 0; k < nbest; ++k)
                            QVERIFY(std::abs(host[i][k].normalized - first[k].normalized) < 1e-4);
                        compare_hypotheses(device[i], first);
                    }
                }
            }
    }

    // After the prompt: A 0.9 or C 0.1. After A: EOS 0.95, D 0.05; after C: EOS 0.5, D 0.5;
    // after D or E: D or E, 0.5 each, never EOS. "A EOS" (normalized ln(0.855) / 2 = -0.08)
    // and "C EOS" (-1.5) end at the second step, and what stays open is at most ln 0.05 = -3.0
    // there, at best -3.0 / 13 = -0.23 at the 12-token limit: that cannot beat the first, so
    // the one best is known after two steps, while a second best could still come from the
    // open hypotheses until the limit.
    void exactSearchStopsOnceItsNbestAreKnown() {
        constexpr int A = 4, C = 5, D = 6, E = 7;
        std::vector<std::vector<double>> table(8, std::vector<double>(8, 0.0));
        table[kEosId][A] = 0.9;
        table[kEosId][C] = 0.1;
        table[A][kEosId] = 0.95;
        table[A][D] = 0.05;
        table[C][kEosId] = table[C][D] = 0.5;
        table[D][D] = table[D][E] = table[E][D] = table[E][E] = 0.5;
        auto model = bigram_model(table);
        const std::vector<std::vector<int>> prompt{{kEosId}};
        DecodeOptions o = options_with(4, 1.0);
        o.max_len_a = 0;
        o.max_len_b = 12;
        int steps = 0;
        o.on_step = [&](int, int) { return ++steps, true; };
        for (int nbest : {1, 2}) {
            o.nbest = nbest;
            steps = 0;
            const auto found = beam_search(*model, prompt, o)[0];
            QCOMPARE(found.front().tokens, (std::vector<int>{A}));
            QVERIFY(std::abs(found.front().score - std::log(0.9 * 0.95)) < 1e-3);
            QCOMPARE(steps, nbest == 1 ? 2 : 13);
            steps = 0;
            compare_hypotheses(beam_search_on_device(*model, prompt, o, 1)[0], found);
            QCOMPARE(steps, nbest == 1 ? 2 : 13);
        }
    }

    void lengthLimitsHold_data() {
        QTest::addColumn<int>("beam");
        QTest::addColumn<bool>("sample");
        QTest::newRow("greedy") << 1 << false;
        QTest::newRow("beam") << 4 << false;
        QTest::newRow("sampling") << 1 << true;
    }
    void lengthLimitsHold() {
        QFETCH(int, beam);
        QFETCH(bool, sample);
        auto model = make_model(Task::Translation);
        const auto in = inputs(false, 6, 5);
        DecodeOptions o = options_with(beam);
        o.sample = sample;
        o.samples = 3;
        o.min_len = 4;
        o.max_len_a = 0.5;
        o.max_len_b = 2;
        int cut_hypotheses = 0;
        for (size_t i = 0; i < in.size(); ++i) {
            const auto result = decode_ids(*model, {in[i]}, o)[0];
            const int64_t max_len =
                static_cast<int64_t>(std::floor(0.5 * double(in[i].size()))) + 2;
            for (const auto& h : result) {
                QVERIFY(static_cast<int64_t>(h.tokens.size()) <= max_len);
                QVERIFY(static_cast<int64_t>(h.tokens.size()) >= std::min<int64_t>(4, max_len));
                // A hypothesis cut at the limit pays for the EOS forced there, as fairseq
                // scores it; min_len keeps most from ending earlier.
                const bool cut = static_cast<int64_t>(h.tokens.size()) == max_len;
                QCOMPARE(h.finished, !cut);
                cut_hypotheses += cut;
                QCOMPARE(h.token_log_probs.size(), h.tokens.size() + 1);
                QVERIFY(std::abs(h.score - teacher_forced_score(*model, in[i], h)) < 1e-4);
            }
        }
        QVERIFY(cut_hypotheses > 0);
    }

    void noRepeatNgramHolds() {
        for (bool sample : {false, true}) {
            for (int beam : {1, 4}) {
                auto model = make_model(Task::LanguageModel);
                DecodeOptions o = options_with(beam);
                o.sample = sample;
                o.samples = 3;
                o.max_len_b = 30;
                o.no_repeat_ngram = 2;
                for (const auto& per_input : decode_ids(*model, inputs(true, 3, 4), o))
                    for (const auto& h : per_input) QVERIFY(!repeats_an_ngram(h.tokens, 2));
            }
        }
    }

    // Inputs longer than the model's positions: a source keeps its EOS, a prompt its newest
    // tokens.
    void longInputsAreCutAtTheRightEnd() {
        std::vector<std::string> words = {"<pad>", "<unk>", "<s>", "</s>"};
        for (int64_t i = 4; i < kVocab; ++i) words.push_back("w" + std::to_string(i));
        std::string text;
        for (int i = 0; i < 100; ++i) text += "w" + std::to_string(4 + i % (kVocab - 4)) + " ";
        text += "w11";  // the newest word
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            LoadedModel loaded;
            loaded.model = make_model(task);
            loaded.src_tokenizer = std::make_shared<WordTokenizer>(words, false);
            loaded.tgt_tokenizer = loaded.src_tokenizer;
            const size_t limit = size_t(loaded.model->options().max_positions) - 2;
            const Translator translator(std::move(loaded));
            const std::vector<int> ids = translator.encode_input(text);
            QCOMPARE(ids.size(), limit);
            if (task == Task::Translation) {
                QCOMPARE(ids.front(), 4);
                QCOMPARE(ids.back(), kEosId);
            } else {
                QCOMPARE(ids.back(), 11);
                QVERIFY(ids.front() != kEosId);
            }
        }
    }

    void attentionMapsAreAttachedOnRequest() {
        auto model = make_model(Task::Translation);
        const auto in = inputs(false, 2, 5);
        DecodeOptions o = options_with(3);
        o.attention = true;
        for (size_t i = 0; i < in.size(); ++i) {
            const auto result = decode_ids(*model, {in[i]}, o)[0];
            for (const auto& h : result) {
                QCOMPARE(h.attention.cross.size(), size_t(2));
                const auto sizes = h.attention.cross[0].sizes().vec();
                QCOMPARE(sizes, (std::vector<int64_t>{4, static_cast<int64_t>(h.tokens.size()) + 1,
                                                      static_cast<int64_t>(in[i].size())}));
            }
        }
    }

    void stepCallbackReportsProgressAndStopsEarly_data() {
        QTest::addColumn<int>("beam");
        QTest::addColumn<bool>("sample");
        QTest::newRow("greedy") << 1 << false;
        QTest::newRow("beam") << 3 << false;
        QTest::newRow("sampling") << 1 << true;
    }

    void stepCallbackReportsProgressAndStopsEarly() {
        QFETCH(int, beam);
        QFETCH(bool, sample);
        auto model = make_model(Task::Translation);
        const auto in = inputs(false, 3, 6);
        DecodeOptions o = options_with(beam);
        o.sample = sample;
        o.max_len_b = 20;
        o.min_len = 6;  // long enough to be stopped
        const auto plain = decode_ids(*model, in, o);

        // A callback that always continues sees steps 1, 2, ... and changes nothing.
        std::vector<int> steps;
        int max_steps = 0;
        o.on_step = [&](int step, int most) {
            steps.push_back(step);
            max_steps = most;
            return true;
        };
        const auto watched = decode_ids(*model, in, o);
        for (size_t i = 0; i < in.size(); ++i) compare_hypotheses(plain[i], watched[i]);
        QVERIFY(steps.size() > 2);
        for (size_t k = 0; k < steps.size(); ++k) QCOMPARE(steps[k], static_cast<int>(k) + 1);
        QVERIFY(max_steps >= steps.back());

        // Stopping after two steps: two calls, nothing longer than two tokens.
        int calls = 0;
        o.on_step = [&](int step, int) {
            ++calls;
            return step < 2;
        };
        const auto stopped = decode_ids(*model, in, o);
        QCOMPARE(calls, 2);
        for (const auto& per_input : stopped) {
            QVERIFY(!per_input.empty());
            for (const auto& h : per_input) QVERIFY(h.tokens.size() <= 2);
        }

        // Stopping in the first of several batches skips the others.
        o.batch_size = 1;
        calls = 0;
        o.on_step = [&](int, int) {
            ++calls;
            return false;
        };
        const auto first_only = decode_ids(*model, in, o);
        QCOMPARE(calls, 1);
        const auto decoded =
            std::count_if(first_only.begin(), first_only.end(),
                          [](const auto& per_input) { return !per_input.empty(); });
        QCOMPARE(decoded, 1L);
    }

    // A bf16 copy: every parameter the original's rounded to bf16, the original untouched; its
    // outputs score under the fp32 model within bf16's rounding of what it computed, and are
    // mostly fp32's own outputs.
    void bf16CopyDecodesCloseToFp32() {
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            const at::Tensor embedding = model->named_parameters()["tgt_embedding.weight"].clone();
            TransformerModel bf16 = copy_in_format(*model, at::kBFloat16);
            const auto originals = model->named_parameters();
            for (const auto& p : bf16->named_parameters()) {
                QCOMPARE(p.value().scalar_type(), at::kBFloat16);
                QVERIFY(p.value().equal(originals[p.key()].to(at::kBFloat16)));
            }
            QVERIFY(originals["tgt_embedding.weight"].equal(embedding));
            const auto in = inputs(model->options().is_lm(), 6, 6);
            expect_copy_decodes_close(*model, *bf16, in, 0.05, false, 4);
            if (QTest::currentTestFailed()) return;
        }
    }

    // fp32 and bf16 weights packed in oneDNN's layout (where LibTorch 2.x can): fp32's
    // arithmetic in another order, so every output is fp32's own, scored within rounding, and
    // bf16 as close as the plain bf16 copy; decoding_copy makes no copy where it cannot pack.
    void onednnPackedCopyDecodesAsUnpacked() {
        if (!onednn_packing_supported()) {
            auto model = make_model(Task::Translation);
            QVERIFY(!decoding_copy(*model, DecodePrecision::Fp32));
            QSKIP(
                "this LibTorch cannot pack weights for oneDNN (Debian's 1.13): fp32 decodes "
                "with the model itself");
        }
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            const auto in = inputs(model->options().is_lm(), 6, 6);
            TransformerModel packed = decoding_copy(*model, DecodePrecision::Fp32);
            QVERIFY(packed);
            expect_copy_decodes_close(*model, *packed, in, 1e-4, true, int(in.size()));
            if (QTest::currentTestFailed()) return;
            // bf16 packed: held to the plain bf16 copy's standard (bf16CopyDecodesCloseToFp32).
            TransformerModel bf16_packed = decoding_copy(*model, DecodePrecision::Bf16);
            expect_copy_decodes_close(*model, *bf16_packed, in, 0.05, false, 4);
            if (QTest::currentTestFailed()) return;
        }
    }

    // A packed product applies relu as it writes its result: exactly relu of the packed
    // product, close to relu of the plain one, at every row count (a few rows may multiply
    // unpacked), with weights in fp32, bf16 (oneDNN's layout) and int8.
    void packedReluIsReluOfTheProduct() {
        torch::NoGradGuard no_grad;
        struct Packing {
            WeightPacking packing;
            at::ScalarType type;
            double tolerance;  // against the unpacked product
        };
        std::vector<Packing> packings;
        for (at::ScalarType type : {at::kFloat, at::kBFloat16})
            if (onednn_packing_supported(type))
                packings.push_back({WeightPacking::Onednn, type, type == at::kFloat ? 1e-5 : 0.05});
        if (int8_supported()) packings.push_back({WeightPacking::Int8, at::kFloat, 0.05});
        if (packings.empty()) QSKIP("this build packs no weights");
        for (const Packing& p : packings) {
            at::manual_seed(3);
            PackedLinear linear(torch::nn::LinearOptions(24, 40));
            linear->to(p.type);
            const at::Tensor x = at::randn({64, 24}).to(p.type);
            const at::Tensor plain = at::relu(linear->forward(x)).to(at::kFloat);
            linear->pack(p.packing);
            for (int64_t rows : {1, 3, 5, 64}) {
                const at::Tensor in = x.narrow(0, 0, rows);
                const at::Tensor product = linear->forward(in);
                const at::Tensor fused = linear->forward_relu(in);
                QVERIFY2(product.lt(0).any().item<bool>(), "some outputs for relu to clear");
                QVERIFY(at::equal(fused, at::relu(product)));
                QVERIFY(at::allclose(fused.to(at::kFloat), plain.narrow(0, 0, rows), p.tolerance,
                                     p.tolerance));
            }
        }
    }

    // A few rows times fp32 weights in tiles of 64 outputs (tiled_product.h): the tiles hold
    // the weights where they should, the product with bias, relu and a residual is the plain
    // one's within rounding and the same bits on any number of threads, and where oneDNN packs
    // in the same tiles (its library, AVX-512) it is oneDNN's own product bit for bit, as a
    // PackedLinear's product and sum are, whichever multiplies.
    void tiledProductIsThePackedProduct() {
        if (!tiled_product_supported(16, at::kFloat)) QSKIP("tiled_product needs AVX-512 or AVX2");
        torch::NoGradGuard no_grad;
        at::manual_seed(11);
        const int threads = at::get_num_threads();
        for (int64_t in : {16, 48, 256})
            for (int64_t out : {40, 64, 130, 520}) {
                const at::Tensor w = at::randn({out, in}), b = at::randn({out});
                const at::Tensor tiles = pack_in_tiles(w);
                const int64_t padded = (out + 63) / 64 * 64;
                QCOMPARE(tiles.numel(), padded * in);
                const float* t = tiles.data_ptr<float>();
                for (int64_t o : {int64_t(0), out / 2, out - 1})
                    for (int64_t k : {int64_t(0), in / 3, in - 1})
                        QCOMPARE(t[(o / 64) * in * 64 + k * 64 + o % 64], w[o][k].item<float>());
                if (padded > out) QCOMPARE(t[(padded / 64 - 1) * in * 64 + 63], 0.0f);
                for (int64_t rows :
                     {int64_t(1), int64_t(2), int64_t(5), kMostTiledRows, kMostTiledFp32Rows}) {
                    const at::Tensor x = at::randn({rows, 1, in});
                    const at::Tensor residual = at::randn({rows, 1, out});
                    const at::Tensor plain = at::linear(x, w, b);
                    const at::Tensor unbiased = at::linear(x, w);
                    for (FusedActivation act : {FusedActivation::None, FusedActivation::Relu}) {
                        const bool relu = act == FusedActivation::Relu;
                        const at::Tensor expected = (relu ? at::relu(plain) : plain) + residual;
                        const at::Tensor y = tiled_linear(x, tiles, out, b, act, residual);
                        QCOMPARE(y.sizes(), expected.sizes());
                        // Sums of up to 256 products of about 1 in another order: within 1e-4.
                        QVERIFY(at::allclose(y, expected, 1e-5, 1e-4));
                        QVERIFY(at::allclose(tiled_linear(x, tiles, out, {}, act, {}),
                                             relu ? at::relu(unbiased) : unbiased, 1e-5, 1e-4));
                        // Each output one fused multiply-add chain in input order, then the
                        // bias, relu and residual: the same bits with AVX-512 and with AVX2.
                        QVERIFY(at::equal(y, fma_chain_product(x, w, b, relu, residual)));
                        // Tiles shared out among threads (helper_threads.h): the same bits.
                        at::set_num_threads(threads == 1 ? 2 : 1);
                        const at::Tensor other = tiled_linear(x, tiles, out, b, act, residual);
                        at::set_num_threads(threads);
                        QVERIFY(at::equal(other, y));
                        // oneDNN's own kernel for a few rows (many rows: a GEMM of its own).
                        if (rows > kMostTiledRows || !onednn_packs_in_tiles(in, out, at::kFloat))
                            continue;
                        const at::Tensor packed = pack_onednn(w);
                        const at::Tensor onednn = onednn_linear(x, packed, b, act);
                        QVERIFY(at::equal(tiled_linear(x, packed, out, b, act, {}), onednn));
                        QVERIFY(at::equal(tiled_linear(x, packed, out, b, act, residual),
                                          onednn + residual));
                    }
                }
                // A packed layer on one thread (oneDNN's layout where it can) and on two (tiles
                // alone where oneDNN's products do not pay), at every row count.
                for (int n : {1, 2}) {
                    at::set_num_threads(n);
                    PackedLinear linear(torch::nn::LinearOptions(in, out));
                    linear->pack(onednn_packing_supported() && n == 1 ? WeightPacking::Onednn
                                                                      : WeightPacking::Tiles);
                    for (int64_t rows : {1, 3, 8, 9, 64}) {
                        const at::Tensor many = at::randn({rows, 1, in});
                        const at::Tensor sum = at::randn({rows, 1, out});
                        QVERIFY(
                            at::equal(linear->forward_add(many, sum), linear->forward(many) + sum));
                        QVERIFY(at::allclose(linear->forward(many),
                                             at::linear(many, linear->weight, linear->bias), 1e-5,
                                             1e-5));
                    }
                    at::set_num_threads(threads);
                }
            }
    }

    // The same in bf16 (AVX-512 BF16): the tiles pair the inputs, the product is the fp32
    // one's rounded (within a bf16 step or two), the same bits on any number of threads and,
    // where oneDNN packs in the same tiles, oneDNN's own product and sum bit for bit for one
    // row (for more, within a bf16 step: its kernel for more rows may sum in another order).
    void tiledBf16ProductIsOneDnns() {
        if (!tiled_product_supported(32, at::kBFloat16))
            QSKIP("a tiled bf16 product needs AVX-512 BF16");
        QVERIFY(!tiled_product_supported(48, at::kBFloat16));  // oneDNN's blocks: 32 inputs
        torch::NoGradGuard no_grad;
        at::manual_seed(12);
        const int threads = at::get_num_threads();
        for (int64_t in : {32, 96, 256})
            for (int64_t out : {40, 130, 520}) {
                const at::Tensor w = at::randn({out, in}).to(at::kBFloat16);
                const at::Tensor b = at::randn({out}).to(at::kBFloat16);
                const at::Tensor tiles = pack_in_tiles(w);
                QCOMPARE(tiles.numel(), (out + 63) / 64 * 64 * in);
                const auto* t = static_cast<const c10::BFloat16*>(tiles.data_ptr());
                for (int64_t o : {int64_t(0), out / 2, out - 1})
                    for (int64_t k : {int64_t(0), in / 3, in - 1})
                        QCOMPARE(
                            float(t[(o / 64) * in * 64 + (k / 2) * 128 + (o % 64) * 2 + k % 2]),
                            w[o][k].item<float>());
                for (int64_t rows : {int64_t(1), int64_t(2), int64_t(5), kMostTiledRows}) {
                    const at::Tensor x = at::randn({rows, 1, in}).to(at::kBFloat16);
                    const at::Tensor residual = at::randn({rows, 1, out}).to(at::kBFloat16);
                    const at::Tensor exact =
                        at::linear(x.to(at::kFloat), w.to(at::kFloat), b.to(at::kFloat));
                    for (FusedActivation act : {FusedActivation::None, FusedActivation::Relu}) {
                        const bool relu = act == FusedActivation::Relu;
                        const at::Tensor expected =
                            (relu ? at::relu(exact) : exact) + residual.to(at::kFloat);
                        const at::Tensor y = tiled_linear(x, tiles, out, b, act, residual);
                        QCOMPARE(y.scalar_type(), at::kBFloat16);
                        QCOMPARE(y.sizes(), expected.sizes());
                        QVERIFY(at::allclose(y.to(at::kFloat), expected, 2e-2, 5e-2));
                        at::set_num_threads(threads == 1 ? 2 : 1);
                        const at::Tensor other = tiled_linear(x, tiles, out, b, act, residual);
                        at::set_num_threads(threads);
                        QVERIFY(at::equal(other, y));
                        if (!onednn_packs_in_tiles(in, out, at::kBFloat16)) continue;
                        const at::Tensor packed = pack_onednn(w);
                        const at::Tensor onednn = onednn_linear(x, packed, b, act);
                        const at::Tensor tiled = tiled_linear(x, packed, out, b, act, {});
                        // oneDNN sums more rows in another order at times: one bf16 step.
                        if (rows > 1) {
                            QVERIFY(at::allclose(tiled.to(at::kFloat), onednn.to(at::kFloat),
                                                 1.0 / 128, 1e-4));
                            continue;
                        }
                        QVERIFY(at::equal(tiled, onednn));
                        QVERIFY(at::equal(y, onednn + residual));
                    }
                }
                for (int n : {1, 2}) {
                    at::set_num_threads(n);
                    PackedLinear linear(torch::nn::LinearOptions(in, out));
                    linear->to(at::kBFloat16);
                    linear->pack(onednn_packing_supported(at::kBFloat16) ? WeightPacking::Onednn
                                                                         : WeightPacking::Tiles);
                    for (int64_t rows : {1, 3, 8, 9, 64}) {
                        const at::Tensor many = at::randn({rows, 1, in}).to(at::kBFloat16);
                        const at::Tensor sum = at::randn({rows, 1, out}).to(at::kBFloat16);
                        QVERIFY(
                            at::equal(linear->forward_add(many, sum), linear->forward(many) + sum));
                    }
                    at::set_num_threads(threads);
                }
            }
    }

    // int8 weights in tiles (int8_tiles.h, AVX-512 VNNI or AVX2): the tiles hold each output's
    // weights rounded to its scale, and the product of any number of rows is, bit for bit, what its
    // definition gives computed one number at a time (each row quantized on its own, sums in
    // integers, scaled and biased in one rounding), on any number of threads, with AMX's tiles
    // (where this CPU has them: many rows) and without; within int8's
    // rounding of the fp32 product; a PackedLinear packed as int8 multiplies so.
    void int8TiledProductIsItsDefinition() {
        if (!int8_tiles_supported(4)) QSKIP("int8 tiles need AVX-512 VNNI or AVX2");
        QVERIFY(!int8_tiles_supported(6));  // quads of inputs
        torch::NoGradGuard no_grad;
        at::manual_seed(13);
        const int threads = at::get_num_threads();
        for (int64_t in : {4, 24, 256, 1024})
            for (int64_t out : {40, 130, 520}) {
                const at::Tensor w = at::randn({out, in}), b = at::randn({out});
                const Int8Tiles tiles = pack_int8_tiles(w);
                QCOMPARE(tiles.outputs, out);
                const int64_t padded = (out + 63) / 64 * 64;
                QCOMPARE(tiles.weights.numel(), padded * in);
                const auto* t = tiles.weights.data_ptr<int8_t>();
                const auto* scale = tiles.scales.data_ptr<float>();
                const auto* compensation = tiles.compensation.data_ptr<int32_t>();
                std::vector<int8_t> q(out * in);  // [out, in] read back from the tiles
                for (int64_t o = 0; o < out; ++o) {
                    int32_t sum = 0;
                    for (int64_t k = 0; k < in; ++k) {
                        q[o * in + k] =
                            t[(o / 64) * in * 64 + (k / 4) * 256 + (o % 64) * 4 + k % 4];
                        sum += q[o * in + k];
                        QVERIFY(std::abs(q[o * in + k] * scale[o] - w[o][k].item<float>()) <=
                                0.5001f * scale[o]);
                    }
                    QCOMPARE(compensation[o], 128 * sum);
                }
                if (padded > out) QCOMPARE(int(t[(padded / 64 - 1) * in * 64 + 255]), 0);
                QCOMPARE(tiles.amx, cpu_features().amx_int8 && in % 64 == 0);
                Int8Tiles vnni = tiles;  // the same weights multiplied without AMX
                vnni.amx = false;
                for (int64_t rows : {1, 2, 3, 5, 8, 9, 16, 17, 40, 64, 70}) {
                    at::Tensor x = at::randn({rows, 1, in});
                    if (rows > 2) x[1].zero_();  // a row of zeros has no scale of its own
                    const at::Tensor residual = at::randn({rows, 1, out});
                    for (FusedActivation act : {FusedActivation::None, FusedActivation::Relu}) {
                        const bool relu = act == FusedActivation::Relu;
                        const at::Tensor y = int8_tiled_linear(x, tiles, b, act, residual);
                        QCOMPARE(y.sizes(), residual.sizes());
                        // The definition, one number at a time.
                        const auto* xs = x.data_ptr<float>();
                        const auto* ys = y.data_ptr<float>();
                        const auto* rs = residual.data_ptr<float>();
                        const auto* bs = b.data_ptr<float>();
                        bool same = true;
                        for (int64_t r = 0; r < rows; ++r) {
                            float amax = 0;
                            for (int64_t k = 0; k < in; ++k)
                                amax = std::max(amax, std::abs(xs[r * in + k]));
                            const float to_int = amax > 0 ? 127.0f / amax : 0.0f;
                            const float row_scale = amax / 127.0f;
                            for (int64_t o = 0; o < out; ++o) {
                                int32_t sum = 0;
                                for (int64_t k = 0; k < in; ++k)
                                    sum += int32_t(std::nearbyint(xs[r * in + k] * to_int)) *
                                           q[o * in + k];
                                float v = std::fma(float(sum), row_scale * scale[o], bs[o]);
                                if (relu) v = v > 0 ? v : 0.0f;
                                same = same && ys[r * out + o] == v + rs[r * out + o];
                            }
                        }
                        QVERIFY2(same,
                                 qPrintable(
                                     QString("in %1, out %2, rows %3").arg(in).arg(out).arg(rows)));
                        // Close to the fp32 product: int8 weights and inputs, a few percent.
                        const at::Tensor plain = at::linear(x, w, b);
                        const at::Tensor exact = (relu ? at::relu(plain) : plain) + residual;
                        QVERIFY((y - exact).abs().max().item<float>() <
                                0.03f * exact.abs().max().item<float>());
                        at::set_num_threads(threads == 1 ? 2 : 1);
                        const at::Tensor other = int8_tiled_linear(x, tiles, b, act, residual);
                        at::set_num_threads(threads);
                        QVERIFY(at::equal(other, y));
                        QVERIFY(at::equal(int8_tiled_linear(x, vnni, b, act, residual), y));
                        // A residual broadcast over the rows is added after.
                        const at::Tensor one = residual[0];
                        QVERIFY(at::equal(int8_tiled_linear(x, tiles, b, act, one),
                                          int8_tiled_linear(x, tiles, b, act, {}) + one));
                    }
                }
                // A PackedLinear multiplies in tiles where int8 packing chooses them (with AVX2
                // alone, only where this LibTorch has no FBGEMM).
                if (!int8_tiles_chosen(in)) continue;
                PackedLinear linear(torch::nn::LinearOptions(in, out));
                const Int8Tiles own = pack_int8_tiles(linear->weight);
                linear->pack(WeightPacking::Int8);
                for (int64_t rows : {1, 9, 64}) {
                    const at::Tensor many = at::randn({rows, 1, in});
                    const at::Tensor sum = at::randn({rows, 1, out});
                    const at::Tensor product = linear->forward(many);
                    QVERIFY(at::equal(product, int8_tiled_linear(many, own, linear->bias,
                                                                 FusedActivation::None, {})));
                    QVERIFY(at::equal(linear->forward_add(many, sum), product + sum));
                }
            }
    }

    // int8 linear layers (AVX-512 VNNI, AVX2 or FBGEMM): the copy's outputs score under the fp32
    // model close to what it computed and to fp32's own outputs, half of them or more the
    // same; the original is untouched.
    void int8CopyDecodesCloseToFp32() {
        if (!int8_supported())
            QSKIP(
                "neither AVX-512 VNNI, AVX2 nor FBGEMM here: int8 decoding is refused "
                "(test_decode_cli checks the message)");
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(task);
            TransformerModel int8 = copy_in_format(*model, at::kFloat);
            int8->pack_weights(WeightPacking::Int8);
            const auto in = inputs(model->options().is_lm(), 6, 6);
            // 8-bit weights and inputs: a few percent of a log-probability per token on this
            // tiny model, twice bf16's tolerance; where it chose another output, fp32 scores
            // that output about as well.
            expect_copy_decodes_close(*model, *int8, in, 0.1, true, 3);
            if (QTest::currentTestFailed()) return;
            // The fp32 model still decodes exactly as before.
            const DecodeOptions o = options_with(3);
            const auto again = decode_ids(*model, in, o);
            const auto reference = decode_ids(*make_model(task), in, o);
            for (size_t i = 0; i < in.size(); ++i) compare_hypotheses(again[i], reference[i]);
        }
    }

    void maskingHeadsChangesOutputsAndUnmaskingRestoresThem() {
        LoadedModel loaded;
        loaded.model = make_model(Task::Translation);
        Translator translator(std::move(loaded));
        TransformerModelImpl& model = *translator.model().model;
        const auto in = inputs(false, 4, 6);
        const DecodeOptions o = options_with(3);
        const auto before = decode_ids(model, in, o);
        translator.set_masked_heads({{AttentionStack::Cross, 1, 0},
                                     {AttentionStack::Cross, 1, 2},
                                     {AttentionStack::EncoderSelf, 0, 3},
                                     {AttentionStack::DecoderSelf, 1, 1}});
        QCOMPARE(translator.masked_heads().size(), size_t(4));
        const auto masked = decode_ids(model, in, o);
        bool changed = false;
        for (size_t i = 0; i < in.size(); ++i)
            changed = changed || std::abs(masked[i][0].score - before[i][0].score) > 1e-4;
        QVERIFY(changed);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument,
                                 translator.set_masked_heads({{AttentionStack::Cross, 2, 0}}));
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, translator.set_masked_heads(
                                                            {{AttentionStack::EncoderSelf, 0, 4}}));
        QCOMPARE(translator.masked_heads().size(),
                 size_t(4));  // a refused selection changes nothing
        translator.set_masked_heads({});
        const auto restored = decode_ids(model, in, o);
        for (size_t i = 0; i < in.size(); ++i) compare_hypotheses(before[i], restored[i]);
    }
};

QTEST_APPLESS_MAIN(TestDecode)
#include "test_decode.moc"
