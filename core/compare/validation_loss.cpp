#include "core/compare/validation_loss.h"

namespace tfw {

ReferenceLoss validation_loss(LoadedModel& model, const RawSplit& split) {
    if (model.checkpoint.config.is_lm()) return text_loss(model, split.tgt);
    return reference_loss(model, split.src, split.tgt);
}

}  // namespace tfw
