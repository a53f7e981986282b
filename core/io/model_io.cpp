#include "core/io/model_io.h"

#include <torch/serialize/archive.h>

#include <sstream>

#include "core/device/device.h"
#include "core/io/torch_archive_check.h"
#include "core/model/model_options.h"
#include "core/model/model_size.h"

namespace tfw {

std::string serialize_module(torch::nn::Module& module) {
    torch::serialize::OutputArchive archive;
    module.save(archive);
    std::ostringstream out;
    archive.save_to(out);
    return out.str();
}

void load_module(torch::nn::Module& module, const std::string& bytes) {
    if (const std::string problem = torch_archive_problem(bytes); !problem.empty())
        throw CheckpointError("the weights are damaged: " + problem);
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
    if (const std::string problem = torch_archive_problem(bytes); !problem.empty())
        throw CheckpointError("optimizer state is damaged: " + problem);
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

namespace {

// A damaged or hostile header must not make us build (allocate) a model that its weights
// cannot hold: each parameter and position-table entry takes at least 2 bytes (fp16) there.
void check_model_fits_weights(const Checkpoint& c, const std::string& path) {
    const auto weight_bytes = static_cast<int64_t>(c.weights.size());
    for (const int64_t vocab : {c.src_vocab, c.tgt_vocab})
        if (vocab < 0 || vocab > weight_bytes)
            throw CheckpointError(path + ": checkpoint is corrupt (vocabulary size " +
                                  std::to_string(vocab) + " does not fit its " +
                                  std::to_string(weight_bytes) + " bytes of weights)");
    int64_t elements = count_parameters(c.config, c.src_vocab, c.tgt_vocab);
    if (c.config.model.positional == Positional::Sinusoidal)
        elements += int64_t(c.config.model.max_positions) * c.config.model.d_model;
    if (elements > weight_bytes / 2)
        throw CheckpointError(path + ": checkpoint is corrupt (its header describes a model of " +
                              std::to_string(elements) + " weights, but it holds only " +
                              std::to_string(weight_bytes) + " bytes of them)");
}

}  // namespace

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
    check_model_fits_weights(c, path);
    try {
        loaded.model = TransformerModel(model_options(c.config, c.src_vocab, c.tgt_vocab));
    } catch (const c10::Error& e) {
        throw CheckpointError(path + ": cannot build the model the checkpoint describes: " +
                              e.what_without_backtrace());
    }
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
