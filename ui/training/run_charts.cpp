#include "ui/training/run_charts.h"

#include <QCoreApplication>
#include <QGridLayout>
#include <cmath>

#include "core/io/run_directory.h"
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
      m_learningRate(makeChart(tr("Learning rate"), QString(), this)),
      m_gradNorm(makeChart(tr("Gradient norm (before clipping)"), QString(), this)),
      m_throughput(makeChart(tr("Throughput"), tr("tokens / s"), this)),
      m_accuracy(makeChart(tr("Validation accuracy"), tr("share of tokens"), this)) {
    m_loss->addSeries(kTrain);
    m_loss->addSeries(kValid, SeriesStyle::Points);
    m_perplexity->addSeries(kTrain);
    m_perplexity->addSeries(kValid, SeriesStyle::Points);
    m_perplexity->setLogScale(true);
    m_learningRate->addSeries(tr("lr"), SeriesStyle::Exact);
    m_gradNorm->addSeries(tr("grad norm"));
    m_throughput->addSeries(tr("tokens/s"));
    m_accuracy->addSeries(kValid, SeriesStyle::Points, 1);  // the colour of valid elsewhere

    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    grid->addWidget(m_loss, 0, 0);
    grid->addWidget(m_perplexity, 0, 1);
    grid->addWidget(m_accuracy, 0, 2);
    grid->addWidget(m_learningRate, 1, 0);
    grid->addWidget(m_gradNorm, 1, 1);
    grid->addWidget(m_throughput, 1, 2);
}

void RunCharts::addStep(const StepReport& r) {
    const double x = double(r.step);
    m_loss->append(kTrain, x, r.train_loss);
    m_perplexity->append(kTrain, x, std::exp(r.train_nll));
    m_learningRate->append(m_learningRate->seriesNames().first(), x, r.lr);
    m_gradNorm->append(m_gradNorm->seriesNames().first(), x, r.grad_norm);
    m_throughput->append(m_throughput->seriesNames().first(), x, r.tokens_per_s);
}

void RunCharts::addValidation(const ValidationReport& r) {
    const double x = double(r.step);
    m_loss->append(kValid, x, r.loss);
    m_perplexity->append(kValid, x, r.perplexity);
    m_accuracy->append(kValid, x, r.accuracy);
}

void RunCharts::showHistory(const RunHistory& history) {
    clear();
    for (const StepReport& report : history.steps) addStep(report);
    for (const ValidationReport& report : history.validations) addValidation(report);
    for (LiveChart* chart : charts()) chart->resetView();
}

void RunCharts::clear() {
    for (LiveChart* chart : charts()) chart->clear();
}

void RunCharts::setSmoothing(double weight) {
    for (LiveChart* chart : charts()) chart->setSmoothing(weight);
}

int RunCharts::lossPoints(const QString& series) const {
    return m_loss->pointCount(series);
}

QList<LiveChart*> RunCharts::charts() const {
    return {m_loss, m_perplexity, m_accuracy, m_learningRate, m_gradNorm, m_throughput};
}

}  // namespace tfw
