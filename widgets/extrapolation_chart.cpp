#include "widgets/extrapolation_chart.h"

#include <QEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {

ExtrapolationChart::ExtrapolationChart(QWidget* parent)
    : QWidget(parent),
      m_plot(new QCustomPlot(this)),
      m_title(addTitle(m_plot, tr("Perplexity by window length"), font())) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(240);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    rebuild();
}

void ExtrapolationChart::setCurves(const QList<ExtrapolationCurve>& curves) {
    m_curves = curves;
    rebuild();
}

void ExtrapolationChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) rebuild();
    QWidget::changeEvent(event);
}

void ExtrapolationChart::rebuild() {
    m_plot->clearPlottables();
    m_plot->clearItems();
    applyPalette(m_plot, palette());
    m_plot->xAxis->setLabel(tr("window (tokens, log scale)"));
    m_plot->yAxis->setLabel(tr("perplexity"));
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerLog>::create();
    ticker->setLogBase(2);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setNumberFormat(QStringLiteral("f"));
    m_plot->xAxis->setNumberPrecision(0);

    double low = std::numeric_limits<double>::infinity(), high = 0;
    double first = std::numeric_limits<double>::infinity(), last = 0;
    for (const ExtrapolationCurve& curve : m_curves) {
        auto* graph = m_plot->addGraph();
        graph->setName(curve.label);
        graph->setPen(QPen(curve.color, 2));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, curve.color,
                                               palette().color(QPalette::Base), 7));
        for (int i = 0; i < curve.windows.size(); ++i) {
            graph->addData(curve.windows[i], curve.perplexities[i]);  // NaN leaves a gap
            first = std::min(first, curve.windows[i]);
            last = std::max(last, curve.windows[i]);
            if (!std::isfinite(curve.perplexities[i])) continue;
            low = std::min(low, curve.perplexities[i]);
            high = std::max(high, curve.perplexities[i]);
        }
        if (curve.trainedWindow > 0) {
            auto* line = new QCPItemStraightLine(m_plot);
            line->point1->setCoords(curve.trainedWindow, 0);
            line->point2->setCoords(curve.trainedWindow, 1);
            QColor faint = curve.color;
            faint.setAlpha(110);
            line->setPen(QPen(faint, 1, Qt::DashLine));
        }
    }
    if (m_curves.isEmpty() || !std::isfinite(low)) {
        first = 32, last = 256, low = 0, high = 1;
    }
    m_plot->xAxis->setRange(first / 1.3, last * 1.3);
    // Room above the lines for the legend (top left: every line starts at its training
    // window, lowest there for the models that get worse).
    const double span = std::max(high - low, 1.0);
    m_plot->yAxis->setRange(std::max(0.0, low - 0.1 * span),
                            high + (0.2 + 0.15 * m_curves.size()) * span);
    m_plot->legend->setVisible(!m_curves.isEmpty());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace tfw
