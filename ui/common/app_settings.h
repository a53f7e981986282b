#pragma once
// The window's remembered settings: where runs and corpora live, its language, recently
// opened runs.

#include <QSettings>
#include <QStringList>

namespace tfw {

class AppSettings final {
    Q_DISABLE_COPY_MOVE(AppSettings)

  public:
    AppSettings() = default;

    // Default: ~/TransformerWorkbench/runs
    QString runsRoot() const;
    void setRunsRoot(const QString& dir);
    // Where corpora live; filled into data.dir of presets that leave it empty.
    QString dataFolder() const;
    void setDataFolder(const QString& dir);

    // The window's language: "" follows the system locale, else a locale name ("zh_CN", "en").
    QString language() const;
    void setLanguage(const QString& code);

    QStringList recentRuns() const;
    void addRecentRun(const QString& dir);

    QByteArray geometry() const;
    QByteArray windowState() const;
    void saveWindow(const QByteArray& geometry, const QByteArray& state);

  private:
    QSettings m_settings;
};

}  // namespace tfw
