#include "ui/training/run_charts.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <cmath>

#include "core/history/step_quantities.h"
#include "core/io/run_directory.h"
#include "core/metrics/metric_registry.h"
#include "widgets/live_chart.h"

namespace tfw {
namespace {

const QString kTrain = QStringLiteral("train");
const QString kValid = QStringLiteral("valid");

LiveChart* makeChart(const QString& title, const QString& yTitle, QWidget* parent) {
    auto* chart = new LiveChart(title, parent);
    chart->setAxisTitles(QCoreApplication::translate("tfw::RunCharts", "step"), yTitle);
    chart->setCountingX(true);
    return chart;
}

}  // namespace

RunCharts::RunCharts(QWidget* parent)
    : QWidget(parent),
      m_loss(makeChart(tr("Loss"), tr("nats per token"), this)),
      m_perplexity(makeChart(tr("Perplexity"), tr("exp(NLL)"), this)),
      m_accuracy(makeChart(tr("Validation accuracy"), tr("share of tokens"), this)) {
    m_loss->addSeries(kTrain);
    m_loss->addSeries(kValid, SeriesStyle::Points);
    m_perplexity->addSeries(kTrain);
    m_perplexity->addSeries(kValid, SeriesStyle::Points);
    for (LiveChart* chart : {m_loss, m_perplexity}) {
        chart->setSeriesLabel(kTrain, tr("train"));
        chart->setSeriesLabel(kValid, tr("valid"));
    }
    m_perplexity->setLogScale(true);
    m_perplexity->setToolTip(
        tr("Perplexity is exp(loss per token). For a language model whose tokenizer splits words "
           "into pieces, \"valid per word\" is exp(loss \u00d7 tokens per word), with each line's "
           "end counted as a word: the figure comparable with published word-level results such "
           "as Penn Treebank's."));
    // Marked for translation in the core (core/history/step_quantities.cpp).
    const auto translated = [](const char* text) {
        return QCoreApplication::translate("StepQuantity", text);
    };
    const std::vector<StepQuantity>& quantities = step_quantities();
    for (size_t i = 0; i < quantities.size(); ++i) {
        const StepQuantity& q = quantities[i];
        if (!q.chart_title) continue;
        LiveChart* chart = makeChart(translated(q.chart_title), translated(q.axis_title), this);
        chart->addSeries(translated(q.series), q.exact ? SeriesStyle::Exact : SeriesStyle::Line);
        m_quantityCharts.append({int(i), chart});
    }
    m_accuracy->addSeries(kValid, SeriesStyle::Points, 1);  // the colour of valid elsewhere

    m_grid = new QGridLayout(this);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setSpacing(6);
    m_grid->addWidget(m_loss, 0, 0);
    m_grid->addWidget(m_perplexity, 0, 1);
    m_grid->addWidget(m_accuracy, 0, 2);
    const int columns = 3;
    for (int i = 0; i < m_quantityCharts.size(); ++i)
        m_grid->addWidget(m_quantityCharts[i].second, 1 + i / columns, i % columns);
}

void RunCharts::addStep(const StepReport& r) {
    const double x = double(r.step);
    m_loss->append(kTrain, x, r.train_loss);
    m_perplexity->append(kTrain, x, std::exp(r.train_nll));
    for (const auto& [index, chart] : m_quantityCharts)
        chart->append(chart->seriesNames().first(), x, r.*step_quantities()[size_t(index)].member);
}

void RunCharts::addValidation(const ValidationReport& r) {
    const double x = double(r.step);
    m_loss->append(kValid, x, r.loss);
    m_perplexity->append(kValid, x, r.perplexity);
    if (r.word_perplexity > 0) {
        const QString perWord = tr("valid per word");
        if (!m_perplexity->seriesNames().contains(perWord))
            m_perplexity->addSeries(perWord, SeriesStyle::Points, 2);
        m_perplexity->append(perWord, x, r.word_perplexity);
    }
    m_accuracy->append(kValid, x, r.accuracy);
    if (!r.score_key.empty()) {
        if (!m_score) {
            // What the run is judged by takes the accuracy's place (the log still has it).
            const MetricInfo* metric = find_metric(r.score_key);
            const QString name = QString::fromStdString(metric ? metric->name : r.score_key);
            m_score = makeChart(tr("Validation %1 (greedy)").arg(name), name, this);
            m_score->addSeries(kValid, SeriesStyle::Points, 1);
            m_score->setToolTip(
                tr("The validation set decoded greedily at every validation and scored as "
                   "tfw eval scores it; the best checkpoint and early stopping go by it "
                   "(train.valid_metric)."));
            m_accuracy->hide();
            m_grid->addWidget(m_score, 0, 2);
        }
        m_score->append(kValid, x, r.score);
    }
}

void RunCharts::showHistory(const RunHistory& history) {
    clear();
    for (const StepReport& report : history.steps) addStep(report);
    for (const ValidationReport& report : history.validations) addValidation(report);
    for (LiveChart* chart : charts()) chart->resetView();
}

void RunCharts::clear() {
    for (LiveChart* chart : charts()) chart->clear();
    if (m_score) {  // the next run may be judged by its loss
        delete m_score;
        m_score = nullptr;
        m_accuracy->show();
    }
}

void RunCharts::setSmoothing(double weight) {
    for (LiveChart* chart : charts()) chart->setSmoothing(weight);
}

int RunCharts::lossPoints(const QString& series) const {
    return m_loss->pointCount(series);
}

QList<LiveChart*> RunCharts::charts() const {
    QList<LiveChart*> all = {m_loss, m_perplexity, m_accuracy};
    for (const auto& entry : m_quantityCharts) all.append(entry.second);
    if (m_score) all.append(m_score);
    return all;
}

}  // namespace tfw
