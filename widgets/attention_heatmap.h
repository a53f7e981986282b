#pragma once
// One attention map, large: token labels on both axes (long pieces elided, column labels
// turned 60° so that many fit; the full text is in the hover read-out), a colour scale, the
// weight under the pointer, and a selected query row whose key tokens are highlighted.
// Right-click exports it as PNG, SVG or PDF.

#include <QImage>
#include <QWidget>

#include "widgets/attention_map.h"

namespace tfw {

class AttentionHeatmap final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttentionHeatmap)

  public:
    explicit AttentionHeatmap(QWidget* parent = nullptr);

    void setMap(const AttentionMap& map, const QString& title);
    void clear();
    const AttentionMap& map() const { return m_map; }
    QString title() const { return m_title; }

    // The query row whose attention is highlighted; -1 for none.
    int selectedRow() const { return m_selectedRow; }
    void setSelectedRow(int row);
    // "‘Mann’ → ‘man’: 0.62" for the cell under the pointer; empty when none.
    QString readout() const { return m_readout; }

    bool exportImage(const QString& path);
    void exportWithDialog();

    QSize sizeHint() const override { return {520, 420}; }
    QSize minimumSizeHint() const override { return {240, 200}; }

    // Where cells, labels and the scale lie for the current size (public for tests).
    struct Geometry {
        QRect cells;         // the weight matrix
        QRect rowLabels;     // left of the cells
        QRect columnLabels;  // below the cells
        QRect scale;         // the colour bar
        double cellWidth = 0, cellHeight = 0;
    };
    Geometry geometryFor(const QSize& size) const;
    // Cell (row, column) at a widget position; row -1 when outside. Column -1 with a valid row:
    // the row's label.
    QPoint cellAt(const QPoint& position) const;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

  private:
    void setReadout(const QString& text);

    AttentionMap m_map;
    QString m_title;
    QImage m_image;
    int m_selectedRow = -1;
    QPoint m_hover{-1, -1};
    QString m_readout;
};

}  // namespace tfw
