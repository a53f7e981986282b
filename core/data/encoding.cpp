#include "core/data/encoding.h"

#include <algorithm>

#include "core/data/word_tokenizer.h"

namespace tfw {
namespace {

// tgt_cut: the target was longer than the limit and `tgt` holds its first tokens plus the
// next one. The next one replaces EOS as the last prediction, so a cut reference teaches and
// charges what follows rather than an ending that is not there.
Example make_pair_example(std::vector<int> src, std::vector<int> tgt, bool tgt_cut) {
    Example e;
    e.src.assign(src.begin(), src.end());
    e.src.push_back(kEosId);
    if (!tgt_cut) tgt.push_back(kEosId);
    e.tgt_in.reserve(tgt.size());
    e.tgt_in.push_back(kBosId);
    e.tgt_in.insert(e.tgt_in.end(), tgt.begin(), tgt.end() - 1);
    e.tgt_out.assign(tgt.begin(), tgt.end());
    return e;
}

}  // namespace

bool is_blank(const std::string& line) {
    return line.find_first_not_of(" \t\r\n\v\f") == std::string::npos;
}

Corpus encode_pairs(const RawSplit& split, const Tokenizer& src_tokenizer,
                    const Tokenizer& tgt_tokenizer, int max_src_len, int max_tgt_len,
                    SplitRole role) {
    Corpus corpus;
    corpus.examples.reserve(split.src.size());
    // The limits count the EOS (source) and BOS / EOS (target) each side gets.
    const size_t src_room = static_cast<size_t>(std::max(max_src_len - 1, 0));
    const size_t tgt_room = static_cast<size_t>(std::max(max_tgt_len - 1, 0));
    for (size_t i = 0; i < split.src.size(); ++i) {
        if (role == SplitRole::Train && (is_blank(split.src[i]) || is_blank(split.tgt[i]))) {
            ++corpus.skipped_empty;
            continue;
        }
        std::vector<int> src = src_tokenizer.encode(split.src[i]);
        std::vector<int> tgt = tgt_tokenizer.encode(split.tgt[i]);
        if (src.size() > src_room || tgt.size() > tgt_room) {
            if (role == SplitRole::Train) {
                ++corpus.skipped_too_long;
                continue;
            }
            src.resize(std::min(src.size(), src_room));
            ++corpus.truncated;
        }
        const bool tgt_cut = tgt.size() > tgt_room;
        if (tgt_cut) tgt.resize(tgt_room + 1);
        corpus.examples.push_back(make_pair_example(std::move(src), std::move(tgt), tgt_cut));
        corpus.src_tokens += static_cast<int64_t>(corpus.examples.back().src.size());
        corpus.tgt_tokens += static_cast<int64_t>(corpus.examples.back().tgt_out.size());
    }
    return corpus;
}

Corpus encode_stream(const RawSplit& split, const Tokenizer& tokenizer, int window) {
    std::vector<int32_t> stream;
    int64_t words = 0;
    for (const auto& line : split.tgt) {
        words += static_cast<int64_t>(split_words(line).size()) + 1;  // + the end of the line
        const std::vector<int> ids = tokenizer.encode(line);
        stream.insert(stream.end(), ids.begin(), ids.end());
        stream.push_back(kEosId);
    }
    Corpus corpus;
    const size_t length = static_cast<size_t>(std::max(window, 1));
    // Window i predicts stream[i+1 .. i+L+1) from stream[i .. i+L).
    for (size_t start = 0; start + 1 < stream.size(); start += length) {
        const size_t n = std::min(length, stream.size() - 1 - start);
        if (n < length && n < 2) break;
        Example e;
        e.tgt_in.assign(stream.begin() + static_cast<ptrdiff_t>(start),
                        stream.begin() + static_cast<ptrdiff_t>(start + n));
        e.tgt_out.assign(stream.begin() + static_cast<ptrdiff_t>(start + 1),
                         stream.begin() + static_cast<ptrdiff_t>(start + n + 1));
        corpus.tgt_tokens += static_cast<int64_t>(n);
        corpus.examples.push_back(std::move(e));
    }
    if (words > 0) corpus.tokens_per_word = double(stream.size()) / double(words);
    return corpus;
}

}  // namespace tfw
