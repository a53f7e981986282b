#pragma once
// A sentence the core made (core/config/phrase.h) in the window's language: its pattern
// translated in the context it was marked in, then the same values filled in.

#include <QString>

#include "core/config/phrase.h"

namespace tfw {

QString phraseText(const Phrase& phrase);
// A literal the core marked TFW_TR_NOOP(context, ...), e.g. a check's title.
QString markedText(const char* context, const std::string& text);

}  // namespace tfw
