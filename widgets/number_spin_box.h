#pragma once
// A spin box for real numbers of any magnitude (1e-9 .. 1e6): shows the shortest exact
// form ("0.002", "1e-09") and steps by one unit of the leading digit.

#include <QDoubleSpinBox>

namespace tfw {

class NumberSpinBox final : public QDoubleSpinBox {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(NumberSpinBox)

  public:
    explicit NumberSpinBox(QWidget* parent = nullptr);

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& position) const override;
    void stepBy(int steps) override;
};

}  // namespace tfw
