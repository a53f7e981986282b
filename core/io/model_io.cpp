#include "core/io/model_io.h"

#include <torch/serialize/archive.h>

#include <sstream>

#include "core/model/model_options.h"
#include "core/util/device.h"

namespace tfw {

std::string serialize_module(torch::nn::Module& module) {
    torch::serialize::OutputArchive archive;
    module.save(archive);
    std::ostringstream out;
    archive.save_to(out);
    return out.str();
}

void load_module(torch::nn::Module& module, const std::string& bytes) {
    try {
        torch::serialize::InputArchive archive;
        std::istringstream in(bytes);
        archive.load_from(in);
        module.load(archive);
    } catch (const c10::Error& e) {
        throw CheckpointError(std::string("the weights do not fit this model: ") +
                              e.what_without_backtrace());
    }
}

std::string serialize_optimizer(torch::optim::Optimizer& optimizer) {
    torch::serialize::OutputArchive archive;
    optimizer.save(archive);
    std::ostringstream out;
    archive.save_to(out);
    return out.str();
}

void load_optimizer(torch::optim::Optimizer& optimizer, const std::string& bytes) {
    try {
        torch::serialize::InputArchive archive;
        std::istringstream in(bytes);
        archive.load_from(in);
        optimizer.load(archive);
    } catch (const c10::Error& e) {
        throw CheckpointError(std::string("optimizer state does not fit: ") +
                              e.what_without_backtrace());
    }
}

LoadedModel load_model(const std::string& path, const std::string& device) {
    LoadedModel loaded;
    loaded.checkpoint = load_checkpoint(path, /*with_training_state=*/false);
    const Checkpoint& c = loaded.checkpoint;
    try {
        loaded.tgt_tokenizer = deserialize_tokenizer(c.tgt_tokenizer_type, c.tgt_tokenizer);
        loaded.src_tokenizer = c.src_tokenizer.empty() || c.src_tokenizer == c.tgt_tokenizer
                                   ? loaded.tgt_tokenizer
                                   : deserialize_tokenizer(c.src_tokenizer_type, c.src_tokenizer);
    } catch (const std::exception& e) {
        throw CheckpointError(path + ": cannot rebuild the tokenizer: " + e.what());
    }
    loaded.model = TransformerModel(model_options(c.config, c.src_vocab, c.tgt_vocab));
    try {
        load_module(*loaded.model, c.weights);
    } catch (const CheckpointError& e) {
        throw CheckpointError(path + ": " + e.what());
    }
    loaded.device = choose_device(parse_device(device));
    loaded.model->to(loaded.device);
    loaded.model->eval();
    return loaded;
}

}  // namespace tfw
