#include "core/metrics/rouge.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "core/metrics/porter_stemmer.h"
#include "core/metrics/unicode_text.h"

namespace tfw {

namespace {

using Tokens = std::vector<std::string>;

double fmeasure(double precision, double recall) {
    return precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0.0;
}

RougeValue make_value(double precision, double recall) {
    return {precision, recall, fmeasure(precision, recall)};
}

RougeValue score_ngrams(const Tokens& target, const Tokens& prediction, size_t n) {
    auto count = [n](const Tokens& tokens) {
        std::map<Tokens, int64_t> ngrams;
        for (size_t i = 0; i + n <= tokens.size(); ++i)
            ++ngrams[Tokens(tokens.begin() + i, tokens.begin() + i + n)];
        return ngrams;
    };
    const auto target_ngrams = count(target), prediction_ngrams = count(prediction);
    int64_t overlap = 0, target_total = 0, prediction_total = 0;
    for (const auto& [ngram, target_count] : target_ngrams) {
        target_total += target_count;
        if (const auto it = prediction_ngrams.find(ngram); it != prediction_ngrams.end())
            overlap += std::min(target_count, it->second);
    }
    for (const auto& entry : prediction_ngrams) prediction_total += entry.second;
    return make_value(static_cast<double>(overlap) / std::max<int64_t>(prediction_total, 1),
                      static_cast<double>(overlap) / std::max<int64_t>(target_total, 1));
}

using LcsTable = std::vector<std::vector<int>>;

LcsTable lcs_table(const Tokens& ref, const Tokens& can) {
    LcsTable table(ref.size() + 1, std::vector<int>(can.size() + 1, 0));
    for (size_t i = 1; i <= ref.size(); ++i)
        for (size_t j = 1; j <= can.size(); ++j)
            table[i][j] = ref[i - 1] == can[j - 1] ? table[i - 1][j - 1] + 1
                                                   : std::max(table[i - 1][j], table[i][j - 1]);
    return table;
}

RougeValue score_lcs(const Tokens& target, const Tokens& prediction) {
    if (target.empty() || prediction.empty()) return {};
    const int lcs = lcs_table(target, prediction).back().back();
    return make_value(static_cast<double>(lcs) / prediction.size(),
                      static_cast<double>(lcs) / target.size());
}

// Indices into ref of one LCS with the candidate, chosen by rouge-score's backtracking
// (on ties it moves up in ref, not left in the candidate).
std::vector<size_t> lcs_indices(const Tokens& ref, const Tokens& can) {
    const LcsTable table = lcs_table(ref, can);
    std::vector<size_t> indices;
    size_t i = ref.size(), j = can.size();
    while (i > 0 && j > 0) {
        if (ref[i - 1] == can[j - 1]) {
            indices.push_back(i - 1);
            --i;
            --j;
        } else if (table[i][j - 1] > table[i - 1][j]) {
            --j;
        } else {
            --i;
        }
    }
    std::reverse(indices.begin(), indices.end());
    return indices;
}

// rouge-score's _summary_level_lcs: union LCS of each reference sentence against all
// candidate sentences, with token counts preventing a token from being matched twice.
RougeValue score_summary_lcs(const std::vector<Tokens>& ref_sents,
                             const std::vector<Tokens>& can_sents) {
    if (ref_sents.empty() || can_sents.empty()) return {};
    size_t m = 0, n = 0;
    std::map<std::string, int64_t> ref_counts, can_counts;
    for (const auto& sent : ref_sents) {
        m += sent.size();
        for (const auto& token : sent) ++ref_counts[token];
    }
    for (const auto& sent : can_sents) {
        n += sent.size();
        for (const auto& token : sent) ++can_counts[token];
    }
    if (m == 0 || n == 0) return {};

    int64_t hits = 0;
    for (const auto& ref : ref_sents) {
        std::set<size_t> union_indices;
        for (const auto& can : can_sents)
            for (const size_t index : lcs_indices(ref, can)) union_indices.insert(index);
        for (const size_t index : union_indices) {
            const std::string& token = ref[index];
            if (can_counts[token] > 0 && ref_counts[token] > 0) {
                ++hits;
                --can_counts[token];
                --ref_counts[token];
            }
        }
    }
    return make_value(static_cast<double>(hits) / n, static_cast<double>(hits) / m);
}

// Newline-separated sentences, without exactly empty ones.
std::vector<Tokens> tokenize_sentences(const std::string& text, bool use_stemmer) {
    std::vector<Tokens> sentences;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        if (end > start)
            sentences.push_back(rouge_tokenize(text.substr(start, end - start), use_stemmer));
        start = end + 1;
    }
    return sentences;
}

}  // namespace

