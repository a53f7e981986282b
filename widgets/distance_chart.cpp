#include "widgets/distance_chart.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {

DistanceChart::DistanceChart(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_title(addTitle(m_plot, QString(), font())) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(130);
    rebuild();
}

void DistanceChart::setProfile(int nearest, const QVector<double>& weights, const QString& title) {
    m_nearest = nearest;
    m_weights = weights;
    m_title->setText(title);
    rebuild();
}

void DistanceChart::clear() {
    setProfile(0, {}, QString());
}

void DistanceChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) rebuild();
    QWidget::changeEvent(event);
}

void DistanceChart::rebuild() {
    m_plot->clearPlottables();
    applyPalette(m_plot, palette());
    m_plot->xAxis->setLabel(tr("distance back from the query (tokens)"));
    m_plot->yAxis->setLabel(tr("mean weight"));
    useCountTicks(m_plot->xAxis);
    auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    bars->setWidth(0.8);
    bars->setPen(Qt::NoPen);
    bars->setBrush(seriesColor(0));
    double highest = 0;
    for (int i = 0; i < m_weights.size(); ++i) {
        bars->addData(m_nearest + i, m_weights[i]);
        highest = std::max(highest, m_weights[i]);
    }
    const int last = m_nearest + std::max(0, int(m_weights.size()) - 1);
    m_plot->xAxis->setRange(m_nearest - 0.7, last + 0.7);
    m_plot->yAxis->setRange(0, highest > 0 ? highest * 1.1 : 1.0);
    m_plot->replot();
}

}  // namespace tfw
