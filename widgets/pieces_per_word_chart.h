#pragma once
// Bars of how many words a tokenizer cuts into 1, 2, 3... pieces (as a share of all words),
// one series per tokenizer side by side, so that two vocabularies can be told apart at a glance.

#include <QStringList>
#include <QVector>
#include <QWidget>

class QCPBarsGroup;
class QCustomPlot;

namespace tfw {

class PiecesPerWordChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PiecesPerWordChart)

  public:
    explicit PiecesPerWordChart(QWidget* parent = nullptr);

    // shares[s][k]: the share (0..1) of words that tokenizer s cuts into k+1 pieces; the last
    // entry counts that many or more. Every series has the same length.
    void setSeries(const QStringList& names, const QVector<QVector<double>>& shares);
    void clear();
    int seriesCount() const { return m_names.size(); }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();

    QCustomPlot* m_plot;
    QCPBarsGroup* m_group;
    QStringList m_names;
    QVector<QVector<double>> m_shares;
};

}  // namespace tfw
