#pragma once
// The Compare tab: two or more runs or checkpoints side by side. Sections (sub-tabs):
// "Configuration" (the keys in which they differ), "Metrics" (size, training, validation and
// evaluation numbers, the best of each row in bold) and "Curves" (all items overlaid).
// Each item keeps one colour everywhere. Items are read on a worker thread.

#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableWidget;
class QThread;
class QTimer;

namespace tfw {

class CompareCurves;
class SideBySideView;
struct CompareItem;

class ComparePane final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ComparePane)

  public:
    explicit ComparePane(QWidget* parent = nullptr);
    ~ComparePane() override;  // waits for items still being read

    // Where "Add run or checkpoint…" starts looking.
    void setRunsRoot(const QString& root);
    // A run folder or a .tfw checkpoint; ignored when already compared. Read off the UI
    // thread: itemsChanged follows once it is in (or statusMessage says why it is not).
    void addItem(const QString& runDirOrCheckpoint);
    void removeItem(const QString& runDirOrCheckpoint);  // also one still being read
    void clearItems();
    // Reads every item again (e.g. a run that is still training), keeping order and colours.
    void reload();
    // Runs still training are read again by themselves this often (default 20 s).
    void setFollowInterval(int ms);
    bool isFollowingRunningItems() const;
    // The compared paths, in the order they were added (items still being read excluded).
    QStringList items() const;
    int pendingItems() const;
    // The colour of an item (invalid when it is not compared).
    QColor itemColor(const QString& runDirOrCheckpoint) const;

    // The sections, for adding more (e.g. decoding side by side).
    QTabWidget* sections() const { return m_sections; }
    QTableWidget* configTable() const { return m_config; }
    QTableWidget* metricsTable() const { return m_metrics; }
    CompareCurves* curves() const { return m_curves; }
    SideBySideView* sideBySide() const { return m_sideBySide; }
    void setShowAllFields(bool all);

  Q_SIGNALS:
    void itemsChanged(const QStringList& items);
    void statusMessage(const QString& message);

  private:
    struct Entry;
    void read(Entry& entry);
    void onLoaded(const QString& path, std::shared_ptr<CompareItem> item, const QString& error);
    void addWithDialog();
    void removeSelected();
    void refreshViews();
    int freeColorSlot() const;

    std::vector<std::unique_ptr<Entry>> m_entries;
    QString m_runsRoot;
    QList<QThread*> m_loaders;
    QListWidget* m_list;
    QPushButton* m_add;
    QPushButton* m_remove;
    QLabel* m_notes;
    QTabWidget* m_sections;
    QCheckBox* m_showAll;
    QLabel* m_configNote;
    QTableWidget* m_config;
    QTableWidget* m_metrics;
    CompareCurves* m_curves;
    SideBySideView* m_sideBySide;
    QTimer* m_follow;  // re-reads items whose run is still training
};

}  // namespace tfw
