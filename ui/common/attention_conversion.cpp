#include "ui/common/attention_conversion.h"

#include "core/decode/labelled_attention.h"

namespace tfw {
namespace {

QStringList toQt(const std::vector<std::string>& labels) {
    QStringList out;
    for (const std::string& label : labels) out.append(QString::fromStdString(label));
    return out;
}

// maps[layer][head], as the heatmap widgets take them.
QVector<QVector<AttentionMap>> toMaps(const LabelledAttentionStack& stack) {
    const QStringList rows = toQt(stack.row_labels), columns = toQt(stack.column_labels);
    QVector<QVector<AttentionMap>> maps;
    for (const auto& layer : stack.weights) {
        QVector<AttentionMap> perHead;
        for (const std::vector<float>& weights : layer) {
            AttentionMap map;
            map.rows = stack.rows;
            map.columns = stack.columns;
            map.weights = QVector<float>(weights.begin(), weights.end());
            map.rowLabels = rows;
            map.columnLabels = columns;
            perHead.append(map);
        }
        maps.append(perHead);
    }
    return maps;
}

}  // namespace

AttentionSet toAttentionSet(const LabelledAttention& attention) {
    AttentionSet set;
    set.encoderSelf = toMaps(attention.encoder_self);
    set.decoderSelf = toMaps(attention.decoder_self);
    set.cross = toMaps(attention.cross);
    return set;
}

AttentionSet toAttentionSet(const Hypothesis& hypothesis, const std::vector<int>& input,
                            const Tokenizer& source, const Tokenizer& target, bool lm) {
    return toAttentionSet(label_attention(hypothesis, input, source, target, lm));
}

}  // namespace tfw
