#include "ui/inference/inference_types.h"

namespace tfw {

void registerInferenceTypes() {
    qRegisterMetaType<CheckpointInfo>();
    qRegisterMetaType<InferenceRequest>();
    qRegisterMetaType<InferenceResult>();
}

}  // namespace tfw
