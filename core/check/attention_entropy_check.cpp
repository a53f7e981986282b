#include "core/check/attention_entropy_check.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/check/check_format.h"
#include "core/data/tokenizer.h"

namespace tfw {

namespace {

struct Sums {
    double entropy = 0, fixed = 0;
    int64_t queries = 0;
};

// Adds one layer's weights [B, H, Q, K] to sums[head]. A query at q may see key k when both
// are not padding and, for a causal decoder's self-attention, k <= q.
void add_layer(const at::Tensor& weights, const at::Tensor& query_tokens,
               const at::Tensor& key_tokens, bool causal, std::vector<Sums>& sums) {
    const at::Tensor w = weights.to(at::kCPU, at::kFloat).contiguous();
    const at::Tensor q_ok = query_tokens.to(at::kCPU).ne(kPadId);
    const at::Tensor k_ok = key_tokens.to(at::kCPU).ne(kPadId);
    const auto wa = w.accessor<float, 4>();
    const auto qa = q_ok.accessor<bool, 2>();
    const auto ka = k_ok.accessor<bool, 2>();
    const int64_t batch = w.size(0), heads = w.size(1), queries = w.size(2), keys = w.size(3);
    sums.resize(std::max<size_t>(sums.size(), static_cast<size_t>(heads)));
    for (int64_t b = 0; b < batch; ++b) {
        for (int64_t h = 0; h < heads; ++h) {
            std::vector<int64_t> strongest;
            for (int64_t q = 0; q < queries; ++q) {
                if (!qa[b][q]) continue;
                int64_t visible = 0, best = 0;
                double entropy = 0;
                for (int64_t k = 0; k < keys; ++k) {
                    if (!ka[b][k] || (causal && k > q)) continue;
                    ++visible;
                    const double p = wa[b][h][q][k];
                    if (p > 0) entropy -= p * std::log(p);
                    if (p > wa[b][h][q][best]) best = k;
                }
                if (visible < 2) continue;
                sums[h].entropy += entropy / std::log(static_cast<double>(visible));
                ++sums[h].queries;
                strongest.push_back(best);
            }
            std::map<int64_t, int64_t> counts;
            int64_t usual = 0;
            for (const int64_t k : strongest) usual = std::max(usual, ++counts[k]);
            sums[h].fixed += static_cast<double>(usual);
        }
    }
}

// Each head's share of the output projection's weight (its columns' norm over the mean).
std::map<std::string, std::vector<double>> output_weights(TransformerModelImpl& model) {
    std::map<std::string, std::vector<double>> shares;  // parameter prefix -> per head
    const int64_t heads = model.options().heads;
    for (const auto& item : model.named_parameters()) {
        const std::string& name = item.key();
        const std::string suffix = ".out_proj.weight";
        if (name.size() < suffix.size() ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
            continue;
        const at::Tensor norms = item.value()
                                     .detach()
                                     .to(at::kCPU, at::kFloat)
                                     .view({item.value().size(0), heads, -1})
                                     .pow(2)
                                     .sum(2)
                                     .sum(0)
                                     .sqrt();
        const double mean = norms.mean().item<double>();
        std::vector<double> per_head;
        for (int64_t h = 0; h < heads; ++h)
            per_head.push_back(mean > 0 ? norms[h].item<double>() / mean : 0.0);
        shares[name.substr(0, name.size() - suffix.size())] = per_head;
    }
    return shares;
}

}  // namespace

std::vector<HeadEntropy> attention_entropies(TransformerModelImpl& model,
                                             const std::vector<BatchTensors>& batches) {
    torch::NoGradGuard no_grad;
    const bool training = model.is_training();
    model.eval();
    const ModelOptions& o = model.options();
    // [stack][layer][head]
    std::vector<std::vector<std::vector<Sums>>> sums(3);
    for (const BatchTensors& batch : batches) {
        AttentionMaps maps;
        model.forward(batch.src, batch.tgt_in, &maps);
        auto add = [&](int stack, const std::vector<at::Tensor>& layers, const at::Tensor& queries,
                       const at::Tensor& keys, bool causal) {
            sums[stack].resize(layers.size());
            for (size_t l = 0; l < layers.size(); ++l)
                add_layer(layers[l], queries, keys, causal, sums[stack][l]);
        };
        if (batch.src.defined()) add(0, maps.encoder_self, batch.src, batch.src, false);
        add(1, maps.decoder_self, batch.tgt_in, batch.tgt_in, o.causal);
        if (batch.src.defined()) add(2, maps.cross, batch.tgt_in, batch.src, false);
    }
    model.train(training);

    const auto shares = output_weights(model);
    const char* names[] = {"encoder self", "decoder self", "cross"};
    const char* prefixes[] = {"encoder_layers.%d.self_attention",
                              "decoder_layers.%d.self_attention",
                              "decoder_layers.%d.cross_attention"};
    std::vector<HeadEntropy> heads;
    for (int s = 0; s < 3; ++s) {
        for (size_t l = 0; l < sums[s].size(); ++l) {
            char prefix[64];
            std::snprintf(prefix, sizeof prefix, prefixes[s], static_cast<int>(l));
            const auto share = shares.find(prefix);
            for (size_t h = 0; h < sums[s][l].size(); ++h) {
                const Sums& sum = sums[s][l][h];
                if (sum.queries == 0) continue;
                HeadEntropy e;
                e.stack = names[s];
                e.layer = static_cast<int>(l) + 1;
                e.head = static_cast<int>(h) + 1;
                e.entropy = sum.entropy / static_cast<double>(sum.queries);
                e.fixed_share = sum.fixed / static_cast<double>(sum.queries);
                e.output_weight = share != shares.end() ? share->second[h] : 1.0;
                heads.push_back(e);
            }
        }
    }
    return heads;
}

CheckResult check_attention_entropy(TransformerModelImpl& model,
                                    const std::vector<BatchTensors>& batches, bool trained) {
    CheckResult r;
    r.id = "attention_entropy";
    r.title = TFW_TR_NOOP("Check", "Attention heads are neither dead nor uniform");
    const std::vector<HeadEntropy> heads = attention_entropies(model, batches);
    if (heads.empty()) {
        r.figure = check_text(TFW_TR_NOOP("Check", "no attention measured"));
        r.explanation =
            check_text(TFW_TR_NOOP("Check", "Skipped: no example with two or more visible keys."));
        return r;
    }
    std::vector<std::string> dead, uniform;
    double total = 0;
    for (const HeadEntropy& e : heads) {
        const std::string name =
            e.stack + " L" + std::to_string(e.layer) + " H" + std::to_string(e.head);
        const std::string entropy = format_figure(e.entropy);
        Phrase value = verbatim(entropy);
        if (e.output_weight < kSilentOutputWeight) {
            value = check_text(TFW_TR_NOOP("Check", "%1 (dead: output dropped)"), {entropy});
            dead.push_back(name);
        } else if (e.entropy < kDeadEntropy && e.fixed_share >= kDeadFixedShare) {
            value = check_text(TFW_TR_NOOP("Check", "%1 (dead: stuck on one token)"), {entropy});
            dead.push_back(name);
        } else if (e.entropy > kUniformEntropy) {
            value = check_text(TFW_TR_NOOP("Check", "%1 (uniform)"), {entropy});
            uniform.push_back(name);
        }
        r.details.push_back({verbatim(name), value});
        total += e.entropy;
    }
    const double mean = total / static_cast<double>(heads.size());
    r.figure = check_text(TFW_TR_NOOP("Check", "mean %1; %2 dead, %3 uniform of %4 heads"),
                          {format_figure(mean), std::to_string(dead.size()),
                           std::to_string(uniform.size()), std::to_string(heads.size())});
    r.explanation = check_text(
        TFW_TR_NOOP("Check",
                    "Entropy of each head's attention weights over the keys a query may see, "
                    "divided by ln(number of those keys): 1 = spread evenly (uniform), 0 = all on "
                    "one key."));
    auto list = [](const std::vector<std::string>& names) {
        std::string text;
        for (size_t i = 0; i < names.size() && i < 6; ++i) text += (i ? ", " : "") + names[i];
        return names.size() > 6 ? text + ", ..." : text;
    };
    if (!trained) {
        r.status = CheckStatus::Skipped;
        r.explanation.then(
            check_text(TFW_TR_NOOP("Check",
                                   " Informational only: a freshly initialised model's heads are "
                                   "near uniform anyway. Give a trained checkpoint (--checkpoint) "
                                   "to judge them.")));
    } else if (!dead.empty() || !uniform.empty()) {
        r.status = CheckStatus::Warn;
        if (!dead.empty())
            r.explanation.then(
                check_text(TFW_TR_NOOP("Check",
                                       " Dead heads (%1) attend to one position whatever the "
                                       "query, often a separator or </s>, or their output is "
                                       "dropped: they add nothing."),
                           {list(dead)}));
        if (!uniform.empty())
            r.explanation.then(
                check_text(TFW_TR_NOOP("Check",
                                       " Uniform heads (%1) average over everything: they did not "
                                       "learn where to look (too little training, or too many "
                                       "heads for the data)."),
                           {list(uniform)}));
        r.explanation.then(check_text(TFW_TR_NOOP(
            "Check",
            " A few such heads are common; many suggest pruning heads or training longer.")));
    } else {
        r.status = CheckStatus::Pass;
        r.explanation.then(check_text(TFW_TR_NOOP(
            "Check", " Every head attends selectively without being stuck on one token.")));
    }
    return r;
}

}  // namespace tfw
