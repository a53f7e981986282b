#include "ui/compare/compare_curves.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "widgets/live_chart.h"
#include "widgets/smoothing_slider.h"

namespace tfw {
namespace {

template <typename Report>
double xOf(const Report& r, CompareCurves::Axis axis) {
    switch (axis) {
        case CompareCurves::Axis::Tokens:
            return double(r.tokens_seen);
        case CompareCurves::Axis::WallTime:
            return r.elapsed_s / 60.0;
        case CompareCurves::Axis::Step:
            break;
    }
    return double(r.step);
}

}  // namespace

CompareCurves::CompareCurves(QWidget* parent)
    : QWidget(parent), m_axisChoice(new QComboBox(this)), m_grid(new QWidget(this)) {
    m_axisChoice->addItem(tr("optimizer step"), int(Axis::Step));
    m_axisChoice->addItem(tr("target tokens seen"), int(Axis::Tokens));
    m_axisChoice->addItem(tr("training time (minutes)"), int(Axis::WallTime));
    connect(m_axisChoice, &QComboBox::currentIndexChanged, this,
            [this](int index) { setAxis(Axis(m_axisChoice->itemData(index).toInt())); });
    auto* smoothing = new SmoothingSlider(this);
    m_smoothing = smoothing->weight();
    connect(smoothing, &SmoothingSlider::weightChanged, this, &CompareCurves::setSmoothing);

    auto* controls = new QHBoxLayout;
    controls->addWidget(new QLabel(tr("Align by:"), this));
    controls->addWidget(m_axisChoice);
    controls->addStretch(1);
    controls->addWidget(smoothing);
    new QGridLayout(m_grid);
    m_grid->layout()->setContentsMargins(0, 0, 0, 0);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_grid, 1);
    rebuild();
}

void CompareCurves::setItems(const QList<CurveItem>& items) {
    m_items = items;
    rebuild();
}

void CompareCurves::setAxis(Axis axis) {
    if (axis == m_axis) return;
    m_axis = axis;
    m_axisChoice->setCurrentIndex(m_axisChoice->findData(int(axis)));
    rebuild();
}

void CompareCurves::setSmoothing(double weight) {
    m_smoothing = weight;
    for (LiveChart* chart : charts()) chart->setSmoothing(weight);
}

QList<LiveChart*> CompareCurves::charts() const {
    return {m_trainLoss, m_validLoss, m_perplexity, m_learningRate};
}

// LiveChart series cannot be removed, so a change of items or axis builds fresh charts.
void CompareCurves::rebuild() {
    for (LiveChart* chart : charts()) delete chart;
    const QString x = m_axis == Axis::Step     ? tr("step")
                      : m_axis == Axis::Tokens ? tr("target tokens seen")
                                               : tr("training time (minutes)");
    auto make = [&](const QString& title, const QString& y) {
        auto* chart = new LiveChart(title, m_grid);
        chart->setAxisTitles(x, y);
        chart->setCountingX(m_axis != Axis::WallTime);
        return chart;
    };
    m_trainLoss = make(tr("Training loss"), tr("nats per token (label-smoothed)"));
    m_validLoss = make(tr("Validation loss"), tr("nats per token"));
    m_perplexity = make(tr("Validation perplexity"), tr("exp(loss)"));
    m_perplexity->setLogScale(true);
    m_learningRate = make(tr("Learning rate"), QString());

    for (const CurveItem& item : m_items) {
        m_trainLoss->addSeries(item.name, SeriesStyle::Line, item.colorSlot);
        m_validLoss->addSeries(item.name, SeriesStyle::Points, item.colorSlot);
        m_perplexity->addSeries(item.name, SeriesStyle::Points, item.colorSlot);
        m_learningRate->addSeries(item.name, SeriesStyle::Exact, item.colorSlot);
        QVector<double> xs, loss, lr;
        for (const StepReport& r : item.history.steps) {
            xs.push_back(xOf(r, m_axis));
            loss.push_back(r.train_loss);
            lr.push_back(r.lr);
        }
        m_trainLoss->append(item.name, xs, loss);
        m_learningRate->append(item.name, xs, lr);
        QVector<double> vx, vloss, vppl;
        for (const ValidationReport& r : item.history.validations) {
            vx.push_back(xOf(r, m_axis));
            vloss.push_back(r.loss);
            vppl.push_back(r.perplexity);
        }
        m_validLoss->append(item.name, vx, vloss);
        m_perplexity->append(item.name, vx, vppl);
    }
    auto* grid = static_cast<QGridLayout*>(m_grid->layout());
    grid->addWidget(m_trainLoss, 0, 0);
    grid->addWidget(m_validLoss, 0, 1);
    grid->addWidget(m_perplexity, 1, 0);
    grid->addWidget(m_learningRate, 1, 1);
    for (LiveChart* chart : charts()) {
        chart->setSmoothing(m_smoothing);
        chart->resetView();
    }
}

}  // namespace tfw
