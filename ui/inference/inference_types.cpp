#include "ui/inference/inference_types.h"

#include <QObject>

namespace tfw {

const QVector<QVector<AttentionMap>>& AttentionSet::of(AttentionStack stack) const {
    return stack == AttentionStack::EncoderSelf   ? encoderSelf
           : stack == AttentionStack::DecoderSelf ? decoderSelf
                                                  : cross;
}

QString taskTitle(Task task) {
    return task == Task::Translation     ? QObject::tr("translation")
           : task == Task::Summarization ? QObject::tr("summarization")
                                         : QObject::tr("language model");
}

QString stackTitle(AttentionStack stack) {
    return stack == AttentionStack::EncoderSelf   ? QObject::tr("Encoder self-attention")
           : stack == AttentionStack::DecoderSelf ? QObject::tr("Decoder self-attention")
                                                  : QObject::tr("Cross-attention");
}

void registerInferenceTypes() {
    qRegisterMetaType<CheckpointInfo>();
    qRegisterMetaType<InferenceRequest>();
    qRegisterMetaType<InferenceResult>();
}

}  // namespace tfw
