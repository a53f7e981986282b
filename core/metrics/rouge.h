#pragma once
// ROUGE-1, ROUGE-2, ROUGE-L and ROUGE-Lsum, reproducing Google's rouge-score 0.1.2
// (`RougeScorer(..., split_summaries=False)` with its default tokenizer and, optionally,
// NLTK's Porter stemmer).

#include <string>
#include <vector>

namespace tfw {

struct RougeOptions {
    bool use_stemmer = false;  // Porter-stem tokens longer than 3 characters
};

struct RougeValue {
    double precision = 0.0;  // 0 to 1
    double recall = 0.0;     // 0 to 1
    double fmeasure = 0.0;   // F1, 0 to 1
};

struct RougeScores {
    RougeValue rouge1, rouge2, rougeL, rougeLsum;
};

// rouge-score's tokenizer: full Unicode lowercasing, every run of characters other than
// [a-z0-9] becomes a separator, then optional stemming.
std::vector<std::string> rouge_tokenize(const std::string& text, bool use_stemmer);

// Scores one prediction against one target. Sentences (for ROUGE-Lsum) are separated by
// newlines; ROUGE-1/2/L treat the newline as a plain separator.
RougeScores rouge_score(const std::string& target, const std::string& prediction,
                        const RougeOptions& options = {});

// Replaces every literal "<n>" with a newline: the sentence separator of one-line summaries.
std::string expand_sentence_separators(const std::string& line);

// Per-pair scores of lines whose sentences are separated by "<n>", and their arithmetic
// mean. Throws std::invalid_argument when the sizes differ.
std::vector<RougeScores> rouge_score_lines(const std::vector<std::string>& targets,
                                           const std::vector<std::string>& predictions,
                                           const RougeOptions& options = {});
RougeScores rouge_mean(const std::vector<RougeScores>& scores);

}  // namespace tfw
