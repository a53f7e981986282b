#pragma once
// Corpus and sentence BLEU, reproducing sacreBLEU 2.6.0 (`sacrebleu.BLEU`): the same
// tokenizers, n-gram clipping over several references, closest reference length, smoothing
// methods and signature string.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/metrics/bleu_tokenizer.h"

namespace tfw {

inline constexpr int kBleuMaxOrder = 4;

enum class BleuSmoothing { kNone, kFloor, kAddK, kExp };

// "none", "floor", "add-k", "exp"; throws std::invalid_argument otherwise.
BleuSmoothing parse_bleu_smoothing(const std::string& name);

struct BleuOptions {
    BleuTokenizer tokenizer = BleuTokenizer::k13a;  // word tokenizer applied to every segment
    bool lowercase = false;                         // Python str.lower() before tokenizing
    BleuSmoothing smoothing = BleuSmoothing::kExp;  // what replaces zero n-gram precisions
    std::optional<double> smooth_value;  // floor / add-k constant; unset: 0.1 / 1 as sacreBLEU
    bool effective_order = false;        // average only over orders the hypothesis has
};

// sacrebleu.sentence_bleu's defaults: as BleuOptions but with effective order on.
BleuOptions sentence_bleu_options();

struct BleuScore {
    double score = 0.0;                              // 0 to 100
    std::array<double, kBleuMaxOrder> precisions{};  // 0 to 100, smoothing included
    std::array<int64_t, kBleuMaxOrder> counts{};     // clipped matches per order (before add-k)
    std::array<int64_t, kBleuMaxOrder> totals{};     // hypothesis n-grams per order (before add-k)
    double bp = 0.0;                                 // brevity penalty
    int64_t sys_len = 0;                             // hypothesis tokens
    int64_t ref_len = 0;                             // closest reference tokens

    // sacreBLEU's summary: "BLEU = 34.21 65.1/40.2/27.0/18.9 (BP = 0.987 ratio = ...)".
    std::string format() const;
};

// references[k][i] is the k-th reference of segment i; every stream has hypotheses.size()
// lines. Throws std::invalid_argument when the sizes differ or there is no reference.
BleuScore corpus_bleu(const std::vector<std::string>& hypotheses,
                      const std::vector<std::vector<std::string>>& references,
                      const BleuOptions& options = {});

BleuScore sentence_bleu(const std::string& hypothesis, const std::vector<std::string>& references,
                        const BleuOptions& options = sentence_bleu_options());

// e.g. "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0"
std::string bleu_signature(const BleuOptions& options, int num_references);

}  // namespace tfw
