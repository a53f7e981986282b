#include "core/metrics/bleu.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <unordered_map>

#include "core/metrics/sacrebleu_version.h"
#include "core/metrics/unicode_text.h"

namespace tfw {

namespace {

// N-gram counts per order (index 0: unigrams); an n-gram is its tokens joined by spaces,
// which is unambiguous because tokens never contain whitespace.
using NgramCounts = std::array<std::unordered_map<std::string, int64_t>, kBleuMaxOrder>;

// Segment statistics, summed over the corpus before the score is computed.
struct BleuStats {
    int64_t sys_len = 0, ref_len = 0;
    std::array<int64_t, kBleuMaxOrder> counts{}, totals{};
};

std::vector<std::string> preprocess(const std::string& segment, const BleuOptions& options) {
    const std::string cased = options.lowercase ? python_lower(segment) : segment;
    return python_split(tokenize_bleu(options.tokenizer, python_rstrip(cased)));
}

NgramCounts count_ngrams(const std::vector<std::string>& tokens) {
    NgramCounts counts;
    for (size_t start = 0; start < tokens.size(); ++start) {
        std::string ngram;
        for (int n = 0; n < kBleuMaxOrder && start + n < tokens.size(); ++n) {
            if (n > 0) ngram.push_back(' ');
            ngram += tokens[start + n];
            ++counts[n][ngram];
        }
    }
    return counts;
}

// sacreBLEU's closest reference length: smallest difference, ties go to the shorter one.
int64_t closest_ref_len(int64_t hyp_len, const std::vector<int64_t>& ref_lens) {
    int64_t best_diff = -1, best_len = -1;
    for (const int64_t len : ref_lens) {
        const int64_t diff = std::llabs(hyp_len - len);
        if (best_diff == -1 || diff < best_diff) {
            best_diff = diff;
            best_len = len;
        } else if (diff == best_diff && len < best_len) {
            best_len = len;
        }
    }
    return best_len;
}

BleuStats segment_stats(const std::string& hypothesis, const std::vector<std::string>& references,
                        const BleuOptions& options) {
    // The clip count of an n-gram is its largest count in any one reference.
    NgramCounts ref_counts;
    std::vector<int64_t> ref_lens;
    for (const auto& reference : references) {
        const auto tokens = preprocess(reference, options);
        ref_lens.push_back(static_cast<int64_t>(tokens.size()));
        const NgramCounts counts = count_ngrams(tokens);
        for (int n = 0; n < kBleuMaxOrder; ++n)
            for (const auto& [ngram, count] : counts[n])
                ref_counts[n][ngram] = std::max(ref_counts[n][ngram], count);
    }

    const auto hyp_tokens = preprocess(hypothesis, options);
    BleuStats stats;
    stats.sys_len = static_cast<int64_t>(hyp_tokens.size());
    stats.ref_len = closest_ref_len(stats.sys_len, ref_lens);
    const NgramCounts hyp_counts = count_ngrams(hyp_tokens);
    for (int n = 0; n < kBleuMaxOrder; ++n) {
        for (const auto& [ngram, count] : hyp_counts[n]) {
            stats.totals[n] += count;
            if (const auto it = ref_counts[n].find(ngram); it != ref_counts[n].end())
                stats.counts[n] += std::min(count, it->second);
        }
    }
    return stats;
}

double default_smooth_value(BleuSmoothing smoothing) {
    return smoothing == BleuSmoothing::kFloor ? 0.1 : 1.0;
}

// sacreBLEU's BLEU.compute_bleu on summed statistics.
BleuScore compute_bleu(const BleuStats& stats, const BleuOptions& options) {
    BleuScore result;
    result.counts = stats.counts;
    result.totals = stats.totals;
    result.sys_len = stats.sys_len;
    result.ref_len = stats.ref_len;
    if (stats.sys_len < stats.ref_len) {
        result.bp = stats.sys_len > 0
                        ? std::exp(1.0 - static_cast<double>(stats.ref_len) / stats.sys_len)
                        : 0.0;
    } else {
        result.bp = 1.0;
    }

    bool any_match = false;
    for (const int64_t count : stats.counts) any_match = any_match || count > 0;
    if (!any_match) return result;  // score 0 and precisions 0, as sacreBLEU returns early

    const double smooth_value =
        options.smooth_value.value_or(default_smooth_value(options.smoothing));
    double smooth_mteval = 1.0;
    int effective_order = kBleuMaxOrder;
    for (int n = 1; n <= kBleuMaxOrder; ++n) {
        double correct = static_cast<double>(stats.counts[n - 1]);
        double total = static_cast<double>(stats.totals[n - 1]);
        if (options.smoothing == BleuSmoothing::kAddK && n > 1) {
            correct += smooth_value;
            total += smooth_value;
        }
        if (total == 0) break;
        if (options.effective_order) effective_order = n;
        if (correct == 0) {
            if (options.smoothing == BleuSmoothing::kExp) {
                smooth_mteval *= 2;
                result.precisions[n - 1] = 100.0 / (smooth_mteval * total);
            } else if (options.smoothing == BleuSmoothing::kFloor) {
                result.precisions[n - 1] = 100.0 * smooth_value / total;
            }
        } else {
            result.precisions[n - 1] = 100.0 * correct / total;
        }
    }

    // A zero precision counts as log 0 = -9999999999 (sacreBLEU's my_log), making BLEU 0.
    double log_sum = 0.0;
    for (int n = 0; n < effective_order; ++n)
        log_sum += result.precisions[n] == 0.0 ? -9999999999.0 : std::log(result.precisions[n]);
    result.score = result.bp * std::exp(log_sum / effective_order);
    return result;
}

std::string smoothing_signature(const BleuOptions& options) {
    switch (options.smoothing) {
        case BleuSmoothing::kNone:
            return "none";
        case BleuSmoothing::kExp:
            return "exp";
        case BleuSmoothing::kFloor:
        case BleuSmoothing::kAddK: {
            char value[64];
            std::snprintf(value, sizeof value, "[%.2f]",
                          options.smooth_value.value_or(default_smooth_value(options.smoothing)));
            return (options.smoothing == BleuSmoothing::kFloor ? "floor" : "add-k") +
                   std::string(value);
        }
    }
    return "none";
}

}  // namespace

BleuSmoothing parse_bleu_smoothing(const std::string& name) {
    if (name == "none") return BleuSmoothing::kNone;
    if (name == "floor") return BleuSmoothing::kFloor;
    if (name == "add-k") return BleuSmoothing::kAddK;
    if (name == "exp") return BleuSmoothing::kExp;
    throw std::invalid_argument("unknown smoothing '" + name + "' (use exp, floor, add-k or none)");
}

BleuOptions sentence_bleu_options() {
    BleuOptions options;
    options.effective_order = true;
    return options;
}

std::string BleuScore::format() const {
    const double ratio = ref_len > 0 ? static_cast<double>(sys_len) / ref_len : 0.0;
    char text[256];
    std::snprintf(text, sizeof text,
                  "BLEU = %.2f %.1f/%.1f/%.1f/%.1f (BP = %.3f ratio = %.3f hyp_len = %lld "
                  "ref_len = %lld)",
                  score, precisions[0], precisions[1], precisions[2], precisions[3], bp, ratio,
                  static_cast<long long>(sys_len), static_cast<long long>(ref_len));
    return text;
}

BleuScore corpus_bleu(const std::vector<std::string>& hypotheses,
                      const std::vector<std::vector<std::string>>& references,
                      const BleuOptions& options) {
    if (references.empty()) throw std::invalid_argument("BLEU needs at least one reference");
    for (const auto& stream : references)
        if (stream.size() != hypotheses.size())
            throw std::invalid_argument("BLEU: " + std::to_string(hypotheses.size()) +
                                        " hypotheses but a reference stream has " +
                                        std::to_string(stream.size()) + " lines");
    BleuStats sum;
    std::vector<std::string> segment_refs(references.size());
    for (size_t i = 0; i < hypotheses.size(); ++i) {
        for (size_t k = 0; k < references.size(); ++k) segment_refs[k] = references[k][i];
        const BleuStats stats = segment_stats(hypotheses[i], segment_refs, options);
        sum.sys_len += stats.sys_len;
        sum.ref_len += stats.ref_len;
        for (int n = 0; n < kBleuMaxOrder; ++n) {
            sum.counts[n] += stats.counts[n];
            sum.totals[n] += stats.totals[n];
        }
    }
    return compute_bleu(sum, options);
}

BleuScore sentence_bleu(const std::string& hypothesis, const std::vector<std::string>& references,
                        const BleuOptions& options) {
    if (references.empty()) throw std::invalid_argument("BLEU needs at least one reference");
    return compute_bleu(segment_stats(hypothesis, references, options), options);
}

std::string bleu_signature(const BleuOptions& options, int num_references) {
    return "nrefs:" + std::to_string(num_references) +
           "|case:" + (options.lowercase ? "lc" : "mixed") +
           "|eff:" + (options.effective_order ? "yes" : "no") +
           "|tok:" + bleu_tokenizer_name(options.tokenizer) +
           "|smooth:" + smoothing_signature(options) + "|version:" + kSacrebleuVersion;
}

}  // namespace tfw
