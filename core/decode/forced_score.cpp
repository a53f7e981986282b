#include "core/decode/forced_score.h"

#include <ATen/ATen.h>
#include <torch/csrc/autograd/grad_mode.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/data/tokenizer.h"
#include "core/decode/translator.h"

namespace tfw {
namespace {

// Rows of ids padded on the right into a [rows, longest] tensor.
at::Tensor padded(const std::vector<std::vector<int64_t>>& rows, const at::Device& device) {
    size_t longest = 1;
    for (const auto& row : rows) longest = std::max(longest, row.size());
    at::Tensor out = at::full({static_cast<int64_t>(rows.size()), static_cast<int64_t>(longest)},
                              kPadId, at::kLong);
    auto cells = out.accessor<int64_t, 2>();
    for (size_t r = 0; r < rows.size(); ++r)
        for (size_t c = 0; c < rows[r].size(); ++c)
            cells[static_cast<int64_t>(r)][static_cast<int64_t>(c)] = rows[r][c];
    return out.to(device);
}

// Scores inputs[begin, end) in one forward pass.
void score_batch(TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
                 const std::vector<std::vector<int>>& outputs, size_t begin, size_t end,
                 std::vector<ForcedScore>& scores) {
    const bool lm = model.options().is_lm();
    const auto device = model.parameters().front().device();
    std::vector<std::vector<int64_t>> sources, targets;
    std::vector<std::vector<int64_t>> next;  // the token each target position predicts
    std::vector<int64_t> first;              // position whose logits predict the first output token
    for (size_t i = begin; i < end; ++i) {
        std::vector<int64_t> target;
        if (lm) {
            target.assign(inputs[i].begin(), inputs[i].end());
            first.push_back(static_cast<int64_t>(inputs[i].size()) - 1);
        } else {
            sources.emplace_back(inputs[i].begin(), inputs[i].end());
            target.push_back(kBosId);
            first.push_back(0);
        }
        target.insert(target.end(), outputs[i].begin(), outputs[i].end());
        std::vector<int64_t> predicted(target.size(), kPadId);
        for (size_t k = 0; k <= outputs[i].size(); ++k)
            predicted[static_cast<size_t>(first.back()) + k] =
                k < outputs[i].size() ? outputs[i][k] : kEosId;
        targets.push_back(std::move(target));
        next.push_back(std::move(predicted));
    }
    const at::Tensor logits =
        model.forward(lm ? at::Tensor() : padded(sources, device), padded(targets, device))
            .to(at::kFloat);
    // Only the predicted tokens' log-probabilities leave the device: the whole log-softmax
    // would be rows x positions x vocabulary (2.5 GB for 64 WikiText-2 lines).
    const at::Tensor picked =
        (logits.gather(2, padded(next, device).unsqueeze(2)).squeeze(2) - logits.logsumexp(2))
            .cpu();
    auto lp = picked.accessor<float, 2>();
    for (size_t i = begin; i < end; ++i) {
        const auto row = static_cast<int64_t>(i - begin);
        ForcedScore& score = scores[i];
        score.tokens = outputs[i];
        for (size_t k = 0; k <= outputs[i].size(); ++k) {
            const float value = lp[row][first[static_cast<size_t>(row)] + static_cast<int64_t>(k)];
            score.token_log_probs.push_back(value);
            score.total += value;
        }
    }
}

}  // namespace

double ForcedScore::perplexity() const {
    if (token_log_probs.empty()) return std::numeric_limits<double>::quiet_NaN();
    return std::exp(-total / static_cast<double>(token_log_probs.size()));
}

std::vector<ForcedScore> force_score_ids(TransformerModelImpl& model,
                                         const std::vector<std::vector<int>>& inputs,
                                         const std::vector<std::vector<int>>& outputs,
                                         size_t batch_size) {
    if (inputs.size() != outputs.size())
        throw std::invalid_argument("inputs and outputs differ in number (" +
                                    std::to_string(inputs.size()) + " vs " +
                                    std::to_string(outputs.size()) + ")");
    if (model.options().is_lm())
        for (const auto& prompt : inputs)
            if (prompt.empty())
                throw std::invalid_argument(
                    "a language model needs a prompt of at least one token to score an output");
    torch::NoGradGuard no_grad;
    const bool was_training = model.is_training();
    model.eval();
    std::vector<ForcedScore> scores(inputs.size());
    batch_size = std::max<size_t>(batch_size, 1);
    for (size_t begin = 0; begin < inputs.size(); begin += batch_size)
        score_batch(model, inputs, outputs, begin, std::min(inputs.size(), begin + batch_size),
                    scores);
    model.train(was_training);
    return scores;
}

ForcedScore score_output(Translator& translator, const std::string& input,
                         const std::string& output) {
    LoadedModel& loaded = translator.model();
    TransformerModelImpl& model = *loaded.model;
    const std::vector<int> source = translator.encode_input(input);
    std::vector<int> target = loaded.tgt_tokenizer->encode(output);
    // Room for BOS (seq2seq) or the prompt (lm), and for EOS.
    const int64_t room = model.options().max_positions -
                         (model.options().is_lm() ? static_cast<int64_t>(source.size()) : 1) - 1;
    if (static_cast<int64_t>(target.size()) > std::max<int64_t>(room, 0))
        target.resize(static_cast<size_t>(std::max<int64_t>(room, 0)));
    ForcedScore score = force_score_ids(model, {source}, {target}).front();
    for (int id : score.tokens) score.pieces.push_back(loaded.tgt_tokenizer->piece(id));
    return score;
}

}  // namespace tfw
