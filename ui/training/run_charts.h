#pragma once
// The curves of one training run: loss, perplexity, learning rate, gradient norm,
// throughput and validation accuracy against the optimizer step. Fed live from reports
// or all at once from a run's history.

#include <QWidget>

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
    QList<LiveChart*> charts() const;

  private:
    LiveChart* m_loss;
    LiveChart* m_perplexity;
    LiveChart* m_learningRate;
    LiveChart* m_gradNorm;
    LiveChart* m_throughput;
    LiveChart* m_accuracy;
};

}  // namespace tfw
