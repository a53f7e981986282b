#pragma once
// Length extrapolation: perplexity against the window length (log2 axis), one line per model,
// with the window each model trained on marked. Where sinusoidal or learned positions climb
// past their training length and rope or alibi stay flat, the lines part ways.

#include <QColor>
#include <QList>
#include <QString>
#include <QVector>
#include <QWidget>

class QCPTextElement;
class QCustomPlot;

namespace tfw {

struct ExtrapolationCurve {
    QString label;
    QVector<double> windows, perplexities;  // same length; NaN: not measurable there
    double trainedWindow = 0;
    QColor color;
};

class ExtrapolationChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ExtrapolationChart)

  public:
    explicit ExtrapolationChart(QWidget* parent = nullptr);

    void setCurves(const QList<ExtrapolationCurve>& curves);
    const QList<ExtrapolationCurve>& curves() const { return m_curves; }
    QCustomPlot* plot() const { return m_plot; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QList<ExtrapolationCurve> m_curves;
};

}  // namespace tfw
