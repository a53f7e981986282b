#pragma once
// "Side by side" in the Compare area: one input decoded by every compared checkpoint with
// the same options. Each output as token boxes (probability bars, what differs from the
// first checkpoint's output, where they part), a cross-scoring table, and the checkpoints'
// attention for one chosen layer and head next to each other.

#include <QColor>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include "ui/compare/side_by_side_job.h"

class QComboBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QLayout;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTableWidget;

namespace tfw {

class AttentionHeatmap;
class DecodeOptionsForm;
class TokenStrip;

struct CompareEntry {
    QString label;       // as the Compare area names the item
    QString checkpoint;  // the .tfw file decoded for it
    QColor color;
    DecodeOptions defaults = {};  // from its experiment's decode section
};

class SideBySideView final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideBySideView)

  public:
    explicit SideBySideView(QWidget* parent = nullptr);

    void setEntries(const QVector<CompareEntry>& entries);
    void setInput(const QString& input, const QString& reference = {});
    void decode();
    void cancel();
    bool isRunning() const { return m_job->isRunning(); }

    DecodeOptionsForm* optionsForm() const { return m_form; }
    const SideBySideResult& result() const { return m_result; }
    QVector<TokenStrip*> strips() const { return m_strips; }
    QTableWidget* crossTable() const { return m_cross; }
    // The heatmap of entry i for the chosen stack, layer and head (nullptr where it has none).
    AttentionHeatmap* heatmap(int i) const;
    QString attentionNote(int i) const;

  Q_SIGNALS:
    void decoded();

  private:
    // The widgets, group by group.
    void setUpInput();
    void setUpCrossTable();
    void setUpAttentionChoices();
    QLayout* buildActions();
    QGroupBox* buildOptionsBox();
    QScrollArea* buildResults();
    QGroupBox* buildOutputsBox();
    QGroupBox* buildCrossBox();
    QGroupBox* buildAttentionBox();
    void connectControls();

    void updateControls();
    void onProgress(int index, int count, int step, int maxSteps);
    void onFinished(const SideBySideResult& result);
    void showOutputs();
    void showCrossScores();
    void showAttention();
    void rebuildAttentionChoices();

    SideBySideJob* m_job;
    QVector<CompareEntry> m_entries;
    SideBySideResult m_result;
    QPlainTextEdit* m_input;
    QLineEdit* m_reference;
    DecodeOptionsForm* m_form;
    QPushButton* m_decode;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_state;
    QString m_status;            // what the last decoding did ("Decoded in 0.4 s", an error, ...)
    bool m_formTouched = false;  // the user changed the options: keep them
    QWidget* m_outputsBox;
    QGridLayout* m_outputsLayout;
    QVector<TokenStrip*> m_strips;
    QLabel* m_divergence;
    QTableWidget* m_cross;
    QComboBox* m_stack;
    QSpinBox* m_layer;
    QComboBox* m_head;
    QWidget* m_heatmapsBox;
    QVector<AttentionHeatmap*> m_heatmaps;
    QStringList m_attentionNotes;  // why entry i shows no heatmap; empty when it does
};

}  // namespace tfw
