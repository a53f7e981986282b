#include "widgets/pieces_per_word_chart.h"

#include <QEvent>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {

PiecesPerWordChart::PiecesPerWordChart(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_group(new QCPBarsGroup(m_plot)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumHeight(180);
    addTitle(m_plot, tr("Pieces per word"), font());
    m_plot->xAxis->setLabel(tr("pieces a word is cut into"));
    m_plot->yAxis->setLabel(tr("% of words"));
    m_plot->legend->setVisible(true);
    rebuild();
}

void PiecesPerWordChart::setSeries(const QStringList& names,
                                   const QVector<QVector<double>>& shares) {
    m_names = names;
    m_shares = shares;
    rebuild();
}

void PiecesPerWordChart::clear() {
    setSeries({}, {});
}

void PiecesPerWordChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) rebuild();
    QWidget::changeEvent(event);
}

void PiecesPerWordChart::rebuild() {
    m_plot->clearPlottables();
    applyPalette(m_plot, palette());
    const int buckets = m_shares.isEmpty() ? 0 : static_cast<int>(m_shares.first().size());
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int k = 0; k < buckets; ++k)
        ticker->addTick(
            k + 1, k + 1 == buckets ? QStringLiteral("%1+").arg(k + 1) : QString::number(k + 1));
    m_plot->xAxis->setTicker(ticker);
    const double width = 0.8 / std::max<qsizetype>(1, m_names.size());
    for (int s = 0; s < m_names.size(); ++s) {
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(m_names[s]);
        bars->setWidth(width);
        bars->setBarsGroup(m_group);
        const QColor color = seriesColor(s);
        QColor fill = color;
        fill.setAlpha(170);
        bars->setPen(QPen(color));
        bars->setBrush(fill);
        QVector<double> x, y;
        for (int k = 0; k < m_shares[s].size(); ++k)
            x.append(k + 1), y.append(100 * m_shares[s][k]);
        bars->setData(x, y, true);
    }
    m_plot->xAxis->setRange(0.4, std::max(buckets, 1) + 0.6);
    m_plot->yAxis->setRange(0, 100);
    m_plot->legend->setVisible(!m_names.isEmpty());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace tfw
