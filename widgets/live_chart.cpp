#include "widgets/live_chart.h"

#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include <qcustomplot.h>

#include "widgets/chart_style.h"

namespace tfw {
namespace {

constexpr int kRedrawIntervalMs = 40;

QString formatValue(double value) {
    return QString::number(value, 'g', 4);
}

}  // namespace

LiveChart::LiveChart(const QString& title, QWidget* parent)
    : QWidget(parent),
      m_plot(new QCustomPlot(this)),
      m_readout(nullptr),
      m_cursor(nullptr),
      m_emptyNote(nullptr),
      m_marker(nullptr),
      m_markerX(std::numeric_limits<double>::quiet_NaN()) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setMinimumSize(220, 160);

    addTitle(m_plot, title, font());
    m_plot->setPlottingHint(QCP::phFastPolylines, true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->legend->setVisible(false);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_plot->xAxis->setLabel(tr("step"));

    m_cursor = new QCPItemStraightLine(m_plot);
    m_cursor->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_cursor->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_cursor->setVisible(false);
    m_marker = new QCPItemStraightLine(m_plot);
    m_marker->point1->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_marker->point2->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_marker->setVisible(false);
    m_readout = new QCPItemText(m_plot);
    m_readout->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_readout->setPadding(QMargins(6, 4, 6, 4));
    m_readout->setTextAlignment(Qt::AlignLeft);
    m_readout->setVisible(false);

    m_emptyNote = new QCPItemText(m_plot);
    m_emptyNote->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyNote->position->setCoords(0.5, 0.5);
    m_emptyNote->setText(tr("waiting for data"));

    applyPalette(m_plot, palette());
    m_emptyNote->setColor(palette().color(QPalette::PlaceholderText));

    m_redrawTimer.setSingleShot(true);
    m_redrawTimer.setInterval(kRedrawIntervalMs);
    connect(&m_redrawTimer, &QTimer::timeout, this, [this] {
        flushPending();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });

    // A zoom or pan by hand (any range change that fitView did not make) stops the view
    // from following new points.
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis})
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
                [this](const QCPRange&) {
                    if (!m_fitting) m_followData = false;
                });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetView(); });
    connect(m_plot, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { showReadout(event->pos()); });
    m_plot->installEventFilter(this);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &LiveChart::showContextMenu);
}

void LiveChart::setAxisTitles(const QString& x, const QString& y) {
    m_plot->xAxis->setLabel(x);
    m_plot->yAxis->setLabel(y);
}

void LiveChart::setCountingX(bool on) {
    if (on)
        useCountTicks(m_plot->xAxis);
    else
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
}

void LiveChart::addSeries(const QString& name, SeriesStyle style, int colorSlot) {
    if (m_series.contains(name)) return;
    Series series;
    series.style = style;
    series.colorSlot = colorSlot >= 0 ? colorSlot : int(m_order.size());
    series.ema = DebiasedEma(m_smoothing);
    series.raw = m_plot->addGraph();
    series.raw->setName(name);
    series.raw->setAdaptiveSampling(true);
    if (style == SeriesStyle::Line) {
        series.smooth = m_plot->addGraph();
        series.smooth->setName(name);
        series.smooth->setAdaptiveSampling(true);
    }
    m_order.append(name);
    m_series.insert(name, series);
    updateLegend();
}

