#pragma once
// The window's translations (translations/*.ts, compiled into the core) for code without Qt:
// tfw writes reports in Chinese with the very sentences the window shows. Strings are looked
// up as Qt does, by context and English source.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/config/phrase.h"

namespace tfw {

struct TranslationFile {
    std::string language;  // "zh_CN"
    std::string ts_text;   // the Qt Linguist XML
};
const std::vector<TranslationFile>& builtin_translation_files();  // generated at build time

class PhraseCatalog {
  public:
    // Parses Qt Linguist XML (.ts); unfinished entries are left out.
    static PhraseCatalog from_ts(const std::string& ts_text);
    // The built-in catalog of a language ("zh_CN"); nullptr for English or one we lack.
    static const PhraseCatalog* builtin(const std::string& language);

    // The translation; nullptr when there is none.
    const std::string* find(const std::string& context, const std::string& source) const;
    size_t size() const { return entries_.size(); }

  private:
    std::map<std::pair<std::string, std::string>, std::string> entries_;
};

// "en" plus every built-in catalog's language.
std::vector<std::string> catalog_languages();

// A Phrase in a language: each pattern translated (English where the catalog lacks it), the
// values filled in. nullptr catalog: English.
std::string phrase_text(const Phrase& phrase, const PhraseCatalog* catalog);

}  // namespace tfw
