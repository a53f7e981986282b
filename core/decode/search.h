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
// Runs in batches of options.batch_size; `keep_going(inputs done)` is asked between batches.
// Greedy search of seq2seq sources on the CPU keeps its batch full instead (the next input
// starts in the row of one that has ended) and asks it before each start, unless a step
// callback (options.on_step, which counts one batch's steps) is set.
std::vector<std::vector<Hypothesis>> decode_ids(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, const std::function<bool(size_t done)>& keep_going = {});

// Greedy search (beam 1, no sampling). At most options.batch_size inputs decode together;
// with more (seq2seq sources only), the next input takes the row of one that has ended, each
// row at a position of its own (input_feed.h), and keep_going(inputs finished) is asked
// before each start (false: no more start; inputs never started get no hypotheses).
std::vector<std::vector<Hypothesis>> greedy_search(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, const std::function<bool(size_t finished)>& keep_going = {});

// Batched beam search for one batch (beam >= 1): options.nbest hypotheses per input, best
// normalized score first. See beam_search.cpp for the stopping rule.
std::vector<std::vector<Hypothesis>> beam_search(TransformerModelImpl& model,
                                                 const std::vector<std::vector<int>>& inputs,
                                                 const DecodeOptions& options);

// The same search with its bookkeeping on the model's device (beam_search's outputs): the
// host reads which inputs are done every `check_every` steps and the results at the end, so a
// GPU does not wait between steps. Not with no_repeat_ngram (the n-gram rule needs the
// hypotheses on the host). decode_ids uses it on a GPU.
std::vector<std::vector<Hypothesis>> beam_search_on_device(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, int64_t check_every = 8);

// greedy_search's outputs the same way: the host reads which inputs have ended every
// `check_every` steps and the results at the end. Not with no_repeat_ngram.
std::vector<std::vector<Hypothesis>> greedy_search_on_device(
    TransformerModelImpl& model, const std::vector<std::vector<int>>& inputs,
    const DecodeOptions& options, int64_t check_every = 8);

// options.samples samples per input (temperature, top-k, top-p, seed), best score first.
// input_indices: each input's index among all inputs decoded (its random stream is derived
// from the seed and that index); empty: 0, 1, 2, ...
std::vector<std::vector<Hypothesis>> sample_search(TransformerModelImpl& model,
                                                   const std::vector<std::vector<int>>& inputs,
                                                   const DecodeOptions& options,
                                                   std::vector<size_t> input_indices = {});

// The probabilities [R, V] samples are drawn from, given log-probabilities [R, V]:
// temperature, then the k most likely tokens (exactly k), renormalized, then the smallest
// set reaching top_p of that, renormalized.
at::Tensor sampling_distribution(const at::Tensor& log_probs, const DecodeOptions& options);

// Length penalty of either form: fairseq len^a, gnmt ((5+len)/6)^a.
double length_penalty(int64_t length, double alpha, LengthPenaltyForm form);

// Fills hypothesis.attention by one teacher-forced pass over the input and the output.
void attach_attention(TransformerModelImpl& model, const std::vector<int>& input,
                      Hypothesis& hypothesis);

}  // namespace tfw
