#pragma once
// How far one self-attention head looks: a bar per query-key distance (0: the token itself,
// 1: the one before, negative: tokens after it, which an encoder reads), the bar's height
// the head's mean weight there.

#include <QVector>
#include <QWidget>

class QCPTextElement;
class QCustomPlot;

namespace tfw {

class DistanceChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DistanceChart)

  public:
    explicit DistanceChart(QWidget* parent = nullptr);

    // weights[i] is the mean weight at distance nearest + i.
    void setProfile(int nearest, const QVector<double>& weights, const QString& title);
    void clear();
    int nearest() const { return m_nearest; }
    const QVector<double>& weights() const { return m_weights; }
    QCustomPlot* plot() const { return m_plot; }

    QSize sizeHint() const override { return {520, 170}; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    int m_nearest = 0;
    QVector<double> m_weights;
};

}  // namespace tfw
