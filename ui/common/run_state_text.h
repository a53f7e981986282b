#pragma once
// A run's or a sweep entry's state (status.json's "completed", sweep.json's "pending", ...)
// as the window shows it, in its language; an unknown state as it is written.

#include <QString>

#include <string>

namespace tfw {

QString runStateText(const std::string& state);

}  // namespace tfw
