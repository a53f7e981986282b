#pragma once
// The curves of every compared item overlaid: training loss, validation loss, validation
// perplexity and learning rate, one series per item in the item's colour, against the
// optimizer step, the target tokens seen or the training wall time.

#include <QString>
#include <QWidget>

#include "core/io/run_directory.h"

class QComboBox;

namespace tfw {

class LiveChart;

struct CurveItem {
    QString name;
    int colorSlot = 0;
    RunHistory history;
};

class CompareCurves final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompareCurves)

  public:
    enum class Axis { Step, Tokens, WallTime };

    explicit CompareCurves(QWidget* parent = nullptr);

    void setItems(const QList<CurveItem>& items);
    void setAxis(Axis axis);
    Axis axis() const { return m_axis; }
    void setSmoothing(double weight);
    QList<LiveChart*> charts() const;

  private:
    void rebuild();

    QList<CurveItem> m_items;
    Axis m_axis = Axis::Step;
    double m_smoothing = 0.6;
    QComboBox* m_axisChoice;
    QWidget* m_grid;
    LiveChart* m_trainLoss = nullptr;
    LiveChart* m_validLoss = nullptr;
    LiveChart* m_perplexity = nullptr;
    LiveChart* m_learningRate = nullptr;
};

}  // namespace tfw
