// The Transformer modules: shapes, sizes, causality, initial loss, attention maps, head masks,
// and the fused attention path (LibTorch 2.x) agreeing with the explicit one.
#include <QtTest>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/utils.h>

#include <cmath>
#include <limits>
#include <optional>

#include "core/data/tokenizer.h"
#include "core/model/fast_dropout.h"
#include "core/model/label_smoothed_loss.h"
#include "core/model/model_size.h"
#include "core/model/multi_head_attention.h"
#include "core/model/step_attention.h"
#include "core/model/transformer_model.h"
#include "tests/core/test_support.h"

using namespace tfw;

namespace {

TransformerModel make_model(const ExperimentConfig& c, int64_t vocab = 50) {
    at::manual_seed(7);
    TransformerModel model(model_options(c, vocab, vocab));
    model->eval();
    return model;
}

at::Tensor random_tokens(int64_t batch, int64_t len, int64_t vocab) {
    return at::randint(4, vocab, {batch, len}, at::kLong);
}

enum class MaskKind { None, Padding, Causal };

// Additive masks as the model builds them: padding hides each sequence's last keys
// ([B, 1, 1, Tk]), causal hides later positions ([T, T]).
at::Tensor attention_mask(MaskKind kind, int64_t batch, int64_t keys) {
    const float inf = std::numeric_limits<float>::infinity();
    if (kind == MaskKind::Causal) return at::triu(at::full({keys, keys}, -inf), 1);
    if (kind == MaskKind::None) return {};
    at::Tensor mask = at::zeros({batch, 1, 1, keys});
    for (int64_t b = 0; b < batch; ++b) mask[b].narrow(-1, keys - 2 * b, 2 * b).fill_(-inf);
    return mask;
}

double max_difference(const at::Tensor& a, const at::Tensor& b) {
    return (a - b).abs().max().item<double>();
}

ModelOptions attention_options(int64_t d_model, int64_t heads, double attention_dropout) {
    ModelOptions o;
    o.d_model = d_model;
    o.heads = heads;
    o.attention_dropout = attention_dropout;
    return o;
}

}  // namespace

