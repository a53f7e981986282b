#include "ui/inference_types.h"

namespace tfw {

const QVector<QVector<AttentionMap>>& AttentionSet::of(AttentionStack stack) const {
    return stack == AttentionStack::EncoderSelf   ? encoderSelf
           : stack == AttentionStack::DecoderSelf ? decoderSelf
                                                  : cross;
}

void registerInferenceTypes() {
    qRegisterMetaType<CheckpointInfo>();
    qRegisterMetaType<InferenceRequest>();
    qRegisterMetaType<InferenceResult>();
}

}  // namespace tfw
