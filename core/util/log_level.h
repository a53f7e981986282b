#pragma once
// How serious a log line is: shared by data preparation, training and whoever shows them.
// A leaf header (nothing from core), so any folder may include it.

namespace tfw {

enum class LogLevel { Info, Warning, Error };

}  // namespace tfw
