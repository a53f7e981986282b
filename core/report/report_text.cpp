#include "core/report/report_text.h"

#include <algorithm>
#include <stdexcept>

namespace tfw {

ReportText::ReportText(const std::string& language) : language_(language) {
    if (language == "en") return;
    catalog_ = PhraseCatalog::builtin(language);
    if (!catalog_) {
        std::string names;
        for (const std::string& known : catalog_languages())
            names += (names.empty() ? "" : ", ") + known;
        throw std::invalid_argument("no report language '" + language + "' (choose " + names + ")");
    }
}

std::string ReportText::operator()(const char* english,
                                   const std::vector<std::string>& args) const {
    const std::string* translated = catalog_ ? catalog_->find("Report", english) : nullptr;
    if (catalog_ && !translated) missing_.insert(english);
    return fill_placeholders(translated ? *translated : english, args);
}

std::string ReportText::phrase(const Phrase& phrase) const {
    return phrase_text(phrase, catalog_);
}

}  // namespace tfw
