#include "core/metrics/porter_stemmer.h"

#include <functional>
#include <map>
#include <vector>

namespace tfw {

namespace {

bool ends_with(const std::string& word, const std::string& suffix) {
    return word.size() >= suffix.size() &&
           word.compare(word.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string drop_suffix(const std::string& word, size_t length) {
    return word.substr(0, word.size() - length);
}

bool is_consonant(const std::string& word, size_t i) {
    switch (word[i]) {
        case 'a':
        case 'e':
        case 'i':
        case 'o':
        case 'u':
            return false;
        case 'y':
            return i == 0 || !is_consonant(word, i - 1);
        default:
            return true;
    }
}

// Porter's m: the number of vowel-consonant sequences.
int measure(const std::string& stem) {
    int m = 0;
    for (size_t i = 1; i < stem.size(); ++i)
        if (!is_consonant(stem, i - 1) && is_consonant(stem, i)) ++m;
    return m;
}

bool has_positive_measure(const std::string& stem) {
    return measure(stem) > 0;
}

bool contains_vowel(const std::string& stem) {
    for (size_t i = 0; i < stem.size(); ++i)
        if (!is_consonant(stem, i)) return true;
    return false;
}

bool ends_double_consonant(const std::string& word) {
    const size_t n = word.size();
    return n >= 2 && word[n - 1] == word[n - 2] && is_consonant(word, n - 1);
}

// *o: consonant-vowel-consonant with the last not w, x or y; NLTK also accepts a
// two-letter vowel-consonant word.
bool ends_cvc(const std::string& word) {
    const size_t n = word.size();
    if (n >= 3 && is_consonant(word, n - 3) && !is_consonant(word, n - 2) &&
        is_consonant(word, n - 1) && word[n - 1] != 'w' && word[n - 1] != 'x' && word[n - 1] != 'y')
        return true;
    return n == 2 && !is_consonant(word, 0) && is_consonant(word, 1);
}

struct Rule {
    std::string suffix;       // "*d" stands for a double consonant
    std::string replacement;  // appended to the stem when the condition holds
    std::function<bool(const std::string& stem)> condition;  // empty: always
};

// NLTK's _apply_rule_list: the first rule whose suffix matches decides; if its condition
// fails, the word is returned unchanged.
std::string apply_rules(const std::string& word, const std::vector<Rule>& rules) {
    for (const auto& rule : rules) {
        std::string stem;
        if (rule.suffix == "*d") {
            if (!ends_double_consonant(word)) continue;
            stem = drop_suffix(word, 2);
        } else if (ends_with(word, rule.suffix)) {
            stem = drop_suffix(word, rule.suffix.size());
        } else {
            continue;
        }
        return !rule.condition || rule.condition(stem) ? stem + rule.replacement : word;
    }
    return word;
}

std::string step1a(const std::string& word) {
    if (ends_with(word, "ies") && word.size() == 4) return drop_suffix(word, 3) + "ie";
    return apply_rules(word,
                       {{"sses", "ss", {}}, {"ies", "i", {}}, {"ss", "ss", {}}, {"s", "", {}}});
}

std::string step1b(const std::string& word) {
    if (ends_with(word, "ied")) return drop_suffix(word, 3) + (word.size() == 4 ? "ie" : "i");
    if (ends_with(word, "eed")) {
        const std::string stem = drop_suffix(word, 3);
        return measure(stem) > 0 ? stem + "ee" : word;
    }
    std::string stem;
    bool removed = false;
    for (const std::string suffix : {"ed", "ing"}) {
        if (ends_with(word, suffix) && contains_vowel(drop_suffix(word, suffix.size()))) {
            stem = drop_suffix(word, suffix.size());
            removed = true;
            break;
        }
    }
    if (!removed) return word;
    const char last = stem.empty() ? '\0' : stem.back();
    return apply_rules(
        stem, {{"at", "ate", {}},
               {"bl", "ble", {}},
               {"iz", "ize", {}},
               {"*d", std::string(1, last),
                [last](const std::string&) { return last != 'l' && last != 's' && last != 'z'; }},
               {"", "e", [](const std::string& s) { return measure(s) == 1 && ends_cvc(s); }}});
}

std::string step1c(const std::string& word) {
    // NLTK: y -> i only after a consonant that is not the whole stem ('happy' -> 'happi',
    // 'enjoy' and 'by' unchanged).
    return apply_rules(word, {{"y", "i", [](const std::string& stem) {
                                   return stem.size() > 1 && is_consonant(stem, stem.size() - 1);
                               }}});
}

std::string step2(const std::string& word) {
    // NLTK applies 'alli' -> 'al' first and runs step 2 again on the result.
    if (ends_with(word, "alli") && has_positive_measure(drop_suffix(word, 4)))
        return step2(drop_suffix(word, 4) + "al");
    const auto m0 = has_positive_measure;
    return apply_rules(word, {{"ational", "ate", m0},
                              {"tional", "tion", m0},
                              {"enci", "ence", m0},
                              {"anci", "ance", m0},
                              {"izer", "ize", m0},
                              {"bli", "ble", m0},
                              {"alli", "al", m0},
                              {"entli", "ent", m0},
                              {"eli", "e", m0},
                              {"ousli", "ous", m0},
                              {"ization", "ize", m0},
                              {"ation", "ate", m0},
                              {"ator", "ate", m0},
                              {"alism", "al", m0},
                              {"iveness", "ive", m0},
                              {"fulness", "ful", m0},
                              {"ousness", "ous", m0},
                              {"aliti", "al", m0},
                              {"iviti", "ive", m0},
                              {"biliti", "ble", m0},
                              {"fulli", "ful", m0},
                              // The 'l' stays with the stem, so 'geo', 'theo' qualify.
                              {"logi", "log", [&word](const std::string&) {
                                   return has_positive_measure(drop_suffix(word, 3));
                               }}});
}

std::string step3(const std::string& word) {
    const auto m0 = has_positive_measure;
    return apply_rules(word, {{"icate", "ic", m0},
                              {"ative", "", m0},
                              {"alize", "al", m0},
                              {"iciti", "ic", m0},
                              {"ical", "ic", m0},
                              {"ful", "", m0},
                              {"ness", "", m0}});
}

std::string step4(const std::string& word) {
    const auto m1 = [](const std::string& stem) { return measure(stem) > 1; };
    return apply_rules(word, {{"al", "", m1},
                              {"ance", "", m1},
                              {"ence", "", m1},
                              {"er", "", m1},
                              {"ic", "", m1},
                              {"able", "", m1},
                              {"ible", "", m1},
                              {"ant", "", m1},
                              {"ement", "", m1},
                              {"ment", "", m1},
                              {"ent", "", m1},
                              {"ion", "",
                               [](const std::string& stem) {
                                   return measure(stem) > 1 &&
                                          (stem.back() == 's' || stem.back() == 't');
                               }},
                              {"ou", "", m1},
                              {"ism", "", m1},
                              {"ate", "", m1},
                              {"iti", "", m1},
                              {"ous", "", m1},
                              {"ive", "", m1},
                              {"ize", "", m1}});
}

std::string step5a(const std::string& word) {
    // Both conditions are tried, unlike a rule list.
    if (!ends_with(word, "e")) return word;
    const std::string stem = drop_suffix(word, 1);
    const int m = measure(stem);
    if (m > 1 || (m == 1 && !ends_cvc(stem))) return stem;
    return word;
}

std::string step5b(const std::string& word) {
    return apply_rules(
        word,
        {{"ll", "l", [&word](const std::string&) { return measure(drop_suffix(word, 1)) > 1; }}});
}

const std::map<std::string, std::string>& irregular_forms() {
    static const std::map<std::string, std::string> forms = {
        {"sky", "sky"},        {"skies", "sky"},        {"dying", "die"},
        {"lying", "lie"},      {"tying", "tie"},        {"news", "news"},
        {"innings", "inning"}, {"inning", "inning"},    {"outings", "outing"},
        {"outing", "outing"},  {"cannings", "canning"}, {"canning", "canning"},
        {"howe", "howe"},      {"proceed", "proceed"},  {"exceed", "exceed"},
        {"succeed", "succeed"}};
    return forms;
}

}  // namespace

std::string porter_stem(const std::string& word) {
    if (const auto it = irregular_forms().find(word); it != irregular_forms().end())
        return it->second;
    if (word.size() <= 2) return word;
    std::string stem = step1a(word);
    stem = step1b(stem);
    stem = step1c(stem);
    stem = step2(stem);
    stem = step3(stem);
    stem = step4(stem);
    stem = step5a(stem);
    return step5b(stem);
}

}  // namespace tfw
