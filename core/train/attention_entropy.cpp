#include "core/train/attention_entropy.h"

#include <algorithm>
#include <cmath>

namespace tfw {
namespace {

std::vector<std::vector<double>> stack_entropies(const LabelledAttentionStack& stack, bool causal) {
    std::vector<std::vector<double>> layers;
    for (const auto& heads : stack.weights) {
        std::vector<double> per_head;
        for (const auto& head : heads)
            per_head.push_back(
                mean_normalised_entropy(head.data(), stack.rows, stack.columns, causal));
        layers.push_back(std::move(per_head));
    }
    return layers;
}

}  // namespace

double mean_normalised_entropy(const float* weights, int rows, int columns, bool causal) {
    double sum = 0;
    int counted = 0;
    for (int r = 0; r < rows; ++r) {
        const int keys = causal ? std::min(r + 1, columns) : columns;
        if (keys < 2) continue;
        double entropy = 0;
        for (int c = 0; c < keys; ++c) {
            const double p = weights[static_cast<size_t>(r) * columns + c];
            if (p > 0) entropy -= p * std::log(p);
        }
        sum += entropy / std::log(static_cast<double>(keys));
        ++counted;
    }
    return counted ? sum / counted : 0.0;
}

ProbeEntropies head_entropies(const LabelledAttention& attention) {
    ProbeEntropies e;
    e.encoder_self = stack_entropies(attention.encoder_self, false);
    e.decoder_self = stack_entropies(attention.decoder_self, true);
    e.cross = stack_entropies(attention.cross, false);
    return e;
}

}  // namespace tfw