void LiveChart::setSeriesLabel(const QString& name, const QString& label) {
    auto it = m_series.find(name);
    if (it == m_series.end()) return;
    it->raw->setName(label);
    if (it->smooth) it->smooth->setName(label);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QStringList LiveChart::legendLabels() const {
    QStringList labels;
    for (const QString& name : m_order) labels << m_series[name].raw->name();
    return labels;
}

void LiveChart::append(const QString& series, double x, double y) {
    auto it = m_series.find(series);
    if (it == m_series.end()) return;
    it->pendingX.append(x);
    it->pendingY.append(y);
    ++it->count;
    if (!m_redrawTimer.isActive()) m_redrawTimer.start();
}

void LiveChart::append(const QString& series, const QVector<double>& xs,
                       const QVector<double>& ys) {
    auto it = m_series.find(series);
    if (it == m_series.end()) return;
    const int n = static_cast<int>(std::min(xs.size(), ys.size()));
    it->pendingX.append(xs.mid(0, n));
    it->pendingY.append(ys.mid(0, n));
    it->count += n;
    if (!m_redrawTimer.isActive()) m_redrawTimer.start();
}

void LiveChart::clear() {
    for (auto& series : m_series) {
        series.raw->data()->clear();
        if (series.smooth) series.smooth->data()->clear();
        series.pendingX.clear();
        series.pendingY.clear();
        series.ema.reset();
        series.count = 0;
    }
    m_followData = true;
    hideReadout();
    fitView();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int LiveChart::pointCount(const QString& series) const {
    const auto it = m_series.constFind(series);
    return it == m_series.constEnd() ? 0 : it->count;
}

void LiveChart::setSmoothing(double weight) {
    weight = std::clamp(weight, 0.0, 0.99);
    if (weight == m_smoothing) return;
    m_smoothing = weight;
    flushPending();
    for (auto& series : m_series) rebuildSmoothed(series);
    updateLegend();
    fitView();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChart::setLogScale(bool on) {
    if (on == m_logScale) return;
    m_logScale = on;
    // Switching the scale may correct the range (no zero on a log axis): not a user zoom.
    m_fitting = true;
    if (on) {
        m_plot->yAxis->setScaleType(QCPAxis::stLogarithmic);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    } else {
        m_plot->yAxis->setScaleType(QCPAxis::stLinear);
        m_plot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    }
    m_fitting = false;
    if (m_followData) fitView();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    Q_EMIT logScaleChanged(on);
}

bool LiveChart::exportImage(const QString& path) {
    flushPending();
    hideReadout();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf")) return m_plot->savePdf(path);
    if (suffix == QLatin1String("svg")) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(m_plot->size());
        generator.setViewBox(m_plot->rect());
        generator.setTitle(windowTitle());
        QCPPainter painter;
        if (!painter.begin(&generator)) return false;
        m_plot->toPainter(&painter, m_plot->width(), m_plot->height());
        return painter.end();
    }
    // Twice the on-screen resolution, so the image stays sharp in slides and reports.
    return m_plot->savePng(path, 0, 0, 2.0);
}

void LiveChart::resetView() {
    m_followData = true;
    fitView();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChart::setMarker(double x) {
    m_markerX = x;
    m_marker->setVisible(!std::isnan(x));
    if (!std::isnan(x)) {
        m_marker->point1->setCoords(x, 0);
        m_marker->point2->setCoords(x, 1);
        m_marker->setPen(QPen(palette().color(QPalette::Highlight), 2));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChart::redrawNow() {
    m_redrawTimer.stop();
    flushPending();
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

void LiveChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette(m_plot, palette());
        m_emptyNote->setColor(palette().color(QPalette::PlaceholderText));
        for (auto& series : m_series) updateSeriesLook(series);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
    QWidget::changeEvent(event);
}

bool LiveChart::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::Leave) hideReadout();
    return QWidget::eventFilter(watched, event);
}

void LiveChart::flushPending() {
    for (auto& series : m_series) {
        if (series.pendingX.isEmpty()) continue;
        const QVector<double>& xs = series.pendingX;
        const QVector<double>& ys = series.pendingY;
        const bool wasEmpty = series.raw->data()->isEmpty();
        if (wasEmpty) {
            series.minX = series.maxX = xs.first();
            series.minY = std::numeric_limits<double>::infinity();
            series.maxY = -std::numeric_limits<double>::infinity();
            series.minPositiveY = std::numeric_limits<double>::infinity();
        }
        // Steps arrive in order; only a chunk that goes back needs QCustomPlot to sort.
        bool sorted = wasEmpty || xs.first() >= series.maxX;
        for (int i = 1; sorted && i < xs.size(); ++i) sorted = xs[i] >= xs[i - 1];
        for (int i = 0; i < xs.size(); ++i) {
            series.minX = std::min(series.minX, xs[i]);
            series.maxX = std::max(series.maxX, xs[i]);
            if (!std::isfinite(ys[i])) continue;
            series.minY = std::min(series.minY, ys[i]);
            series.maxY = std::max(series.maxY, ys[i]);
            if (ys[i] > 0) series.minPositiveY = std::min(series.minPositiveY, ys[i]);
        }
        series.raw->addData(xs, ys, sorted);
        if (series.smooth) {
            if (sorted) {
                QVector<double> smoothed;
                smoothed.reserve(ys.size());
                for (double y : ys) smoothed.append(series.ema.add(y));
                series.smooth->addData(xs, smoothed, true);
            } else {
                rebuildSmoothed(series);
            }
        }
        series.pendingX.clear();
        series.pendingY.clear();
    }
    if (m_followData) fitView();
}

void LiveChart::rebuildSmoothed(Series& series) {
    series.ema = DebiasedEma(m_smoothing);
    if (!series.smooth) return;
    const auto data = series.raw->data();
    QVector<double> xs, ys;
    xs.reserve(data->size());
    ys.reserve(data->size());
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
        xs.append(it->key);
        ys.append(series.ema.add(it->value));
    }
    series.smooth->setData(xs, ys, true);
}

void LiveChart::updateLegend() {
    m_plot->legend->clearItems();
    for (const QString& name : m_order) {
        Series& series = m_series[name];
        updateSeriesLook(series);
        QCPGraph* primary = (series.smooth && m_smoothing > 0) ? series.smooth : series.raw;
        primary->addToLegend();
    }
    m_plot->legend->setVisible(m_order.size() > 1);
}

void LiveChart::updateSeriesLook(Series& series) {
    const QColor color = seriesColor(series.colorSlot);
    if (series.style == SeriesStyle::Points) {
        series.raw->setPen(QPen(color, 1.5));
        series.raw->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.5), QBrush(color), 5));
        return;
    }
    if (series.style == SeriesStyle::Exact) {
        series.raw->setPen(QPen(color, 1.8));
        return;
    }
    const bool smoothing = m_smoothing > 0;
    QColor faint = color;
    faint.setAlpha(smoothing ? 90 : 255);
    series.raw->setPen(QPen(faint, smoothing ? 1.0 : 1.5));
    series.smooth->setPen(QPen(color, 1.8));
    series.smooth->setVisible(smoothing);
}

