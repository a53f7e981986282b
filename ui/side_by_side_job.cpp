#include "ui/side_by_side_job.h"

#include <QElapsedTimer>
#include <QThread>

#include <cmath>
#include <exception>
#include <stdexcept>

#include "core/decode/forced_score.h"
#include "core/decode/translator.h"
#include "ui/attention_conversion.h"

namespace tfw {

SideBySideJob::SideBySideJob(QObject* parent) : QObject(parent) {
    static const int registered = qRegisterMetaType<SideBySideResult>();
    Q_UNUSED(registered);
}

SideBySideJob::~SideBySideJob() {
    if (!m_thread) return;
    m_cancel = true;
    m_thread->wait();
    delete m_thread;
}

void SideBySideJob::start(const QStringList& checkpoints, const QString& input,
                          const QString& reference, const DecodeOptions& options) {
    if (m_thread) return;
    m_cancel = false;
    m_thread = QThread::create([this, checkpoints, input, reference, options] {
        run(checkpoints, input, reference, options);
    });
    m_thread->setObjectName(QStringLiteral("side-by-side"));
    connect(m_thread, &QThread::finished, this, [this] {
        m_thread->deleteLater();
        m_thread = nullptr;
        Q_EMIT idle();
    });
    m_thread->start();
}

void SideBySideJob::cancel() {
    m_cancel = true;
}

Translator& SideBySideJob::translator(const QString& checkpoint) {
    auto& slot = m_translators[checkpoint.toStdString()];
    if (!slot) slot = std::make_unique<Translator>(load_model(checkpoint.toStdString(), "auto"));
    return *slot;
}

// On the job's thread.
void SideBySideJob::run(const QStringList& checkpoints, const QString& input,
                        const QString& reference, DecodeOptions options) {
    try {
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
            options.on_step = [this, i, &translators](int step, int maxSteps) {
                Q_EMIT progress(i, int(translators.size()), step, maxSteps);
                return !m_cancel.load();
            };
            QElapsedTimer clock;
            clock.start();
            const auto decoded = t.translate({source}, options);
            if (m_cancel) {
                Q_EMIT cancelled();
                return;
            }
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
                result.referenceTokens.append(int(ref.token_log_probs.size()));
            }
        }
        Q_EMIT finished(result);
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

}  // namespace tfw
