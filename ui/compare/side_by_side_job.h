#pragma once
// core's decode_side_by_side on a thread of its own, its result as Qt data: each checkpoint's
// best output with per-token log-probabilities and attention, and cross-scores. Loaded
// checkpoints are kept for the next request.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <atomic>
#include <map>
#include <memory>
#include <string>

#include "core/config/experiment_config.h"
#include "core/decode/decode_options.h"
#include "ui/common/attention_set.h"
#include "ui/common/background_thread.h"

namespace tfw {

class Translator;

// core/compare/side_by_side.h's result as the view takes it.
struct SideBySideOutput {
    QString checkpoint;
    Task task = Task::Translation;
    int encoderLayers = 0, decoderLayers = 0, heads = 0;
    QString text;
    QStringList pieces;
    QVector<double> tokenLogProbs;  // per piece, then EOS when finished
    double score = 0, normalized = 0;
    bool finished = false;
    double seconds = 0;
    AttentionSet attention;
};

struct SideBySideResult {
    QVector<SideBySideOutput> outputs;  // in checkpoint order
    // cross[i][j]: summed log-probability checkpoint i gives output j (EOS included).
    QVector<QVector<double>> cross;
    // reference[i]: the same for the reference under checkpoint i; empty without one.
    QVector<double> reference;
};

class SideBySideJob final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SideBySideJob)

  public:
    // Destroying it cancels a job in progress and waits for it.
    explicit SideBySideJob(QObject* parent = nullptr);

    bool isRunning() const { return m_thread.isRunning(); }
    // Ignored while a job runs.
    void start(const QStringList& checkpoints, const QString& input, const QString& reference,
               const DecodeOptions& options);
    void cancel() { m_thread.cancel(); }

  Q_SIGNALS:
    // Checkpoint `index` of `count` is at decoding step `step` of at most `maxSteps`.
    void progress(int index, int count, int step, int maxSteps);
    // The job has ended (isRunning() is false again) with a result, a problem or a cancel.
    void finished(const tfw::SideBySideResult& result);
    void failed(const QString& message);
    void cancelled();

  private:
    BackgroundThread::Done run(const QStringList& checkpoints, const QString& input,
                               const QString& reference, DecodeOptions options,
                               const std::atomic<bool>& cancelled);
    Translator& translator(const QString& checkpoint);

    // Used only on the job's thread, one job at a time.
    std::map<std::string, std::unique_ptr<Translator>> m_translators;
    BackgroundThread m_thread;  // last: it waits for the work before the cache goes
};

}  // namespace tfw

Q_DECLARE_METATYPE(tfw::SideBySideResult)
