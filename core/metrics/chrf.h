#pragma once
// chrF and chrF++, reproducing sacreBLEU 2.6.0 (`sacrebleu.CHRF`): character n-grams
// without whitespace, optional word n-grams with sacreBLEU's punctuation splitting, the
// best reference per segment, and statistics summed over the corpus before the F-score.

#include <cstdint>
#include <string>
#include <vector>

namespace tfw {

struct ChrfOptions {
    int char_order = 6;          // character n-gram orders 1..char_order
    int word_order = 0;          // word n-gram orders 1..word_order; 2 gives chrF++
    int beta = 2;                // recall is beta times as important as precision
    bool lowercase = false;      // Python str.lower() on every segment
    bool whitespace = false;     // keep whitespace inside character n-grams
    bool eps_smoothing = false;  // sacreBLEU's eps-smoothed average of per-order F-scores
};

// CHRF(word_order=2).
ChrfOptions chrf_plus_plus_options();

struct ChrfScore {
    double score = 0.0;  // 0 to 100
    // [hyp, ref, match] per order: character orders first, then word orders.
    std::vector<int64_t> stats;
    std::string name;  // "chrF2", "chrF2++"

    // sacreBLEU's summary: "chrF2 = 52.13".
    std::string format() const;
};

// references[k][i] is the k-th reference of segment i. Throws std::invalid_argument when the
// sizes differ, there is no reference, or an order is out of range.
ChrfScore corpus_chrf(const std::vector<std::string>& hypotheses,
                      const std::vector<std::vector<std::string>>& references,
                      const ChrfOptions& options = {});

ChrfScore sentence_chrf(const std::string& hypothesis, const std::vector<std::string>& references,
                        const ChrfOptions& options = {});

// e.g. "nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0"
std::string chrf_signature(const ChrfOptions& options, int num_references);

}  // namespace tfw
