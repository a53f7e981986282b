#include "ui/experiment/field_relevance.h"

#include <set>

#include "core/config/decode_fields.h"

namespace tfw {

bool fieldApplies(const std::string& key, const ExperimentConfig& c) {
    static const std::set<std::string> pairedFiles{"data.train_src", "data.train_tgt",
                                                   "data.valid_src", "data.valid_tgt",
                                                   "data.test_src",  "data.test_tgt"};
    static const std::set<std::string> lmFiles{"data.train", "data.valid", "data.test"};
    const bool synthetic = c.data.synthetic != Synthetic::None;
    const bool word = c.tokenizer.type == TokenizerType::Word;

    if (key == "data.dir") return !synthetic;
    if (pairedFiles.count(key)) return !synthetic && !c.is_lm();
    if (lmFiles.count(key)) return !synthetic && c.is_lm();
    if (key == "data.max_src_len" || key == "model.encoder_layers") return !c.is_lm();
    if (key == "tokenizer.model_type" || key == "tokenizer.model") return !word;
    if (key == "tokenizer.min_freq") return word;
    if (key == "train.lr") return c.train.schedule != Schedule::Noam;
    if (key == "train.noam_factor") return c.train.schedule == Schedule::Noam;
    if (key == "decode.lenpen_form") return c.decode.beam > 1;
    for (const DecodeField& field : decode_fields())
        if (field.group == DecodeGroup::Sampling && key == "decode." + field.key)
            return c.decode.sample;
    return true;
}

}  // namespace tfw
