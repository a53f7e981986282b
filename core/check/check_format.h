#pragma once
// Numbers in check figures: short and readable ("0.0123", "2.3e-07").

#include <string>

namespace tfw {

std::string format_figure(double value, int digits = 3);

}  // namespace tfw
