#include "ui/common/choice_text.h"

#include "ui/common/phrase_text.h"

namespace tfw {

// The choices are marked TFW_TR_NOOP("ConfigChoice", ...) where the schema lists them
// (core/config/config_schema.cpp).
QString choiceText(const std::string& value) {
    return markedText("ConfigChoice", value);
}

}  // namespace tfw
