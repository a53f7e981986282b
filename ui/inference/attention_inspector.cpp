#include "ui/inference/attention_inspector.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

#include "core/train/attention_distance.h"
#include "widgets/attention_grid.h"
#include "widgets/attention_heatmap.h"
#include "widgets/distance_chart.h"

namespace tfw {

AttentionInspector::AttentionInspector(QWidget* parent)
    : QWidget(parent),
      m_stack(new QComboBox(this)),
      m_hint(new QLabel(this)),
      m_grid(new AttentionGrid(this)),
      m_heatmap(new AttentionHeatmap(this)),
      m_distance(new DistanceChart(this)),
      m_allOn(new QPushButton(tr("All heads on"), this)) {
    m_stack->setToolTip(
        tr("Which attention to show: the encoder reading the input, the "
           "decoder reading its own output so far, or the decoder reading the "
           "encoder's input (cross-attention)."));
    auto* exportGrid = new QPushButton(tr("Export grid…"), this);
    auto* exportHeatmap = new QPushButton(tr("Export heatmap…"), this);
    exportGrid->setToolTip(tr("Save the grid as PNG, SVG or PDF"));
    exportHeatmap->setToolTip(tr("Save the large heatmap as PNG, SVG or PDF"));
    m_allOn->setToolTip(tr("Switch every head back on and decode again"));
    m_hint->setWordWrap(true);
    m_hint->setText(
        tr("Click a cell to enlarge it. <b>Ctrl+click</b> or double-click a head "
           "(or right-click it) to switch it off and decode again without it. "
           "Under each cell: the entropy of its attention, mean over query rows, "
           "in <b>nats</b> (0: one token only; ln n: spread evenly over n). Rows "
           "are the tokens produced (decoder) or read (encoder), columns the "
           "tokens looked at."));

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Attention"), this));
    bar->addWidget(m_stack);
    bar->addStretch(1);
    bar->addWidget(m_allOn);
    bar->addWidget(exportGrid);
    bar->addWidget(exportHeatmap);
    auto* split = new QSplitter(Qt::Horizontal, this);
    // Under the heatmap, for self-attention: its weight by distance, where relative position
    // schemes (rope, alibi) show their pattern.
    auto* cell = new QSplitter(Qt::Vertical, this);
    cell->addWidget(m_heatmap);
    cell->addWidget(m_distance);
    cell->setStretchFactor(0, 2);
    cell->setStretchFactor(1, 1);
    cell->setChildrenCollapsible(false);
    split->addWidget(m_grid);
    split->addWidget(cell);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({440, 660});
    split->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_hint);
    layout->addWidget(split, 1);

    setModelKind(false);
    connect(m_stack, &QComboBox::currentIndexChanged, this, [this] {
        showStack();
        Q_EMIT stackChanged(stack());
    });
    connect(m_grid, &AttentionGrid::cellClicked, this, &AttentionInspector::showCell);
    connect(m_grid, &AttentionGrid::maskToggled, this, [this](int layer, int head, bool masked) {
        if (!m_masking) {
            m_grid->setMasked(layer, head, false);
            return;
        }
        if (masked)
            masksOf(stack()).insert({layer, head});
        else
            masksOf(stack()).remove({layer, head});
        m_allOn->setEnabled(!maskedHeads().empty());
        Q_EMIT maskedHeadsChanged();
    });
    connect(m_allOn, &QPushButton::clicked, this, [this] {
        if (maskedHeads().empty()) return;
        clearMasks();
        Q_EMIT maskedHeadsChanged();
    });
    connect(exportGrid, &QPushButton::clicked, m_grid, &AttentionGrid::exportWithDialog);
    connect(exportHeatmap, &QPushButton::clicked, m_heatmap, &AttentionHeatmap::exportWithDialog);
}

void AttentionInspector::setModelKind(bool lm, const QString& positions) {
    m_positions = positions;
    const QSignalBlocker block(m_stack);
    m_stack->clear();
    const QList<AttentionStack> stacks =
        lm ? QList<AttentionStack>{AttentionStack::DecoderSelf}
           : QList<AttentionStack>{AttentionStack::Cross, AttentionStack::EncoderSelf,
                                   AttentionStack::DecoderSelf};
    for (AttentionStack s : stacks) m_stack->addItem(stackTitle(s), static_cast<int>(s));
    for (auto& masks : m_masked) masks.clear();
    m_allOn->setEnabled(false);
    clear();
}

void AttentionInspector::setAttention(const AttentionSet& attention) {
    m_attention = attention;
    showStack();
}

void AttentionInspector::clear() {
    m_attention = AttentionSet{};
    m_layer = -1;
    showStack();
}

AttentionStack AttentionInspector::stack() const {
    return static_cast<AttentionStack>(m_stack->currentData().toInt());
}

