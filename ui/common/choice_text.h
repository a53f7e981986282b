#pragma once
// A configuration choice ("translation", "pre", "noam") as the window shows it: the value
// itself in English, and in other languages a word with the value beside it, e.g.
// "翻译 (translation)", so that the config files and tfw's options stay recognisable.

#include <QString>

#include <string>

namespace tfw {

QString choiceText(const std::string& value);

}  // namespace tfw
