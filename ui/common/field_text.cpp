#include "ui/common/field_text.h"

#include <QCoreApplication>

namespace tfw {

QString fieldLabel(const ConfigField& field) {
    return QCoreApplication::translate("ConfigField", field.label.c_str());
}

QString fieldHelp(const ConfigField& field) {
    return QCoreApplication::translate("ConfigField", field.help.c_str());
}

}  // namespace tfw
