#pragma once
// The curves of one training run against the optimizer step: loss, perplexity and
// validation accuracy (or, for a run that picks its best checkpoint by BLEU or ROUGE-L, that
// score in its place), then one chart per charted entry of step_quantities() (learning rate,
// gradient norm, throughput). Fed live from reports or all at once from a run's history.

#include <QList>
#include <QPair>
#include <QWidget>

class QGridLayout;

#include "core/train/training_observer.h"

namespace tfw {

class LiveChart;
struct RunHistory;

class RunCharts final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RunCharts)

  public:
    explicit RunCharts(QWidget* parent = nullptr);

    void addStep(const StepReport& report);
    void addValidation(const ValidationReport& report);
    void showHistory(const RunHistory& history);
    void clear();
    void setSmoothing(double weight);

    // Points received by the loss chart, per series ("train", "valid"); for checks.
    int lossPoints(const QString& series) const;
    // Loss, perplexity, accuracy, the step quantities' charts, then the score's if any.
    QList<LiveChart*> charts() const;

  private:
    LiveChart* m_loss;
    LiveChart* m_perplexity;
    // The charts of step_quantities() entries, with the index of their entry.
    QList<QPair<int, LiveChart*>> m_quantityCharts;
    LiveChart* m_accuracy;
    LiveChart* m_score = nullptr;  // made at the first validation with a score
    QGridLayout* m_grid;
};

}  // namespace tfw
