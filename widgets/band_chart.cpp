#include "widgets/band_chart.h"

#include <QEvent>
#include <QVBoxLayout>
#include <cmath>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {

BandChart::BandChart(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_title(addTitle(m_plot, QString(), font())) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(200);
    m_plot->legend->setVisible(true);
    useCountTicks(m_plot->xAxis);
    rebuild();
}

void BandChart::setTitle(const QString& title) {
    m_title->setText(title);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BandChart::setAxisLabels(const QString& steps, const QString& values) {
    m_plot->xAxis->setLabel(steps);
    m_plot->yAxis->setLabel(values);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BandChart::setSeries(const QList<BandSeries>& series) {
    m_series = series;
    rebuild();
}

void BandChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) rebuild();
    QWidget::changeEvent(event);
}

void BandChart::rebuild() {
    m_plot->clearGraphs();
    applyPalette(m_plot, palette());
    for (const BandSeries& series : m_series) {
        QVector<double> upper, lower;
        for (int i = 0; i < series.mean.size(); ++i) {
            const double spread =
                i < series.std.size() && std::isfinite(series.std[i]) ? series.std[i] : 0;
            upper.append(series.mean[i] + spread);
            lower.append(series.mean[i] - spread);
        }
        // The band: the upper edge filled down to the lower one, both edges invisible.
        QColor fill = series.color;
        fill.setAlpha(50);
        QCPGraph* low = m_plot->addGraph();
        low->setData(series.steps, lower, true);
        low->setPen(Qt::NoPen);
        low->removeFromLegend();
        QCPGraph* high = m_plot->addGraph();
        high->setData(series.steps, upper, true);
        high->setPen(Qt::NoPen);
        high->setBrush(fill);
        high->setChannelFillGraph(low);
        high->removeFromLegend();
        QCPGraph* mean = m_plot->addGraph();
        mean->setName(series.name);
        mean->setData(series.steps, series.mean, true);
        mean->setPen(QPen(series.color, 2));
        mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
    }
    m_plot->legend->setVisible(!m_series.isEmpty());
    m_plot->rescaleAxes();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace tfw
