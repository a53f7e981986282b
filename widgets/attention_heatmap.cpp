#include "widgets/attention_heatmap.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "widgets/image_export.h"

namespace tfw {
namespace {

constexpr int kMaxLabelWidth = 130;  // longer pieces are elided; the read-out has them whole
constexpr int kMaxCell = 44;
constexpr int kScaleWidth = 14;
constexpr int kScaleTextWidth = 34;
constexpr double kColumnAngle = 60.0;  // degrees from the horizontal

int widestLabel(const QFontMetrics& metrics, const QStringList& labels) {
    int widest = 0;
    for (const QString& label : labels)
        widest = std::max(widest, std::min(kMaxLabelWidth, metrics.horizontalAdvance(label)));
    return widest;
}

// Every how-many-th label fits beside its neighbours at this cell size.
int labelStep(double cell, int textHeight) {
    return std::max(1, static_cast<int>(std::ceil(textHeight / std::max(1.0, cell))));
}

}  // namespace

AttentionHeatmap::AttentionHeatmap(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void AttentionHeatmap::setMap(const AttentionMap& map, const QString& title) {
    m_map = map;
    m_title = title;
    m_image = map.toImage();
    if (m_selectedRow >= map.rows) m_selectedRow = -1;
    m_hover = {-1, -1};
    setReadout(QString());
    update();
}

void AttentionHeatmap::clear() {
    setMap(AttentionMap{}, QString());
}

void AttentionHeatmap::setSelectedRow(int row) {
    const int valid = row >= 0 && row < m_map.rows ? row : -1;
    if (valid == m_selectedRow) return;
    m_selectedRow = valid;
    update();
}

AttentionHeatmap::Geometry AttentionHeatmap::geometryFor(const QSize& size) const {
    Geometry g;
    const QFontMetrics metrics(font());
    const int line = metrics.height() + 6;
    const int rowWidth = widestLabel(metrics, m_map.rowLabels) + 8;
    const int columnWidth = widestLabel(metrics, m_map.columnLabels);
    const double angle = kColumnAngle * M_PI / 180.0;
    const int columnHeight = static_cast<int>(std::ceil(columnWidth * std::sin(angle) +
                                                        metrics.height() * std::cos(angle))) +
                             8;
    const QRect area(rowWidth, line, size.width() - rowWidth - kScaleWidth - kScaleTextWidth - 16,
                     size.height() - line - columnHeight - line);
    if (m_map.isEmpty() || area.width() <= 0 || area.height() <= 0) return g;
    // Square cells when they fit; otherwise up to 3:1 either way rather than leaving room unused.
    const double byWidth = area.width() / static_cast<double>(m_map.columns);
    const double byHeight = area.height() / static_cast<double>(m_map.rows);
    const double square = std::min({static_cast<double>(kMaxCell), byWidth, byHeight});
    g.cellWidth = std::min({static_cast<double>(kMaxCell), byWidth, 3 * square});
    g.cellHeight = std::min({static_cast<double>(kMaxCell), byHeight, 3 * square});
    g.cells =
        QRect(area.left(), area.top(), static_cast<int>(std::floor(g.cellWidth * m_map.columns)),
              static_cast<int>(std::floor(g.cellHeight * m_map.rows)));
    g.rowLabels = QRect(0, g.cells.top(), rowWidth, g.cells.height());
    g.columnLabels = QRect(0, g.cells.bottom() + 1, g.cells.right() + 1, columnHeight);
    g.scale =
        QRect(g.cells.right() + 12, g.cells.top(), kScaleWidth, std::max(g.cells.height(), 60));
    return g;
}

QPoint AttentionHeatmap::cellAt(const QPoint& position) const {
    const Geometry g = geometryFor(size());
    if (g.cells.isEmpty() || position.y() < g.cells.top() || position.y() > g.cells.bottom())
        return {-1, -1};
    const int row =
        std::min(m_map.rows - 1, static_cast<int>((position.y() - g.cells.top()) / g.cellHeight));
    if (position.x() < g.cells.left()) return {-1, row};
    if (position.x() > g.cells.right()) return {-1, -1};
    const int column = std::min(m_map.columns - 1,
                                static_cast<int>((position.x() - g.cells.left()) / g.cellWidth));
    return {column, row};
}

void AttentionHeatmap::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const QFontMetrics metrics(font());
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(text);
    QFont bold = font();
    bold.setBold(true);
    painter.setFont(bold);
    painter.drawText(QRect(6, 0, width() - 12, metrics.height() + 6),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(m_title, Qt::ElideRight, width() - 12));
    painter.setFont(font());
    const Geometry g = geometryFor(size());
    if (g.cells.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         m_map.isEmpty() ? tr("Click a cell of the grid to see it here")
                                         : tr("Too small to draw"));
        return;
    }
    painter.drawImage(g.cells, m_image);

