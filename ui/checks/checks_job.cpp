#include "ui/checks/checks_job.h"

#include <exception>

#include "core/util/error_text.h"
#include "ui/common/phrase_text.h"

namespace tfw {

void ChecksJob::start(const ExperimentConfig& config, const CheckOptions& options) {
    m_thread.start(
        [this, config, options](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
            try {
                // Progress reaches the window through queued connections.
                const ChecksReport report = run_checks(
                    config, options,
                    [this](const std::string& title, int index, int count) {
                        Q_EMIT progress(markedText("Check", title), index, count);
                    },
                    &cancelled);
                const bool stopped = cancelled.load();
                return [this, report, stopped] { Q_EMIT finished(report, stopped); };
            } catch (const std::exception& error) {
                const QString message = QString::fromStdString(user_error_text(error));
                return [this, message] { Q_EMIT failed(message); };
            }
        });
}

}  // namespace tfw
