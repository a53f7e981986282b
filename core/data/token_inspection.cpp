#include "core/data/token_inspection.h"

#include <algorithm>
#include <unordered_map>

#include "core/data/text_reader.h"
#include "core/data/word_tokenizer.h"

namespace tfw {
namespace {

// Distinct words remembered with their piece counts; past this, words are encoded each time
// they occur, so memory stays bounded on any corpus.
constexpr size_t kMaxCachedWords = 1 << 19;

class StatsCounter {
  public:
    StatsCounter(const Tokenizer& tokenizer, const CorpusStatsOptions& options)
        : tokenizer_(tokenizer), options_(options) {
        stats_.words_by_pieces.assign(static_cast<size_t>(std::max(1, options.max_pieces_per_word)),
                                      0);
    }

    int64_t lines() const { return stats_.lines; }

    void add(const std::string& line) {
        ++stats_.lines;
        for (const int id : tokenizer_.encode(line)) {
            ++stats_.pieces;
            if (id == kUnkId) ++stats_.unknown;
            ++counts_[id];
        }
        for (const std::string& word : split_words(line)) {
            ++stats_.words;
            const size_t bucket =
                std::min(static_cast<size_t>(pieces_of_word(word)), stats_.words_by_pieces.size());
            // A word that encodes to nothing (not seen with sentencepiece) counts as one piece.
            ++stats_.words_by_pieces[std::max<size_t>(bucket, 1) - 1];
        }
    }

    CorpusTokenStats finish(bool complete) {
        stats_.complete = complete;
        stats_.distinct_pieces = static_cast<int64_t>(counts_.size());
        std::vector<std::pair<int, int64_t>> ranked(counts_.begin(), counts_.end());
        // Ties by id, so that the list depends only on the data.
        const auto more_frequent = [](const auto& a, const auto& b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        };
        const size_t top = std::min(ranked.size(), static_cast<size_t>(std::max(0, options_.top)));
        std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(top),
                          ranked.end(), more_frequent);
        for (size_t i = 0; i < top; ++i)
            stats_.top_pieces.emplace_back(tokenizer_.piece(ranked[i].first), ranked[i].second);
        return std::move(stats_);
    }

  private:
    int pieces_of_word(const std::string& word) {
        const auto it = word_pieces_.find(word);
        if (it != word_pieces_.end()) return it->second;
        const int pieces = static_cast<int>(tokenizer_.encode(word).size());
        if (word_pieces_.size() < kMaxCachedWords) word_pieces_.emplace(word, pieces);
        return pieces;
    }

    const Tokenizer& tokenizer_;
    const CorpusStatsOptions& options_;
    CorpusTokenStats stats_;
    std::unordered_map<int, int64_t> counts_;
    std::unordered_map<std::string, int> word_pieces_;
};

}  // namespace

std::vector<TokenPiece> inspect_pieces(const Tokenizer& tokenizer, const std::string& text) {
    const std::vector<int> ids = tokenizer.encode(text);
    std::vector<std::string> texts = tokenizer.pieces(text);
    // A word-level <unk> says nothing about what was unknown: show the word as written.
    const bool word_level = tokenizer.type_name() == "word";
    const std::vector<std::string> words =
        word_level ? split_words(text) : std::vector<std::string>{};
    std::vector<TokenPiece> pieces;
    pieces.reserve(ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
        TokenPiece piece;
        piece.id = ids[i];
        piece.unknown = ids[i] == kUnkId;
        if (piece.unknown && word_level && i < words.size())
            piece.text = words[i];
        else
            piece.text = i < texts.size() ? std::move(texts[i]) : tokenizer.piece(ids[i]);
        pieces.push_back(std::move(piece));
    }
    return pieces;
}

CorpusTokenStats corpus_token_stats(const Tokenizer& tokenizer,
                                    const std::vector<std::string>& lines,
                                    const CorpusStatsOptions& options) {
    StatsCounter counter(tokenizer, options);
    for (const std::string& line : lines) {
        if (options.max_lines > 0 && counter.lines() >= options.max_lines) break;
        counter.add(line);
    }
    return counter.finish(true);
}

CorpusTokenStats corpus_token_stats_of_file(const Tokenizer& tokenizer, const std::string& path,
                                            const CorpusStatsOptions& options,
                                            const CorpusStatsProgress& progress) {
    StatsCounter counter(tokenizer, options);
    bool cancelled = false;
    for_each_text_line(path, [&](std::string&& line, int64_t number, double fraction) {
        if (options.max_lines > 0 && counter.lines() >= options.max_lines) return false;
        // Every 256 lines: often enough for a progress bar, rarely enough to cost nothing.
        if (progress && number % 256 == 0 && !progress(fraction)) {
            cancelled = true;
            return false;
        }
        counter.add(line);
        return true;
    });
    if (progress && !cancelled) progress(1.0);
    return counter.finish(!cancelled);
}

}  // namespace tfw
