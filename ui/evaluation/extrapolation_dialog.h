#pragma once
// Length extrapolation of language models: each checkpoint's perplexity on the chosen text
// read in windows of 1x, 2x and 4x its training length (or the windows typed in), measured on
// a worker thread with progress and Cancel, and drawn as one line per checkpoint so that
// models with different positions can be set side by side.

#include <QDialog>
#include <QList>
#include <QPair>
#include <QString>

#include "ui/common/background_thread.h"
#include "widgets/extrapolation_chart.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace tfw {

struct ExtrapolationText {
    QString split = QStringLiteral("test");  // "valid", "test" or "custom"
    QString file;                            // for "custom"
};

class ExtrapolationDialog final : public QDialog {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExtrapolationDialog)

  public:
    // checkpoints: (label, path); `current` is chosen first.
    ExtrapolationDialog(const QList<QPair<QString, QString>>& checkpoints, int current,
                        const ExtrapolationText& text, QWidget* parent = nullptr);

    void measure();
    bool isRunning() const { return m_thread.isRunning(); }
    const ExtrapolationChart* chart() const { return m_chart; }
    QString status() const;

  Q_SIGNALS:
    void measured();  // a curve was added (or the measurement failed: see status())

  private:
    void addCurve(const QString& label, const ExtrapolationCurve& curve, const QStringList& rows);
    void finish(const QString& status);
    void updateControls();

    ExtrapolationText m_text;
    QComboBox* m_checkpoint;
    QLineEdit* m_windows;
    QPushButton* m_measure;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    ExtrapolationChart* m_chart;
    QTableWidget* m_table;
    BackgroundThread m_thread{this};
};

}  // namespace tfw
