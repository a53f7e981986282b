#pragma once
// The small coloured dot that stands for a compared item in lists and table headers.

#include <QColor>
#include <QIcon>

namespace tfw {

QIcon colorSwatch(const QColor& color);

}  // namespace tfw
