#pragma once
// The Porter stemmer exactly as NLTK 3.8's PorterStemmer in its default NLTK_EXTENSIONS mode
// (irregular forms, the 'ies'/'ied' and 'y' refinements, 'alli' and 'logi' rules), which
// rouge-score uses for stemming.

#include <string>

namespace tfw {

// Stems one lowercase word. Words of one or two letters are returned unchanged.
std::string porter_stem(const std::string& word);

}  // namespace tfw
