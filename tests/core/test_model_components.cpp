// The components since 2017 (rope, alibi, RMSNorm, QK-norm, SwiGLU/GeGLU, grouped-query
// attention, no biases, scaled initialisation, weight decay on matrices only): each counted
// exactly, causal, decoding step by step as teacher forcing does, and the defaults building
// the 2017 model of before.
#include <QtTest>

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>
#include <torch/utils.h>

#include <cmath>
#include <iterator>
#include <limits>
#include <set>

#include "core/check/causal_leak_check.h"
#include "core/check/initial_loss_check.h"
#include "core/config/config_io.h"
#include "core/data/tokenizer.h"
#include "core/model/alibi.h"
#include "core/model/model_size.h"
#include "core/model/norm.h"
#include "core/model/rotary_embedding.h"
#include "core/model/transformer_model.h"
#include "core/train/optimizer.h"
#include "core/train/optimizer_step.h"
#include "core/util/float_vectors.h"
#include "tests/core/tiny_checkpoint.h"

using namespace tfw;

// The vector helpers are inlined here too, so their vectors never cross a call.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace {

constexpr int64_t kVocab = 40;

struct Components {
    const char* name;
    Positional positional;
    Normalization normalization;
    Activation activation;
    int kv_heads;
    bool qk_norm;
    bool bias;
    NormPlacement norm = NormPlacement::Pre;
};

const Components kGrid[] = {
    {"2017: post-LN, sinusoidal, relu", Positional::Sinusoidal, Normalization::Layer,
     Activation::Relu, 0, false, true, NormPlacement::Post},
    {"rope", Positional::Rope, Normalization::Layer, Activation::Relu, 0, false, true},
    {"alibi", Positional::Alibi, Normalization::Layer, Activation::Gelu, 0, false, true},
    {"rmsnorm, swiglu", Positional::Sinusoidal, Normalization::Rms, Activation::Swiglu, 0, false,
     true},
    {"layernorm without bias, geglu", Positional::Learned, Normalization::Layer, Activation::Geglu,
     0, false, false},
    {"grouped-query (2 of 4), qk-norm", Positional::Rope, Normalization::Rms, Activation::Relu, 2,
     true, true},
    {"multi-query, alibi, post-rms", Positional::Alibi, Normalization::Rms, Activation::Swiglu, 1,
     true, false, NormPlacement::Post},
    {"llama: rope, rms, swiglu, gqa, no bias", Positional::Rope, Normalization::Rms,
     Activation::Swiglu, 2, false, false},
};

ExperimentConfig config_of(const Components& m, Task task) {
    ExperimentConfig c = test::tiny_model_config(task);
    if (task == Task::LanguageModel) c.model.encoder_layers = 0;
    c.model.dropout = 0;
    c.model.positional = m.positional;
    c.model.normalization = m.normalization;
    c.model.activation = m.activation;
    c.model.kv_heads = m.kv_heads;
    c.model.qk_norm = m.qk_norm;
    c.model.bias = m.bias;
    c.model.norm = m.norm;
    c.model.init = WeightInit::Scaled;
    return c;
}

// Built, then every parameter moved by noise, so that gains and biases matter.
TransformerModel build(const ExperimentConfig& c, uint64_t seed = 3) {
    at::manual_seed(seed);
    TransformerModel model(model_options(c, kVocab, kVocab));
    torch::NoGradGuard no_grad;
    for (auto& p : model->parameters()) p.add_(at::randn_like(p) * 0.05);
    model->eval();
    return model;
}

at::Tensor tokens(int64_t rows, int64_t length, uint64_t seed) {
    at::manual_seed(seed);
    return at::randint(kEosId + 1, kVocab, {rows, length}, at::kLong);
}

double max_difference(const at::Tensor& a, const at::Tensor& b) {
    return (a - b).abs().max().item<double>();
}

std::string describe(const Components& m, Task task) {
    return std::string(m.name) + (task == Task::LanguageModel ? " (lm)" : " (seq2seq)");
}

}  // namespace

class TestModelComponents : public QObject {
    Q_OBJECT
  private Q_SLOTS:
    void parameterCountIsExact() {
        for (const Components& m : kGrid)
            for (const Task task : {Task::LanguageModel, Task::Translation}) {
                const ExperimentConfig c = config_of(m, task);
                TransformerModel model = build(c);
                QVERIFY2(count_parameters(c, kVocab, kVocab) == model->parameter_count(),
                         describe(m, task).c_str());
            }
    }

