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
    r.title = TFW_TR_NOOP("Check", "Sequence lengths");
    std::vector<size_t> tgt, src;
    for (const Example& e : data.train.examples) {
        tgt.push_back(e.tgt_out.size());
        if (!config.is_lm()) src.push_back(e.src.size());
    }
    if (tgt.empty()) {
        r.status = CheckStatus::Fail;
        r.figure = check_text(TFW_TR_NOOP("Check", "no training examples"));
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "The training split has no usable examples: check the data files, and "
                        "data.max_src_len / max_tgt_len against the lengths of the pairs."));
        return r;
    }
    r.status = CheckStatus::Pass;
    if (config.is_lm()) {
        r.figure =
            check_text(TFW_TR_NOOP("Check", "%1 windows of up to %2 tokens"),
                       {std::to_string(tgt.size()), std::to_string(config.data.max_tgt_len)});
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "A language model reads its text as one token stream cut into windows "
                        "of data.max_tgt_len tokens, so every window but the last is full."));
        return r;
    }
    r.figure = check_text(TFW_TR_NOOP("Check", "target %1; source %2"),
                          {percentiles(tgt), percentiles(src)});
    r.details = {
        {TFW_TR_NOOP("Check", "training pairs"), std::to_string(tgt.size())},
        {TFW_TR_NOOP("Check", "target tokens (with </s>)"), percentiles(tgt)},
        {TFW_TR_NOOP("Check", "source tokens (with </s>)"), percentiles(src)},
        {TFW_TR_NOOP("Check", "data.max_tgt_len"), std::to_string(config.data.max_tgt_len)},
        {TFW_TR_NOOP("Check", "data.max_src_len"), std::to_string(config.data.max_src_len)}};
    r.explanation = check_text(
        TFW_TR_NOOP("Check",
                    "Token counts of the training pairs after tokenization (percentiles). Long "
                    "tails cost memory and padding; lengths far above the limits mean pairs are "
                    "dropped (see the next check)."));
    return r;
}

CheckResult check_dropped_pairs(const ExperimentConfig& config, const PreparedData& data) {
    CheckResult r;
    r.id = "dropped_pairs";
    r.title = TFW_TR_NOOP("Check", "Training pairs dropped as too long");
    const int64_t dropped = data.train.skipped_too_long;
    const int64_t total =
        dropped + data.train.skipped_empty + static_cast<int64_t>(data.train.examples.size());
    const double share = total ? double(dropped) / double(total) : 0.0;
    r.figure = check_text(TFW_TR_NOOP("Check", "%1 of %2 (%3)"),
                          {std::to_string(dropped), std::to_string(total), percent(share)});
    r.details = {
        {TFW_TR_NOOP("Check", "dropped as too long"), std::to_string(dropped)},
        {TFW_TR_NOOP("Check", "dropped as empty"), std::to_string(data.train.skipped_empty)},
        {TFW_TR_NOOP("Check", "valid examples truncated"), std::to_string(data.valid.truncated)},
        {TFW_TR_NOOP("Check", "test examples truncated"), std::to_string(data.test.truncated)},
        {TFW_TR_NOOP("Check", "warn above"), percent(kDroppedWarnShare)}};
    if (config.is_lm()) {
        r.status = CheckStatus::Pass;
        r.explanation = check_text(TFW_TR_NOOP(
            "Check", "A language model's text is cut into windows; nothing is dropped."));
    } else if (share > kDroppedWarnShare) {
        r.status = CheckStatus::Warn;
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Many training pairs are longer than data.max_src_len (%1) or "
                        "data.max_tgt_len (%2) tokens and are skipped: the model never learns "
                        "long inputs, and validation or test examples of that length are "
                        "truncated. Raise the limits or use a larger subword vocabulary (shorter "
                        "sequences)."),
            {std::to_string(config.data.max_src_len), std::to_string(config.data.max_tgt_len)});
    } else {
        r.status = CheckStatus::Pass;
        r.explanation =
            check_text(TFW_TR_NOOP("Check", "Few or no training pairs exceed the length limits."));
    }
    return r;
}