void AttentionInspector::setStack(AttentionStack stack) {
    const int index = m_stack->findData(static_cast<int>(stack));
    if (index >= 0) m_stack->setCurrentIndex(index);
}

QList<AttentionStack> AttentionInspector::availableStacks() const {
    QList<AttentionStack> stacks;
    for (int i = 0; i < m_stack->count(); ++i)
        stacks.append(static_cast<AttentionStack>(m_stack->itemData(i).toInt()));
    return stacks;
}

void AttentionInspector::showStack() {
    const auto& maps = m_attention.of(stack());
    m_grid->setMaps(maps);
    m_grid->clearMasks();
    for (const auto& m : masksOf(stack())) m_grid->setMasked(m.first, m.second, true);
    if (maps.isEmpty()) {
        m_heatmap->clear();
        m_distance->clear();
        m_distance->hide();
        return;
    }
    // Keep the chosen cell across re-decodes and stack switches when it still exists.
    if (m_layer < 0 || m_layer >= m_grid->layers() || m_head >= m_grid->heads())
        showCell(m_grid->layers() - 1, AttentionGrid::kMean);
    else
        showCell(m_layer, m_head);
}

void AttentionInspector::showCell(int layer, int head) {
    if (layer < 0 || layer >= m_grid->layers()) return;
    m_layer = layer;
    m_head = head;
    m_grid->setCurrent(layer, head);
    const QString which =
        head == AttentionGrid::kMean ? tr("mean over heads") : tr("head %1").arg(head + 1);
    const int row = m_heatmap->selectedRow();
    m_heatmap->setMap(m_grid->map(layer, head), tr("%1 · layer %2 · %3 · entropy %4 nats")
                                                    .arg(stackTitle(stack()))
                                                    .arg(layer + 1)
                                                    .arg(which)
                                                    .arg(m_grid->entropy(layer, head), 0, 'f', 2));
    m_heatmap->setSelectedRow(row);
    showDistances(m_grid->map(layer, head), which);
    Q_EMIT cellShown(layer, head);
}

void AttentionInspector::showDistances(const AttentionMap& map, const QString& which) {
    const bool self = stack() != AttentionStack::Cross && !map.isEmpty();
    m_distance->setVisible(self);
    if (!self) {
        m_distance->clear();
        return;
    }
    constexpr int kReach = 16;  // tokens either way: the near past is where heads differ
    const DistanceProfile profile =
        attention_by_distance(map.weights.constData(), map.rows, map.columns,
                              stack() == AttentionStack::DecoderSelf, kReach);
    const QVector<double> weights(profile.mean.begin(), profile.mean.end());
    const QString title =
        m_positions.isEmpty()
            ? tr("Weight by distance · %1").arg(which)
            : tr("Weight by distance · %1 · positions: %2").arg(which, m_positions);
    m_distance->setProfile(profile.nearest, weights, title);
}

void AttentionInspector::setMaskingEnabled(bool on) {
    m_masking = on;
    m_allOn->setVisible(on);
    if (!on) {
        clearMasks();
        m_hint->setText(
            tr("Click a cell to enlarge it. Under each cell: the entropy of its attention, mean "
               "over query rows, in <b>nats</b> (0: one token only; ln n: spread evenly over "
               "n). Rows are the tokens produced (decoder) or read (encoder), columns the tokens "
               "looked at."));
    }
}

std::vector<HeadSelection> AttentionInspector::maskedHeads() const {
    std::vector<HeadSelection> heads;
    for (AttentionStack s :
         {AttentionStack::EncoderSelf, AttentionStack::DecoderSelf, AttentionStack::Cross}) {
        QList<QPair<int, int>> sorted(m_masked[static_cast<size_t>(s)].begin(),
                                      m_masked[static_cast<size_t>(s)].end());
        std::sort(sorted.begin(), sorted.end());
        for (const auto& m : sorted) heads.push_back({s, m.first, m.second});
    }
    return heads;
}

void AttentionInspector::setMasked(const HeadSelection& head, bool masked) {
    if (masked)
        masksOf(head.stack).insert({head.layer, head.head});
    else
        masksOf(head.stack).remove({head.layer, head.head});
    if (head.stack == stack()) m_grid->setMasked(head.layer, head.head, masked);
    m_allOn->setEnabled(!maskedHeads().empty());
    Q_EMIT maskedHeadsChanged();
}

void AttentionInspector::clearMasks() {
    for (auto& masks : m_masked) masks.clear();
    m_grid->clearMasks();
    m_allOn->setEnabled(false);
}

QSet<QPair<int, int>>& AttentionInspector::masksOf(AttentionStack stack) {
    return m_masked[static_cast<size_t>(stack)];
}

}  // namespace tfw