    void everyCombinationIsCausalAndPassesTheLeakCheck() {
        for (const Components& m : kGrid)
            for (const Task task : {Task::LanguageModel, Task::Translation}) {
                const ExperimentConfig c = config_of(m, task);
                TransformerModel model = build(c);
                BatchTensors batch;
                if (task != Task::LanguageModel) batch.src = tokens(2, 7, 1);
                const at::Tensor t = tokens(2, 10, 2);
                batch.tgt_in = t.narrow(1, 0, 9).clone();
                batch.tgt_out = t.narrow(1, 1, 9).clone();
                const CheckResult r = check_causal_leak(*model, batch);
                QVERIFY2(check_status_name(r.status) == "pass",
                         (describe(m, task) + ": " + r.figure.text()).c_str());
            }
    }

    // Freshly initialised (no noise added), every combination starts unsure: loss near ln V.
    // Untied, so that the check's allowance for a tied model echoing its input (a warning with
    // 40 tokens) is not what lets it pass.
    void everyCombinationStartsNearLnVocabulary() {
        for (const Components& m : kGrid)
            for (const Task task : {Task::LanguageModel, Task::Translation}) {
                ExperimentConfig c = config_of(m, task);
                c.model.tie_embeddings = false;
                at::manual_seed(3);
                TransformerModel model(model_options(c, kVocab, kVocab));
                BatchTensors batch;
                if (task != Task::LanguageModel) batch.src = tokens(4, 7, 1);
                const at::Tensor t = tokens(4, 9, 2);
                batch.tgt_in = t.narrow(1, 0, 8).clone();
                batch.tgt_out = t.narrow(1, 1, 8).clone();
                const CheckResult r = check_initial_loss(*model, {batch});
                QVERIFY2(check_status_name(r.status) == "pass",
                         (describe(m, task) + ": " + r.figure.text()).c_str());
            }
    }

    // A decoder that sees its future is caught whatever carries the positions: rope's and
    // alibi's positions live in attention, not in the embeddings the leak check used to vary.
    void aLeakIsCaughtWithRelativePositions() {
        for (const Positional positional : {Positional::Rope, Positional::Alibi})
            for (const Task task : {Task::LanguageModel, Task::Translation}) {
                ExperimentConfig c = config_of(kGrid[1], task);
                c.model.positional = positional;
                c.model.causal = false;
                TransformerModel model = build(c);
                BatchTensors batch;
                if (task != Task::LanguageModel) batch.src = tokens(2, 7, 1);
                const at::Tensor t = tokens(2, 10, 2);
                batch.tgt_in = t.narrow(1, 0, 9).clone();
                batch.tgt_out = t.narrow(1, 1, 9).clone();
                QCOMPARE(check_status_name(check_causal_leak(*model, batch).status),
                         std::string("fail"));
            }
    }

    // The key/value cache (preallocated, growing by doubling) with rope offsets, alibi
    // distances and shared key/value heads gives what the whole prefix at once gives.
    void stepwiseDecodingMatchesTeacherForcing() {
        for (const Components& m : kGrid)
            for (const Task task : {Task::LanguageModel, Task::Translation}) {
                const ExperimentConfig c = config_of(m, task);
                TransformerModel model = build(c);
                torch::NoGradGuard no_grad;
                const at::Tensor src = task == Task::LanguageModel ? at::Tensor() : tokens(2, 6, 4);
                const at::Tensor tgt = tokens(2, 40, 5);  // past the cache's first capacity
                const at::Tensor full = model->forward(src, tgt);
                EncoderOutput encoded;
                if (src.defined()) encoded = model->encode(src);
                DecoderCache cache;
                // A prompt of three tokens at once, then one token per step.
                at::Tensor logits = model->decode_step(tgt.narrow(1, 0, 3),
                                                       src.defined() ? &encoded : nullptr, cache);
                double worst = max_difference(logits, full.select(1, 2));
                for (int64_t t = 3; t < tgt.size(1); ++t) {
                    logits = model->decode_step(tgt.narrow(1, t, 1),
                                                src.defined() ? &encoded : nullptr, cache);
                    worst = std::max(worst, max_difference(logits, full.select(1, t)));
                }
                QVERIFY2(worst < 1e-4, (describe(m, task) + ": " + std::to_string(worst)).c_str());
            }
    }

