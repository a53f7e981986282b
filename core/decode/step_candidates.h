#pragma once
// A search step's choice without materialising its log-probabilities: log_softmax of a step's
// logits [R, V] is x - max - log(sum(exp(x - max))) per row, so the searches take each row's
// two normalisers first, mask tokens in the logits themselves (the rules of logit_rules.h only
// ever write -inf, or keep a value), and read log-probabilities only where they choose. On the
// CPU that is one pass for the normalisers and one for the choice, instead of log_softmax's
// [R, V] output, an [R, V] sum with the scores, a sorted copy for top-k and a gather.

#include <ATen/core/Tensor.h>

#include <vector>

namespace tfw {

// Per row of logits [R, V] (float, contiguous): its maximum and log(sum(exp(x - max))), as
// [R, 2] on the logits' device. Take them before the rules mask tokens.
at::Tensor log_softmax_normalizers(const at::Tensor& logits);

// The best `wanted` candidates of each group of `beam` consecutive rows, best first: a
// candidate is a row's score (row_scores[r], -inf for a dead row) plus a token's
// log-probability, its id row-in-group * V + token (as topk over [groups, beam * V] numbers
// them). Equal values: the lower id first. Fewer than `wanted` finite candidates: the rest
// score -inf. On the host, whatever the logits' device.
struct StepCandidates {
    at::Tensor scores;     // [groups, wanted] float
    at::Tensor ids;        // [groups, wanted] long
    at::Tensor log_probs;  // [groups, wanted] float: the tokens' own log-probabilities
};
StepCandidates best_candidates(const at::Tensor& logits, const at::Tensor& normalizers,
                               const std::vector<double>& row_scores, int64_t beam, int64_t wanted);

}  // namespace tfw
