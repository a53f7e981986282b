#pragma once
// How far a self-attention head looks: the weight a query gives to the key d positions before
// it (d = 0: itself, d < 0: a key after it, which only an encoder reads), averaged over the
// queries that have such a key. Heads of relative position schemes show it plainly: ALiBi's
// weights fall off with distance by design, rope heads often keep to fixed offsets (the
// previous token, the one before) wherever the query is.

#include <vector>

namespace tfw {

struct DistanceProfile {
    int nearest = 0;           // the distance of mean[0]: 0 for causal attention, else < 0
    std::vector<double> mean;  // mean weight at distances nearest, nearest + 1, ...
};

// weights: row-major rows x columns, each row a distribution; the last row is the query at the
// last column (rows <= columns: the first columns - rows keys are a prompt no row stands for).
// causal: no key after the query (decoder self-attention). Distances beyond `reach` are left
// out.
DistanceProfile attention_by_distance(const float* weights, int rows, int columns, bool causal,
                                      int reach);

}  // namespace tfw