class TestModel : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void parameterCountMatchesTheFormula_data() {
        QTest::addColumn<int>("task");
        QTest::addColumn<bool>("pre");
        QTest::addColumn<bool>("tied");
        QTest::addColumn<bool>("shared");
        QTest::addColumn<int>("positional");
        QTest::newRow("mt pre tied shared") << 0 << true << true << true << 0;
        QTest::newRow("mt post untied separate learned") << 0 << false << false << false << 1;
        QTest::newRow("lm pre tied none") << 2 << true << true << true << 2;
        QTest::newRow("lm post untied learned") << 2 << false << false << true << 1;
    }
    void parameterCountMatchesTheFormula() {
        QFETCH(int, task);
        QFETCH(bool, pre);
        QFETCH(bool, tied);
        QFETCH(bool, shared);
        QFETCH(int, positional);
        ExperimentConfig c = test::tiny_model_config(static_cast<Task>(task));
        c.model.norm = pre ? NormPlacement::Pre : NormPlacement::Post;
        c.model.tie_embeddings = tied;
        c.tokenizer.shared = shared;
        c.model.positional = static_cast<Positional>(positional);
        TransformerModel model(model_options(c, 37, 53));
        QCOMPARE(model->parameter_count(), count_parameters(c, 37, 53));
    }

    // Under bf16 the kept activations are scaled by 1/(1-p) computed in fp32 (and rounded
    // once, with the product): a bf16 scale, 1.109375 for p = 0.1, would shrink them on average.
    void bf16DropoutKeepsTheExpectedScale() {
        set_dropout_rng_state({11, 0});
        const at::Tensor x = at::randn({1 << 20}).to(at::kBFloat16);
        const at::Tensor out = fast_dropout(x, 0.1);
        QCOMPARE(out.scalar_type(), at::kBFloat16);
        const at::Tensor kept = out != 0;
        const double kept_share = kept.to(at::kDouble).mean().item<double>();
        QVERIFY2(std::abs(kept_share - 0.9) < 2e-3, qPrintable(QString::number(kept_share)));
        const double scale =
            (out.to(at::kDouble).masked_select(kept) / x.to(at::kDouble).masked_select(kept))
                .mean()
                .item<double>();
        QVERIFY2(std::abs(scale - 1.0 / 0.9) < 2e-4, qPrintable(QString::number(scale, 'f', 6)));
    }

    void logitsHaveTheExpectedShape() {
        auto model = make_model(test::tiny_model_config(Task::Translation));
        const at::Tensor logits = model->forward(random_tokens(3, 7, 50), random_tokens(3, 5, 50));
        QCOMPARE(logits.sizes().vec(), (std::vector<int64_t>{3, 5, 50}));
    }

    // Changing token t+1 must leave every output at positions <= t unchanged.
    void languageModelCannotSeeTheFuture() {
        ExperimentConfig c = test::tiny_model_config(Task::LanguageModel);
        for (Positional pos : {Positional::Sinusoidal, Positional::Learned, Positional::None}) {
            c.model.positional = pos;
            auto model = make_model(c);
            at::Tensor tokens = random_tokens(2, 10, 50);
            const at::Tensor before = model->forward({}, tokens);
            for (int64_t t = 0; t < 9; ++t) {
                at::Tensor changed = tokens.clone();
                changed.select(1, t + 1).fill_(changed[0][t + 1].item<int64_t>() == 5 ? 6 : 5);
                const at::Tensor after = model->forward({}, changed);
                QVERIFY(
                    at::allclose(before.slice(1, 0, t + 1), after.slice(1, 0, t + 1), 1e-5, 1e-6));
                QVERIFY(!at::allclose(before.slice(1, t + 1, t + 2), after.slice(1, t + 1, t + 2)));
            }
        }
    }

    void decoderCannotSeeTheFuture() {
        for (NormPlacement norm : {NormPlacement::Pre, NormPlacement::Post}) {
            ExperimentConfig c = test::tiny_model_config(Task::Translation);
            c.model.norm = norm;
            auto model = make_model(c);
            const at::Tensor src = random_tokens(2, 6, 50);
            at::Tensor tgt = random_tokens(2, 8, 50);
            const at::Tensor before = model->forward(src, tgt);
            for (int64_t t = 0; t < 7; ++t) {
                at::Tensor changed = tgt.clone();
                changed.select(1, t + 1).fill_(changed[1][t + 1].item<int64_t>() == 5 ? 6 : 5);
                const at::Tensor after = model->forward(src, changed);
                QVERIFY(
                    at::allclose(before.slice(1, 0, t + 1), after.slice(1, 0, t + 1), 1e-5, 1e-6));
            }
        }
    }

    void paddingInTheSourceIsIgnored() {
        auto model = make_model(test::tiny_model_config(Task::Translation));
        const at::Tensor src = random_tokens(1, 6, 50);
        const at::Tensor padded = at::cat({src, at::zeros({1, 3}, at::kLong)}, 1);
        const at::Tensor tgt = random_tokens(1, 4, 50);
        QVERIFY(at::allclose(model->forward(src, tgt), model->forward(padded, tgt), 1e-5, 1e-6));
    }

    // Also in inference mode, as decoding runs, where a step's attention is step_attention.
    void stepwiseDecodingMatchesTeacherForcing_data() {
        QTest::addColumn<bool>("inference");
        QTest::newRow("recording gradients") << false;
        QTest::newRow("inference mode") << true;
    }
    void stepwiseDecodingMatchesTeacherForcing() {
        QFETCH(bool, inference);
        std::optional<c10::InferenceMode> mode;
        if (inference) mode.emplace();
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(test::tiny_model_config(task));
            const at::Tensor src = random_tokens(2, 6, 50);
            const at::Tensor tgt = random_tokens(2, 5, 50);
            const bool lm = task == Task::LanguageModel;
            const at::Tensor full = model->forward(lm ? at::Tensor() : src, tgt);
            EncoderOutput encoded;
            if (!lm) encoded = model->encode(src);
            DecoderCache cache;
            for (int64_t t = 0; t < 5; ++t) {
                const at::Tensor step =
                    model->decode_step(tgt.slice(1, t, t + 1), lm ? nullptr : &encoded, cache);
                QVERIFY(at::allclose(step, full.select(1, t), 1e-4, 1e-5));
            }
        }
    }

    // A beam search on the CPU reorders its rows through a table of where each row's keys
    // are (DecoderCache::follow_origins) instead of copying them. Every step's logits equal
    // those of a cache whose keys are copied: through reorders that repeat rows and drop
    // them, the buffers' growth past 16 positions (which moves each row's keys into a row of
    // its own), grouped key/value heads, rotary positions, and steps that return attention
    // maps (which step attention does not serve).
    void reorderedCacheFollowsItsOrigins_data() {
        QTest::addColumn<int>("kv_heads");
        QTest::addColumn<bool>("rope");
        QTest::newRow("every head its keys") << 0 << false;
        QTest::newRow("grouped key/value heads, rotary") << 2 << true;
    }
    void reorderedCacheFollowsItsOrigins() {
        QFETCH(int, kv_heads);
        QFETCH(bool, rope);
        c10::InferenceMode mode;
        ExperimentConfig config = test::tiny_model_config(Task::Translation);
        config.model.kv_heads = kv_heads;
        if (rope) config.model.positional = Positional::Rope;
        auto model = make_model(config);
        int64_t rows = 6;
        EncoderOutput copied_memory = model->encode(random_tokens(rows, 5, 50));
        EncoderOutput followed_memory = copied_memory;
        DecoderCache copied, followed;
        followed.follow_origins = true;
        at::Tensor tokens = random_tokens(rows, 1, 50);
        for (int64_t step = 0; step < 20; ++step) {
            AttentionMaps maps;
            const bool with_maps = step == 3 || step == 17;
            const at::Tensor expected = model->decode_step(tokens, &copied_memory, copied);
            const at::Tensor logits =
                model->decode_step(tokens, &followed_memory, followed, with_maps ? &maps : nullptr);
            QVERIFY2(at::allclose(logits, expected, 1e-5, 1e-6),
                     qPrintable(QString("step %1: logits differ by %2")
                                    .arg(step)
                                    .arg(max_difference(logits, expected))));
            if (with_maps) QCOMPARE(maps.decoder_self.size(), size_t(2));
            // Rows repeat and swap; twice some leave, taking their memory rows with them.
            const int64_t kept = step == 6 || step == 12 ? rows - 2 : rows;
            const at::Tensor order = at::randint(0, rows, {kept}, at::kLong);
            copied.select(order);
            followed.select(order);
            if (kept < rows) {
                for (auto* memory : {&copied_memory, &followed_memory}) memory->select(order);
                copied.select_memory(order);
                followed.select_memory(order);
            }
            rows = kept;
            tokens = random_tokens(rows, 1, 50);
        }
        const AttentionCache& self = followed.layers.front().self;
        QVERIFY(self.origins.defined());
        QCOMPARE(self.origins.size(0), rows);
    }

    // A decoding step that is nothing but the products and step attention's loops (one token
    // per row on the CPU; MultiHeadAttentionImpl::plain_step) computes what the general step
    // computes, which serves the steps that return attention maps: self-attention whose rows
    // follow their origins through a beam's reorders and past the buffers' growth, and
    // cross-attention with a beam's three query rows per input, one input padded.
    void plainDecodingStepEqualsTheGeneralOne() {
        c10::InferenceMode mode;
        at::manual_seed(21);
        auto model = make_model(test::tiny_model_config(Task::Translation));
        at::Tensor src = random_tokens(2, 6, 50);
        src[1][5] = kPadId;
        const EncoderOutput encoded = model->encode(src);
        const int64_t group = 3, rows = 2 * group;
        DecoderCache plain = model->memory_cache(encoded), general = plain;
        plain.follow_origins = general.follow_origins = true;
        at::Tensor tokens = random_tokens(rows, 1, 50);
        for (int64_t step = 0; step < 20; ++step) {
            AttentionMaps maps;
            const at::Tensor expected = model->decode_step(tokens, &encoded, general, &maps);
            const at::Tensor logits = model->decode_step(tokens, &encoded, plain);
            QVERIFY2(at::allclose(logits, expected, 1e-5, 1e-6),
                     qPrintable(QString("step %1: logits differ by %2")
                                    .arg(step)
                                    .arg(max_difference(logits, expected))));
            // Each row continues one of its input's rows.
            const at::Tensor order = at::randint(0, group, {rows}, at::kLong) +
                                     at::arange(rows).div(group, "floor") * group;
            plain.select(order);
            general.select(order);
            tokens = random_tokens(rows, 1, 50);
        }
        QCOMPARE(plain.layers.front().self.length, int64_t(20));
    }

    void aPromptFedAtOnceMatchesTeacherForcing_data() {
        stepwiseDecodingMatchesTeacherForcing_data();
    }
    void aPromptFedAtOnceMatchesTeacherForcing() {
        QFETCH(bool, inference);
        std::optional<c10::InferenceMode> mode;
        if (inference) mode.emplace();
        auto model = make_model(test::tiny_model_config(Task::LanguageModel));
        const at::Tensor tokens = random_tokens(1, 7, 50);
        const at::Tensor full = model->forward({}, tokens);
        DecoderCache cache;
        model->decode_step(tokens.slice(1, 0, 5), nullptr, cache);  // a 5-token prompt
        const at::Tensor next = model->decode_step(tokens.slice(1, 5, 6), nullptr, cache);
        QVERIFY(at::allclose(next, full.select(1, 5), 1e-4, 1e-5));
    }

    void initialLossIsCloseToLnVocab() {
        const int64_t vocab = 1000;
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(test::tiny_model_config(task), vocab);
            const at::Tensor tgt = random_tokens(8, 12, vocab);
            const at::Tensor logits = model->forward(random_tokens(8, 10, vocab), tgt);
            const LossSums sums = label_smoothed_loss(logits, tgt, 0.0);
            const double loss =
                sums.loss.item<double>() / double(tgt.ne(kPadId).sum().item<int64_t>());
            QVERIFY2(
                std::abs(loss - std::log(double(vocab))) < 0.3,
                qPrintable(
                    QString("initial loss %1, ln V %2").arg(loss).arg(std::log(double(vocab)))));
        }
    }

    void labelSmoothingMatchesItsDefinition() {
        const at::Tensor logits = at::randn({1, 3, 5});
        const at::Tensor targets =
            at::tensor({1, 4, 0}, at::kLong).view({1, 3});  // last is padding
        const LossSums sums = label_smoothed_loss(logits, targets, 0.1);
        const at::Tensor lp = at::log_softmax(logits[0], -1);
        double expected = 0, nll = 0;
        for (int t : {0, 1}) {
            const int64_t y = targets[0][t].item<int64_t>();
            nll += -lp[t][y].item<double>();
            expected += 0.9 * -lp[t][y].item<double>() + 0.1 * -lp[t].mean().item<double>();
        }
        QVERIFY(std::abs(sums.loss.item<double>() - expected) < 1e-5);
        QVERIFY(std::abs(sums.nll.item<double>() - nll) < 1e-5);
        QVERIFY(!sums.nll.requires_grad());
    }

    void correctPredictionsCountNonPaddingArgmaxHits() {
        // Rows' argmax: 2, 0, 3; targets 2 (hit), 1 (miss), padding (a hit, not counted).
        const at::Tensor logits =
            at::tensor({0.f, 1.f, 5.f, 0.f, 9.f, 0.f, 0.f, 0.f, 0.f, 0.f, 0.f, 7.f})
                .view({1, 3, 4});
        const at::Tensor targets = at::tensor({2, 1, 0}, at::kLong).view({1, 3});
        QCOMPARE(correct_predictions(logits, targets).item<int64_t>(), int64_t(1));
    }

    void paddingNeverReachesTheLoss() {
        // An infinite logit at a padded position must not make the sums NaN or infinite.
        at::Tensor logits = at::randn({1, 3, 5});
        logits[0][2][1] = std::numeric_limits<float>::infinity();
        const at::Tensor targets = at::tensor({1, 4, 0}, at::kLong).view({1, 3});
        const LossSums sums = label_smoothed_loss(logits, targets, 0.1);
        QVERIFY(std::isfinite(sums.loss.item<double>()));
        QVERIFY(std::isfinite(sums.nll.item<double>()));
    }

    void attentionMapsCoverEveryLayerAndHead() {
        auto model = make_model(test::tiny_model_config(Task::Translation));
        AttentionMaps maps;
        model->forward(random_tokens(1, 6, 50), random_tokens(1, 4, 50), &maps);
        QCOMPARE(maps.encoder_self.size(), size_t(2));
        QCOMPARE(maps.decoder_self.size(), size_t(2));
        QCOMPARE(maps.cross.size(), size_t(2));
        QCOMPARE(maps.cross[0].sizes().vec(), (std::vector<int64_t>{1, 4, 4, 6}));
        // Rows are distributions; the decoder's self-attention is lower-triangular.
        QVERIFY(at::allclose(maps.cross[1].sum(-1), at::ones({1, 4, 4})));
        QCOMPARE(at::triu(maps.decoder_self[0], 1).abs().sum().item<double>(), 0.0);
    }

    // Without a request for weights, attention runs in LibTorch 2.x's fused kernel; asking
    // for them runs the explicit computation. With LibTorch 1.13 both calls are explicit.
    void fusedAndExplicitAttentionAgree_data() {
        QTest::addColumn<bool>("self");
        QTest::addColumn<int>("mask");
        QTest::newRow("encoder self-attention, padding") << true << int(MaskKind::Padding);
        QTest::newRow("decoder self-attention, causal") << true << int(MaskKind::Causal);
        QTest::newRow("cross-attention, padding") << false << int(MaskKind::Padding);
        QTest::newRow("cross-attention, no mask") << false << int(MaskKind::None);
    }
    void fusedAndExplicitAttentionAgree() {
        QFETCH(bool, self);
        QFETCH(int, mask);
        at::manual_seed(11);
        MultiHeadAttention attention(attention_options(32, 4, /*attention_dropout=*/0.1), self);
        attention->eval();
        const at::Tensor query = at::randn({3, 7, 32});
        const at::Tensor memory = self ? at::Tensor() : at::randn({3, 9, 32});
        const at::Tensor m = attention_mask(static_cast<MaskKind>(mask), 3, self ? 7 : 9);
        at::Tensor weights;
        const at::Tensor fused = attention->forward(query, memory, m);
        const at::Tensor explicit_ = attention->forward(query, memory, m, &weights);
        QVERIFY(weights.defined());
        QVERIFY2(max_difference(fused, explicit_) < 1e-5,
                 std::to_string(max_difference(fused, explicit_)).c_str());
    }

    // A decoding step's attention on the CPU (step_attention): the formula's result for each
    // mask the model passes, with the layouts the model hands over: queries as split_heads
    // leaves them (a transposed view), keys and values as the narrowed self-attention cache.
    // Head sizes of 12 (8 lanes and a rest: a key at a time) and 32 (sixteen keys at a time,
    // 37 keys: two groups and a part).
    void stepAttentionComputesTheFormula_data() {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("mask");
        QTest::addColumn<int>("dh");
        QTest::addColumn<int>("keys");
        QTest::newRow("one new token, no mask") << 1 << int(MaskKind::None) << 12 << 16;
        QTest::newRow("a beam's 5 rows, padding") << 5 << int(MaskKind::Padding) << 12 << 16;
        QTest::newRow("a 16-token prompt, causal") << 16 << int(MaskKind::Causal) << 12 << 16;
        QTest::newRow("head size 32, no mask") << 1 << int(MaskKind::None) << 32 << 37;
        QTest::newRow("head size 32, padding") << 5 << int(MaskKind::Padding) << 32 << 37;
        QTest::newRow("head size 32, causal") << 16 << int(MaskKind::Causal) << 32 << 37;
    }
    void stepAttentionComputesTheFormula() {
        QFETCH(int, rows);
        QFETCH(int, mask);
        QFETCH(int, dh);
        QFETCH(int, keys);
        at::manual_seed(17);
        const int64_t batch = 3, heads = 4;
        const at::Tensor q = at::randn({batch, rows, heads, dh}).transpose(1, 2);
        const at::Tensor k = at::randn({batch, heads, keys + 5, dh}).narrow(2, 0, keys);
        const at::Tensor v = at::randn({batch, heads, keys + 5, dh}).narrow(2, 0, keys);
        at::Tensor m = attention_mask(static_cast<MaskKind>(mask), batch, keys);
        if (mask == int(MaskKind::Causal)) m = m.narrow(0, keys - rows, rows);  // the last rows
        QVERIFY(step_attention_applies(q, k, v, m));
        at::Tensor scores = at::matmul(q, k.transpose(-2, -1)) / std::sqrt(double(dh));
        if (m.defined()) scores = scores + m;
        const at::Tensor expected = at::matmul(at::softmax(scores, -1), v);
        const at::Tensor got = step_attention(q, k, v, m);
        QCOMPARE(got.sizes(), expected.sizes());
        QVERIFY2(max_difference(got, expected) < 1e-5,
                 std::to_string(max_difference(got, expected)).c_str());
        // bf16 (a bf16 decoding copy) sums in fp32: only the inputs' and output's rounding.
        const auto bf16 = [](const at::Tensor& t) { return t.to(at::kBFloat16); };
        const at::Tensor mask16 = m.defined() ? bf16(m) : m;
        QVERIFY(step_attention_applies(bf16(q), bf16(k), bf16(v), mask16));
        const at::Tensor got16 = step_attention(bf16(q), bf16(k), bf16(v), mask16);
        QCOMPARE(got16.scalar_type(), at::kBFloat16);
        QVERIFY2(max_difference(got16.to(at::kFloat), expected) < 3e-2,
                 std::to_string(max_difference(got16.to(at::kFloat), expected)).c_str());
    }

    // Rows at positions of their own (a refilled greedy batch): row b reads its keys up to
    // positions[b], the same bits as a mask of -inf past it, merged into [B, 1, H * dh], and
    // what lies past a row's keys (uninitialised in a cache) is never read.
    void stepAttentionReadsEachRowsOwnKeys() {
        at::manual_seed(23);
        const int64_t batch = 4, heads = 4, dh = 32, keys = 21;
        const at::Tensor q = at::randn({batch, heads, 1, dh});
        at::Tensor k = at::randn({batch, heads, keys + 3, dh});
        at::Tensor v = at::randn({batch, heads, keys + 3, dh});
        const at::Tensor positions = at::tensor(std::vector<int64_t>{0, 20, 7, 16}, at::kLong);
        const at::Tensor later =
            at::arange(keys).view({1, 1, 1, keys}).gt(positions.view({-1, 1, 1, 1}));
        const at::Tensor mask =
            at::zeros(later.sizes()).masked_fill_(later, -std::numeric_limits<float>::infinity());
        const at::Tensor expected =
            step_attention(q, k.narrow(2, 0, keys), v.narrow(2, 0, keys), mask)
                .transpose(1, 2)
                .reshape({batch, 1, heads * dh});
        for (int64_t b = 0; b < batch; ++b) {  // past each row's keys: NaN
            const int64_t past = positions[b].item<int64_t>() + 1;
            k[b].narrow(1, past, keys + 3 - past).fill_(std::nanf(""));
            v[b].narrow(1, past, keys + 3 - past).fill_(std::nanf(""));
        }
        const at::Tensor got = step_attention_merged(q, k, v, keys, {}, {}, positions);
        QCOMPARE(got.sizes(), expected.sizes());
        QVERIFY(at::equal(got, expected));
    }

    // Training, other types and longer queries keep LibTorch's attention.
    void stepAttentionOnlyTakesDecodingSteps() {
        const at::Tensor k = at::randn({2, 4, 9, 8}), v = at::randn({2, 4, 9, 8});
        QVERIFY(step_attention_applies(at::randn({2, 4, 1, 8}), k, v, {}));
        QVERIFY(!step_attention_applies(at::randn({2, 4, 1, 8}).requires_grad_(), k, v, {}));
        QVERIFY(!step_attention_applies(at::randn({2, 4, kStepAttentionRows + 1, 8}), k, v, {}));
        QVERIFY(!step_attention_applies(at::randn({2, 4, 1, 8}).to(at::kDouble), k.to(at::kDouble),
                                        v.to(at::kDouble), {}));
        QVERIFY(!step_attention_applies(at::randn({2, 4, 1, 8}).to(at::kBFloat16), k, v, {}));
        QVERIFY(!step_attention_applies(at::randn({2, 4, 1, 16}).slice(3, 0, 16, 2), k, v, {}));
    }

    // Beam search hands cross-attention `beam` query rows per memory row: the same as
    // repeating each memory row, attention weights included.
    void crossAttentionServesSeveralQueryRowsPerMemoryRow() {
        at::manual_seed(13);
        MultiHeadAttention attention(attention_options(32, 4, /*attention_dropout=*/0.1),
                                     /*self_attention=*/false);
        attention->eval();
        const int64_t group = 3;
        const at::Tensor query = at::randn({2 * group, 1, 32});
        const at::Tensor memory = at::randn({2, 9, 32});
        const at::Tensor mask = attention_mask(MaskKind::Padding, 2, 9);
        const at::Tensor repeated_memory = memory.repeat_interleave(group, 0);
        const at::Tensor repeated_mask = mask.repeat_interleave(group, 0);
        for (bool weights_too : {false, true}) {
            at::Tensor grouped_weights, repeated_weights;
            const at::Tensor grouped =
                attention->forward(query, memory, mask, weights_too ? &grouped_weights : nullptr);
            const at::Tensor repeated = attention->forward(
                query, repeated_memory, repeated_mask, weights_too ? &repeated_weights : nullptr);
            QVERIFY2(max_difference(grouped, repeated) < 1e-5,
                     std::to_string(max_difference(grouped, repeated)).c_str());
            if (!weights_too) continue;
            QCOMPARE(grouped_weights.sizes(), repeated_weights.sizes());
            QVERIFY(max_difference(grouped_weights, repeated_weights) < 1e-6);
        }
    }

    // Training without attention dropout takes the fused path too: same gradients.
    void fusedAttentionTrainsLikeTheExplicitOne() {
        at::manual_seed(12);
        MultiHeadAttention attention(attention_options(32, 4, /*attention_dropout=*/0.0), true);
        attention->train();
        const at::Tensor query = at::randn({2, 6, 32});
        const at::Tensor mask = attention_mask(MaskKind::Causal, 2, 6);
        auto input_gradient = [&](bool ask_for_weights) {
            const at::Tensor input = query.clone().requires_grad_();
            at::Tensor weights;
            attention->forward(input, {}, mask, ask_for_weights ? &weights : nullptr)
                .square()
                .sum()
                .backward();
            return input.grad();
        };
        const double difference = max_difference(input_gradient(false), input_gradient(true));
        QVERIFY2(difference < 1e-4, std::to_string(difference).c_str());
    }

    // The whole model with and without attention maps: the masks it builds reach both paths.
    void modelOutputDoesNotDependOnAskingForMaps() {
        for (Task task : {Task::Translation, Task::LanguageModel}) {
            auto model = make_model(test::tiny_model_config(task));
            const bool lm = task == Task::LanguageModel;
            const at::Tensor src =
                lm ? at::Tensor()
                   : at::cat({random_tokens(2, 6, 50), at::zeros({2, 2}, at::kLong)}, 1);
            const at::Tensor tgt = random_tokens(2, 5, 50);
            AttentionMaps maps;
            const at::Tensor with_maps = model->forward(src, tgt, &maps);
            QVERIFY(max_difference(model->forward(src, tgt), with_maps) < 1e-4);
        }
    }

    void maskingAHeadChangesTheOutput() {
        auto model = make_model(test::tiny_model_config(Task::Translation));
        const at::Tensor src = random_tokens(1, 6, 50), tgt = random_tokens(1, 4, 50);
        const at::Tensor before = model->forward(src, tgt);
        model->set_head_mask(AttentionStack::Cross, 1, at::tensor({1.f, 0.f, 1.f, 1.f}));
        QVERIFY(!at::allclose(before, model->forward(src, tgt)));
        model->set_head_mask(AttentionStack::Cross, 1, {});
        QVERIFY(at::allclose(before, model->forward(src, tgt)));
    }
};

QTEST_APPLESS_MAIN(TestModel)
#include "test_model.moc"
