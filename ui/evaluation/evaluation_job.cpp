#include "ui/evaluation/evaluation_job.h"

#include <exception>

#include "core/data/text_reader.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"
#include "core/util/error_text.h"

namespace tfw {
namespace {

EvaluationSet readSet(const EvaluationRequest& request, const ExperimentConfig& config) {
    if (request.split != QLatin1String("custom"))
        return evaluation_split(config, request.split.toStdString());
    EvaluationSet set;
    set.src_file = request.srcFile.toStdString();
    set.sources = read_text_lines(set.src_file);
    if (!config.is_lm()) {
        set.ref_file = request.refFile.toStdString();
        set.references = read_text_lines(set.ref_file);
    }
    return set;
}

}  // namespace

void EvaluationJob::start(const EvaluationRequest& request) {
    m_thread.start(
        [this, request](const std::atomic<bool>& cancelled) { return run(request, cancelled); });
}

// On the job's thread; progress reaches the window through queued connections.
BackgroundThread::Done EvaluationJob::run(const EvaluationRequest& request,
                                          const std::atomic<bool>& cancelled) {
    try {
        const std::string checkpoint = request.checkpoint.toStdString();
        Translator translator(load_model(checkpoint));
        const ExperimentConfig& config = translator.model().checkpoint.config;
        const EvaluationSet set = readSet(request, config);
        const DecodeOptions options =
            request.options ? *request.options : decode_options_from(config.decode);
        const auto evaluation = evaluate(translator, checkpoint, set, options, std::nullopt,
                                         [&](size_t done, size_t total) {
                                             Q_EMIT progress(qint64(done), qint64(total));
                                             return !cancelled.load();
                                         });
        if (!evaluation) return [this] { Q_EMIT this->cancelled(); };
        const std::string runDir = run_dir_of_checkpoint(checkpoint);
        const QString saved = runDir.empty()
                                  ? QString()
                                  : QString::fromStdString(save_evaluation(runDir, *evaluation));
        const QByteArray json = QByteArray::fromStdString(to_json(*evaluation).dump());
        return [this, json, saved] { Q_EMIT finished(json, saved); };
    } catch (const std::exception& e) {
        const QString message = QString::fromStdString(user_error_text(e));
        return [this, message] { Q_EMIT failed(message); };
    }
}

}  // namespace tfw
