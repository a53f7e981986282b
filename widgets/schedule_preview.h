#pragma once
// A small chart of the learning rate against the optimizer step, shown next to the
// training settings so the effect of warmup and schedule is visible before a run starts.

#include <QVector>
#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QLabel;

namespace tfw {

class SchedulePreview final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SchedulePreview)

  public:
    explicit SchedulePreview(QWidget* parent = nullptr);

    // Learning rate at each step; `note` is shown under the title (e.g. peak and horizon).
    void setSchedule(const QVector<double>& steps, const QVector<double>& rates,
                     const QString& note);
    int pointCount() const;

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void applyLook();

    QCustomPlot* m_plot;
    QCPGraph* m_graph;
    QLabel* m_note;
};

}  // namespace tfw
