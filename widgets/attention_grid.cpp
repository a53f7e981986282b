#include "widgets/attention_grid.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

#include "widgets/image_export.h"

namespace tfw {
namespace {

constexpr int kGap = 6;
constexpr int kMinCell = 18;
constexpr int kMaxCell = 140;

}  // namespace

AttentionGrid::AttentionGrid(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void AttentionGrid::setMaps(const QVector<QVector<AttentionMap>>& maps) {
    m_maps = maps;
    m_means.clear();
    m_images.clear();
    m_entropies.clear();
    for (const auto& layer : m_maps) {
        m_means.append(averageOf(layer));
        QVector<QImage> images;
        QVector<double> entropies;
        for (const AttentionMap& head : layer) {
            images.append(head.toImage());
            entropies.append(head.entropy());
        }
        images.append(m_means.back().toImage());
        entropies.append(m_means.back().entropy());
        m_images.append(images);
        m_entropies.append(entropies);
    }
    if (m_current.x() >= layers() || m_current.y() >= heads()) m_current = {-1, 0};
    updateGeometry();
    update();
}

const AttentionMap& AttentionGrid::map(int layer, int head) const {
    return head == kMean ? m_means[layer] : m_maps[layer][head];
}

double AttentionGrid::entropy(int layer, int head) const {
    return m_entropies[layer][head == kMean ? heads() : head];
}

bool AttentionGrid::isMasked(int layer, int head) const {
    return m_masked.contains({layer, head});
}

void AttentionGrid::setMasked(int layer, int head, bool masked) {
    if (masked)
        m_masked.insert({layer, head});
    else
        m_masked.remove({layer, head});
    update();
}

QVector<QPoint> AttentionGrid::maskedHeads() const {
    QVector<QPoint> heads;
    for (const auto& m : m_masked) heads.append(QPoint(m.first, m.second));
    std::sort(heads.begin(), heads.end(), [](const QPoint& a, const QPoint& b) {
        return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y();
    });
    return heads;
}

void AttentionGrid::clearMasks() {
    m_masked.clear();
    update();
}

void AttentionGrid::setCurrent(int layer, int head) {
    m_current = {layer, head};
    update();
}

QSize AttentionGrid::sizeHint() const {
    const QFontMetrics metrics(font());
    const int left = metrics.horizontalAdvance(tr("Mean")) + 2 * kGap;
    const int cell = 72;
    return {left + std::max(1, layers()) * (cell + kGap),
            metrics.height() + kGap + (heads() + 1) * (cell + metrics.height() + kGap)};
}

AttentionGrid::Layout AttentionGrid::layout() const {
    const QFontMetrics metrics(font());
    Layout l;
    l.left = std::max(metrics.horizontalAdvance(tr("Head %1").arg(heads())),
                      metrics.horizontalAdvance(tr("Mean"))) +
             2 * kGap;
    l.top = metrics.height() + kGap;
    const int columns = std::max(1, layers());
    const int rows = heads() + 1;
    const int byWidth = (width() - l.left) / columns - kGap;
    const int byHeight = (height() - l.top) / rows - metrics.height() - kGap;
    // Square cells where there is room; otherwise wider than high rather than tiny.
    l.cellHeight = std::clamp(std::min(byWidth, byHeight), kMinCell, kMaxCell);
    l.cellWidth = std::clamp(std::min(byWidth, 2 * l.cellHeight), l.cellHeight, kMaxCell);
    l.pitchX = l.cellWidth + kGap;
    l.pitchY = l.cellHeight + metrics.height() + kGap;
    return l;
}

QRect AttentionGrid::cellRect(int layer, int head) const {
    const Layout l = layout();
    const int row = head == kMean ? heads() : head;
    return {l.left + layer * l.pitchX, l.top + row * l.pitchY, l.cellWidth, l.cellHeight};
}

QPoint AttentionGrid::cellAt(const QPoint& position) const {
    for (int layer = 0; layer < layers(); ++layer)
        for (int head = kMean; head < heads(); ++head)
            if (cellRect(layer, head).contains(position)) return {layer, head};
    return {-1, 0};
}

void AttentionGrid::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const QFontMetrics metrics(font());
    const QColor text = palette().color(QPalette::Text);
    if (m_maps.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter, tr("No attention to show yet"));
        return;
    }
    const Layout l = layout();
    painter.setPen(text);
    for (int layer = 0; layer < layers(); ++layer) {
        const QString name = tr("Layer %1").arg(layer + 1);
        painter.drawText(
            QRect(l.left + layer * l.pitchX - kGap / 2, 0, l.pitchX, l.top), Qt::AlignCenter,
            metrics.horizontalAdvance(name) <= l.pitchX ? name : tr("L%1").arg(layer + 1));
    }
    for (int head = kMean; head < heads(); ++head) {
        const QRect cell = cellRect(0, head);
        QFont rowFont = font();
        rowFont.setItalic(head == kMean);
        painter.setFont(rowFont);
        painter.drawText(QRect(0, cell.top(), l.left - kGap, l.cellHeight),
                         Qt::AlignRight | Qt::AlignVCenter,
                         head == kMean ? tr("Mean") : tr("Head %1").arg(head + 1));
    }
    painter.setFont(font());
    const QColor crossed(200, 30, 30);
    for (int layer = 0; layer < layers(); ++layer) {
        for (int head = kMean; head < heads(); ++head) {
            const QRect cell = cellRect(layer, head);
            painter.drawImage(cell, m_images[layer][head == kMean ? heads() : head]);
            if (head != kMean && isMasked(layer, head)) {
                QColor veil = palette().color(QPalette::Base);
                veil.setAlphaF(0.7);
                painter.fillRect(cell, veil);
                painter.setPen(QPen(crossed, 2));
                painter.drawLine(cell.topLeft(), cell.bottomRight());
                painter.drawLine(cell.topRight(), cell.bottomLeft());
            }
            if (m_current == QPoint(layer, head)) {
                painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
                painter.drawRect(cell.adjusted(-2, -2, 1, 1));
            }
            painter.setPen(head != kMean && isMasked(layer, head) ? crossed : text);
            const QString label = head != kMean && isMasked(layer, head)
                                      ? tr("off")
                                      : QString::number(entropy(layer, head), 'f', 2);
            painter.drawText(
                QRect(cell.left() - kGap / 2, cell.bottom() + 1, l.pitchX, metrics.height()),
                Qt::AlignCenter, label);
        }
    }
}

