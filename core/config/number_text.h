#pragma once
// A number as the tables and reports print it: fixed-point with a given number of decimals.

#include <string>

namespace tfw {

// printf's "%.*f" ("12.35", "-0.00", "inf", "-inf"); "" for NaN, which a table shows as an
// empty cell.
std::string fixed(double value, int decimals);

// Ten significant digits, the shortest way ("0.3", "400", "1e-05"): a value as a command line
// or a sweep's folder name spells it.
std::string general_number(double value);

}  // namespace tfw
