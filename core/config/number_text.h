#pragma once
// A number as the tables and reports print it: fixed-point with a given number of decimals.

#include <string>

namespace tfw {

// printf's "%.*f" ("12.35", "-0.00", "inf", "-inf"); "" for NaN, which a table shows as an
// empty cell.
std::string fixed(double value, int decimals);

}  // namespace tfw