    // Grouped-query attention is multi-head attention whose key/value projections repeat
    // per group: copying a GQA model's weights into such an MHA model gives the same logits.
    void groupedQueryAttentionEqualsRepeatedKeyValueHeads() {
        ExperimentConfig gqa = config_of(kGrid[0], Task::LanguageModel);
        gqa.model.norm = NormPlacement::Pre;
        gqa.model.kv_heads = 2;
        ExperimentConfig mha = gqa;
        mha.model.kv_heads = 0;
        TransformerModel grouped = build(gqa), full = build(mha);
        const int64_t d = 32, dh = 8, share = 2;
        {
            torch::NoGradGuard no_grad;
            auto target = full->named_parameters();
            for (const auto& item : grouped->named_parameters()) {
                at::Tensor value = item.value();
                if (item.key().find("self_attention.in_proj") != std::string::npos) {
                    // q rows, then k and v rows per kv head: each kv head repeated per group.
                    const bool matrix = value.dim() == 2;
                    const auto parts = (matrix ? value : value.unsqueeze(1))
                                           .split_with_sizes({d, 2 * dh, 2 * dh}, 0);
                    const auto repeat = [&](const at::Tensor& t) {
                        return t.view({2, dh, -1}).repeat_interleave(share, 0).reshape({d, -1});
                    };
                    value = at::cat({parts[0], repeat(parts[1]), repeat(parts[2])}, 0);
                    if (!matrix) value = value.squeeze(1);
                }
                target[item.key()].copy_(value);
            }
        }
        const at::Tensor t = tokens(2, 9, 6);
        QVERIFY(max_difference(grouped->forward({}, t), full->forward({}, t)) < 1e-5);
    }

    // Rotation by position: the score of q at i and k at j depends on i - j only.
    void ropeScoresDependOnDistanceOnly() {
        RotaryEmbedding rope(8, 10000);
        at::manual_seed(1);
        const at::Tensor q = at::randn({1, 1, 1, 8}), k = at::randn({1, 1, 1, 8});
        const auto score = [&](int64_t i, int64_t j) {
            return (rope.apply(q, i) * rope.apply(k, j)).sum().item<double>();
        };
        QVERIFY(std::abs(score(5, 2) - score(103, 100)) < 1e-4);
        QVERIFY(std::abs(score(0, 0) - (q * k).sum().item<double>()) < 1e-6);
        QVERIFY(std::abs(score(5, 2) - score(5, 3)) > 1e-3);
    }

    void alibiSlopesFollowThePaper() {
        const std::vector<double> eight = alibi_slopes(8);
        for (size_t h = 0; h < 8; ++h) QCOMPARE(eight[h], std::pow(0.5, double(h + 1)));
        // Six heads: the four of 4 heads (1/4 .. 1/256), then every other of 8 heads' slopes.
        const std::vector<double> six = alibi_slopes(6);
        const std::vector<double> expected = {0.25, 1.0 / 16, 1.0 / 64, 1.0 / 256, 0.5, 0.125};
        for (size_t h = 0; h < 6; ++h) QCOMPARE(six[h], expected[h]);
        const at::Tensor bias = alibi_bias(eight, 2, 1, 4, at::TensorOptions(at::kFloat));
        QCOMPARE(bias.sizes(), (at::IntArrayRef{1, 8, 1, 4}));
        QCOMPARE(bias[0][0][0][0].item<float>(), -1.0f);  // slope 1/2, distance 2
        QCOMPARE(bias[0][0][0][2].item<float>(), 0.0f);
    }

    // rope and alibi have no table, so a model reads sequences longer than model.max_positions
    // (length extrapolation); a table model refuses them.
    void relativePositionsRunPastMaxPositions() {
        for (const Positional positional : {Positional::Rope, Positional::Alibi}) {
            ExperimentConfig c = config_of(kGrid[1], Task::LanguageModel);
            c.model.positional = positional;
            c.model.max_positions = 16;
            TransformerModel model = build(c);
            QCOMPARE(model->forward({}, tokens(1, 48, 7)).size(1), int64_t(48));
        }
        ExperimentConfig c = config_of(kGrid[3], Task::LanguageModel);
        c.model.max_positions = 16;
        TransformerModel model = build(c);
        QVERIFY_THROWS_EXCEPTION(std::exception, model->forward({}, tokens(1, 48, 7)));
    }