    // Row labels (query tokens), right-aligned beside their rows.
    const int step = labelStep(g.cellHeight, metrics.height());
    for (int r = 0; r < m_map.rows; ++r) {
        if (r % step != 0 && r != m_selectedRow) continue;
        const QRect band(0, g.cells.top() + static_cast<int>(r * g.cellHeight),
                         g.rowLabels.width() - 4, static_cast<int>(std::ceil(g.cellHeight)));
        if (r == m_selectedRow) {
            painter.fillRect(band.adjusted(2, 0, 2, 0), palette().color(QPalette::Highlight));
            painter.setPen(palette().color(QPalette::HighlightedText));
        } else {
            painter.setPen(text);
        }
        const QRect box(band.left(), band.center().y() - metrics.height() / 2, band.width(),
                        metrics.height());
        painter.drawText(
            box, Qt::AlignRight | Qt::AlignVCenter,
            metrics.elidedText(m_map.rowLabels.value(r), Qt::ElideRight, kMaxLabelWidth));
    }

    // Column labels (key tokens), turned so that they read upwards and end under their column.
    // With a selected row, each key's label is backed by how much that row attends to it.
    float rowMax = 0.0f;
    if (m_selectedRow >= 0)
        for (int c = 0; c < m_map.columns; ++c)
            rowMax = std::max(rowMax, m_map.at(m_selectedRow, c));
    const int columnStep = labelStep(g.cellWidth, metrics.height());
    QColor highlight(255, 176, 0);  // amber: dark text stays readable on it
    for (int c = 0; c < m_map.columns; ++c) {
        const float weight = m_selectedRow >= 0 ? m_map.at(m_selectedRow, c) : 0.0f;
        const bool marked = m_selectedRow >= 0 && rowMax > 0 && weight >= 0.1f * rowMax;
        if (c % columnStep != 0 && !marked) continue;
        const QString label =
            metrics.elidedText(m_map.columnLabels.value(c), Qt::ElideRight, kMaxLabelWidth);
        const int w = metrics.horizontalAdvance(label);
        painter.save();
        painter.translate(g.cells.left() + (c + 0.5) * g.cellWidth, g.cells.bottom() + 6);
        painter.rotate(-kColumnAngle);
        const QRect box(-w - 2, -metrics.height() / 2, w + 4, metrics.height());
        if (marked) {
            highlight.setAlphaF(0.15 + 0.85 * weight / rowMax);
            painter.fillRect(box, highlight);
        }
        painter.setPen(text);
        painter.drawText(box, Qt::AlignRight | Qt::AlignVCenter, label);
        painter.restore();
    }

