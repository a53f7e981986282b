#include "ui/common/choice_text.h"

#include <QCoreApplication>

namespace tfw {

// The choices are marked TFW_TR_NOOP("ConfigChoice", ...) where the schema lists them
// (core/config/config_schema.cpp).
QString choiceText(const std::string& value) {
    return QCoreApplication::translate("ConfigChoice", value.c_str());
}

}  // namespace tfw
