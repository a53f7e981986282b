#pragma once
// The decoding settings an experiment holds (decode_fields.h is their table). How a call
// runs on top of them is core/decode/decode_options.h.

#include <cstdint>

namespace tfw {

enum class LengthPenaltyForm { Fairseq, Gnmt };

// The number format decoding computes in: fp32 (exact, the default); bfloat16 weights and
// activations, faster where the hardware multiplies bf16 (CPUs with AVX-512 BF16 or AMX,
// GPUs); or int8 weights in the linear layers (dynamic quantization, CPU only). The outputs
// of the last two may differ slightly from fp32's.
enum class DecodePrecision { Fp32, Bf16, Int8 };

// What is decoded: the settings an experiment keeps as its defaults and a saved evaluation
// records. Every field has one entry in decode_fields() (decode_fields.h), which gives it
// its command-line option, form field, range check and JSON key.
struct DecodeSettings {
    int beam = 1;         // hypotheses kept per input (1 = greedy, unless sampling)
    double lenpen = 1.0;  // length penalty alpha
    LengthPenaltyForm lenpen_form = LengthPenaltyForm::Fairseq;  // score/len^a or /((5+len)/6)^a
    int nbest = 1;  // hypotheses returned per input (<= beam)
    // Beam search's early stop, opt-in: an input ends once beam x patience hypotheses have
    // ended (CTranslate2's patience; 1 = its default). 0: it ends only when no open hypothesis
    // can still beat the worst of the nbest finished ones it returns (exact; never a worse
    // score).
    double patience = 0;
    double max_len_a = 1.2;  // output at most a * source length + b tokens (lm: b new tokens)
    int max_len_b = 10;
    int min_len = 0;          // EOS forbidden before this many tokens
    int no_repeat_ngram = 0;  // forbid repeating any n-gram of this size (0 = off)
    bool sample = false;      // sample instead of searching
    DecodePrecision precision = DecodePrecision::Fp32;
    double temperature = 1.0;
    int top_k = 0;       // sample from the k most likely tokens (0 = all)
    double top_p = 1.0;  // sample from the smallest set with this much probability
    uint64_t seed = 0;   // sampling seed
    int samples = 1;     // samples per input
};

}  // namespace tfw
