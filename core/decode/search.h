#pragma once
// Decoding algorithms over token ids. Text in and out is Translator's job.

#include <functional>
#include <vector>

#include "core/decode/decode_options.h"
#include "core/decode/hypothesis.h"
#include "core/model/transformer_model.h"

namespace tfw {

// Inputs: seq2seq sources (ids ending in EOS) or, for a language model, prompts (ids).
// Returns per input its hypotheses, best first (n-best, or several samples).
// Runs in batches of options.batch_size; `keep_going` is asked between batches.
std::vector<std::vector<Hypothesis>> decode_ids(TransformerModelImpl& model,
                                                const std::vector<std::vector<int>>& inputs,
                                                const DecodeOptions& options,
                                                const std::function<bool(size_t done)>& keep_going = {});

// Greedy search for one batch (beam 1, no sampling).
std::vector<std::vector<Hypothesis>> greedy_search(TransformerModelImpl& model,
                                                   const std::vector<std::vector<int>>& inputs,
                                                   const DecodeOptions& options);

// Length penalty of either form: fairseq len^a, gnmt ((5+len)/6)^a.
double length_penalty(int64_t length, double alpha, LengthPenaltyForm form);

// Fills hypothesis.attention by one teacher-forced pass over the input and the output.
void attach_attention(TransformerModelImpl& model, const std::vector<int>& input, Hypothesis& hypothesis);

}  // namespace tfw
