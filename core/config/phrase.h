#pragma once
// A sentence for people, kept as its English pattern and the values filled into it, so that
// the window can show it in its own language while tfw prints it in English. The pattern is a
// literal marked where it is written with TFW_TR_NOOP(context, ...) (core/config/translatable.h)
// in the same context the Phrase names; the window translates it in that context and fills in
// the same values (ui/common/phrase_text.h).

#include <string>
#include <vector>

namespace tfw {

struct Phrase {
    std::string context;            // TFW_TR_NOOP's context, e.g. "Check"
    std::string pattern;            // English, with %1 ... %9 where the values go
    std::vector<std::string> args;  // the values, already formatted
    // Sentences or clauses that follow this one, each translated on its own; written next to
    // each other as they are (an English pattern that follows a sentence starts with a space).
    std::vector<Phrase> followed_by;

    Phrase() = default;
    Phrase(std::string context, std::string pattern, std::vector<std::string> args = {});

    Phrase& then(Phrase next);  // appends `next` to followed_by
    std::string text() const;   // the English sentence(s)
    bool empty() const { return pattern.empty(); }
};

// A value shown as it is in every language (a number, a file name, an error from the system).
Phrase verbatim(std::string value);

// `pattern` with %1 ... %9 replaced by args[0] ... args[8] in one pass (a value that itself
// holds "%1" stays as it is); a placeholder without a value is left in place.
std::string fill_placeholders(const std::string& pattern, const std::vector<std::string>& args);

}  // namespace tfw
