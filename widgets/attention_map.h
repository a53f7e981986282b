#pragma once
// One attention pattern as plain Qt data: a row per query token, a column per key token,
// each row a probability distribution. Filled by ui/ from the model's tensors; drawn by
// AttentionHeatmap and AttentionGrid.

#include <QImage>
#include <QString>
#include <QStringList>
#include <QVector>

namespace tfw {

struct AttentionMap {
    int rows = 0;
    int columns = 0;
    QVector<float> weights;    // row-major, rows * columns
    QStringList rowLabels;     // query tokens
    QStringList columnLabels;  // key tokens

    bool isEmpty() const { return rows == 0 || columns == 0; }
    float at(int row, int column) const { return weights[row * columns + column]; }
    // Mean over rows of each row's entropy, in nats.
    double entropy() const;
    // One pixel per weight, coloured by attentionColor (0 and 1 fixed, not rescaled).
    QImage toImage() const;
};

// Element-wise mean of maps of one shape (the average over heads); empty for no maps.
AttentionMap averageOf(const QVector<AttentionMap>& maps);

// The colour scale of every heatmap: a perceptually even ramp from dark blue (0) to
// yellow (1), readable in print and for the common colour-vision deficiencies.
QRgb attentionColor(float weight);

}  // namespace tfw
