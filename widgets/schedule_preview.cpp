#include "widgets/schedule_preview.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {

SchedulePreview::SchedulePreview(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_graph(nullptr), m_note(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_note);
    m_note->setWordWrap(true);
    m_note->setAlignment(Qt::AlignHCenter);
    m_note->setForegroundRole(QPalette::PlaceholderText);
    setMinimumHeight(170);

    addTitle(m_plot, tr("Learning rate schedule"), font());
    m_plot->xAxis->setLabel(tr("step"));
    useCountTicks(m_plot->xAxis);
    m_graph = m_plot->addGraph();
    applyLook();
}

void SchedulePreview::setSchedule(const QVector<double>& steps, const QVector<double>& rates,
                                  const QString& note) {
    m_graph->setData(steps, rates, true);
    m_note->setText(note);
    const double top = rates.isEmpty() ? 1.0 : *std::max_element(rates.begin(), rates.end());
    m_plot->xAxis->setRange(steps.isEmpty() ? 0 : steps.first(),
                            steps.isEmpty() ? 1 : std::max(steps.last(), steps.first() + 1));
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.1 : 1.0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int SchedulePreview::pointCount() const {
    return m_graph->dataCount();
}

void SchedulePreview::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyLook();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    QWidget::changeEvent(event);
}

void SchedulePreview::applyLook() {
    applyPalette(m_plot, palette());
    const QColor color = seriesColor(0);
    QColor fill = color;
    fill.setAlpha(50);
    m_graph->setPen(QPen(color, 1.8));
    m_graph->setBrush(fill);
}

}  // namespace tfw