void LiveChart::fitView() {
    m_fitting = true;
    setViewToData();
    m_fitting = false;
}

void LiveChart::setViewToData() {
    bool any = false;
    double minX = 0, maxX = 0, minY = 0, maxY = 0, minPositive = 0;
    for (const auto& series : m_series) {
        if (series.raw->data()->isEmpty() || !std::isfinite(series.minY)) continue;
        if (!any) {
            minX = series.minX, maxX = series.maxX, minY = series.minY, maxY = series.maxY;
            minPositive = series.minPositiveY;
            any = true;
            continue;
        }
        minX = std::min(minX, series.minX);
        maxX = std::max(maxX, series.maxX);
        minY = std::min(minY, series.minY);
        maxY = std::max(maxY, series.maxY);
        minPositive = std::min(minPositive, series.minPositiveY);
    }
    m_emptyNote->setVisible(!any);
    if (!any) {
        m_plot->xAxis->setRange(0, 1);
        m_plot->yAxis->setRange(m_logScale ? 0.1 : 0, 1);
        return;
    }
    if (maxX <= minX) {
        // One step only: centre it instead of drawing it on the axis.
        const double pad = std::max(1.0, std::abs(minX) * 0.05);
        minX -= pad;
        maxX += pad;
    }
    // A little room at both ends, so that markers on the first and last step show whole.
    const double xPad = (maxX - minX) * 0.015;
    m_plot->xAxis->setRange(minX - xPad, maxX + xPad);
    if (m_logScale) {
        if (!std::isfinite(minPositive)) minPositive = 1e-3;
        double bottom = minPositive / 1.2, top = std::max(maxY, minPositive) * 1.2;
        // Show at least one decade, centred on the data, so that labelled ticks appear.
        if (top / bottom < 10.0) {
            const double widen = std::sqrt(10.0 / (top / bottom));
            bottom /= widen;
            top *= widen;
        }
        m_plot->yAxis->setRange(bottom, top);
        return;
    }
    const double span = maxY - minY;
    const double pad = span > 0 ? span * 0.05 : std::max(std::abs(maxY) * 0.1, 1e-6);
    m_plot->yAxis->setRange(minY - pad, maxY + pad);
}

