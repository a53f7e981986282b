#pragma once
// What a tokenizer does to text, for students to look at: the pieces of one text with their
// ids, and statistics of a whole corpus (pieces per word, unknown rate, frequent pieces).

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/data/tokenizer.h"

namespace tfw {

struct TokenPiece {
    std::string
        text;  // the piece as the vocabulary spells it; an unknown word-level word as written
    int id = 0;
    bool unknown = false;  // id is <unk>
};

// The pieces of text in order, one per id that encode() gives.
std::vector<TokenPiece> inspect_pieces(const Tokenizer& tokenizer, const std::string& text);

struct CorpusTokenStats {
    int64_t lines = 0;
    int64_t words = 0;            // whitespace-separated
    int64_t pieces = 0;           // ids encode() gives for the lines, no BOS/EOS
    int64_t unknown = 0;          // of those, <unk>
    int64_t distinct_pieces = 0;  // different ids seen, out of the vocabulary size
    std::vector<std::pair<std::string, int64_t>> top_pieces;  // most frequent first
    // words_by_pieces[k]: words that, encoded alone, become k+1 pieces; the last entry counts
    // that many pieces or more.
    std::vector<int64_t> words_by_pieces;
    bool complete = true;  // false when cancelled: the numbers cover the lines read

    double pieces_per_word() const { return words > 0 ? double(pieces) / double(words) : 0.0; }
    double unknown_rate() const { return pieces > 0 ? double(unknown) / double(pieces) : 0.0; }
};

struct CorpusStatsOptions {
    int top = 20;                 // frequent pieces listed; 0 = none
    int max_pieces_per_word = 8;  // buckets of words_by_pieces, the last one open-ended
    int64_t max_lines = 0;        // lines read at most; 0 = the whole file
};

// Called now and then with the share of the corpus read (0..1); returning false cancels.
using CorpusStatsProgress = std::function<bool(double fraction)>;

// Statistics of the given lines.
CorpusTokenStats corpus_token_stats(const Tokenizer& tokenizer,
                                    const std::vector<std::string>& lines,
                                    const CorpusStatsOptions& options = {});
// The same streaming over a file (plain or gzip); throws DataError like read_text_lines.
CorpusTokenStats corpus_token_stats_of_file(const Tokenizer& tokenizer, const std::string& path,
                                            const CorpusStatsOptions& options = {},
                                            const CorpusStatsProgress& progress = {});

}  // namespace tfw
