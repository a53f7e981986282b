#include "ui/common/attention_set.h"

#include <QObject>

namespace tfw {

const QVector<QVector<AttentionMap>>& AttentionSet::of(AttentionStack stack) const {
    return stack == AttentionStack::EncoderSelf   ? encoderSelf
           : stack == AttentionStack::DecoderSelf ? decoderSelf
                                                  : cross;
}

QString stackTitle(AttentionStack stack) {
    return stack == AttentionStack::EncoderSelf   ? QObject::tr("Encoder self-attention")
           : stack == AttentionStack::DecoderSelf ? QObject::tr("Decoder self-attention")
                                                  : QObject::tr("Cross-attention");
}

}  // namespace tfw
