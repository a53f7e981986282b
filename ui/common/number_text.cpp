#include "ui/common/number_text.h"

#include <cmath>

namespace tfw {

QString fixedText(double value, int decimals) {
    return std::isfinite(value) ? QString::number(value, 'f', decimals) : QString();
}

}  // namespace tfw
