#include "ui/attention_conversion.h"

#include <ATen/core/Tensor.h>

namespace tfw {
namespace {

QString label(const Tokenizer& tokenizer, int id) {
    if (id == kEosId) return QStringLiteral("</s>");
    if (id == kBosId) return QStringLiteral("<s>");
    return QString::fromStdString(tokenizer.piece(id));
}

QStringList labels(const Tokenizer& tokenizer, const std::vector<int>& ids) {
    QStringList out;
    for (int id : ids) out.append(label(tokenizer, id));
    return out;
}

// [heads, rows, columns] per layer -> maps[layer][head].
QVector<QVector<AttentionMap>> toMaps(const std::vector<at::Tensor>& layers,
                                      const QStringList& rowLabels,
                                      const QStringList& columnLabels) {
    QVector<QVector<AttentionMap>> maps;
    for (const at::Tensor& layer : layers) {
        const at::Tensor t = layer.contiguous();
        const int heads = static_cast<int>(t.size(0));
        const int rows = static_cast<int>(t.size(1));
        const int columns = static_cast<int>(t.size(2));
        const float* data = t.data_ptr<float>();
        QVector<AttentionMap> perHead;
        for (int h = 0; h < heads; ++h) {
            AttentionMap map;
            map.rows = rows;
            map.columns = columns;
            const float* start = data + static_cast<size_t>(h) * rows * columns;
            map.weights = QVector<float>(start, start + static_cast<size_t>(rows) * columns);
            map.rowLabels = rowLabels.mid(0, rows);
            map.columnLabels = columnLabels.mid(0, columns);
            perHead.append(map);
        }
        maps.append(perHead);
    }
    return maps;
}

}  // namespace

AttentionSet toAttentionSet(const Hypothesis& hypothesis, const std::vector<int>& input,
                            const Tokenizer& source, const Tokenizer& target, bool lm) {
    const AttentionMaps& a = hypothesis.attention;
    // The last query position produced EOS, or nothing when the length limit came first.
    const QString last = hypothesis.finished ? QStringLiteral("</s>") : QStringLiteral("…");
    AttentionSet set;
    if (lm) {
        std::vector<int> all = input;
        all.insert(all.end(), hypothesis.tokens.begin(), hypothesis.tokens.end());
        const QStringList read = labels(target, all);
        QStringList produced = read.mid(1);
        produced.append(last);
        set.decoderSelf = toMaps(a.decoder_self, produced, read);
        return set;
    }
    const QStringList sourceLabels = labels(source, input);
    QStringList produced = labels(target, hypothesis.tokens);
    produced.append(last);
    QStringList read{QStringLiteral("<s>")};
    read.append(labels(target, hypothesis.tokens));
    set.encoderSelf = toMaps(a.encoder_self, sourceLabels, sourceLabels);
    set.decoderSelf = toMaps(a.decoder_self, produced, read);
    set.cross = toMaps(a.cross, produced, sourceLabels);
    return set;
}

}  // namespace tfw
