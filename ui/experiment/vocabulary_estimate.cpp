#include "ui/experiment/vocabulary_estimate.h"

#include <QCoreApplication>
#include <algorithm>

#include "core/data/synthetic_task.h"
#include "core/data/tokenizer.h"

namespace tfw {
namespace {

// A word-level vocabulary without a cap is as large as the corpus makes it; small
// student corpora (Penn Treebank, Multi30k) have on the order of ten thousand words.
constexpr int64_t kTypicalWordVocabulary = 10000;

}  // namespace

VocabularyEstimate estimateVocabulary(const ExperimentConfig& config) {
    const TokenizerConfig& t = config.tokenizer;
    if (t.type == TokenizerType::SentencePiece) {
        if (!t.model.empty())
            return {t.vocab_size, false,
                    QCoreApplication::translate(
                        "VocabularyEstimate",
                        "assuming the given sentencepiece model has tokenizer.vocab_size pieces")};
        return {t.vocab_size, true, QString()};
    }
    if (config.data.synthetic == Synthetic::Reverse) {
        // The synthetic task's words plus <pad>, <unk>, <s> and </s>.
        const auto words = static_cast<int64_t>(reverse_task_words().size()) + kEosId + 1;
        return {t.vocab_size > 0 ? std::min<int64_t>(words, t.vocab_size) : words, true, QString()};
    }
    if (t.vocab_size > 0)
        return {t.vocab_size, false,
                QCoreApplication::translate(
                    "VocabularyEstimate",
                    "upper bound: the word vocabulary is capped at tokenizer.vocab_size")};
    return {kTypicalWordVocabulary, false,
            QCoreApplication::translate(
                "VocabularyEstimate",
                "guess: assuming about %L1 words; the real vocabulary is built from the data")
                .arg(kTypicalWordVocabulary)};
}

}  // namespace tfw
