#pragma once
// Live read-outs for the experiment being edited: parameter count, tokens per optimizer
// step, a training-memory estimate and the learning-rate schedule.

#include <QWidget>

#include "core/config/experiment_config.h"

class QLabel;

namespace tfw {

class SchedulePreview;

class ConfigSummary final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConfigSummary)

  public:
    explicit ConfigSummary(QWidget* parent = nullptr);

    void showConfig(const ExperimentConfig& config);
    QString parameterText() const;

  private:
    void showSchedule(const ExperimentConfig& config);

    QLabel* m_parameters;
    QLabel* m_parametersNote;
    QLabel* m_tokens;
    QLabel* m_memory;
    SchedulePreview* m_schedule;
};

}  // namespace tfw
