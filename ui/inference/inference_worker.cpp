#include "ui/inference/inference_worker.h"

#include <QElapsedTimer>
#include <QStringList>
#include <exception>

#include "core/config/config_io.h"
#include "core/data/unknown_words.h"
#include "core/decode/translator.h"
#include "core/io/model_io.h"
#include "core/metrics/bleu_tokenizer.h"
#include "core/metrics/metric_registry.h"
#include "core/util/error_text.h"
#include "ui/common/attention_conversion.h"

namespace tfw {
namespace {

QString describe(const LoadedModel& loaded) {
    const ExperimentConfig& c = loaded.checkpoint.config;
    const ModelOptions& o = loaded.model->options();
    const QString task = taskTitle(c.task);
    const QString layers =
        o.is_lm() ? QObject::tr("%1 decoder layers").arg(o.decoder_layers)
                  : QObject::tr("%1+%2 layers").arg(o.encoder_layers).arg(o.decoder_layers);
    return QObject::tr("%1 · %2 × %3 heads · d_model %4 · step %L5")
        .arg(task, layers)
        .arg(o.heads)
        .arg(o.d_model)
        .arg(loaded.checkpoint.position.step);
}

// Scored as an evaluation of the model scores (lowercased when its tokenizer lowercases) by
// the task's main metric; the tooltip gives the metrics that show one output's score.
void score(InferenceOutput& out, const std::string& reference, const ExperimentConfig& config) {
    const MetricInfo* main = main_metric(config.task);
    if (!main) return;
    const std::string hypothesis = out.text.toStdString();
    ScoringSettings settings = scoring_settings(config);
    settings.bleu_tokenizer = bleu_tokenizer_for({reference});
    out.metric = main->sentence(hypothesis, reference, settings);
    QStringList detail;
    for (const MetricInfo* metric : metrics_for(config.task))
        if (metric->sentence_detail)
            detail.append(QStringLiteral("%1 %2").arg(
                QString::fromStdString(metric->name),
                QString::number(metric->corpus({hypothesis}, {reference}, settings).value, 'f',
                                1)));
    out.metricDetail = detail.join(QStringLiteral(" · "));
}

}  // namespace

InferenceWorker::InferenceWorker(std::atomic<bool>& cancel) : m_cancel(cancel) {}

InferenceWorker::~InferenceWorker() = default;

void InferenceWorker::load(const QString& path) {
    try {
        // Stamped before reading: a file rewritten during the load reads as changed afterwards.
        const FileStamp stamp = FileStamp::of(path);
        auto translator = std::make_unique<Translator>(load_model(path.toStdString(), "auto"));
        const LoadedModel& model = translator->model();
        const ModelOptions& o = model.model->options();
        CheckpointInfo info;
        info.path = path;
        info.stamp = stamp;
        info.task = model.checkpoint.config.task;
        info.encoderLayers = o.is_lm() ? 0 : static_cast<int>(o.encoder_layers);
        info.decoderLayers = static_cast<int>(o.decoder_layers);
        info.heads = static_cast<int>(o.heads);
        info.positions = QString::fromStdString(
            to_json(model.checkpoint.config)["model"]["positional"].get<std::string>());
        info.defaults = decode_options_from(model.checkpoint.config.decode);
        info.description = describe(model);
        m_translator = std::move(translator);
        Q_EMIT loaded(info);
    } catch (const std::exception& e) {
        Q_EMIT loadFailed(path, QString::fromStdString(user_error_text(e)));
    }
}

void InferenceWorker::decode(const InferenceRequest& request) {
    if (!m_translator) {
        Q_EMIT decodeFailed(tr("No checkpoint is loaded."));
        return;
    }
    try {
        m_translator->set_masked_heads(request.masked);
        DecodeOptions options = request.options;
        options.attention = true;
        bool stopped = false;
        options.on_step = [this, &stopped](int step, int maxSteps) {
            Q_EMIT progress(step, maxSteps);
            stopped = m_cancel.load();
            return !stopped;
        };
        const std::string source = request.source.toStdString();
        QElapsedTimer clock;
        clock.start();
        auto outputs = m_translator->translate({source}, options);
        InferenceResult result;
        result.seconds = clock.nsecsElapsed() / 1e9;
        result.cancelled = stopped;
        result.masked = m_translator->masked_heads();
        const LoadedModel& loaded = m_translator->model();
        const Task task = loaded.checkpoint.config.task;
        const bool lm = loaded.model->options().is_lm();
        const std::vector<int> input = m_translator->encode_input(source);
        for (int id : input)
            result.inputPieces.append(
                id == kEosId ? QStringLiteral("</s>")
                             : QString::fromStdString(loaded.src_tokenizer->piece(id)));
        const UnknownWords unknown = count_unknown_words(*loaded.src_tokenizer, source);
        result.unknownWords = unknown.unknown;
        result.inputWords = unknown.words;
        const bool scored = !request.reference.trimmed().isEmpty() && !lm;
        if (const MetricInfo* main = main_metric(task); scored && main)
            result.metricName = QString::fromStdString(main->name);
        for (const TranslationOutput& o : outputs.front()) {
            InferenceOutput out;
            out.text = QString::fromStdString(o.text);
            for (const auto& piece : o.pieces) out.pieces.append(QString::fromStdString(piece));
            out.score = o.hypothesis.score;
            out.normalized = o.hypothesis.normalized;
            out.finished = o.hypothesis.finished;
            if (scored)
                score(out, request.reference.trimmed().toStdString(), loaded.checkpoint.config);
            out.attention = toAttentionSet(o.hypothesis, input, *loaded.src_tokenizer,
                                           *loaded.tgt_tokenizer, lm);
            // The encoder reads the same input for every hypothesis: keep one copy (a long
            // article's encoder maps are large).
            if (!result.outputs.isEmpty())
                out.attention.encoderSelf = result.outputs.front().attention.encoderSelf;
            result.outputs.append(out);
        }
        Q_EMIT decoded(result);
    } catch (const std::exception& e) {
        Q_EMIT decodeFailed(QString::fromStdString(user_error_text(e)));
    }
}

}  // namespace tfw
