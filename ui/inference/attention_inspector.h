#pragma once
// The attention inspector of the Inference pane: for one decoded output, the grid of every
// head of the chosen attention (encoder self, decoder self or cross; only those the model
// has), a large heatmap of the chosen cell, export buttons, and head masking: heads switched
// off in the grid are reported so that the pane can decode again without them.

#include <QSet>
#include <QWidget>
#include <array>
#include <vector>

#include "core/decode/translator.h"
#include "ui/inference/inference_types.h"
#include "widgets/attention_map.h"

class QComboBox;
class QLabel;
class QPushButton;

namespace tfw {

class AttentionGrid;
class AttentionHeatmap;
class DistanceChart;

class AttentionInspector final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttentionInspector)

  public:
    explicit AttentionInspector(QWidget* parent = nullptr);

    // A new model: offers its stacks (a language model has only decoder self-attention)
    // and switches every head back on. positions: its model.positional ("rope", "alibi", ...),
    // named above the distance chart of self-attention.
    void setModelKind(bool lm, const QString& positions = QString());
    void setAttention(const AttentionSet& attention);
    void clear();

    AttentionStack stack() const;
    void setStack(AttentionStack stack);
    QList<AttentionStack> availableStacks() const;

    // Shows the cell (head AttentionGrid::kMean: the mean over heads) in the large heatmap.
    void showCell(int layer, int head);

    std::vector<HeadSelection> maskedHeads() const;
    void setMasked(const HeadSelection& head, bool masked);
    void clearMasks();

    // Off: heads cannot be switched off (attention that was recorded, not decoded here).
    void setMaskingEnabled(bool on);

    AttentionGrid* grid() const { return m_grid; }
    AttentionHeatmap* heatmap() const { return m_heatmap; }
    DistanceChart* distanceChart() const { return m_distance; }

  Q_SIGNALS:
    void maskedHeadsChanged();
    void stackChanged(tfw::AttentionStack stack);
    void cellShown(int layer, int head);  // head AttentionGrid::kMean: the mean

  private:
    void showStack();
    // The shown cell's weight by query-key distance (self-attention only).
    void showDistances(const AttentionMap& map, const QString& which);
    QSet<QPair<int, int>>& masksOf(AttentionStack stack);

    AttentionSet m_attention;
    std::array<QSet<QPair<int, int>>, 3> m_masked;  // per AttentionStack: (layer, head)
    QComboBox* m_stack;
    QLabel* m_hint;
    AttentionGrid* m_grid;
    AttentionHeatmap* m_heatmap;
    DistanceChart* m_distance;
    QString m_positions;
    QPushButton* m_allOn;
    int m_layer = -1;
    int m_head = 0;
    bool m_masking = true;
};

}  // namespace tfw
