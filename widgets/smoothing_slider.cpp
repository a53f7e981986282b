#include "widgets/smoothing_slider.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSlider>

namespace tfw {

SmoothingSlider::SmoothingSlider(QWidget* parent)
    : QWidget(parent), m_slider(new QSlider(Qt::Horizontal, this)), m_value(new QLabel(this)) {
    m_slider->setRange(0, 99);
    m_slider->setValue(60);
    m_slider->setMaximumWidth(160);
    m_value->setText(QString::number(weight(), 'f', 2));
    setToolTip(
        tr("Exponential moving average of the curves (as in TensorBoard); the raw values "
           "stay visible underneath"));
    connect(m_slider, &QSlider::valueChanged, this, [this] {
        m_value->setText(QString::number(weight(), 'f', 2));
        Q_EMIT weightChanged(weight());
    });

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("Smoothing:"), this));
    layout->addWidget(m_slider);
    layout->addWidget(m_value);
}

double SmoothingSlider::weight() const {
    return m_slider->value() / 100.0;
}

}  // namespace tfw
