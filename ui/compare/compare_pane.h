#pragma once
// The Compare tab: two or more runs or checkpoints side by side. Sections (sub-tabs):
// "Configuration" (the keys in which they differ), "Metrics" (size, training, validation and
// evaluation numbers, the best of each row in bold) and "Curves" (all items overlaid).
// Each item keeps one colour everywhere. Items are read one after another on a background
// thread, in the order they were asked for.

#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>

#include <vector>

#include "ui/common/background_thread.h"

class QCheckBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTabWidget;
class QTableWidget;
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
    ~ComparePane() override;

    // Where "Add run or checkpoint…" starts looking.
    void setRunsRoot(const QString& root);
    // A run folder or a .tfw checkpoint; ignored when already compared. Read off the UI
    // thread: items() lists it once it is in (or statusMessage says why it is not).
    void addItem(const QString& runDirOrCheckpoint);
    void removeItem(const QString& runDirOrCheckpoint);  // also one still being read
    void stopReading();  // drops the items not read yet (the notes' Stop link)
    // Adds the finished runs of a sweep folder (sweep.json, a small file read at once).
    void addSweep(const QString& sweepDir);
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

    QTableWidget* configTable() const { return m_config; }
    QTableWidget* metricsTable() const { return m_metrics; }
    CompareCurves* curves() const { return m_curves; }
    SideBySideView* sideBySide() const { return m_sideBySide; }
    void setShowAllFields(bool all);

  Q_SIGNALS:
    void statusMessage(const QString& message);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    struct Entry;
    struct ReadItem;
    void read(Entry& entry);
    void readNext();
    void onRead(const ReadItem& read);
    void addWithDialog();
    void removeSelected();
    void refreshViews();
    int freeColorSlot() const;

    std::vector<std::unique_ptr<Entry>> m_entries;
    QString m_runsRoot;
    QStringList m_toRead;  // waiting for the reader, oldest first
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
    BackgroundThread m_reader{this};
};

}  // namespace tfw
