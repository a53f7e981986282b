#pragma once
// Live read-outs for the experiment being edited: parameter count, tokens per optimizer
// step, a training-memory estimate and the learning-rate schedule over the steps the run
// will plan. For generated data (data.synthetic) the batches of an epoch are counted on a
// background thread, so the preview's length is the run's (plan_steps()); for files it is
// train.max_steps, an upper bound.

#include <QWidget>

#include <cstdint>
#include <string>

#include "core/config/experiment_config.h"
#include "ui/common/background_thread.h"

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
    // The steps the preview is drawn over; 0 while unknown (files without train.max_steps).
    int64_t previewSteps() const { return m_previewSteps; }
    // True while the batches of generated data are being counted.
    bool isCounting() const { return m_counter.isRunning(); }

  private:
    void showSchedule(const ExperimentConfig& config);
    void countBatches(const ExperimentConfig& config);

    QLabel* m_parameters;
    QLabel* m_parametersNote;
    QLabel* m_tokens;
    QLabel* m_memory;
    QLabel* m_cache;
    QLabel* m_gatedNote;
    SchedulePreview* m_schedule;
    ExperimentConfig m_config;  // the experiment on display
    std::string m_countedKey;   // the experiment m_batches was counted for
    int64_t m_batches = -1;     // batches of an epoch of its generated data; -1: unknown
    int64_t m_previewSteps = 0;
    BackgroundThread m_counter{this};  // last: stops before the members its work uses
};

}  // namespace tfw