void AttentionGrid::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const QPoint cell = cellAt(event->position().toPoint());
    if (cell.x() < 0) return;
    if (event->modifiers() & Qt::ControlModifier) {
        toggleMask(cell.x(), cell.y());
        return;
    }
    setCurrent(cell.x(), cell.y());
    Q_EMIT cellClicked(cell.x(), cell.y());
}

void AttentionGrid::mouseDoubleClickEvent(QMouseEvent* event) {
    const QPoint cell = cellAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && cell.x() >= 0) toggleMask(cell.x(), cell.y());
}

void AttentionGrid::contextMenuEvent(QContextMenuEvent* event) {
    const QPoint cell = cellAt(event->pos());
    QMenu menu(this);
    if (cell.x() >= 0 && cell.y() != kMean) {
        const bool masked = isMasked(cell.x(), cell.y());
        menu.addAction(
            masked ? tr("Switch layer %1 head %2 back on").arg(cell.x() + 1).arg(cell.y() + 1)
                   : tr("Switch layer %1 head %2 off").arg(cell.x() + 1).arg(cell.y() + 1),
            this, [this, cell] { toggleMask(cell.x(), cell.y()); });
        menu.addSeparator();
    }
    menu.addAction(tr("Export grid…"), this, &AttentionGrid::exportWithDialog);
    menu.exec(event->globalPos());
}

void AttentionGrid::toggleMask(int layer, int head) {
    if (head == kMean) return;
    const bool masked = !isMasked(layer, head);
    setMasked(layer, head, masked);
    Q_EMIT maskToggled(layer, head, masked);
}

bool AttentionGrid::exportImage(const QString& path) {
    return exportWidgetImage(this, path, tr("Attention heads"));
}

void AttentionGrid::exportWithDialog() {
    exportWidgetWithDialog(this, tr("grid"), QStringLiteral("attention-grid.png"));
}

}  // namespace tfw