    // The selected row and the hovered cell, outlined.
    painter.setBrush(Qt::NoBrush);
    if (m_selectedRow >= 0) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.drawRect(QRectF(g.cells.left(), g.cells.top() + m_selectedRow * g.cellHeight,
                                g.cells.width(), g.cellHeight));
    }
    if (m_hover.x() >= 0 && m_hover.y() >= 0) {
        painter.setPen(QPen(Qt::white, 1));
        painter.drawRect(QRectF(g.cells.left() + m_hover.x() * g.cellWidth,
                                g.cells.top() + m_hover.y() * g.cellHeight, g.cellWidth,
                                g.cellHeight));
    }

    // Colour scale: weight 1 at the top, 0 at the bottom.
    for (int y = 0; y < g.scale.height(); ++y) {
        const float weight = 1.0f - static_cast<float>(y) / std::max(1, g.scale.height() - 1);
        painter.setPen(QColor::fromRgb(attentionColor(weight)));
        painter.drawLine(g.scale.left(), g.scale.top() + y, g.scale.right(), g.scale.top() + y);
    }
    painter.setPen(text);
    for (double tick : {0.0, 0.5, 1.0}) {
        const int y = g.scale.top() + static_cast<int>((1.0 - tick) * (g.scale.height() - 1));
        painter.drawLine(g.scale.right() + 1, y, g.scale.right() + 4, y);
        painter.drawText(
            QRect(g.scale.right() + 6, y - metrics.height() / 2, kScaleTextWidth, metrics.height()),
            Qt::AlignLeft | Qt::AlignVCenter, QString::number(tick, 'g', 2));
    }

    // The read-out line at the bottom.
    const QString shown = m_readout.isEmpty()
                              ? tr("Point at a cell for its weight; click a row to highlight "
                                   "the tokens it attends to")
                              : m_readout;
    painter.setPen(m_readout.isEmpty() ? palette().color(QPalette::PlaceholderText) : text);
    painter.drawText(QRect(6, height() - metrics.height() - 4, width() - 12, metrics.height()),
                     Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(shown, Qt::ElideMiddle, width() - 12));
}

void AttentionHeatmap::mouseMoveEvent(QMouseEvent* event) {
    const QPoint cell = cellAt(event->position().toPoint());
    const QPoint hover = cell.x() >= 0 ? cell : QPoint(-1, -1);
    if (hover != m_hover) {
        m_hover = hover;
        update();
    }
    if (hover.x() >= 0)
        setReadout(tr("‘%1’ attends to ‘%2’: %3 (row %4, column %5)")
                       .arg(m_map.rowLabels.value(hover.y()), m_map.columnLabels.value(hover.x()))
                       .arg(m_map.at(hover.y(), hover.x()), 0, 'f', 3)
                       .arg(hover.y() + 1)
                       .arg(hover.x() + 1));
    else if (cell.y() >= 0)
        setReadout(tr("Row %1: ‘%2’ — click to highlight what it attends to")
                       .arg(cell.y() + 1)
                       .arg(m_map.rowLabels.value(cell.y())));
    else
        setReadout(QString());
}

void AttentionHeatmap::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const QPoint cell = cellAt(event->position().toPoint());
    if (cell.y() < 0) return;
    setSelectedRow(cell.y() == m_selectedRow ? -1 : cell.y());
}

void AttentionHeatmap::leaveEvent(QEvent*) {
    m_hover = {-1, -1};
    setReadout(QString());
    update();
}

void AttentionHeatmap::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Export heatmap…"), this, &AttentionHeatmap::exportWithDialog);
    if (m_selectedRow >= 0)
        menu.addAction(tr("Clear row selection"), this, [this] { setSelectedRow(-1); });
    menu.exec(event->globalPos());
}

void AttentionHeatmap::setReadout(const QString& text) {
    if (text == m_readout) return;
    m_readout = text;
    update();
}

bool AttentionHeatmap::exportImage(const QString& path) {
    const QPoint hover = m_hover;
    const QString readout = m_readout;
    m_hover = {-1, -1};
    m_readout.clear();
    const bool ok = exportWidgetImage(this, path, m_title);
    m_hover = hover;
    m_readout = readout;
    return ok;
}

void AttentionHeatmap::exportWithDialog() {
    m_hover = {-1, -1};
    setReadout(QString());
    exportWidgetWithDialog(this, tr("heatmap"), QStringLiteral("attention-heatmap.png"));
}

}  // namespace tfw
