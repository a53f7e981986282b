#include "widgets/number_spin_box.h"

#include <cmath>

namespace tfw {

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // QDoubleSpinBox rounds to `decimals`; enough of them keeps 1e-9 exact.
    setDecimals(15);
    setKeyboardTracking(false);
}

QString NumberSpinBox::textFromValue(double value) const {
    return locale().toString(value, 'g', 8);
}

double NumberSpinBox::valueFromText(const QString& text) const {
    bool ok = false;
    const double value = locale().toDouble(text.trimmed(), &ok);
    return ok ? value : QString(text).trimmed().toDouble();
}

QValidator::State NumberSpinBox::validate(QString& text, int&) const {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) return QValidator::Intermediate;
    bool ok = false;
    double value = locale().toDouble(trimmed, &ok);
    if (!ok) value = trimmed.toDouble(&ok);
    if (!ok) return QValidator::Intermediate;  // e.g. "1e-" while typing
    return value >= minimum() && value <= maximum() ? QValidator::Acceptable
                                                    : QValidator::Intermediate;
}

void NumberSpinBox::stepBy(int steps) {
    const double current = value();
    const double magnitude = current != 0.0 ? std::abs(current) : 1.0;
    double unit = std::pow(10.0, std::floor(std::log10(magnitude)));
    // Stepping down from exactly 1, 10, 0.1 … goes to 0.9, 9, 0.09 rather than to 0.
    if (steps < 0 && std::abs(magnitude - unit) < unit * 1e-9) unit /= 10.0;
    setValue(current + steps * unit);
}

}  // namespace tfw
