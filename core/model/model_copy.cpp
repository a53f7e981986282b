#include "core/model/model_copy.h"

#include <torch/utils.h>

namespace tfw {

TransformerModel copy_in_format(TransformerModelImpl& model, at::ScalarType type) {
    torch::NoGradGuard no_grad;
    TransformerModel copy(model.options());
    copy->to(model.parameters().front().device(), type);
    const auto parameters = model.named_parameters();
    for (auto& p : copy->named_parameters()) p.value().copy_(parameters[p.key()]);
    const auto buffers = model.named_buffers();
    for (auto& b : copy->named_buffers()) b.value().copy_(buffers[b.key()]);
    copy->eval();
    return copy;
}

}  // namespace tfw
