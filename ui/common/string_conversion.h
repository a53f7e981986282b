#pragma once
// The core's strings (UTF-8 std::string) as the window's QStrings.

#include <QString>
#include <string>

namespace tfw {

inline QString toQString(const std::string& text) {
    return QString::fromStdString(text);
}

}  // namespace tfw
