#include "core/check/check_format.h"

#include <sstream>

namespace tfw {

std::string format_figure(double value, int digits) {
    std::ostringstream out;
    out.precision(digits);
    out << value;
    return out.str();
}

}  // namespace tfw
