#include "ui/side_by_side_job.h"

#include <QElapsedTimer>

#include <cmath>
#include <exception>
#include <stdexcept>

#include "core/decode/forced_score.h"
#include "core/decode/translator.h"
#include "ui/attention_conversion.h"

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
        QVector<Translator*> translators;
        for (const QString& checkpoint : checkpoints) translators.append(&translator(checkpoint));
        const Task task = translators.front()->model().checkpoint.config.task;
        const bool lm = task == Task::LanguageModel;
        for (int i = 1; i < translators.size(); ++i) {
            const Task other = translators[i]->model().checkpoint.config.task;
            if (lm != (other == Task::LanguageModel))
                throw std::invalid_argument(
                    tr("%1 is a %2 checkpoint and %3 a %4 one: one input cannot be decoded by "
                       "both (a language model continues a prompt, the others read a source).")
                        .arg(checkpoints.front(), taskTitle(task), checkpoints[i], taskTitle(other))
                        .toStdString());
        }
        const std::string source = input.toStdString();
        SideBySideResult result;
        options.attention = true;
        options.nbest = 1;
        options.samples = 1;
        for (int i = 0; i < translators.size(); ++i) {
            Translator& t = *translators[i];
            t.set_masked_heads({});
            options.on_step = [this, i, &translators, &cancelled](int step, int maxSteps) {
                Q_EMIT progress(i, int(translators.size()), step, maxSteps);
                return !cancelled.load();
            };
            QElapsedTimer clock;
            clock.start();
            const auto decoded = t.translate({source}, options);
            if (cancelled) return [this] { Q_EMIT this->cancelled(); };
            const LoadedModel& loaded = t.model();
            const ModelOptions& o = loaded.model->options();
            SideBySideOutput out;
            out.checkpoint = checkpoints[i];
            out.task = loaded.checkpoint.config.task;
            out.encoderLayers = o.is_lm() ? 0 : int(o.encoder_layers);
            out.decoderLayers = int(o.decoder_layers);
            out.heads = int(o.heads);
            out.seconds = clock.nsecsElapsed() / 1e9;
            if (!decoded.front().empty()) {
                const TranslationOutput& best = decoded.front().front();
                out.text = QString::fromStdString(best.text);
                for (const auto& piece : best.pieces)
                    out.pieces.append(QString::fromStdString(piece));
                for (float lp : best.hypothesis.token_log_probs) out.tokenLogProbs.append(lp);
                out.score = best.hypothesis.score;
                out.normalized = best.hypothesis.normalized;
                out.finished = best.hypothesis.finished;
                out.attention = toAttentionSet(best.hypothesis, t.encode_input(source),
                                               *loaded.src_tokenizer, *loaded.tgt_tokenizer, lm);
            }
            result.outputs.append(out);
        }
        // Cross-scores: every checkpoint reads every output (and the reference) as text.
        for (int i = 0; i < translators.size(); ++i) {
            QVector<double> row;
            for (const SideBySideOutput& out : result.outputs)
                row.append(score_output(*translators[i], source, out.text.toStdString()).total);
            result.cross.append(row);
            if (!reference.trimmed().isEmpty()) {
                const ForcedScore ref =
                    score_output(*translators[i], source, reference.trimmed().toStdString());
                result.reference.append(ref.total);
            }
        }
        return [this, result] { Q_EMIT finished(result); };
    } catch (const std::exception& e) {
        const QString message = QString::fromStdString(e.what());
        return [this, message] { Q_EMIT failed(message); };
    }
}

}  // namespace tfw
