#include "core/data/word_tokenizer.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "core/data/text_case.h"

namespace tfw {
namespace {

const char* const kReserved[] = {"<pad>", "<unk>", "<s>", "</s>"};
const char* const kHeader = "tfw-word-vocab 1 lowercase=";

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

}  // namespace

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_space(text[i])) ++i;
        const size_t start = i;
        while (i < text.size() && !is_space(text[i])) ++i;
        if (i > start) words.emplace_back(text, start, i - start);
    }
    return words;
}

WordTokenizer::WordTokenizer(std::vector<std::string> words, bool lowercase)
    : words_(std::move(words)), lowercase_(lowercase) {
    if (words_.size() < 4) throw std::runtime_error("word vocabulary lacks the reserved pieces");
    for (int id = 0; id < 4; ++id)
        if (words_[id] != kReserved[id])
            throw std::runtime_error("word vocabulary id " + std::to_string(id) + " is '" +
                                     words_[id] + "', expected '" + kReserved[id] + "'");
    ids_.reserve(words_.size());
    for (size_t id = 0; id < words_.size(); ++id) {
        if (!ids_.emplace(words_[id], static_cast<int>(id)).second)
            throw std::runtime_error("word vocabulary lists '" + words_[id] + "' twice");
    }
}

std::shared_ptr<WordTokenizer> WordTokenizer::train(
    const std::vector<const std::vector<std::string>*>& texts, const Options& options,
    TrainStats* stats) {
    std::unordered_map<std::string, int64_t> counts;
    for (const auto* lines : texts)
        for (const auto& line : *lines)
            for (auto& word : split_words(options.lowercase ? to_lower_utf8(line) : line))
                ++counts[std::move(word)];
    for (const char* reserved : kReserved) counts.erase(reserved);

    std::vector<std::pair<std::string, int64_t>> ranked;
    ranked.reserve(counts.size());
    for (auto& entry : counts)
        if (entry.second >= options.min_freq) ranked.emplace_back(entry.first, entry.second);
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
    const size_t frequent = ranked.size();
    if (options.max_size > 0 && ranked.size() + 4 > static_cast<size_t>(options.max_size))
        ranked.resize(static_cast<size_t>(std::max(options.max_size - 4, 0)));
    if (stats) {
        stats->distinct_words = static_cast<int64_t>(counts.size());
        stats->below_min_freq = static_cast<int64_t>(counts.size() - frequent);
        stats->over_cap = static_cast<int64_t>(frequent - ranked.size());
    }

    std::vector<std::string> words(std::begin(kReserved), std::end(kReserved));
    for (auto& entry : ranked) words.push_back(std::move(entry.first));
    return std::make_shared<WordTokenizer>(std::move(words), options.lowercase);
}

std::shared_ptr<WordTokenizer> WordTokenizer::deserialize(const std::string& bytes) {
    std::istringstream in(bytes);
    std::string header;
    std::getline(in, header);
    const std::string prefix = kHeader;
    if (header.compare(0, prefix.size(), prefix) != 0 || header.size() != prefix.size() + 1 ||
        (header.back() != '0' && header.back() != '1'))
        throw std::runtime_error("not a word vocabulary (header '" + header.substr(0, 40) + "')");
    std::vector<std::string> words;
    for (std::string line; std::getline(in, line);) words.push_back(line);
    return std::make_shared<WordTokenizer>(std::move(words), header.back() == '1');
}

std::vector<int> WordTokenizer::encode(const std::string& text) const {
    std::vector<int> ids;
    for (const auto& word : split_words(lowercase_ ? to_lower_utf8(text) : text)) {
        const auto it = ids_.find(word);
        // "<pad>", "<s>" and "</s>" written in the text are words, not markup: they must not
        // become the ids that pad or delimit sequences. ("<unk>" is the corpora's own marker.)
        const bool control = it != ids_.end() &&
                             (it->second == kPadId || it->second == kBosId || it->second == kEosId);
        ids.push_back(it == ids_.end() || control ? kUnkId : it->second);
    }
    return ids;
}

std::string WordTokenizer::decode(const std::vector<int>& ids) const {
    std::string text;
    for (const int id : ids) {
        // Padding, BOS and EOS are markup; an unknown word stays visible as <unk>.
        if (id == kPadId || id == kBosId || id == kEosId || id < 0 || id >= vocab_size()) continue;
        if (!text.empty()) text += ' ';
        text += words_[static_cast<size_t>(id)];
    }
    return text;
}

std::vector<std::string> WordTokenizer::pieces(const std::string& text) const {
    std::vector<std::string> result;
    for (const int id : encode(text)) result.push_back(words_[static_cast<size_t>(id)]);
    return result;
}

std::string WordTokenizer::piece(int id) const {
    if (id < 0 || id >= vocab_size())
        throw std::out_of_range("word id " + std::to_string(id) + " outside the vocabulary");
    return words_[static_cast<size_t>(id)];
}

std::string WordTokenizer::serialize() const {
    std::string bytes = kHeader;
    bytes += lowercase_ ? "1\n" : "0\n";
    for (const auto& word : words_) bytes += word + '\n';
    return bytes;
}

}  // namespace tfw
