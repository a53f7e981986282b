#pragma once
// "Smoothing: [slider] 0.60": picks the weight of the charts' moving average (0 .. 0.99).

#include <QWidget>

class QLabel;
class QSlider;

namespace tfw {

class SmoothingSlider final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SmoothingSlider)

  public:
    // Starts at TensorBoard's default weight, 0.6.
    explicit SmoothingSlider(QWidget* parent = nullptr);

    double weight() const;

  Q_SIGNALS:
    void weightChanged(double weight);

  private:
    QSlider* m_slider;
    QLabel* m_value;
};

}  // namespace tfw
