#pragma once
// How spread out a head's attention is: the entropy of each query's weights over the keys it may
// read, divided by its largest possible value, averaged over the queries.

#include "core/decode/labelled_attention.h"
#include "core/train/training_observer.h"

namespace tfw {

// weights: row-major rows x columns, each row a distribution. causal: row r may read keys 0..r
// (decoder self-attention), else every column. Uniform rows give 1, one-hot rows 0; rows that
// may read a single key say nothing and are left out (0 when no row is left).
double mean_normalised_entropy(const float* weights, int rows, int columns, bool causal);

// Every head of every stack; decoder self-attention is causal.
ProbeEntropies head_entropies(const LabelledAttention& attention);

}  // namespace tfw
