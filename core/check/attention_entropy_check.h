#pragma once
// How spread out each attention head's weights are: the entropy of every query's weights
// divided by ln(number of keys it may see), averaged per head. 1 = uniform, 0 = one key.

#include <string>
#include <vector>

#include "core/check/check_batch.h"
#include "core/check/check_result.h"
#include "core/model/transformer_model.h"

namespace tfw {

struct HeadEntropy {
    std::string stack;         // "encoder self", "decoder self", "cross"
    int layer = 0;             // from 1
    int head = 0;              // from 1
    double entropy = 0;        // mean normalised entropy over the queries
    double fixed_share = 0;    // share of queries whose strongest key is the example's usual one
    double output_weight = 0;  // the head's share of its layer's output projection (1 = average)
};

constexpr double kUniformEntropy = 0.95;  // above: the head averages (learns nothing)
constexpr double kDeadEntropy = 0.15;     // below, with kDeadFixedShare: stuck on one token
constexpr double kDeadFixedShare = 0.9;
constexpr double kSilentOutputWeight = 0.01;  // below: the head's output is dropped

// Entropy of every head on `batches` (eval mode; padding and, for a causal decoder, future
// keys excluded; queries that may see only one key are skipped).
std::vector<HeadEntropy> attention_entropies(TransformerModelImpl& model,
                                             const std::vector<BatchTensors>& batches);

// Judges a trained model's heads; an untrained one (`trained` false) is measured but skipped,
// since freshly initialised heads are near uniform anyway.
CheckResult check_attention_entropy(TransformerModelImpl& model,
                                    const std::vector<BatchTensors>& batches, bool trained);

}  // namespace tfw