void LiveChart::showReadout(const QPoint& position) {
    if (!m_plot->axisRect()->rect().contains(position)) {
        hideReadout();
        return;
    }
    const double x = m_plot->xAxis->pixelToCoord(position.x());
    double shownX = x;
    double bestDistance = std::numeric_limits<double>::infinity();
    QStringList lines;
    for (const QString& name : m_order) {
        const Series& series = m_series[name];
        const QCPGraph* graph = (series.smooth && m_smoothing > 0) ? series.smooth : series.raw;
        const auto data = graph->data();
        if (data->isEmpty()) continue;
        auto it = data->findBegin(x, false);
        if (it == data->constEnd()) --it;
        if (it != data->constBegin()) {
            auto before = it - 1;
            if (std::abs(before->key - x) < std::abs(it->key - x)) it = before;
        }
        // A sparse series only speaks for the step under the mouse, not for the nearest
        // measurement far away.
        constexpr double kSnapPixels = 12;
        if (series.style == SeriesStyle::Points &&
            std::abs(m_plot->xAxis->coordToPixel(it->key) - position.x()) > kSnapPixels)
            continue;
        lines.append(QStringLiteral("%1  %2").arg(name, formatValue(it->value)));
        if (std::abs(it->key - x) < bestDistance) {
            bestDistance = std::abs(it->key - x);
            shownX = it->key;
        }
    }
    if (lines.isEmpty()) {
        hideReadout();
        return;
    }
    lines.prepend(QStringLiteral("%1 %2").arg(m_plot->xAxis->label(), formatValue(shownX)));
    m_cursor->point1->setCoords(shownX, 0);
    m_cursor->point2->setCoords(shownX, 1);
    m_cursor->setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
    m_cursor->setVisible(true);
    m_readout->setText(lines.join(QLatin1Char('\n')));
    m_readout->position->setCoords(shownX, 0.03);
    const bool leftHalf = position.x() < m_plot->axisRect()->center().x();
    m_readout->setPositionAlignment((leftHalf ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignTop);
    QColor background = palette().color(QPalette::ToolTipBase);
    background.setAlpha(230);
    m_readout->setBrush(background);
    m_readout->setColor(palette().color(QPalette::ToolTipText));
    m_readout->setPen(QPen(palette().color(QPalette::Mid)));
    m_readout->setVisible(true);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChart::hideReadout() {
    if (!m_readout->visible()) return;
    m_readout->setVisible(false);
    m_cursor->setVisible(false);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void LiveChart::showContextMenu(const QPoint& position) {
    QMenu menu(this);
    QAction* log = menu.addAction(tr("Logarithmic scale"));
    log->setCheckable(true);
    log->setChecked(m_logScale);
    connect(log, &QAction::toggled, this, &LiveChart::setLogScale);
    menu.addAction(tr("Reset view"), this, &LiveChart::resetView);
    menu.addSeparator();
    menu.addAction(tr("Export image…"), this, &LiveChart::exportWithDialog);
    menu.exec(m_plot->mapToGlobal(position));
}

void LiveChart::exportWithDialog() {
    QString selected;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), QString(),
        tr("PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)"), &selected);
    if (path.isEmpty()) return;
    QString target = path;
    if (QFileInfo(path).suffix().isEmpty()) {
        if (selected.contains(QLatin1String("*.pdf")))
            target += QLatin1String(".pdf");
        else if (selected.contains(QLatin1String("*.svg")))
            target += QLatin1String(".svg");
        else
            target += QLatin1String(".png");
    }
    if (!exportImage(target))
        QMessageBox::warning(this, tr("Export chart"), tr("Could not write %1.").arg(target));
}

}  // namespace tfw
