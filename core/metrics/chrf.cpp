#include "core/metrics/chrf.h"

#include <cstdio>
#include <stdexcept>
#include <unordered_map>

#include "core/metrics/sacrebleu_version.h"
#include "core/metrics/unicode_text.h"

namespace tfw {

namespace {

// One counter per order: character orders first, then word orders. Keys are UTF-32 code
// point sequences (character n-grams) or words joined by spaces (word n-grams).
using Counter = std::unordered_map<std::u32string, int64_t>;
using OrderCounters = std::vector<Counter>;

bool is_ascii_punctuation(char32_t c) {
    static const std::u32string punctuation = U"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    return punctuation.find(c) != std::u32string::npos;
}

// sacreBLEU's CHRF._remove_punctuation: splits one leading or trailing ASCII punctuation
// character off each word (the trailing one first; "(hi)" gives "(hi" and ")").
std::vector<std::u32string> split_punctuation(const std::u32string& text) {
    std::vector<std::u32string> words;
    for (auto& word : python_split(text)) {
        if (word.size() > 1 && is_ascii_punctuation(word.back())) {
            words.push_back(word.substr(0, word.size() - 1));
            words.push_back(word.substr(word.size() - 1));
        } else if (word.size() > 1 && is_ascii_punctuation(word.front())) {
            words.push_back(word.substr(0, 1));
            words.push_back(word.substr(1));
        } else {
            words.push_back(std::move(word));
        }
    }
    return words;
}

OrderCounters extract_ngrams(const std::string& segment, const ChrfOptions& options) {
    const std::u32string text = utf8_to_u32(options.lowercase ? python_lower(segment) : segment);
    OrderCounters counters;
    std::u32string chars;
    if (options.whitespace) {
        chars = text;
    } else {
        for (const auto& piece : python_split(text)) chars += piece;
    }
    for (int order = 1; order <= options.char_order; ++order) {
        Counter counter;
        for (size_t i = 0; i + order <= chars.size(); ++i) ++counter[chars.substr(i, order)];
        counters.push_back(std::move(counter));
    }
    if (options.word_order > 0) {
        const auto words = split_punctuation(text);
        for (int order = 1; order <= options.word_order; ++order) {
            Counter counter;
            for (size_t i = 0; i + order <= words.size(); ++i) {
                std::u32string ngram = words[i];
                for (int k = 1; k < order; ++k) ngram += U' ' + words[i + k];
                ++counter[ngram];
            }
            counters.push_back(std::move(counter));
        }
    }
    return counters;
}

// [hyp, ref, match] for one order. Hypothesis n-grams are not counted when the reference
// has none of this order, as in sacreBLEU.
void append_match_stats(const Counter& hyp, const Counter& ref, std::vector<int64_t>& stats) {
    int64_t hyp_count = 0, ref_count = 0, match_count = 0;
    for (const auto& [ngram, count] : hyp) {
        hyp_count += count;
        if (const auto it = ref.find(ngram); it != ref.end())
            match_count += std::min(count, it->second);
    }
    for (const auto& entry : ref) ref_count += entry.second;
    stats.push_back(ref.empty() ? 0 : hyp_count);
    stats.push_back(ref_count);
    stats.push_back(match_count);
}

// sacreBLEU's CHRF._compute_f_score.
double f_score(const std::vector<int64_t>& stats, const ChrfOptions& options) {
    const double eps = 1e-16;
    const double factor = static_cast<double>(options.beta) * options.beta;
    const int orders = options.char_order + options.word_order;
    double score = 0.0, avg_prec = 0.0, avg_rec = 0.0;
    int effective_order = 0;
    for (int i = 0; i < orders; ++i) {
        const int64_t n_hyp = stats[3 * i], n_ref = stats[3 * i + 1], n_match = stats[3 * i + 2];
        const double prec = n_hyp > 0 ? static_cast<double>(n_match) / n_hyp : eps;
        const double rec = n_ref > 0 ? static_cast<double>(n_match) / n_ref : eps;
        const double denom = factor * prec + rec;
        score += denom > 0 ? (1 + factor) * prec * rec / denom : eps;
        if (n_hyp > 0 && n_ref > 0) {
            avg_prec += prec;
            avg_rec += rec;
            ++effective_order;
        }
    }
    if (options.eps_smoothing) return 100 * score / orders;
    if (effective_order == 0) return 0.0;
    avg_prec /= effective_order;
    avg_rec /= effective_order;
    if (avg_prec + avg_rec == 0) return 0.0;
    return 100 * (1 + factor) * avg_prec * avg_rec / (factor * avg_prec + avg_rec);
}

// Statistics of one segment against its best reference (highest chrF, first on ties).
std::vector<int64_t> segment_stats(const std::string& hypothesis,
                                   const std::vector<std::string>& references,
                                   const ChrfOptions& options) {
    const OrderCounters hyp = extract_ngrams(hypothesis, options);
    std::vector<int64_t> best_stats;
    double best_f = -1.0;
    for (const auto& reference : references) {
        const OrderCounters ref = extract_ngrams(reference, options);
        std::vector<int64_t> stats;
        for (size_t order = 0; order < hyp.size(); ++order)
            append_match_stats(hyp[order], ref[order], stats);
        const double f = f_score(stats, options);
        if (f > best_f) {
            best_f = f;
            best_stats = std::move(stats);
        }
    }
    return best_stats;
}

void check_options(const ChrfOptions& options) {
    if (options.char_order < 1 || options.word_order < 0 || options.beta < 1)
        throw std::invalid_argument("chrF needs char_order >= 1, word_order >= 0 and beta >= 1");
}

ChrfScore make_score(std::vector<int64_t> stats, const ChrfOptions& options) {
    ChrfScore result;
    result.score = f_score(stats, options);
    result.stats = std::move(stats);
    result.name = "chrF" + std::to_string(options.beta) + std::string(options.word_order, '+');
    return result;
}

}  // namespace

ChrfOptions chrf_plus_plus_options() {
    ChrfOptions options;
    options.word_order = 2;
    return options;
}

std::string ChrfScore::format() const {
    char text[64];
    std::snprintf(text, sizeof text, " = %.2f", score);
    return name + text;
}

ChrfScore corpus_chrf(const std::vector<std::string>& hypotheses,
                      const std::vector<std::vector<std::string>>& references,
                      const ChrfOptions& options) {
    check_options(options);
    if (references.empty()) throw std::invalid_argument("chrF needs at least one reference");
    for (const auto& stream : references)
        if (stream.size() != hypotheses.size())
            throw std::invalid_argument("chrF: " + std::to_string(hypotheses.size()) +
                                        " hypotheses but a reference stream has " +
                                        std::to_string(stream.size()) + " lines");
    std::vector<int64_t> sum(3 * (options.char_order + options.word_order), 0);
    std::vector<std::string> segment_refs(references.size());
    for (size_t i = 0; i < hypotheses.size(); ++i) {
        for (size_t k = 0; k < references.size(); ++k) segment_refs[k] = references[k][i];
        const auto stats = segment_stats(hypotheses[i], segment_refs, options);
        for (size_t j = 0; j < sum.size(); ++j) sum[j] += stats[j];
    }
    return make_score(std::move(sum), options);
}

ChrfScore sentence_chrf(const std::string& hypothesis, const std::vector<std::string>& references,
                        const ChrfOptions& options) {
    check_options(options);
    if (references.empty()) throw std::invalid_argument("chrF needs at least one reference");
    return make_score(segment_stats(hypothesis, references, options), options);
}

std::string chrf_signature(const ChrfOptions& options, int num_references) {
    return "nrefs:" + std::to_string(num_references) +
           "|case:" + (options.lowercase ? "lc" : "mixed") +
           "|eff:" + (options.eps_smoothing ? "no" : "yes") +
           "|nc:" + std::to_string(options.char_order) +
           "|nw:" + std::to_string(options.word_order) +
           "|space:" + (options.whitespace ? "yes" : "no") + "|version:" + kSacrebleuVersion;
}

}  // namespace tfw
