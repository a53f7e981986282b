#pragma once
// One bar per group (a sweep's variants) with an error bar of ±1 standard deviation, each bar
// in its group's colour; a group without a value shows no bar. Used for the mean of a quantity
// over seeds, so that differences can be weighed against the spread between seeds.

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>

class QCPTextElement;
class QCustomPlot;

namespace tfw {

struct ErrorBar {
    QString label;
    double mean = 0;  // NaN: no value (no bar)
    double std = 0;   // NaN or 0: no error bar
    QColor color;
};

class ErrorBarChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ErrorBarChart)

  public:
    explicit ErrorBarChart(QWidget* parent = nullptr);

    void setTitle(const QString& title);
    void setValueLabel(const QString& label);  // the vertical axis
    void setBars(const QList<ErrorBar>& bars);
    const QList<ErrorBar>& bars() const { return m_bars; }

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void rebuild();

    QCustomPlot* m_plot;
    QCPTextElement* m_title;
    QList<ErrorBar> m_bars;
};

}  // namespace tfw