    void scaledInitShrinksResidualOutputProjections() {
        ExperimentConfig c = test::tiny_model_config(Task::Translation);
        c.model.encoder_layers = 2;
        c.model.decoder_layers = 8;
        at::manual_seed(5);
        TransformerModel xavier(model_options(c, kVocab, kVocab));
        c.model.init = WeightInit::Scaled;
        at::manual_seed(5);
        TransformerModel scaled(model_options(c, kVocab, kVocab));
        auto a = xavier->named_parameters(), b = scaled->named_parameters();
        const auto ratio = [&](const std::string& name) {
            return (b[name].abs().sum() / a[name].abs().sum()).item<double>();
        };
        QVERIFY(std::abs(ratio("decoder_layers.3.self_attention.out_proj.weight") - 0.25) < 1e-6);
        QVERIFY(std::abs(ratio("decoder_layers.0.feed_forward.outer.weight") - 0.25) < 1e-6);
        QVERIFY(std::abs(ratio("encoder_layers.1.self_attention.out_proj.weight") - 0.5) < 1e-6);
        QCOMPARE(ratio("decoder_layers.0.feed_forward.inner.weight"), 1.0);
    }

    // Parameter names of the defaults are those older checkpoints hold; the new switches only
    // add or drop the parameters they are about.
    void defaultsKeepTheParameterNames() {
        const ExperimentConfig c = test::tiny_model_config(Task::Translation);
        TransformerModel model = build(c);
        std::set<std::string> names;
        for (const auto& item : model->named_parameters()) names.insert(item.key());
        for (const char* name :
             {"decoder_layers.0.norm1.weight", "decoder_layers.0.norm1.bias",
              "decoder_layers.1.cross_attention.kv_proj.bias", "encoder_norm.bias",
              "encoder_layers.0.feed_forward.inner.bias", "decoder_norm.weight"})
            QVERIFY2(names.count(name), name);
        QCOMPARE(
            model->named_parameters()["decoder_layers.0.self_attention.in_proj.weight"].size(0),
            int64_t(3 * 32));

        ExperimentConfig modern = config_of(kGrid[7], Task::Translation);
        modern.model.qk_norm = true;
        TransformerModel llama = build(modern);
        for (const auto& item : llama->named_parameters()) {
            QVERIFY2(item.key().find(".bias") == std::string::npos, item.key().c_str());
        }
        auto p = llama->named_parameters();
        QCOMPARE(p["decoder_layers.0.self_attention.in_proj.weight"].size(0), int64_t(32 + 2 * 16));
        QCOMPARE(p["decoder_layers.0.cross_attention.kv_proj.weight"].size(0), int64_t(2 * 16));
        QCOMPARE(p["decoder_layers.0.feed_forward.inner.weight"].size(0), int64_t(2 * 64));
        QCOMPARE(p["decoder_layers.0.self_attention.q_norm.weight"].size(0), int64_t(8));
    }

    // decay_scope matrices: with zero gradients, AdamW's decay alone moves the weights, and only
    // the linear layers' matrices move.
    void weightDecayOnMatricesLeavesNormsBiasesAndEmbeddingsAlone() {
        for (const OptimizerType type : {OptimizerType::AdamW, OptimizerType::Adam}) {
            ExperimentConfig c = test::tiny_model_config(Task::Translation);
            c.train.optimizer = type;
            c.train.weight_decay = 0.5;
            c.train.lr = 0.1;
            c.train.clip_norm = 0;
            c.train.decay_scope = DecayScope::Matrices;
            TransformerModel model = build(c);
            std::map<std::string, at::Tensor> before;
            for (const auto& item : model->named_parameters())
                before[item.key()] = item.value().detach().clone();
            const auto optimizer = make_optimizer(c.train, *model);
            for (auto& p : model->parameters()) p.mutable_grad() = at::zeros_like(p);
            OptimizerStep(*optimizer, c.train).step(0.1, at::zeros({}));
            int moved = 0, kept = 0;
            for (const auto& item : model->named_parameters()) {
                const bool changed = !at::equal(before[item.key()], item.value());
                QVERIFY2(changed == decays_as_matrix(item.key(), item.value()), item.key().c_str());
                (changed ? moved : kept)++;
            }
            QVERIFY(moved > 0 && kept > 0);
            QVERIFY(!decays_as_matrix("tgt_embedding.weight", before["tgt_embedding.weight"]));
        }
    }

