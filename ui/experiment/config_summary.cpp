#include "ui/experiment/config_summary.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <set>

#include <nlohmann/json.hpp>

#include "core/config/config_io.h"
#include "core/data/dataset.h"
#include "core/model/model_size.h"
#include "core/train/lr_schedule.h"
#include "core/train/planned_steps.h"
#include "ui/experiment/vocabulary_estimate.h"
#include "widgets/schedule_preview.h"

namespace tfw {
namespace {

constexpr int kSchedulePoints = 300;

QString bytesText(int64_t bytes) {
    return QLocale().formattedDataSize(bytes);
}

QLabel* valueLabel(QWidget* parent) {
    auto* label = new QLabel(parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

// What the batches of an epoch depend on.
std::string batchesKey(const ExperimentConfig& config) {
    const nlohmann::json all = to_json(config);
    nlohmann::json key;
    for (const char* part : {"task", "data", "tokenizer"})
        if (all.contains(part)) key[part] = all[part];
    key["batch_tokens"] = config.train.batch_tokens;
    key["max_positions"] = config.model.max_positions;
    return key.dump();
}

}  // namespace

ConfigSummary::ConfigSummary(QWidget* parent)
    : QWidget(parent),
      m_parameters(nullptr),
      m_parametersNote(new QLabel(this)),
      m_tokens(nullptr),
      m_memory(nullptr),
      m_cache(nullptr),
      m_gatedNote(new QLabel(this)),
      m_schedule(new SchedulePreview(this)) {
    auto* box = new QGroupBox(tr("Before you start"), this);
    auto* form = new QFormLayout(box);
    m_parameters = valueLabel(box);
    m_tokens = valueLabel(box);
    m_memory = valueLabel(box);
    m_cache = valueLabel(box);
    for (QLabel* note : {m_parametersNote, m_gatedNote}) {
        note->setWordWrap(true);
        note->setForegroundRole(QPalette::PlaceholderText);
    }
    form->addRow(tr("Parameters:"), m_parameters);
    form->addRow(m_parametersNote);
    form->addRow(m_gatedNote);
    form->addRow(tr("Tokens per step:"), m_tokens);
    form->addRow(tr("Training memory:"), m_memory);
    form->addRow(tr("Generation cache:"), m_cache);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(box);
    layout->addWidget(m_schedule, 1);
}

QString ConfigSummary::parameterText() const {
    return m_parameters->text();
}

void ConfigSummary::showConfig(const ExperimentConfig& config) {
    const QLocale locale;
    const VocabularyEstimate vocab = estimateVocabulary(config);
    const int64_t parameters = count_parameters(config, vocab.size, vocab.size);
    m_parameters->setText((vocab.exact ? QString() : QStringLiteral("≈ ")) +
                          locale.toString(static_cast<qlonglong>(parameters)));
    m_parametersNote->setText(vocab.note);
    m_parametersNote->setVisible(!vocab.note.isEmpty());
    const bool gated = config.model.activation == Activation::Swiglu ||
                       config.model.activation == Activation::Geglu;
    if (gated)
        m_gatedNote->setText(
            tr("Gated feed-forward: model.ffn_dim %L1 (2/3 × 4 × d_model, to a multiple of 8) "
               "keeps the parameter count of an ungated block of 4 × d_model; now %L2.")
                .arg(gated_ffn_dim(config.model.d_model))
                .arg(config.model.ffn_dim));
    m_gatedNote->setVisible(gated);

    const qlonglong perStep = qlonglong(config.train.batch_tokens) * config.train.accumulate;
    m_tokens->setText(config.train.accumulate > 1 ? tr("%L1 × %L2 = %L3")
                                                        .arg(config.train.batch_tokens)
                                                        .arg(config.train.accumulate)
                                                        .arg(perStep)
                                                  : locale.toString(perStep));
    m_tokens->setToolTip(
        tr("train.batch_tokens × train.accumulate: source and target tokens "
           "that contribute to one optimizer step."));

    const MemoryEstimate memory = estimate_training_memory(config, vocab.size, vocab.size);
    m_memory->setText(QStringLiteral("≈ ") + bytesText(memory.total()));
    m_memory->setToolTip(tr("Weights %1, gradients and optimizer state %2, activations of one "
                            "batch %3 (fp32; a rough estimate).")
                             .arg(bytesText(memory.parameters_bytes),
                                  bytesText(memory.optimizer_bytes),
                                  bytesText(memory.activations_bytes)));
    const int64_t perToken = kv_cache_bytes_per_token(config);
    const int length = config.is_lm() ? config.data.max_tgt_len : config.data.max_tgt_len + 1;
    m_cache->setText(tr("%1 per %L2 tokens").arg(bytesText(perToken * length)).arg(length));
    m_cache->setToolTip(tr("Keys and values every decoder layer keeps while generating (fp32): "
                           "%1 per token, %2 of %3 heads store them (model.kv_heads). Beam search "
                           "keeps one sequence per hypothesis.")
                            .arg(bytesText(perToken))
                            .arg(config.model.resolved_kv_heads())
                            .arg(config.model.heads));
    showSchedule(config);
}

void ConfigSummary::countBatches(const ExperimentConfig& config) {
    const std::string key = batchesKey(config);
    if (key == m_countedKey) return;
    if (m_counter.isRunning()) {
        m_counter.cancel();  // counted again for the newest experiment when it is done
        return;
    }
    m_counter.start([this, config,
                     key](const std::atomic<bool>& cancelled) -> BackgroundThread::Done {
        int64_t batches = -1;
        try {
            const PreparedData data = prepare_data(config, [](LogLevel, const std::string&) {});
            batches = int64_t(
                make_batches(data.train.examples, config.train.batch_tokens, false, 0, 1).size());
        } catch (const std::exception&) {
            // Settings the data cannot be made with: the form names the problem.
        }
        const bool counted = !cancelled.load();
        return [this, key, batches, counted] {
            if (counted) {
                m_countedKey = key;
                m_batches = batches;
            }
            showSchedule(m_config);  // counts again when the experiment changed meanwhile
        };
    });
}

void ConfigSummary::showSchedule(const ExperimentConfig& config) {
    m_config = config;
    const bool generated = config.data.synthetic != Synthetic::None;
    if (generated) countBatches(config);
    // Generated data: the steps the run will plan, once its batches are counted. Files: the
    // data decide, up to max_steps; without max_steps, a window that covers warmup and the
    // decay after it.
    const bool planned = generated && m_countedKey == batchesKey(config) && m_batches > 0 &&
                         plan_steps(config.train, m_batches).planned_steps > 0;
    const bool known = planned || config.train.max_steps > 0;
    const long long horizon = planned ? plan_steps(config.train, m_batches).planned_steps
                              : known
                                  ? config.train.max_steps
                                  : std::max<long long>(10LL * config.train.warmup_steps, 10000);
    m_previewSteps = known ? horizon : 0;
    // Evenly spaced steps, plus the end of warmup where most schedules peak.
    std::set<long long> sampled;
    for (int i = 0; i < kSchedulePoints; ++i)
        sampled.insert(1 + (horizon - 1) * i / (kSchedulePoints - 1));
    if (config.train.warmup_steps >= 1 && config.train.warmup_steps <= horizon)
        sampled.insert(config.train.warmup_steps);
    QVector<double> steps, rates;
    double peak = 0;
    long long peakStep = 1;
    for (const long long step : sampled) {
        // A clock-following cosine is drawn as if the budget ended at the window's end.
        const double rate = learning_rate_at(config, step, double(step) / double(horizon));
        steps.append(double(step));
        rates.append(rate);
        if (rate > peak) {
            peak = rate;
            peakStep = step;
        }
    }
    const QString peakText = QString::number(peak, 'g', 3);
    QString note;
    if (planned)
        note = tr("peak %1 at step %L2, over the %L3 steps the run plans")
                   .arg(peakText)
                   .arg(peakStep)
                   .arg(horizon);
    else if (known)
        note = tr("peak %1 at step %L2, over at most %L3 steps (train.max_steps; the data and "
                  "train.epochs may end the run sooner)")
                   .arg(peakText)
                   .arg(peakStep)
                   .arg(horizon);
    else if (schedule_follows_clock(config.train))
        note = tr("peak %1 at step %L2; reaches 0 when train.max_minutes (%3) run out, at "
                  "whatever step that is on this machine")
                   .arg(peakText)
                   .arg(peakStep)
                   .arg(config.train.max_minutes);
    else
        note = tr("peak %1 at step %L2; first %L3 steps (train.max_steps not set)")
                   .arg(peakText)
                   .arg(peakStep)
                   .arg(horizon);
    m_schedule->setSchedule(steps, rates, note);
}

}  // namespace tfw
