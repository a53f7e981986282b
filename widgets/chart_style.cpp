#include "widgets/chart_style.h"

#include <array>
#include <cmath>

#include <qcustomplot.h>

namespace tfw {
namespace {

class CountTicker final : public QCPAxisTicker {
  protected:
    double getTickStep(const QCPRange& range) override {
        const double step = QCPAxisTicker::getTickStep(range);
        if (step <= 1.0) return 1.0;
        if (std::floor(step) == step) return step;
        // 2.5 becomes 5: the next 1-2-5 step that is a whole number.
        const double magnitude = std::pow(10.0, std::floor(std::log10(step)));
        for (const double nice : {2.0, 5.0, 10.0})
            if (nice * magnitude >= step) return nice * magnitude;
        return std::ceil(step);
    }
};

}  // namespace

void useCountTicks(QCPAxis* axis) {
    axis->setTicker(QSharedPointer<CountTicker>(new CountTicker));
}

QColor seriesColor(int index) {
    // Tableau 10, reordered so that the first two (train / valid) differ in hue and lightness.
    static const std::array<QColor, 8> colors{QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B),
                                              QColor(0x59, 0xA1, 0x4F), QColor(0xE1, 0x57, 0x59),
                                              QColor(0xB0, 0x7A, 0xA1), QColor(0x76, 0xB7, 0xB2),
                                              QColor(0xED, 0xC9, 0x48), QColor(0x9C, 0x75, 0x5F)};
    return colors[static_cast<size_t>(index) % colors.size()];
}

void applyPalette(QCustomPlot* plot, const QPalette& palette) {
    const QColor background = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    QColor subGrid = text;
    subGrid.setAlpha(18);

    plot->setBackground(background);
    const auto axes = plot->axisRect()->axes();
    for (QCPAxis* axis : axes) {
        axis->setBasePen(QPen(text, 1));
        axis->setTickPen(QPen(text, 1));
        axis->setSubTickPen(QPen(text, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setSubGridPen(QPen(subGrid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }
    if (plot->legend) {
        QColor legendBackground = background;
        legendBackground.setAlpha(210);
        plot->legend->setBrush(legendBackground);
        plot->legend->setBorderPen(QPen(grid));
        plot->legend->setTextColor(text);
    }
    for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i)))
            title->setTextColor(text);
}

QCPTextElement* addTitle(QCustomPlot* plot, const QString& text, QFont font) {
    font.setBold(true);
    auto* title = new QCPTextElement(plot, text, font);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, title);
    return title;
}

}  // namespace tfw
