#pragma once
// Curves with a translucent band around each (a mean ±1 standard deviation over seeds), all
// overlaid against the step: one colour per series, the band in a lighter shade of it.

#include <QColor>
#include <QList>
#include <QString>
#include <QVector>
#include <QWidget>

class QCPTextElement;
class QCustomPlot;

namespace tfw {

struct BandSeries {
    QString name;
    QVector<double> steps;
    QVector<double> mean;
    QVector<double> std;  // same length as mean; NaN or 0 where there is no spread
    QColor color;
};

class BandChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BandChart)

  public:
    explicit BandChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    void setAxisLabels(const QString& steps, const QString& values);
    void setSeries(const QList<BandSeries>& series);
    const QList<BandSeries>& series() const { return m_series; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QList<BandSeries> m_series;
};

}  // namespace tfw
