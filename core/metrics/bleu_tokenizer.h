#pragma once
// sacreBLEU's word tokenizers for BLEU: `13a` (mteval-v13a, the default), `intl`
// (mteval-v14 international), `zh` (every Chinese character a token, 13a's rules for the
// rest: the one for Chinese references) and `none`. Each returns the tokens joined by single
// spaces.

#include <string>
#include <string_view>
#include <vector>

namespace tfw {

enum class BleuTokenizer { k13a, kIntl, kZh, kNone };

// "13a", "intl", "zh", "none"; throws std::invalid_argument naming the allowed values otherwise.
BleuTokenizer parse_bleu_tokenizer(const std::string& name);
// The name as it appears in sacreBLEU signatures ("13a", "intl", "zh", "none").
std::string bleu_tokenizer_name(BleuTokenizer tokenizer);

std::string tokenize_13a(std::string_view line);
std::string tokenize_intl(std::string_view line);
std::string tokenize_zh(std::string_view line);
std::string tokenize_bleu(BleuTokenizer tokenizer, std::string_view line);

// zh when the references are Chinese (at least a third of their non-space characters are
// CJK ideographs, as sacreBLEU -l xx-zh would choose), else 13a.
BleuTokenizer bleu_tokenizer_for(const std::vector<std::string>& references);

}  // namespace tfw
