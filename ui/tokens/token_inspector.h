#pragma once
// The tokenization inspector: one or two tokenizers (A and B), a text typed in shown as
// pieces with their ids under each, and a corpus file's statistics for both (pieces per
// word, unknown rate, pieces used, the most frequent pieces and a pieces-per-word chart).
// Corpus statistics run on a thread of their own with progress and Cancel.

#include <QString>
#include <QWidget>

#include "core/config/experiment_config.h"
#include "core/data/token_inspection.h"
#include "ui/common/background_thread.h"

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace tfw {

class PieceChips;
class PiecesPerWordChart;
class TokenizerChooser;

class TokenInspector final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TokenInspector)

  public:
    explicit TokenInspector(QWidget* parent = nullptr);

    // The experiment form's settings (for "Experiment settings") and the run in view.
    void setExperiment(const ExperimentConfig& config);
    void setRun(const QString& runDir);
    void setText(const QString& text);
    // Statistics of the file for the loaded tokenizers, on the statistics thread.
    void computeCorpus(const QString& path);
    void cancelCorpus();

    TokenizerChooser* chooserA() const { return m_a; }
    TokenizerChooser* chooserB() const { return m_b; }
    PieceChips* chipsA() const { return m_chipsA; }
    PieceChips* chipsB() const { return m_chipsB; }
    QTableWidget* statsTable() const { return m_stats; }
    QTableWidget* topPiecesTable() const { return m_top; }
    PiecesPerWordChart* chart() const { return m_chart; }
    // What the corpus statistics say about themselves: the corpus's size, or why they failed.
    QString corpusNote() const;
    bool isComputing() const { return m_thread.isRunning(); }

  Q_SIGNALS:
    void corpusFinished();

  private:
    void showPieces();
    void chooseCorpus();
    void showStats(const QVector<CorpusTokenStats>& stats, const QStringList& names,
                   const QVector<int>& vocabSizes);
    void setComputing(bool computing);

    TokenizerChooser* m_a;
    TokenizerChooser* m_b;
    QPlainTextEdit* m_text;
    QLabel* m_countA;
    QLabel* m_countB;
    PieceChips* m_chipsA;
    PieceChips* m_chipsB;
    QLineEdit* m_corpus;
    QPushButton* m_compute;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_corpusNote;
    QTableWidget* m_stats;
    QTableWidget* m_top;
    PiecesPerWordChart* m_chart;
    BackgroundThread m_thread{this};  // last: it stops before the members its work uses
};

}  // namespace tfw
