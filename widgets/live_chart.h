#pragma once
// A chart of named series that grow while you watch: append points at any rate, the chart
// redraws at most every ~40 ms. Smoothing (TensorBoard's debiased EMA), log scale,
// zoom/pan with the mouse (double-click resets), a hover read-out and export to
// PNG/PDF/SVG. Millions of points stay fluid thanks to adaptive sampling.

#include <QHash>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QVector>
#include <QWidget>

#include "widgets/smoothing.h"

class QCustomPlot;
class QCPGraph;
class QCPItemText;
class QCPItemStraightLine;
class QMouseEvent;

namespace tfw {

enum class SeriesStyle {
    Line,    // dense measurements (every step): drawn as a line, smoothed when asked
    Points,  // sparse measurements (every validation): line with markers, never smoothed
    Exact,   // exact values such as a schedule: a line, never smoothed (it would only lag)
};

class LiveChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LiveChart)

  public:
    explicit LiveChart(const QString& title, QWidget* parent = nullptr);

    void setAxisTitles(const QString& x, const QString& y);
    // The x axis counts (steps): whole-number ticks only.
    void setCountingX(bool on);
    // colorSlot picks the colour (the same slot means the same colour in every chart);
    // -1 takes the next one.
    void addSeries(const QString& name, SeriesStyle style = SeriesStyle::Line, int colorSlot = -1);
    QStringList seriesNames() const { return m_order; }
    // What the legend says for a series (default: its name, which stays its key).
    void setSeriesLabel(const QString& name, const QString& label);
    QStringList legendLabels() const;  // in series order

    void append(const QString& series, double x, double y);
    void append(const QString& series, const QVector<double>& xs, const QVector<double>& ys);
    // Removes every point; the series stay.
    void clear();
    // Points received so far, drawn or still waiting for the next redraw.
    int pointCount(const QString& series) const;

    // 0 = raw values, up to 0.99 = very smooth.
    void setSmoothing(double weight);
    double smoothing() const { return m_smoothing; }
    void setLogScale(bool on);
    bool logScale() const { return m_logScale; }

    // A vertical line at x (e.g. the step a view shows); NaN hides it.
    void setMarker(double x);
    double marker() const { return m_markerX; }

    // Format from the suffix: .png, .pdf or .svg. Returns false when writing failed.
    bool exportImage(const QString& path);
    // Fits the view to all data again and follows new points (after a zoom or pan).
    void resetView();
    // Draws pending points right now instead of on the next coalesced redraw.
    void redrawNow();

  Q_SIGNALS:
    void logScaleChanged(bool on);

  protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    struct Series {
        SeriesStyle style = SeriesStyle::Line;
        int colorSlot = 0;
        QCPGraph* raw = nullptr;
        QCPGraph* smooth = nullptr;  // Line series only
        QVector<double> pendingX, pendingY;
        DebiasedEma ema;
        int count = 0;
        double minY = 0, maxY = 0, minPositiveY = 0, minX = 0, maxX = 0;
    };

    void flushPending();
    void rebuildSmoothed(Series& series);
    void updateSeriesLook(Series& series);
    void fitView();
    void setViewToData();
    void showReadout(const QPoint& position);
    void hideReadout();
    void showContextMenu(const QPoint& position);
    void exportWithDialog();
    void updateLegend();

    QCustomPlot* m_plot;
    QCPItemText* m_readout;
    QCPItemStraightLine* m_cursor;
    QCPItemText* m_emptyNote;  // shown until the first point arrives
    QCPItemStraightLine* m_marker;
    double m_markerX;
    QTimer m_redrawTimer;
    QHash<QString, Series> m_series;
    QStringList m_order;
    double m_smoothing = 0.0;
    bool m_logScale = false;
    bool m_followData = true;
    bool m_fitting = false;  // the range changes come from fitView, not from the user
};

}  // namespace tfw
