#include "core/check/data_checks.h"

#include <algorithm>
#include <sstream>
#include <unordered_set>

#include "core/check/check_format.h"
#include "core/data/tokenizer.h"

namespace tfw {

namespace {

std::string percent(double share) {
    return format_figure(100 * share, 3) + "%";
}

// "p50 12, p90 15, p99 16, max 16" of the given lengths.
std::string percentiles(std::vector<size_t> lengths) {
    if (lengths.empty()) return "none";
    std::sort(lengths.begin(), lengths.end());
    auto at = [&](double p) {
        return std::to_string(lengths[static_cast<size_t>(p * double(lengths.size() - 1))]);
    };
    return "p50 " + at(0.5) + ", p90 " + at(0.9) + ", p99 " + at(0.99) + ", max " +
           std::to_string(lengths.back());
}

struct UnknownCount {
    int64_t unknown = 0, tokens = 0;
    double share() const { return tokens ? double(unknown) / double(tokens) : 0.0; }
};

UnknownCount count_unknown(const Corpus& corpus) {
    UnknownCount c;
    for (const Example& e : corpus.examples) {
        for (const auto* ids : {&e.src, &e.tgt_out}) {
            c.tokens += static_cast<int64_t>(ids->size());
            c.unknown += std::count(ids->begin(), ids->end(), kUnkId);
        }
    }
    return c;
}

// Words written "<unk>" in the text itself, both sides of every line.
int64_t marked_unknown_words(const RawSplit& split) {
    int64_t marked = 0;
    for (const auto* lines : {&split.src, &split.tgt})
        for (const std::string& line : *lines) {
            std::istringstream in(line);
            for (std::string word; in >> word;) marked += word == "<unk>";
        }
    return marked;
}

size_t word_count(const std::string& line) {
    std::istringstream in(line);
    size_t words = 0;
    for (std::string word; in >> word;) ++words;
    return words;
}

// The examples of a split as comparable keys; lm lines that are too short are left out.
std::vector<std::string> example_keys(const RawSplit& split, bool lm) {
    std::vector<std::string> keys;
    for (size_t i = 0; i < split.tgt.size(); ++i) {
        if (lm) {
            if (word_count(split.tgt[i]) >= kDuplicateMinWords) keys.push_back(split.tgt[i]);
        } else {
            keys.push_back((i < split.src.size() ? split.src[i] : "") + '\t' + split.tgt[i]);
        }
    }
    return keys;
}

}  // namespace

CheckResult check_lengths(const ExperimentConfig& config, const PreparedData& data) {
    CheckResult r;
    r.id = "data_lengths";
    r.title = "Sequence lengths";
    std::vector<size_t> tgt, src;
    for (const Example& e : data.train.examples) {
        tgt.push_back(e.tgt_out.size());
        if (!config.is_lm()) src.push_back(e.src.size());
    }
    if (tgt.empty()) {
        r.status = CheckStatus::Fail;
        r.figure = "no training examples";
        r.explanation =
            "The training split has no usable examples: check the data files, and "
            "data.max_src_len / max_tgt_len against the lengths of the pairs.";
        return r;
    }
    r.status = CheckStatus::Pass;
    if (config.is_lm()) {
        r.figure = std::to_string(tgt.size()) + " windows of up to " +
                   std::to_string(config.data.max_tgt_len) + " tokens";
        r.explanation =
            "A language model reads its text as one token stream cut into windows "
            "of data.max_tgt_len tokens, so every window but the last is full.";
        return r;
    }
    r.figure = "target " + percentiles(tgt) + "; source " + percentiles(src);
    r.details = {{"training pairs", std::to_string(tgt.size())},
                 {"target tokens (with </s>)", percentiles(tgt)},
                 {"source tokens (with </s>)", percentiles(src)},
                 {"data.max_tgt_len", std::to_string(config.data.max_tgt_len)},
                 {"data.max_src_len", std::to_string(config.data.max_src_len)}};
    r.explanation =
        "Token counts of the training pairs after tokenization (percentiles). Long "
        "tails cost memory and padding; lengths far above the limits mean pairs are "
        "dropped (see the next check).";
    return r;
}

CheckResult check_dropped_pairs(const ExperimentConfig& config, const PreparedData& data) {
    CheckResult r;
    r.id = "dropped_pairs";
    r.title = "Training pairs dropped as too long";
    const int64_t dropped = data.train.skipped_too_long;
    const int64_t total =
        dropped + data.train.skipped_empty + static_cast<int64_t>(data.train.examples.size());
    const double share = total ? double(dropped) / double(total) : 0.0;
    r.figure =
        std::to_string(dropped) + " of " + std::to_string(total) + " (" + percent(share) + ")";
    r.details = {{"dropped as too long", std::to_string(dropped)},
                 {"dropped as empty", std::to_string(data.train.skipped_empty)},
                 {"valid examples truncated", std::to_string(data.valid.truncated)},
                 {"test examples truncated", std::to_string(data.test.truncated)},
                 {"warn above", percent(kDroppedWarnShare)}};
    if (config.is_lm()) {
        r.status = CheckStatus::Pass;
        r.explanation = "A language model's text is cut into windows; nothing is dropped.";
    } else if (share > kDroppedWarnShare) {
        r.status = CheckStatus::Warn;
        r.explanation =
            "Many training pairs are longer than data.max_src_len (" +
            std::to_string(config.data.max_src_len) + ") or data.max_tgt_len (" +
            std::to_string(config.data.max_tgt_len) +
            ") tokens and are skipped: the model never learns long inputs, and validation or "
            "test examples of that length are truncated. Raise the limits or use a larger "
            "subword vocabulary (shorter sequences).";
    } else {
        r.status = CheckStatus::Pass;
        r.explanation = "Few or no training pairs exceed the length limits.";
    }
    return r;
}

CheckResult check_unknown_tokens(const PreparedData& data, const RawCorpus& corpus) {
    CheckResult r;
    r.id = "unknown_tokens";
    r.title = "Unknown tokens";
    const UnknownCount valid = count_unknown(data.valid);
    const UnknownCount train = count_unknown(data.train);
    const int64_t marked_valid = marked_unknown_words(corpus.valid);
    const int64_t marked_train = marked_unknown_words(corpus.train);
    r.figure = "validation " + percent(valid.share()) + ", training " + percent(train.share());
    r.details = {
        {"validation <unk>", std::to_string(valid.unknown) + " of " + std::to_string(valid.tokens)},
        {"training <unk>", std::to_string(train.unknown) + " of " + std::to_string(train.tokens)},
        {"written <unk> in the text", "validation " + std::to_string(marked_valid) + ", training " +
                                          std::to_string(marked_train)},
        {"warn above", percent(kUnknownWarnShare)}};
    const bool high = std::max(valid.share(), train.share()) > kUnknownWarnShare;
    // Every unknown is one the text wrote itself: the vocabulary covers all other words.
    const bool corpus_marked =
        high && valid.unknown <= marked_valid && train.unknown <= marked_train;
    r.status = high && !corpus_marked ? CheckStatus::Warn : CheckStatus::Pass;
    if (corpus_marked)
        r.explanation =
            "The corpus itself writes rare words as <unk> (as the standard Penn Treebank "
            "does), and the vocabulary covers every other word. Published perplexities count "
            "<unk> as a word too, so figures stay comparable.";
    else if (high)
        r.explanation =
            "Many tokens are <unk>: the vocabulary does not cover the text. The model learns "
            "to predict <unk> (an easy, useless target that flatters the loss) and cannot "
            "write those words. Use a subword tokenizer, a larger tokenizer.vocab_size, or a "
            "lower tokenizer.min_freq.";
    else
        r.explanation = "The vocabulary covers the text: few or no tokens are <unk>.";
    return r;
}

CheckResult check_duplicates(const ExperimentConfig& config, const RawCorpus& corpus) {
    CheckResult r;
    r.id = "duplicates";
    r.title = "Validation and test examples not in training";
    const bool lm = config.is_lm();
    const std::vector<std::string> train = example_keys(corpus.train, lm);
    const std::unordered_set<std::string> seen(train.begin(), train.end());
    double worst = 0;
    std::string figure;
    for (const auto& [name, split] : {std::pair<const char*, const RawSplit*>{"test", &corpus.test},
                                      {"valid", &corpus.valid}}) {
        const std::vector<std::string> keys = example_keys(*split, lm);
        if (keys.empty()) continue;
        const int64_t shared =
            std::count_if(keys.begin(), keys.end(), [&](const auto& k) { return seen.count(k); });
        const double share = double(shared) / double(keys.size());
        worst = std::max(worst, share);
        r.details.push_back({std::string(name) + " in train", std::to_string(shared) + " of " +
                                                                  std::to_string(keys.size()) +
                                                                  " (" + percent(share) + ")"});
        figure += (figure.empty() ? "" : ", ") + std::string(name) + " " + percent(share);
    }
    r.details.push_back({"warn above", percent(kDuplicateWarnShare)});
    if (lm)
        r.details.push_back(
            {"lines compared", "of at least " + std::to_string(kDuplicateMinWords) + " words"});
    r.figure = figure.empty() ? "no validation or test split" : figure + " also in train";
    const std::string what = std::string(lm ? "Lines" : "Pairs") +
                             " of the validation and test splits that occur word for word in "
                             "the training split. ";
    if (worst > kDuplicateWarnShare) {
        r.status = CheckStatus::Warn;
        r.explanation = what +
                        "The model has seen these answers in training, so the scores on them "
                        "measure memory, not generalisation, and look better than they are. Remove "
                        "them from train (or from the held-out split).";
    } else {
        r.status = CheckStatus::Pass;
        r.explanation = what + "Few or none: held-out scores measure generalisation.";
    }
    return r;
}

}  // namespace tfw
