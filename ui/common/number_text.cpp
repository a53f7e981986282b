#include "ui/common/number_text.h"

#include <cmath>

#include "core/config/number_text.h"

namespace tfw {

QString fixedText(double value, int decimals) {
    return std::isfinite(value) ? QString::fromStdString(fixed(value, decimals)) : QString();
}

}  // namespace tfw
