#pragma once
// The window's language: the system locale unless the settings name one. The translations are
// compiled into the program (translations/); Qt's own dialogs follow when Debian's Qt
// translations (qt6-translations-l10n) are installed.

#include <QList>
#include <QLocale>
#include <QString>

class QCoreApplication;

namespace tfw {

struct UiLanguage {
    QString code;        // "" = follow the system, else a locale name: "en", "zh_CN"
    QString nativeName;  // how the language names itself: "English", "简体中文"
};

// The choices of the settings dialog, "follow the system" first.
QList<UiLanguage> uiLanguages();

// Installs the translations for `code` on the application, replacing any installed before;
// returns the locale the window now speaks (English when none matches).
QLocale installUiLanguage(QCoreApplication& app, const QString& code);

}  // namespace tfw
