#pragma once
// Small heatmaps of every head: a column per layer, a row per head and a last row with the
// mean over heads; under each its entropy (mean over query rows, in nats). Clicking a cell
// chooses it; Ctrl+click, a double click or the context menu switches a head off and on
// (drawn crossed out). Right-click also exports the grid as PNG, SVG or PDF.

#include <QImage>
#include <QSet>
#include <QVector>
#include <QWidget>

#include "widgets/attention_map.h"

namespace tfw {

class AttentionGrid final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttentionGrid)

  public:
    static constexpr int kMean = -1;  // the head index of the mean-over-heads row

    explicit AttentionGrid(QWidget* parent = nullptr);

    // maps[layer][head]; every layer has the same number of heads.
    void setMaps(const QVector<QVector<AttentionMap>>& maps);
    int layers() const { return m_maps.size(); }
    int heads() const { return m_maps.isEmpty() ? 0 : m_maps.front().size(); }
    // Heads plus the mean row, per layer.
    int cellCount() const { return layers() * (heads() + (heads() > 0 ? 1 : 0)); }
    const AttentionMap& map(int layer, int head) const;  // head kMean: the mean
    double entropy(int layer, int head) const;

    bool isMasked(int layer, int head) const;
    void setMasked(int layer, int head, bool masked);
    QVector<QPoint> maskedHeads() const;  // (layer, head)
    void clearMasks();

    void setCurrent(int layer, int head);
    QPoint current() const { return m_current; }  // (layer, head); layer -1: none

    // The cell's rectangle (heatmap only) at the current size, for tests and tools.
    QRect cellRect(int layer, int head) const;

    bool exportImage(const QString& path);
    void exportWithDialog();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override { return {200, 160}; }

  Q_SIGNALS:
    void cellClicked(int layer, int head);
    void maskToggled(int layer, int head, bool masked);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

  private:
    struct Layout {
        int left = 0, top = 0, cellWidth = 0, cellHeight = 0, pitchX = 0, pitchY = 0;
    };
    Layout layout() const;
    QPoint cellAt(const QPoint& position) const;  // (layer, head); layer -1 when none
    void toggleMask(int layer, int head);

    QVector<QVector<AttentionMap>> m_maps;
    QVector<AttentionMap> m_means;
    QVector<QVector<QImage>> m_images;  // [layer][head], the mean last
    QVector<QVector<double>> m_entropies;
    QSet<QPair<int, int>> m_masked;
    QPoint m_current{-1, 0};
};

}  // namespace tfw
