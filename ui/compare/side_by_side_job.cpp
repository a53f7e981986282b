#include "ui/compare/side_by_side_job.h"

#include <exception>
#include <stdexcept>

#include "core/compare/side_by_side.h"
#include "core/decode/translator.h"
#include "core/util/error_text.h"
#include "ui/common/attention_conversion.h"
#include "ui/common/task_title.h"

namespace tfw {

SideBySideJob::SideBySideJob(QObject* parent) : QObject(parent), m_thread(this) {
    static const int registered = qRegisterMetaType<SideBySideResult>();
    Q_UNUSED(registered);
}

void SideBySideJob::start(const QStringList& checkpoints, const QString& input,
                          const QString& reference, const DecodeOptions& options) {
    m_thread.start(
        [this, checkpoints, input, reference, options](const std::atomic<bool>& cancelled) {
            return run(checkpoints, input, reference, options, cancelled);
        });
}

Translator& SideBySideJob::translator(const QString& checkpoint) {
    auto& slot = m_translators[checkpoint.toStdString()];
    if (!slot) slot = std::make_unique<Translator>(load_model(checkpoint.toStdString(), "auto"));
    return *slot;
}

// On the job's thread; progress reaches the window through queued connections.
BackgroundThread::Done SideBySideJob::run(const QStringList& checkpoints, const QString& input,
                                          const QString& reference, DecodeOptions options,
                                          const std::atomic<bool>& cancelled) {
    try {
        // Checkpoints no longer compared are let go; the others stay loaded.
        for (auto it = m_translators.begin(); it != m_translators.end();)
            it = checkpoints.contains(QString::fromStdString(it->first)) ? std::next(it)
                                                                         : m_translators.erase(it);
        std::vector<Translator*> translators;
        for (const QString& checkpoint : checkpoints)
            translators.push_back(&translator(checkpoint));
        if (const auto mixed = mixed_language_models(translators)) {
            const Task first = translators[mixed->first]->model().checkpoint.config.task;
            const Task other = translators[mixed->second]->model().checkpoint.config.task;
            throw std::invalid_argument(
                tr("%1 is a %2 checkpoint and %3 a %4 one: one input cannot be decoded by "
                   "both (a language model continues a prompt, the others read a source).")
                    .arg(checkpoints[int(mixed->first)], taskTitle(first),
                         checkpoints[int(mixed->second)], taskTitle(other))
                    .toStdString());
        }
        const auto decoded = decode_side_by_side(
            translators, input.toStdString(), reference.toStdString(), options,
            [this, &cancelled](size_t index, size_t count, int step, int maxSteps) {
                Q_EMIT progress(int(index), int(count), step, maxSteps);
                return !cancelled.load();
            });
        if (!decoded || cancelled) return [this] { Q_EMIT this->cancelled(); };
        SideBySideResult result;
        for (size_t i = 0; i < decoded->outputs.size(); ++i) {
            const ComparedOutput& core = decoded->outputs[i];
            SideBySideOutput out;
            out.checkpoint = checkpoints[int(i)];
            out.task = core.task;
            out.encoderLayers = core.encoder_layers;
            out.decoderLayers = core.decoder_layers;
            out.heads = core.heads;
            out.text = QString::fromStdString(core.text);
            for (const auto& piece : core.pieces) out.pieces.append(QString::fromStdString(piece));
            out.tokenLogProbs =
                QVector<double>(core.token_log_probs.begin(), core.token_log_probs.end());
            out.score = core.score;
            out.normalized = core.normalized;
            out.finished = core.finished;
            out.seconds = core.seconds;
            out.attention = toAttentionSet(core.attention);
            result.outputs.append(out);
        }
        for (const auto& row : decoded->cross)
            result.cross.append(QVector<double>(row.begin(), row.end()));
        result.reference = QVector<double>(decoded->reference.begin(), decoded->reference.end());
        return [this, result] { Q_EMIT finished(result); };
    } catch (const std::exception& e) {
        const QString message = QString::fromStdString(user_error_text(e));
        return [this, message] { Q_EMIT failed(message); };
    }
}

}  // namespace tfw
