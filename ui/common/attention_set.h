#pragma once
// A hypothesis' attention as the heatmap widgets take it: one labelled AttentionMap per
// layer and head of each stack. Made by toAttentionSet (attention_conversion.h); shown by
// the Inference area, the side-by-side comparison and the Training tab's timeline.

#include <QString>
#include <QVector>

#include "core/model/transformer_model.h"
#include "widgets/attention_map.h"

namespace tfw {

// Attention of one hypothesis: [layer][head] per stack; a stack the model lacks is empty.
struct AttentionSet {
    QVector<QVector<AttentionMap>> encoderSelf, decoderSelf, cross;

    const QVector<QVector<AttentionMap>>& of(AttentionStack stack) const;
    bool isEmpty() const {
        return encoderSelf.isEmpty() && decoderSelf.isEmpty() && cross.isEmpty();
    }
};

// "Encoder self-attention", "Decoder self-attention" or "Cross-attention".
QString stackTitle(AttentionStack stack);

}  // namespace tfw