CheckResult check_unknown_tokens(const PreparedData& data, const RawCorpus& corpus) {
    CheckResult r;
    r.id = "unknown_tokens";
    r.title = TFW_TR_NOOP("Check", "Unknown tokens");
    const UnknownCount valid = count_unknown(data.valid);
    const UnknownCount train = count_unknown(data.train);
    const int64_t marked_valid = marked_unknown_words(corpus.valid);
    const int64_t marked_train = marked_unknown_words(corpus.train);
    r.figure = check_text(TFW_TR_NOOP("Check", "validation %1, training %2"),
                          {percent(valid.share()), percent(train.share())});
    auto of = [](int64_t part, int64_t whole) {
        return check_text(TFW_TR_NOOP("Check", "%1 of %2"),
                          {std::to_string(part), std::to_string(whole)});
    };
    r.details = {
        {check_text(TFW_TR_NOOP("Check", "validation <unk>")), of(valid.unknown, valid.tokens)},
        {check_text(TFW_TR_NOOP("Check", "training <unk>")), of(train.unknown, train.tokens)},
        {check_text(TFW_TR_NOOP("Check", "written <unk> in the text")),
         check_text(TFW_TR_NOOP("Check", "validation %1, training %2"),
                    {std::to_string(marked_valid), std::to_string(marked_train)})},
        {TFW_TR_NOOP("Check", "warn above"), percent(kUnknownWarnShare)}};
    const bool high = std::max(valid.share(), train.share()) > kUnknownWarnShare;
    // Every unknown is one the text wrote itself: the vocabulary covers all other words.
    const bool corpus_marked =
        high && valid.unknown <= marked_valid && train.unknown <= marked_train;
    r.status = high && !corpus_marked ? CheckStatus::Warn : CheckStatus::Pass;
    if (corpus_marked)
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "The corpus itself writes rare words as <unk> (as the standard Penn "
                        "Treebank does), and the vocabulary covers every other word. Published "
                        "perplexities count <unk> as a word too, so figures stay comparable."));
    else if (high)
        r.explanation = check_text(
            TFW_TR_NOOP("Check",
                        "Many tokens are <unk>: the vocabulary does not cover the text. The model "
                        "learns to predict <unk> (an easy, useless target that flatters the loss) "
                        "and cannot write those words. Use a subword tokenizer, a larger "
                        "tokenizer.vocab_size, or a lower tokenizer.min_freq."));
    else
        r.explanation = check_text(
            TFW_TR_NOOP("Check", "The vocabulary covers the text: few or no tokens are <unk>."));
    return r;
}

CheckResult check_duplicates(const ExperimentConfig& config, const RawCorpus& corpus) {
    CheckResult r;
    r.id = "duplicates";
    r.title = TFW_TR_NOOP("Check", "Validation and test examples not in training");
    const bool lm = config.is_lm();
    const std::vector<std::string> train = example_keys(corpus.train, lm);
    const std::unordered_set<std::string> seen(train.begin(), train.end());
    double worst = 0;
    struct Split {
        const char* in_train;  // the detail's name
        const char* share;     // the figure's part: "test 3%"
        const RawSplit* lines;
    };
    const Split splits[] = {
        {TFW_TR_NOOP("Check", "test in train"), TFW_TR_NOOP("Check", "test %1"), &corpus.test},
        {TFW_TR_NOOP("Check", "valid in train"), TFW_TR_NOOP("Check", "valid %1"), &corpus.valid}};
    std::vector<Phrase> shares;
    for (const Split& split : splits) {
        const std::vector<std::string> keys = example_keys(*split.lines, lm);
        if (keys.empty()) continue;
        const int64_t shared =
            std::count_if(keys.begin(), keys.end(), [&](const auto& k) { return seen.count(k); });
        const double share = double(shared) / double(keys.size());
        worst = std::max(worst, share);
        r.details.push_back(
            {check_text(split.in_train),
             check_text(TFW_TR_NOOP("Check", "%1 of %2 (%3)"),
                        {std::to_string(shared), std::to_string(keys.size()), percent(share)})});
        shares.push_back(check_text(split.share, {percent(share)}));
    }
    r.details.push_back({TFW_TR_NOOP("Check", "warn above"), percent(kDuplicateWarnShare)});
    if (lm)
        r.details.push_back({check_text(TFW_TR_NOOP("Check", "lines compared")),
                             check_text(TFW_TR_NOOP("Check", "of at least %1 words"),
                                        {std::to_string(kDuplicateMinWords)})});
    if (shares.empty()) {
        r.figure = check_text(TFW_TR_NOOP("Check", "no validation or test split"));
    } else {  // "test 0%, valid 3% also in train"
        r.figure = shares[0];
        for (size_t i = 1; i < shares.size(); ++i)
            r.figure.then(check_text(TFW_TR_NOOP("Check", ", "))).then(shares[i]);
        r.figure.then(check_text(TFW_TR_NOOP("Check", " also in train")));
    }
    r.explanation =
        lm ? check_text(TFW_TR_NOOP("Check",
                                    "Lines of the validation and test splits that occur "
                                    "word for word in the training split."))
           : check_text(TFW_TR_NOOP("Check",
                                    "Pairs of the validation and test splits that occur "
                                    "word for word in the training split."));
    if (worst > kDuplicateWarnShare) {
        r.status = CheckStatus::Warn;
        r.explanation.then(check_text(
            TFW_TR_NOOP("Check",
                        " The model has seen these answers in training, so the scores on "
                        "them measure memory, not generalisation, and look better than "
                        "they are. Remove them from train (or from the held-out split).")));
    } else {
        r.status = CheckStatus::Pass;
        r.explanation.then(check_text(
            TFW_TR_NOOP("Check", " Few or none: held-out scores measure generalisation.")));
    }
    return r;
}

}  // namespace tfw
