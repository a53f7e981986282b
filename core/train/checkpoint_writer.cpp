#include "core/train/checkpoint_writer.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/io/model_io.h"
#include "core/train/run_messages.h"
#include "core/util/error_text.h"

namespace tfw {

Checkpoint run_checkpoint(const ExperimentConfig& config, const PreparedData& data,
                          TransformerModelImpl& model, torch::optim::Optimizer& optimizer,
                          const TrainingPosition& position, const std::string& history_file) {
    Checkpoint c;
    c.config = config;
    c.src_tokenizer_type = data.src_tokenizer->type_name();
    c.src_tokenizer = data.src_tokenizer->serialize();
    c.tgt_tokenizer_type = data.tgt_tokenizer->type_name();
    c.tgt_tokenizer = data.tgt_tokenizer == data.src_tokenizer ? c.src_tokenizer
                                                               : data.tgt_tokenizer->serialize();
    c.src_vocab = data.src_tokenizer->vocab_size();
    c.tgt_vocab = data.tgt_tokenizer->vocab_size();
    c.parameters = model.parameter_count();
    c.weights = serialize_module(model);
    c.optimizer = serialize_optimizer(optimizer);
    c.position = position;
    std::ifstream in(history_file);
    std::ostringstream text;
    text << in.rdbuf();
    c.history = text.str();
    return c;
}

void write_run_checkpoints(const Checkpoint& checkpoint, const RunPaths& paths, bool best) {
    // What a killed process left half-written is removed when the run is resumed
    // (remove_half_written_files), not at every save.
    save_checkpoint(checkpoint, paths.last_checkpoint());
    if (best) copy_checkpoint_file(paths.last_checkpoint(), paths.best_checkpoint());
    const int64_t step = checkpoint.position.step;
    const int64_t save_every = checkpoint.config.train.save_every;
    if (save_every > 0 && step % save_every == 0)
        copy_checkpoint_file(paths.last_checkpoint(), paths.step_checkpoint(step));
}

std::vector<std::string> restore_interrupted_copies(const Checkpoint& checkpoint,
                                                    const std::string& source,
                                                    const RunPaths& paths) {
    namespace fs = std::filesystem;
    std::vector<std::string> restored;
    auto restore = [&](const std::string& copy) {
        copy_checkpoint_file(source, copy);
        restored.push_back(fs::path(copy).filename().string() +
                           " was lost when the run was stopped while copying it; made again from " +
                           fs::path(source).filename().string());
    };
    const int64_t step = checkpoint.position.step;
    const int64_t save_every = checkpoint.config.train.save_every;
    if (step > 0 && save_every > 0 && step % save_every == 0 &&
        !fs::exists(paths.step_checkpoint(step)))
        restore(paths.step_checkpoint(step));
    if (step > 0 && checkpoint.position.best_step == step &&
        fs::absolute(source) != fs::absolute(paths.best_checkpoint())) {
        bool current = false;
        try {
            current = load_checkpoint_summary(paths.best_checkpoint()).position.step == step;
        } catch (const CheckpointError&) {  // missing or damaged: made again from source
        }
        if (!current) restore(paths.best_checkpoint());
    }
    return restored;
}

std::string save_run_checkpoints(const Checkpoint& checkpoint, const RunPaths& paths, bool best,
                                 bool final) {
    try {
        write_run_checkpoints(checkpoint, paths, best);
    } catch (const std::exception& e) {
        // The previous checkpoint is intact: files are written to .partial and renamed.
        const std::string what = user_error_text(e);
        const std::string step = std::to_string(checkpoint.position.step);
        if (final)
            throw RunFailure("the checkpoint at step " + step + " could not be saved (" + what +
                             "). Free some space and run `tfw resume " + paths.dir +
                             "` to continue from the last complete checkpoint.");
        return "checkpoint at step " + step + " not saved: " + what +
               ". Training goes on; checkpoints/last.tfw still holds the last complete checkpoint "
               "and the next save tries again.";
    }
    return "";
}

}  // namespace tfw