std::vector<std::string> rouge_tokenize(const std::string& text, bool use_stemmer) {
    const std::string lower = python_lower(text);
    Tokens tokens;
    std::string token;
    auto finish = [&] {
        if (token.empty()) return;
        tokens.push_back(use_stemmer && token.size() > 3 ? porter_stem(token) : token);
        token.clear();
    };
    for (const char c : lower) {
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            token.push_back(c);
        } else {
            finish();
        }
    }
    finish();
    return tokens;
}

RougeScores rouge_score(const std::string& target, const std::string& prediction,
                        const RougeOptions& options) {
    const Tokens target_tokens = rouge_tokenize(target, options.use_stemmer);
    const Tokens prediction_tokens = rouge_tokenize(prediction, options.use_stemmer);
    RougeScores scores;
    scores.rouge1 = score_ngrams(target_tokens, prediction_tokens, 1);
    scores.rouge2 = score_ngrams(target_tokens, prediction_tokens, 2);
    scores.rougeL = score_lcs(target_tokens, prediction_tokens);
    scores.rougeLsum = score_summary_lcs(tokenize_sentences(target, options.use_stemmer),
                                         tokenize_sentences(prediction, options.use_stemmer));
    return scores;
}

std::string expand_sentence_separators(const std::string& line) {
    std::string text = line;
    for (size_t at = text.find("<n>"); at != std::string::npos; at = text.find("<n>", at + 1))
        text.replace(at, 3, "\n");
    return text;
}

std::vector<RougeScores> rouge_score_lines(const std::vector<std::string>& targets,
                                           const std::vector<std::string>& predictions,
                                           const RougeOptions& options) {
    if (targets.size() != predictions.size())
        throw std::invalid_argument("ROUGE: " + std::to_string(predictions.size()) +
                                    " predictions but " + std::to_string(targets.size()) +
                                    " targets");
    std::vector<RougeScores> scores;
    scores.reserve(targets.size());
    for (size_t i = 0; i < targets.size(); ++i)
        scores.push_back(rouge_score(expand_sentence_separators(targets[i]),
                                     expand_sentence_separators(predictions[i]), options));
    return scores;
}

RougeScores rouge_mean(const std::vector<RougeScores>& scores) {
    RougeScores mean;
    if (scores.empty()) return mean;
    for (const auto& score : scores) {
        for (auto [sum, value] :
             {std::pair{&mean.rouge1, &score.rouge1}, std::pair{&mean.rouge2, &score.rouge2},
              std::pair{&mean.rougeL, &score.rougeL},
              std::pair{&mean.rougeLsum, &score.rougeLsum}}) {
            sum->precision += value->precision;
            sum->recall += value->recall;
            sum->fmeasure += value->fmeasure;
        }
    }
    const double count = static_cast<double>(scores.size());
    for (RougeValue* sum : {&mean.rouge1, &mean.rouge2, &mean.rougeL, &mean.rougeLsum}) {
        sum->precision /= count;
        sum->recall /= count;
        sum->fmeasure /= count;
    }
    return mean;
}

}  // namespace tfw