    // A file that sets weight_decay from before decay_scope existed keeps decaying everything.
    void configsWithoutDecayScopeMeanAll() {
        QVERIFY(config_from_json(nlohmann::json::parse(R"({"train": {"weight_decay": 0.1}})"))
                    .train.decay_scope == DecayScope::All);
        QVERIFY(config_from_json(nlohmann::json::parse(R"({"train": {"lr": 0.1}})"))
                    .train.decay_scope == DecayScope::Matrices);
        QVERIFY(
            config_from_json(nlohmann::json::parse(
                                 R"({"train": {"weight_decay": 0.1, "decay_scope": "matrices"}})"))
                .train.decay_scope == DecayScope::Matrices);
    }

    // A decoding step's LayerNorm (fp32 rows on the CPU in inference mode) is a loop of its
    // own: LibTorch's numbers, with and without a bias, for rows far from a zero mean too.
    void decodingLayerNormEqualsLibTorchs() {
        at::manual_seed(4);
        for (bool bias : {true, false}) {
            Norm norm(Normalization::Layer, 48, bias);
            {
                torch::NoGradGuard no_grad;
                for (auto& p : norm->parameters()) p.copy_(at::randn(p.sizes()));
            }
            for (double shift : {0.0, 100.0}) {
                const at::Tensor x = at::randn({5, 2, 48}) * 3 + shift;
                const at::Tensor expected = norm->forward(x).detach();  // at::layer_norm
                at::Tensor got;
                {
                    c10::InferenceMode inference;
                    got = norm->forward(x);
                }
                QVERIFY(at::allclose(got, expected, 1e-5, 1e-5));
            }
        }
    }

    // The same in bf16 (the bf16 decoding copy): the loop computes in fp32 and rounds once,
    // LibTorch's kernel in another order, so they agree to bf16's precision.
    void decodingLayerNormInBf16() {
        at::manual_seed(5);
        Norm norm(Normalization::Layer, 64, true);
        {
            torch::NoGradGuard no_grad;
            for (auto& p : norm->parameters()) p.copy_(at::randn(p.sizes()));
        }
        norm->to(at::kBFloat16);
        const at::Tensor x = (at::randn({3, 64}) * 2 + 1).to(at::kBFloat16);
        const at::Tensor expected = norm->forward(x).detach();
        at::Tensor got;
        {
            c10::InferenceMode inference;
            got = norm->forward(x);
        }
        QCOMPARE(got.scalar_type(), at::kBFloat16);
        QVERIFY(at::allclose(got.to(at::kFloat), expected.to(at::kFloat), 2e-2, 2e-2));
    }

    // Floats rounded to bf16 sixteen at a time are rounded as c10::BFloat16 rounds one.
    void vectorBf16RoundingIsLibTorchs() {
        const float specials[] = {0.0f,
                                  -0.0f,
                                  1.0f,
                                  1.00390625f,
                                  1.01171875f,
                                  -2.5e-39f,
                                  3.0e38f,
                                  std::numeric_limits<float>::infinity(),
                                  -std::numeric_limits<float>::infinity(),
                                  std::numeric_limits<float>::quiet_NaN()};
        std::vector<float> values(specials, specials + std::size(specials));
        const at::Tensor random = at::randn({1014}) * 1000;
        values.insert(values.end(), random.data_ptr<float>(), random.data_ptr<float>() + 1014);
        for (size_t i = 0; i < values.size(); i += vectors::kLanes) {
            c10::BFloat16 rounded[vectors::kLanes];
            vectors::store(rounded, vectors::load(values.data() + i));
            for (int l = 0; l < vectors::kLanes; ++l)
                QCOMPARE(rounded[l].x, c10::BFloat16(values[i + l]).x);
            float back[vectors::kLanes];
            vectors::store(back, vectors::load(rounded));
            for (int l = 0; l < vectors::kLanes; ++l)
                if (!std::isnan(values[i + l]))
                    QCOMPARE(back[l], static_cast<float>(c10::BFloat16(values[i + l])));
        }
    }

    void kvHeadsMustDivideHeads() {
        ExperimentConfig c = test::tiny_model_config(Task::LanguageModel);
        c.model.kv_heads = 3;
        bool found = false;
        for (const auto& issue : validate(c)) found = found || issue.key == "model.kv_heads";
        QVERIFY(found);
        c.model.kv_heads = 2;
        for (const auto& issue : validate(c)) QVERIFY(issue.key != "model.kv_heads");
    }
};

QTEST_APPLESS_MAIN(TestModelComponents)
#include "test_model_components.moc"
