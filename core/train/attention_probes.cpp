#include "core/train/attention_probes.h"

#include <algorithm>
#include <sstream>

#include "core/decode/labelled_attention.h"
#include "core/decode/search.h"
#include "core/train/attention_entropy.h"
#include "core/train/sample_preview.h"

namespace tfw {
namespace {

constexpr size_t kDefaultProbes = 2;
constexpr int kPromptTokens = kMaxProbeTokens / 2;

// Cut as Translator cuts a long input: a source keeps its start and its EOS, a prompt (which
// starts with EOS) its newest tokens.
std::vector<int> cut(std::vector<int> ids, bool lm, size_t limit) {
    if (ids.size() <= limit) return ids;
    if (lm) {
        ids.erase(ids.begin(), ids.end() - static_cast<long>(limit));
    } else {
        ids.resize(limit - 1);
        ids.push_back(kEosId);
    }
    return ids;
}

std::vector<std::string> split_probes(const std::string& text) {
    std::vector<std::string> parts;
    std::istringstream in(text);
    for (std::string part; std::getline(in, part, '|');) {
        const size_t first = part.find_first_not_of(" \t");
        if (first == std::string::npos) continue;
        parts.push_back(part.substr(first, part.find_last_not_of(" \t") - first + 1));
    }
    return parts;
}

}  // namespace

std::vector<std::vector<int>> probe_inputs(const PreparedData& data, const ExperimentConfig& config,
                                           int64_t max_positions) {
    const bool lm = config.is_lm();
    const size_t limit = static_cast<size_t>(std::min<int64_t>(
        lm ? kPromptTokens : kMaxProbeTokens, std::max<int64_t>(2, max_positions - 2)));
    std::vector<std::vector<int>> probes;
    const std::vector<std::string> texts = split_probes(config.train.probes);
    for (const std::string& text : texts) {
        if (probes.size() == kMaxProbes) break;
        std::vector<int> ids = data.src_tokenizer->encode(text);
        if (lm)
            ids.insert(ids.begin(), kEosId);
        else
            ids.push_back(kEosId);
        probes.push_back(cut(std::move(ids), lm, limit));
    }
    if (texts.empty())
        for (PreviewInput& p : preview_inputs(data, lm, kDefaultProbes))
            probes.push_back(cut(std::move(p.input), lm, limit));
    return probes;
}

AttentionSnapshot snapshot_attention(TransformerModelImpl& model, const PreparedData& data,
                                     const ExperimentConfig& config,
                                     const std::vector<std::vector<int>>& probes, int64_t step) {
    AttentionSnapshot snapshot;
    snapshot.step = step;
    if (probes.empty()) return snapshot;
    DecodeOptions options = preview_decode_options(config);
    options.sample = false;
    options.attention = true;
    options.max_len_a = 0;
    options.max_len_b = config.is_lm() ? kMaxProbeTokens - kPromptTokens : kMaxProbeTokens - 1;
    model.eval();
    const auto outputs = decode_ids(model, probes, options);
    model.train();
    const bool lm = config.is_lm();
    for (size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].empty()) continue;
        ProbeAttention probe;
        probe.input = data.src_tokenizer->decode(probes[i]);
        probe.attention =
            label_attention(outputs[i][0], probes[i], *data.src_tokenizer, *data.tgt_tokenizer, lm);
        probe.entropies = head_entropies(probe.attention);
        snapshot.probes.push_back(std::move(probe));
    }
    return snapshot;
}

}  // namespace tfw
