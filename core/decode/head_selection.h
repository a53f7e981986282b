#pragma once
// One attention head of a model, e.g. to switch it off while decoding.

#include <string>

#include "core/model/transformer_model.h"

namespace tfw {

// Layer and head count from 0 here; people count them from 1 (the window, `--mask-head`).
struct HeadSelection {
    AttentionStack stack = AttentionStack::EncoderSelf;
    int layer = 0;
    int head = 0;
    bool operator==(const HeadSelection& o) const {
        return stack == o.stack && layer == o.layer && head == o.head;
    }
};

// "cross:3:2" (stack enc | dec | cross, layer and head from 1) -> {Cross, 2, 1}. Throws
// std::invalid_argument saying the expected form.
HeadSelection parse_head_selection(const std::string& text);

}  // namespace tfw
