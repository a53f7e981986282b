#pragma once
// sacreBLEU's word tokenizers for BLEU: `13a` (mteval-v13a, the default), `intl`
// (mteval-v14 international) and `none`. Each returns the tokens joined by single spaces.

#include <string>
#include <string_view>

namespace tfw {

enum class BleuTokenizer { k13a, kIntl, kNone };

// "13a", "intl", "none"; throws std::invalid_argument naming the allowed values otherwise.
BleuTokenizer parse_bleu_tokenizer(const std::string& name);
// The name as it appears in sacreBLEU signatures ("13a", "intl", "none").
std::string bleu_tokenizer_name(BleuTokenizer tokenizer);

std::string tokenize_13a(std::string_view line);
std::string tokenize_intl(std::string_view line);
std::string tokenize_bleu(BleuTokenizer tokenizer, std::string_view line);

}  // namespace tfw
