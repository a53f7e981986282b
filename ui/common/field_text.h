#pragma once
// A configuration field's label and explanation in the window's language (the core keeps them
// in English and marks them for translation; see core/config/translatable.h).

#include <QString>

#include "core/config/config_schema.h"

namespace tfw {

QString fieldLabel(const ConfigField& field);
QString fieldHelp(const ConfigField& field);

}  // namespace tfw
