#pragma once
// Tiny random models with fixed seeds and their inputs, shared by the decoding tests
// (test_decode, test_sampling, test_decode_settings).

#include <QtTest>

#include <ATen/ATen.h>
#include <torch/utils.h>

#include <cmath>
#include <functional>
#include <vector>

#include "core/decode/search.h"
#include "tests/core/test_support.h"

namespace tfw::test {

constexpr int64_t kVocab = 12;
constexpr double kEosBoost = 3.0;

// Random weights. Their next-token distributions are already peaked, like a trained model's;
// EOS is made likely enough that some hypotheses end before the length limit.
// `adjust` may change the tiny model's configuration first.
inline TransformerModel make_model(Task task, uint64_t seed = 7,
                                   const std::function<void(ExperimentConfig&)>& adjust = {},
                                   double eos_boost = kEosBoost) {
    ExperimentConfig config = test::tiny_model_config(task);
    if (adjust) adjust(config);
    at::manual_seed(seed);
    TransformerModel model(model_options(config, kVocab, kVocab));
    model->eval();
    torch::NoGradGuard no_grad;
    // The final LayerNorm's bias along EOS's (tied) embedding raises every EOS logit by
    // about eos_boost, so that hypotheses end at varied lengths.
    const at::Tensor eos = model->named_parameters()["tgt_embedding.weight"][kEosId];
    model->named_parameters()["decoder_norm.bias"].add_(eos *
                                                        (eos_boost / eos.dot(eos).item<double>()));
    return model;
}

// Sources (ids ending in EOS) or prompts (starting after EOS), fixed by the seed.
inline std::vector<std::vector<int>> inputs(bool lm, int count, int length, uint64_t seed = 3) {
    at::manual_seed(seed);
    std::vector<std::vector<int>> out;
    for (int i = 0; i < count; ++i) {
        const int len = lm ? length : length - (i % 3);
        const at::Tensor t = at::randint(4, kVocab, {len}, at::kLong);
        std::vector<int> ids;
        if (lm) ids.push_back(kEosId);
        for (int64_t j = 0; j < len; ++j) ids.push_back(static_cast<int>(t[j].item<int64_t>()));
        if (!lm) ids.push_back(kEosId);
        out.push_back(ids);
    }
    return out;
}

inline DecodeOptions options_with(int beam, double lenpen = 0.0) {
    DecodeOptions o;
    o.beam = beam;
    o.nbest = beam;
    o.lenpen = lenpen;
    o.max_len_a = 1.0;
    o.max_len_b = 6;
    return o;
}

// Sum of the hypothesis' token log-probabilities (EOS included when it has one: finished, or
// forced at the length limit) under teacher forcing.
inline double teacher_forced_score(TransformerModelImpl& model, const std::vector<int>& input,
                                   const Hypothesis& h) {
    torch::NoGradGuard no_grad;
    std::vector<int64_t> targets(h.tokens.begin(), h.tokens.end());
    if (h.token_log_probs.size() > h.tokens.size()) targets.push_back(kEosId);
    at::Tensor log_probs;
    if (model.options().is_lm()) {
        std::vector<int64_t> all(input.begin(), input.end());
        all.insert(all.end(), h.tokens.begin(), h.tokens.end());
        const at::Tensor seq = at::tensor(all, at::kLong).unsqueeze(0);
        log_probs = at::log_softmax(model.forward({}, seq), -1)[0].slice(
            0, static_cast<int64_t>(input.size()) - 1);
    } else {
        std::vector<int64_t> tgt_in{kBosId};
        tgt_in.insert(tgt_in.end(), h.tokens.begin(), h.tokens.end());
        std::vector<int64_t> src(input.begin(), input.end());
        log_probs = at::log_softmax(model.forward(at::tensor(src, at::kLong).unsqueeze(0),
                                                  at::tensor(tgt_in, at::kLong).unsqueeze(0)),
                                    -1)[0];
    }
    double score = 0;
    for (size_t t = 0; t < targets.size(); ++t)
        score += log_probs[static_cast<int64_t>(t)][targets[t]].item<double>();
    return score;
}

inline void compare_hypotheses(const std::vector<Hypothesis>& a, const std::vector<Hypothesis>& b) {
    QCOMPARE(a.size(), b.size());
    for (size_t k = 0; k < a.size(); ++k) {
        QCOMPARE(a[k].tokens, b[k].tokens);
        QCOMPARE(a[k].finished, b[k].finished);
        QVERIFY2(std::abs(a[k].score - b[k].score) < 1e-4,
                 qPrintable(QString("%1 vs %2").arg(a[k].score).arg(b[k].score)));
    }
}

}  // namespace tfw::test
