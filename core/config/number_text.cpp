#include "core/config/number_text.h"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace tfw {

std::string fixed(double value, int decimals) {
    if (std::isnan(value)) return "";
    char text[352];  // the largest double with 24 decimals fits
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

std::string general_number(double value) {
    std::ostringstream out;
    out.precision(10);
    out << value;
    return out.str();
}

}  // namespace tfw
