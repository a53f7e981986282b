#include "ui/evaluation_job.h"

#include <QThread>

#include <exception>

#include "core/data/text_reader.h"
#include "core/decode/translator.h"
#include "core/eval/evaluation.h"

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

EvaluationJob::EvaluationJob(QObject* parent) : QObject(parent) {}

EvaluationJob::~EvaluationJob() {
    if (!m_thread) return;
    m_cancel->store(true);
    m_thread->wait();
    delete m_thread;
}

void EvaluationJob::start(const EvaluationRequest& request) {
    if (m_thread) return;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_thread = QThread::create([this, request] { run(request); });
    m_thread->setObjectName(QStringLiteral("evaluation"));
    connect(m_thread, &QThread::finished, this, &EvaluationJob::onThreadFinished);
    m_thread->start();
}

void EvaluationJob::cancel() {
    if (m_cancel) m_cancel->store(true);
}

void EvaluationJob::onThreadFinished() {
    m_thread->deleteLater();
    m_thread = nullptr;
    Q_EMIT idle();
}

// On the job's thread: signals emitted here reach the window through queued connections.
void EvaluationJob::run(const EvaluationRequest& request) {
    const std::shared_ptr<std::atomic<bool>> cancel = m_cancel;
    try {
        const std::string checkpoint = request.checkpoint.toStdString();
        Translator translator(load_model(checkpoint));
        const ExperimentConfig& config = translator.model().checkpoint.config;
        const EvaluationSet set = readSet(request, config);
        const DecodeOptions options =
            request.options ? *request.options : decode_options_from(config.decode);
        const auto evaluation = evaluate(translator, checkpoint, set, options, EvalMetric::ByTask,
                                         [&](size_t done, size_t total) {
                                             Q_EMIT progress(qint64(done), qint64(total));
                                             return !cancel->load();
                                         });
        if (!evaluation) {
            Q_EMIT cancelled();
            return;
        }
        const std::string runDir = run_dir_of_checkpoint(checkpoint);
        const QString saved = runDir.empty()
                                  ? QString()
                                  : QString::fromStdString(save_evaluation(runDir, *evaluation));
        Q_EMIT finished(QByteArray::fromStdString(to_json(*evaluation).dump()), saved);
    } catch (const std::exception& e) {
        Q_EMIT failed(QString::fromStdString(e.what()));
    }
}

}  // namespace tfw
