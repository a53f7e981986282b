#include "ui/common/app_settings.h"

#include <QDir>
#include <QFileInfo>

namespace tfw {
namespace {

constexpr int kRecentRuns = 10;

}  // namespace

QString AppSettings::runsRoot() const {
    return m_settings
        .value(QStringLiteral("runsRoot"),
               QDir::home().filePath(QStringLiteral("TransformerWorkbench/runs")))
        .toString();
}

void AppSettings::setRunsRoot(const QString& dir) {
    m_settings.setValue(QStringLiteral("runsRoot"), dir);
}

QString AppSettings::dataFolder() const {
    return m_settings.value(QStringLiteral("dataFolder")).toString();
}

void AppSettings::setDataFolder(const QString& dir) {
    m_settings.setValue(QStringLiteral("dataFolder"), dir);
}

QString AppSettings::language() const {
    return m_settings.value(QStringLiteral("language")).toString();
}

void AppSettings::setLanguage(const QString& code) {
    m_settings.setValue(QStringLiteral("language"), code);
}

QStringList AppSettings::recentRuns() const {
    QStringList runs;
    for (const QString& dir : m_settings.value(QStringLiteral("recentRuns")).toStringList())
        if (QFileInfo(dir).isDir()) runs.append(dir);
    return runs;
}

void AppSettings::addRecentRun(const QString& dir) {
    QStringList runs = recentRuns();
    const QString path = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    runs.removeAll(path);
    runs.prepend(path);
    m_settings.setValue(QStringLiteral("recentRuns"), QStringList(runs.mid(0, kRecentRuns)));
}

QByteArray AppSettings::geometry() const {
    return m_settings.value(QStringLiteral("window/geometry")).toByteArray();
}

QByteArray AppSettings::windowState() const {
    return m_settings.value(QStringLiteral("window/state")).toByteArray();
}

void AppSettings::saveWindow(const QByteArray& geometry, const QByteArray& state) {
    m_settings.setValue(QStringLiteral("window/geometry"), geometry);
    m_settings.setValue(QStringLiteral("window/state"), state);
}

}  // namespace tfw
