#include "ui/common/ui_language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

#include <memory>
#include <vector>

namespace tfw {
namespace {

// The translators this process installed, so that a second call replaces them.
std::vector<std::unique_ptr<QTranslator>>& installed() {
    static std::vector<std::unique_ptr<QTranslator>> translators;
    return translators;
}

}  // namespace

QList<UiLanguage> uiLanguages() {
    return {{QString(), QCoreApplication::translate("UiLanguage", "System default")},
            {QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QLocale installUiLanguage(QCoreApplication& app, const QString& code) {
    for (const auto& translator : installed()) app.removeTranslator(translator.get());
    installed().clear();

    const QLocale wanted = code.isEmpty() ? QLocale::system() : QLocale(code);
    QLocale::setDefault(wanted);  // numbers and dates follow the choice too
    auto own = std::make_unique<QTranslator>();
    // ":/i18n/transformer-workbench_zh_CN.qm", picked by the locale's UI languages.
    if (!own->load(wanted, QStringLiteral("transformer-workbench"), QStringLiteral("_"),
                   QStringLiteral(":/i18n")))
        return QLocale(QLocale::English);
    const QLocale locale(own->language());
    app.installTranslator(own.get());
    installed().push_back(std::move(own));
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        app.installTranslator(qt.get());
        installed().push_back(std::move(qt));
    }
    QLocale::setDefault(locale);
    return locale;
}

}  // namespace tfw
