#pragma once
// Runs core's sanity checks of an experiment on a thread of its own, reports which check is
// running, and can be cancelled (between checks and between the overfit check's steps).

#include <QObject>
#include <QString>

#include <atomic>

#include "core/check/sanity_checks.h"
#include "ui/checks/checks_types.h"
#include "ui/common/background_thread.h"

namespace tfw {

class ChecksJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChecksJob)

  public:
    // Destroying it cancels a job in progress and waits for it.
    explicit ChecksJob(QObject* parent = nullptr) : QObject(parent), m_thread(this) {}

    bool isRunning() const { return m_thread.isRunning(); }
    // Ignored while a job runs.
    void start(const ExperimentConfig& config, const CheckOptions& options);
    void cancel() { m_thread.cancel(); }

  Q_SIGNALS:
    void progress(const QString& checkTitle, int index, int count);
    // The job has ended (isRunning() is false again) with the results; cancelled is true when
    // it stopped early (the results so far) ...
    void finished(const tfw::ChecksReport& report, bool cancelled);
    // ... or the experiment could not be prepared at all (bad data or configuration).
    void failed(const QString& message);

  private:
    BackgroundThread m_thread;
};

}  // namespace tfw
