#pragma once
// The words of a report in its language: every heading, caption, table header and sentence is
// written TFW_TR_NOOP("Report", "English") where it is used and translated from the window's
// own catalog (core/config/phrase_catalog.h); numbers, setting names and metric signatures stay
// as they are.

#include <set>
#include <string>
#include <vector>

#include "core/config/phrase.h"
#include "core/config/phrase_catalog.h"
#include "core/config/translatable.h"

namespace tfw {

class ReportText {
  public:
    // "en" or a language of catalog_languages(); throws std::invalid_argument naming them.
    explicit ReportText(const std::string& language = "en");

    const std::string& language() const { return language_; }
    bool english() const { return catalog_ == nullptr; }

    // A string marked TFW_TR_NOOP("Report", ...), with %1 ... filled in.
    std::string operator()(const char* english, const std::vector<std::string>& args = {}) const;
    // A sentence another part of the core wrote (a check's title, a run's end).
    std::string phrase(const Phrase& phrase) const;

    // The Report strings this language lacked so far (English was written instead).
    const std::set<std::string>& missing() const { return missing_; }

  private:
    std::string language_;
    const PhraseCatalog* catalog_ = nullptr;
    mutable std::set<std::string> missing_;
};

}  // namespace tfw
