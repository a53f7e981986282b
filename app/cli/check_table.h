#pragma once
// Sanity check results as terminal text: the full table of `tfw check` and the compact lines
// printed before a training run.

#include <string>

#include "core/check/check_result.h"

namespace tfw::cli {

// Per check: status, title and figure on one line, the explanation wrapped below it.
std::string checks_table(const ChecksReport& report);

// One line per check (the trainer logs the explanations of warnings and failures).
std::string checks_summary(const ChecksReport& report);

}  // namespace tfw::cli
