#pragma once
// Owns the loaded model (a Translator) on the inference thread: loads checkpoints and
// decodes on request, reporting progress per search step. The only place in the window that
// calls load_model or Translator::translate.

#include <QObject>
#include <QString>
#include <atomic>
#include <memory>

#include "ui/inference/inference_types.h"

namespace tfw {

class Translator;

class InferenceWorker final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InferenceWorker)

  public:
    // The pane sets `cancel` to stop a decoding in progress and clears it before asking for
    // the next one (so that a cancel right after the request is not lost).
    explicit InferenceWorker(std::atomic<bool>& cancel);
    ~InferenceWorker() override;

    // Both block; call them through queued invocations.
    void load(const QString& path);
    void decode(const tfw::InferenceRequest& request);

  Q_SIGNALS:
    void loaded(const tfw::CheckpointInfo& info);
    void loadFailed(const QString& path, const QString& message);
    void progress(int step, int maxSteps);
    void decoded(const tfw::InferenceResult& result);
    void decodeFailed(const QString& message);

  private:
    std::atomic<bool>& m_cancel;
    std::unique_ptr<Translator> m_translator;
};

}  // namespace tfw
