#include "core/compare/validation_loss.h"

#include "core/config/config_error.h"
#include "core/config/config_io.h"
#include "core/data/synthetic_task.h"
#include "core/data/text_reader.h"

namespace tfw {
namespace {

std::string required(const ExperimentConfig& config, const char* key, const std::string& value) {
    if (value.empty())
        throw ConfigError(std::string(key) + " is not set in the checkpoint's config");
    return resolve_data_path(config, value);
}

}  // namespace

RawSplit validation_split(const ExperimentConfig& config) {
    const DataConfig& d = config.data;
    if (d.synthetic == Synthetic::Reverse)
        return generate_reverse_task(static_cast<uint64_t>(config.train.seed)).valid;
    RawSplit split;
    if (config.is_lm()) {
        split.tgt_file = required(config, "data.valid", d.valid);
        split.tgt = read_text_lines(split.tgt_file);
        return split;
    }
    split.src_file = required(config, "data.valid_src", d.valid_src);
    split.tgt_file = required(config, "data.valid_tgt", d.valid_tgt);
    split.src = read_text_lines(split.src_file);
    split.tgt = read_text_lines(split.tgt_file);
    return split;
}

ReferenceLoss validation_loss(LoadedModel& model, const RawSplit& split) {
    if (model.checkpoint.config.is_lm()) return text_loss(model, split.tgt);
    return reference_loss(model, split.src, split.tgt);
}

}  // namespace tfw
