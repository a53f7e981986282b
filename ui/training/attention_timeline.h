#pragma once
// "Attention over training" for one run: the probe inputs' attention maps as the trainer
// snapshotted them (core/train/attention_snapshots.h), scrubbed with a step slider through the
// attention inspector's grid and enlarged head, and a chart of each head's entropy over the
// training with a marker at the slider's step. The index and each snapshot are read on a
// background thread; a running trainer's new snapshots arrive as reports.

#include <QString>
#include <QVector>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/train/attention_snapshots.h"
#include "ui/common/attention_set.h"
#include "ui/common/background_thread.h"

class QComboBox;
class QLabel;
class QSlider;
class QVBoxLayout;

namespace tfw {

class AttentionInspector;
class LiveChart;

class AttentionTimeline final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttentionTimeline)

  public:
    explicit AttentionTimeline(QWidget* parent = nullptr);

    // Shows the run's snapshots, the latest first; an empty folder clears the view.
    void setRun(const QString& runDir);
    // A snapshot the trainer has just written to this run. The slider follows it when it was
    // at the latest snapshot.
    void addSnapshot(const AttentionSnapshotReport& report);

    QVector<qint64> steps() const;
    qint64 shownStep() const { return m_shownStep; }  // the maps on screen; -1: none
    bool isLoading() const { return m_indexReader.isRunning() || m_snapshotReader.isRunning(); }
    QSlider* slider() const { return m_slider; }
    QComboBox* probeChooser() const { return m_probe; }
    QComboBox* layerChooser() const { return m_layer; }
    AttentionInspector* inspector() const { return m_inspector; }
    LiveChart* entropyChart() const { return m_chart; }

  private:
    struct Loaded {
        qint64 step = -1;
        QStringList inputs;
        QVector<AttentionSet> probes;
    };

    // position: the slider's index to show; -1 the latest snapshot.
    void showIndex(const std::vector<SnapshotEntry>& entries, int position = -1);
    void requestSnapshot();
    void showLoaded();
    void updateProbes(const QStringList& inputs);
    void updateLayers();
    void updateChart();
    void updateStepLabel();
    AttentionStack stack() const;
    int heads() const;
    const std::vector<std::vector<double>>* entropies(const SnapshotEntry& entry) const;

    QString m_runDir;
    std::vector<SnapshotEntry> m_entries;  // oldest first
    Loaded m_loaded;
    qint64 m_shownStep = -1;
    QComboBox* m_probe;
    QComboBox* m_layer;
    QSlider* m_slider;
    QLabel* m_stepLabel;
    QLabel* m_note;
    AttentionInspector* m_inspector;
    QVBoxLayout* m_chartBox;
    LiveChart* m_chart = nullptr;  // rebuilt when the number of heads changes
    int m_chartHeads = -1;
    BackgroundThread m_indexReader{this};
    BackgroundThread m_snapshotReader{this};
};

}  // namespace tfw
