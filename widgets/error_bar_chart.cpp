#include "widgets/error_bar_chart.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {
ErrorBarChart::ErrorBarChart(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_title(addTitle(m_plot, QString(), font())) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(200);
    rebuild();
}

void ErrorBarChart::setTitle(const QString& title) {
    m_title->setText(title);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ErrorBarChart::setValueLabel(const QString& label) {
    m_plot->yAxis->setLabel(label);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ErrorBarChart::setBars(const QList<ErrorBar>& bars) {
    m_bars = bars;
    rebuild();
}

void ErrorBarChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) rebuild();
    QWidget::changeEvent(event);
}

void ErrorBarChart::rebuild() {
    m_plot->clearPlottables();
    applyPalette(m_plot, palette());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double low = 0, high = 0;
    for (int i = 0; i < m_bars.size(); ++i) {
        const ErrorBar& bar = m_bars[i];
        const double x = i + 1;
        ticker->addTick(x, bar.label);
        if (!std::isfinite(bar.mean)) continue;
        // One QCPBars per bar, so that each keeps its own colour.
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setWidth(0.6);
        QColor fill = bar.color;
        fill.setAlpha(170);
        bars->setPen(QPen(bar.color));
        bars->setBrush(fill);
        bars->addData(x, bar.mean);
        const double spread = std::isfinite(bar.std) ? bar.std : 0;
        if (spread > 0) {
            auto* errors = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
            errors->setDataPlottable(bars);
            errors->setData(QVector<double>{spread});
            errors->setPen(QPen(palette().color(QPalette::Text), 1.5));
            errors->setWhiskerWidth(12);
            errors->setSymbolGap(0);  // the bar's top is no symbol to leave room for
        }
        low = std::min(low, bar.mean - spread);
        high = std::max(high, bar.mean + spread);
    }
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setTickLabelRotation(m_bars.size() > 4 ? 30 : 0);
    m_plot->xAxis->setSubTicks(false);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->xAxis->setRange(0.4, std::max<qsizetype>(m_bars.size(), 1) + 0.6);
    const double margin = (high - low) * 0.08;
    m_plot->yAxis->setRange(low - (low < 0 ? margin : 0), high > low ? high + margin : 1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace tfw
