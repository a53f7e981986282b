#pragma once
// A number as the window's tables show it: core's fixed(), a fixed count of decimals. A NaN or
// an infinity (a diverged loss, a score without output) shows as an empty cell, not "inf".

#include <QString>

namespace tfw {

QString fixedText(double value, int decimals);

}  // namespace tfw
