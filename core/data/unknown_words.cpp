#include "core/data/unknown_words.h"

#include <algorithm>
#include <sstream>

namespace tfw {

UnknownWords count_unknown_words(const Tokenizer& tokenizer, const std::string& input) {
    UnknownWords count;
    std::istringstream words(input);
    std::string word;
    while (words >> word) {
        ++count.words;
        const std::vector<int> ids = tokenizer.encode(word);
        if (std::find(ids.begin(), ids.end(), kUnkId) != ids.end()) ++count.unknown;
    }
    return count;
}

}  // namespace tfw
